export interface VinSourceDocument {
  file_id: string;
  document_type: string | null;
  vin: string;
  check_digit_valid: boolean;
  /** Full 17-character VIN of a valid alphabet. */
  complete: boolean;
}

export const INVOICE_TYPES = new Set(['factura', 'factura_xml', 'invoice']);

/**
 * The case's primary VIN: the invoice's VIN when an invoice has one (documents come newest
 * first, so the newest invoice wins), else the most frequent valid VIN (ties: the newest).
 */
export function primaryVin(docs: readonly VinSourceDocument[]): string | null {
  const fromInvoice = docs.find((d) => d.document_type && INVOICE_TYPES.has(d.document_type) && d.complete);
  if (fromInvoice) return fromInvoice.vin;
  const counts = new Map<string, number>();
  for (const d of docs) if (d.complete && d.check_digit_valid) counts.set(d.vin, (counts.get(d.vin) ?? 0) + 1);
  let best: string | null = null;
  for (const d of docs) {
    const n = counts.get(d.vin);
    if (n !== undefined && (best === null || n > (counts.get(best) ?? 0))) best = d.vin;
  }
  if (best) return best;
  // no check-digit-valid VIN: fall back to any complete one (non-North-American WMIs)
  return docs.find((d) => d.complete)?.vin ?? null;
}
