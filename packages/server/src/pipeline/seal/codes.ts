import type { SealCheck } from './verify.js';

/** The validity codes of a CFDI's seal (docs/rules.md, "CFDI seal"). */
export type SealValidityCode = 'CFDI_SELLO_INVALIDO' | 'CFDI_SELLO_NO_VERIFICABLE' | 'CFDI_CERTIFICADO_VENCIDO';

// A CFDI's Fecha has no zone: it is the issuer's local time, read as central Mexico's (UTC−6).
const MEXICO_OFFSET = '-06:00';

/** Whether the certificate was outside its validity at the CFDI's `Fecha` (false when either is unknown). */
export function certificateExpiredAt(certificate: SealCheck['certificate'], fecha: string | undefined): boolean {
  if (!certificate || !fecha || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(fecha.trim())) return false;
  const at = Date.parse(`${fecha.trim()}${MEXICO_OFFSET}`);
  return Number.isFinite(at) && (at < Date.parse(certificate.valid_from) || at > Date.parse(certificate.valid_to));
}

/**
 * The seal's codes for a document's validity, from the `signature` and `fecha_iso` the CFDI
 * XML engine keeps in `json_ocr`: none for a document that was not read as a CFDI XML.
 */
export function sealValidityCodes(jsonOcr: Record<string, unknown> | undefined): SealValidityCode[] {
  const seal = jsonOcr?.signature as SealCheck | null | undefined;
  if (!seal || typeof seal !== 'object') return [];
  const codes: SealValidityCode[] = [];
  if (seal.status === 'invalid') codes.push('CFDI_SELLO_INVALIDO');
  if (seal.status === 'unverifiable') codes.push('CFDI_SELLO_NO_VERIFICABLE');
  const fecha = typeof jsonOcr?.fecha_iso === 'string' ? jsonOcr.fecha_iso : undefined;
  if (certificateExpiredAt(seal.certificate, fecha)) codes.push('CFDI_CERTIFICADO_VENCIDO');
  return codes;
}
