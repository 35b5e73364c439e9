import type { ExtractContext } from './context.js';
import type { Data } from './vehicle.js';

/** Fields the SAT verification QR states; the QR wins over what the text reads. */
const QR_FIELDS = ['folio_fiscal', 'rfc_emisor', 'rfc_receptor', 'monto_total'] as const;

const same = (a: unknown, b: unknown) =>
  typeof a === 'number' && typeof b === 'number' ? Math.abs(a - b) < 0.005 : String(a).toUpperCase() === String(b).toUpperCase();

/**
 * The invoice's fields with the QR's in place of the text's (docs/rules.md, "The SAT QR"): where
 * both are there and differ, `QR_MISMATCH` and `QR_MISMATCH_<FIELD>` report it as a warning.
 */
export function crossCheckQr(read: Data, ctx: ExtractContext): Data {
  const qr = ctx.qr;
  if (!qr) return read;
  const out: Data = { ...read };
  for (const key of QR_FIELDS) {
    const stated = qr[key];
    if (stated === undefined) continue;
    if (read[key] !== undefined && !same(read[key], stated)) ctx.findings.push('QR_MISMATCH', `QR_MISMATCH_${key.toUpperCase()}`);
    out[key] = stated;
  }
  return out;
}
