import { endorsementSchema, parsedDataSchema } from '@vcase/shared';
import { entityCode } from '../../domain/validators/entities.js';
import { normalizePlate } from '../../domain/validators/plates.js';
import { normalizeVin } from '../../domain/validators/vin.js';
import { view, type TextView } from '../text.js';
import { extractContext, type ExtractContext } from './context.js';
import { maskMachineText } from './masks.js';
import { findVin } from './vin.js';
import type { OcrOutput } from '../types.js';
import { extractCurpDocument, extractIdentity } from './identity.js';
import { extractInvoice } from './invoice.js';
import { extractTaxPayment } from './taxPayment.js';
import { extractVehicleDocument, extractVehiclePlate, type Data } from './vehicle.js';

type Extractor = (t: TextView, ctx: ExtractContext) => Data;

/** Which extractor reads which document type. */
const EXTRACTORS: Record<string, Extractor> = {
  factura: extractInvoice,
  factura_xml: extractInvoice,
  invoice: extractInvoice,
  tax_payment: extractTaxPayment,
  tenencia: extractTaxPayment,
  certificate_title: extractVehicleDocument,
  vehicle_certificate: extractVehicleDocument,
  alta_vehicular: extractVehicleDocument,
  repuve: extractVehicleDocument,
  lumo_checklist: extractVehicleDocument,
  vehicle_plate: extractVehiclePlate,
  ine: (t) => extractIdentity(t).data,
  id_front: (t) => extractIdentity(t).data,
  id_front_and_reverse: (t) => extractIdentity(t).data,
  curp: extractCurpDocument,
};

/** Types with an extractor of their own; others get only a VIN whose check digit holds. */
export const EXTRACTED_TYPES = Object.keys(EXTRACTORS);

/** Types without an extractor: a VIN only when its check digit holds in a vehicle's description. */
function anyCheckedVin(t: TextView): Data {
  return { vin: findVin(t, [])?.vin };
}

const SHAPE = parsedDataSchema.shape as Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown } }>;

/**
 * `placa` and `vin` as the vocabulary keeps them (operator-surface §5; contract §2.4):
 * uppercase, without spaces, dashes or dots, whoever wrote them (an engine, an OCR fixture,
 * PATCH …/ocr). A value that normalizes to nothing is dropped.
 */
export function withNormalizedIdentifiers(data: Record<string, unknown>): Record<string, unknown> {
  const norm = { placa: normalizePlate, vin: normalizeVin };
  if (!Object.keys(norm).some((key) => typeof data[key] === 'string')) return data;
  const out = { ...data };
  for (const [key, fn] of Object.entries(norm)) {
    if (typeof out[key] !== 'string') continue;
    const value = fn(out[key] as string);
    if (value) out[key] = value;
    else delete out[key];
  }
  return out;
}

const INTEGER_KEYS = new Set(['ejercicio_fiscal', 'ano_vehiculo', 'anio_modelo']);
const AMOUNT_KEYS = new Set(['total', 'monto_total']);
const DATE_KEYS = new Set(['fecha_documento', 'fecha_pago', 'fecha_emision', 'fecha_nacimiento']);
const INTEGER_TEXT = /^\s*\d{1,9}\s*$/;
const AMOUNT_TEXT = /^\s*\$?\s*-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\s*(?:MXN)?\s*$/i;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A value in the form the vocabulary keeps, when an OCR source wrote it in another common
 * form: an entity's name or abbreviation ("Jalisco", "EDOMEX") as its code, a number written
 * as text ("2024", "$406,000.00"), an ISO day as DD/MM/YYYY (endorsement dates too). Anything
 * else is left as given.
 */
function vocabularyForm(key: string, value: unknown): unknown {
  if (key === 'entidad' && typeof value === 'string') return entityCode(value) ?? value;
  if (INTEGER_KEYS.has(key)) {
    const int = (v: unknown) => (typeof v === 'string' && INTEGER_TEXT.test(v) ? Number(v) : v);
    return Array.isArray(value) ? value.map(int) : int(value);
  }
  if (AMOUNT_KEYS.has(key) && typeof value === 'string' && AMOUNT_TEXT.test(value)) {
    return Number(value.replace(/[^\d.-]/g, ''));
  }
  if (DATE_KEYS.has(key)) return dayForm(value);
  if (key === 'endosos' && Array.isArray(value)) {
    // Each endorsement stands alone: one without a real date is dropped, not the list.
    const kept = value
      .map((e) => (e && typeof e === 'object' ? { ...e, fecha: dayForm((e as { fecha?: unknown }).fecha) } : e))
      .filter((e) => endorsementSchema.safeParse(e).success);
    return kept.length ? kept : undefined;
  }
  return value;
}

/** An ISO day (`2024-01-31`) as DD/MM/YYYY; anything else as given. */
function dayForm(value: unknown): unknown {
  const m = typeof value === 'string' ? ISO_DATE.exec(value.trim()) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
}

/**
 * Keeps what parsed_data may hold (operator-surface §5): vocabulary keys whose value fits the
 * key's type, after `vocabularyForm` (others dropped, never failing), other keys as they are;
 * null, undefined and '' values dropped; plates and VINs normalized.
 */
export function sanitizeParsedData(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (value === null || value === undefined || value === '') continue;
    const schema = SHAPE[key];
    if (!schema) {
      out[key] = value;
      continue;
    }
    const parsed = schema.safeParse(vocabularyForm(key, value));
    if (parsed.success && parsed.data !== undefined) out[key] = parsed.data;
  }
  return withNormalizedIdentifiers(out);
}

/**
 * parsed_data of a document of `type` read as `text`. When the OCR already produced
 * parsed_data (CFDI XML, `ocr` fixtures) it is authoritative and only sanitized; otherwise the
 * type's extractor reads the text (unknown types: only a VIN whose check digit holds).
 */
export function extractParsedData(
  type: string | null | undefined,
  text: string,
  ocr?: Pick<OcrOutput, 'parsed_data'>,
  ctx: ExtractContext = extractContext(),
): Record<string, unknown> {
  if (ocr?.parsed_data) return sanitizeParsedData(ocr.parsed_data);
  const t = maskMachineText(view(text ?? ''));
  if (!t.original.trim()) return {};
  const extractor = (type && EXTRACTORS[type]) || anyCheckedVin;
  return sanitizeParsedData(extractor(t, ctx));
}
