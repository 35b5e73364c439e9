/** What the SAT verification QR of a printed CFDI says (the status check's expression). */
export interface SatQr {
  folio_fiscal: string;
  rfc_emisor?: string;
  rfc_receptor?: string;
  monto_total?: number;
  /** Last 8 characters of the issuer's seal. */
  fe?: string;
}

const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;
const RFC = /^[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{3}$/;

const KEYS = 'id|re|rr|tt|fe';

/**
 * A query value: up to the next known key, so an RFC with a bare `&` in it (E&Ñ) stays whole;
 * percent-encoded `&` and `Ñ` are decoded.
 */
function param(query: string, name: string): string | undefined {
  const m = new RegExp(`(?:^|&(?:amp;)?)${name}=(.*?)(?=&(?:amp;)?(?:${KEYS})=|#|$)`, 'i').exec(query);
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1]).trim();
  } catch {
    return m[1].trim();
  }
}

/**
 * The fields of a SAT CFDI verification QR: `…verificacfdi…?id=UUID&re=RFC&rr=RFC&tt=TOTAL&fe=…`
 * (CFDI 3.3/4.0) or `?re=…&rr=…&tt=…&id=…` (3.2); an RFC is kept only when it has an RFC's
 * shape. Undefined when the text is not such a QR.
 */
export function parseSatQr(value: string): SatQr | undefined {
  const q = value.slice(value.indexOf('?') + 1);
  if (!/(^|&)id=/i.test(q) || !/(^|&)re=/i.test(q)) return undefined;
  const id = param(q, 'id')?.toUpperCase();
  if (!id || !UUID.test(id)) return undefined;
  const rfc = (v: string | undefined) => (v && RFC.test(v.toUpperCase()) ? v.toUpperCase() : undefined);
  const tt = param(q, 'tt');
  const total = tt && /^\d+(?:\.\d+)?$/.test(tt) ? Number(tt) : undefined;
  const out: SatQr = { folio_fiscal: id };
  const re = rfc(param(q, 're'));
  const rr = rfc(param(q, 'rr'));
  if (re) out.rfc_emisor = re;
  if (rr) out.rfc_receptor = rr;
  if (total !== undefined && Number.isFinite(total)) out.monto_total = total;
  const fe = param(q, 'fe');
  if (fe) out.fe = fe;
  return out;
}
