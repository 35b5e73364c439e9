import type { DocumentValidity } from '@vcase/shared';
import { isoOf } from '../domain/validators/dates.js';
import { validateCurp } from '../domain/validators/curp.js';
import { validateClaveElector } from '../domain/validators/ine.js';
import { isPlausiblePlate, normalizePlate } from '../domain/validators/plates.js';
import { validateRfc } from '../domain/validators/rfc.js';
import { isPartialVin, validateVin } from '../domain/validators/vin.js';
import { findTd1 } from './mrz.js';
import { ownerInfo } from './owner.js';
import { sealValidityCodes } from './seal/index.js';
import { str as text } from '../domain/text.js';

/**
 * `document_validity` values:
 * - `valid`: read, classified, required fields present, no check failed (warnings allowed);
 * - `incomplete`: read and classified, no check failed, but a required field is missing;
 * - `invalid`: an identifier failed its check (VIN, CURP, RFC, clave de elector, MRZ), the ID
 *   expired, or a CFDI's seal does not match its content;
 * - `unknown`: read but not classified;
 * - `unreadable`: no text and nothing extracted (empty scan, corrupt file, unsupported type).
 */
export const DOCUMENT_VALIDITY_VALUES = ['valid', 'incomplete', 'invalid', 'unknown', 'unreadable'] as const;
export type DocumentValidityValue = (typeof DOCUMENT_VALIDITY_VALUES)[number];

/** Every code, and whether it makes the document need review (`problem`) or only informs. */
export const VALIDITY_CODES = {
  NO_TEXT: 'problem',
  FILE_UNREADABLE: 'problem',
  UNCLASSIFIED: 'problem',
  MISSING_FIELDS: 'problem',
  VIN_INVALID: 'problem',
  VIN_CHECK_DIGIT_INVALID: 'problem',
  VIN_CHECK_DIGIT_WARNING: 'warning',
  VIN_PARTIAL: 'info',
  CURP_INVALID: 'problem',
  CURP_CHECK_DIGIT_INVALID: 'problem',
  RFC_INVALID: 'problem',
  RFC_GENERIC: 'warning',
  RFC_FOREIGN: 'warning',
  RFC_CHECKSUM_MISMATCH: 'warning',
  CLAVE_ELECTOR_INVALID: 'problem',
  MRZ_CHECK_INVALID: 'problem',
  ID_EXPIRED: 'problem',
  PLATE_UNUSUAL: 'warning',
  VIN_REPAIRED: 'info',
  QR_MISMATCH: 'warning',
  CFDI_SELLO_INVALIDO: 'problem',
  CFDI_SELLO_NO_VERIFICABLE: 'warning',
  CFDI_CERTIFICADO_VENCIDO: 'warning',
} as const;
export type ValidityCode = keyof typeof VALIDITY_CODES | `MISSING_${string}` | `QR_MISMATCH_${string}`;

/** Fields a document of each type must yield (each missing one adds `MISSING_<KEY>`). */
export const REQUIRED_FIELDS: Record<string, readonly string[]> = {
  factura: ['vin', 'rfc_emisor', 'monto_total'],
  factura_xml: ['vin', 'rfc_emisor', 'monto_total', 'folio_fiscal'],
  invoice: ['vin', 'rfc_emisor', 'monto_total'],
  tax_payment: ['placa', 'ejercicio_fiscal'],
  tenencia: ['placa', 'ejercicio_fiscal'],
  certificate_title: ['placa', 'vin'],
  alta_vehicular: ['placa', 'vin'],
  vehicle_certificate: ['placa'],
  repuve: ['vin'],
  vehicle_plate: ['placa'],
  ine: ['nombre', 'apellido_paterno'],
  id_front: ['nombre', 'apellido_paterno'],
  id_front_and_reverse: ['nombre', 'apellido_paterno'],
  curp: ['curp'],
};

const ERROR_CODES = new Set(
  Object.entries(VALIDITY_CODES)
    .filter(([code, kind]) => kind === 'problem' && !['NO_TEXT', 'FILE_UNREADABLE', 'UNCLASSIFIED', 'MISSING_FIELDS'].includes(code))
    .map(([code]) => code),
);

const ID_TYPES = new Set(['ine', 'id_front', 'id_front_and_reverse']);

/**
 * The last day of the validity an INE front prints (`VIGENCIA 2023 - 2033` or `VIGENCIA 2033`:
 * valid through 31 December of the last year), as YYYY-MM-DD; null when none is printed. The
 * MRZ's expiry, when the back is there, is read first.
 */
export function printedVigencia(text: string): string | null {
  const m = /VIGENCIA\s*:?\s*(?:(?:19|20)\d{2}\s*[-–—A]\s*)?((?:19|20)\d{2})\b/i.exec(text);
  return m ? `${m[1]}-12-31` : null;
}

export interface ValidityInput {
  type: string | null | undefined;
  parsed_data: Record<string, unknown>;
  text: string;
  /** The engine's json_ocr: an `error` key there adds FILE_UNREADABLE; a CFDI's `signature` its seal codes. */
  json_ocr?: Record<string, unknown>;
  /** Today (injected clock), to flag expired IDs; omitted → no expiry check. */
  today?: Date;
  /** Codes the extraction reported (a VIN repaired from a misread, a QR that disagrees with the text). */
  findings?: readonly string[];
}

const str = (v: unknown) => text(v) ?? undefined;

function vinCodes(vin: string): ValidityCode[] {
  const v = validateVin(vin);
  if (v.normalized.length !== 17) return isPartialVin(v.normalized) ? ['VIN_PARTIAL'] : ['VIN_INVALID'];
  if (v.reason === 'alphabet') return ['VIN_INVALID'];
  if (!v.valid) return ['VIN_CHECK_DIGIT_INVALID'];
  return v.warning ? ['VIN_CHECK_DIGIT_WARNING'] : [];
}

function rfcCodes(rfc: string): ValidityCode[] {
  const r = validateRfc(rfc);
  if (!r.valid) return ['RFC_INVALID'];
  if (r.generic === 'national') return ['RFC_GENERIC'];
  if (r.generic === 'foreign') return ['RFC_FOREIGN'];
  return r.checksumValid ? [] : ['RFC_CHECKSUM_MISMATCH'];
}

/**
 * `validity` of a processed document (contract §2.3): the verdict, the codes behind it (each
 * once, in a stable order) and `userInfo` with the owner's `nombre` when the document names one.
 */
export function computeValidity(input: ValidityInput): DocumentValidity {
  const data = input.parsed_data ?? {};
  const text = input.text ?? '';
  const codes: ValidityCode[] = [];
  const userInfo = userInfoOf(data);
  const hasData = Object.keys(data).length > 0;
  if (!text.trim() && !hasData) {
    codes.push('NO_TEXT');
    if (input.json_ocr && 'error' in input.json_ocr) codes.push('FILE_UNREADABLE');
    return { document_validity: 'unreadable', codes, userInfo };
  }
  const type = input.type?.trim();
  if (!type || type === 'unknown') codes.push('UNCLASSIFIED');

  const vin = str(data.vin);
  if (vin) codes.push(...vinCodes(vin));
  codes.push(...((input.findings ?? []) as ValidityCode[]));
  const curp = str(data.curp);
  if (curp) {
    const c = validateCurp(curp);
    if (!c.valid) codes.push(c.reason === 'check_digit' ? 'CURP_CHECK_DIGIT_INVALID' : 'CURP_INVALID');
  }
  for (const key of ['rfc_emisor', 'rfc_receptor']) {
    const rfc = str(data[key]);
    if (rfc) codes.push(...rfcCodes(rfc));
  }
  const clave = str(data.clave_elector);
  if (clave && !validateClaveElector(clave).valid) codes.push('CLAVE_ELECTOR_INVALID');
  const placa = str(data.placa);
  if (placa && !isPlausiblePlate(normalizePlate(placa))) codes.push('PLATE_UNUSUAL');
  if (type && ID_TYPES.has(type)) {
    const mrz = findTd1(text);
    if (mrz && !mrz.valid) codes.push('MRZ_CHECK_INVALID');
    const expiry = (mrz?.expiry_date && isoOf(mrz.expiry_date)) || printedVigencia(text);
    if (expiry && input.today && expiry < input.today.toISOString().slice(0, 10)) codes.push('ID_EXPIRED');
  }
  codes.push(...sealValidityCodes(input.json_ocr));
  const missing = (type ? (REQUIRED_FIELDS[type] ?? []) : []).filter((k) => data[k] === undefined || data[k] === null || data[k] === '');
  if (missing.length) codes.push('MISSING_FIELDS', ...missing.map((k) => `MISSING_${k.toUpperCase()}` as ValidityCode));

  const unique = [...new Set(codes)];
  const document_validity: DocumentValidityValue = unique.some((c) => ERROR_CODES.has(c))
    ? 'invalid'
    : unique.includes('UNCLASSIFIED')
      ? 'unknown'
      : unique.includes('MISSING_FIELDS')
        ? 'incomplete'
        : 'valid';
  return { document_validity, codes: unique, userInfo };
}

function userInfoOf(data: Record<string, unknown>): DocumentValidity['userInfo'] {
  const owner = ownerInfo(data);
  if (!owner) return {};
  const info: DocumentValidity['userInfo'] = { nombre: owner.nombre };
  if (owner.curp) info.curp = owner.curp;
  if (owner.rfc) info.rfc = owner.rfc;
  return info;
}

/** Whether a validity needs a human: anything but `valid` (warnings and info codes do not count). */
export function isValidityProblem(validity: Pick<DocumentValidity, 'document_validity'>): boolean {
  return validity.document_validity !== 'valid';
}
