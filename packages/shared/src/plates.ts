import * as z from 'zod';
import { ddmmyyyy, uuid } from './common.js';
import { previousPlateLookupStatusSchema } from './enums.js';

/** Licensing entities: ISO 3166-2:MX three-letter codes (domain facts). */
export const ENTITY_CODES = [
  'AGU',
  'BCN',
  'BCS',
  'CAM',
  'CHH',
  'CHP',
  'CMX',
  'COA',
  'COL',
  'DUR',
  'GRO',
  'GUA',
  'HID',
  'JAL',
  'MEX',
  'MIC',
  'MOR',
  'NAY',
  'NLE',
  'OAX',
  'PUE',
  'QUE',
  'ROO',
  'SIN',
  'SLP',
  'SON',
  'TAB',
  'TAM',
  'TLA',
  'VER',
  'YUC',
  'ZAC',
] as const;
export const entityCodeSchema = z.enum(ENTITY_CODES);
export type EntityCode = z.infer<typeof entityCodeSchema>;

/** Document types a plate entry may come from (contract §2.4). */
export const PLATE_SOURCE_DOCUMENT_TYPES = [
  'certificate_title',
  'tax_payment',
  'alta_vehicular',
  'vehicle_certificate',
  'vehicle_plate',
  'lumo_checklist',
  'repuve',
] as const;
export const plateSourceDocumentTypeSchema = z.enum(PLATE_SOURCE_DOCUMENT_TYPES);
export type PlateSourceDocumentType = z.infer<typeof plateSourceDocumentTypeSchema>;

/** Plate status from the official portal, MEX plates only (contract §2.4). */
export const PLATE_STATUSES = ['Vigente', 'Vencida', 'Inactiva'] as const;
export const plateStatusSchema = z.enum(PLATE_STATUSES);
export type PlateStatus = z.infer<typeof plateStatusSchema>;

/** Element of `plates` (contract §2.4). */
export const plateEntrySchema = z.object({
  /** Uppercase, no separators. */
  plate: z.string(),
  /** Three-letter entity code, one of ENTITY_CODES. */
  entity: z.string(),
  document_type: plateSourceDocumentTypeSchema,
  /** DD/MM/YYYY when the source document has a date; the contract types it as a string, so `''` when it has none. */
  document_date: z.string(),
  file_id: uuid,
  ocr_id: uuid,
  niv: z.string().nullable(),
  motor_number: z.string().nullable(),
  owner_name: z.string().nullable(),
  plate_status: plateStatusSchema.nullable(),
  plate_valid_from: ddmmyyyy.nullable(),
  plate_valid_until: ddmmyyyy.nullable(),
  previous_plate: z.string().nullable(),
  previous_plate_lookup_status: previousPlateLookupStatusSchema,
});
export type PlateEntry = z.infer<typeof plateEntrySchema>;

/** GET and POST /v1/cases/{case_id}/plates (contract §4.3, operator-surface §4). */
export const platesResponseSchema = z.object({
  case_id: uuid,
  internal_id: z.string(),
  plates: z.array(plateEntrySchema),
});
export type PlatesResponse = z.infer<typeof platesResponseSchema>;
