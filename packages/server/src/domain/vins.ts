export interface VinSourceDocument {
  file_id: string;
  document_type: string | null;
  vin: string;
  check_digit_valid: boolean;
  /** Full 17-character VIN of a valid alphabet. */
  complete: boolean;
  /** Complete and not refused by its check digit (a bad one refuses WMIs 1–5 only, domain facts). */
  valid: boolean;
}

export const INVOICE_TYPES = new Set(['factura', 'factura_xml', 'invoice']);

const isInvoice = (d: VinSourceDocument) => !!d.document_type && INVOICE_TYPES.has(d.document_type);

/**
 * The case's primary VIN (documents come newest first):
 * 1. the newest invoice's valid VIN;
 * 2. else the most frequent valid VIN (ties: the newest);
 * 3. else, when every VIN is refused by its check digit (a misread), the newest invoice's
 *    complete VIN, else the newest complete one.
 */
export function primaryVin(docs: readonly VinSourceDocument[]): string | null {
  const fromInvoice = docs.find((d) => isInvoice(d) && d.valid);
  if (fromInvoice) return fromInvoice.vin;
  const counts = new Map<string, number>();
  for (const d of docs) if (d.valid) counts.set(d.vin, (counts.get(d.vin) ?? 0) + 1);
  let best: string | null = null;
  for (const d of docs) {
    const n = counts.get(d.vin);
    if (n !== undefined && (best === null || n > (counts.get(best) ?? 0))) best = d.vin;
  }
  if (best) return best;
  return (docs.find((d) => isInvoice(d) && d.complete) ?? docs.find((d) => d.complete))?.vin ?? null;
}
