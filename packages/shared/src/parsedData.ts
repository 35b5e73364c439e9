import * as z from 'zod';
import { calendarDate, uuid } from './common.js';
import { entityCodeSchema } from './plates.js';

/** One endorsement on the back of an invoice: from whom, to whom, when. */
export const endorsementSchema = z.object({
  de: z.string(),
  a: z.string(),
  fecha: calendarDate,
});
export type Endorsement = z.infer<typeof endorsementSchema>;

/**
 * `parsed_data` vocabulary (operator-surface §5): what extractors write and business rules
 * read. Every key is optional and unknown keys are kept, since a document carries only the
 * keys it has and the complete set is open (contract §2.3). Dates are DD/MM/YYYY days that
 * exist.
 */
export const parsedDataSchema = z.looseObject({
  /** 17 characters, or partial (e.g. the last 8 printed on a receipt). */
  vin: z.string().optional(),
  /** Normalized plate: uppercase, no separators. */
  placa: z.string().optional(),
  entidad: entityCodeSchema.optional(),
  fecha_documento: calendarDate.optional(),
  numero_motor: z.string().optional(),
  propietario: z.string().optional(),
  folio: z.string().optional(),
  /** tax_payment: the year, or years, the receipt pays. */
  ejercicio_fiscal: z.union([z.number().int(), z.array(z.number().int())]).optional(),
  fecha_pago: calendarDate.optional(),
  total: z.number().optional(),
  rfc_emisor: z.string().optional(),
  nombre_emisor: z.string().optional(),
  rfc_receptor: z.string().optional(),
  nombre_receptor: z.string().optional(),
  monto_total: z.number().optional(),
  fecha_emision: calendarDate.optional(),
  folio_fiscal: uuid.optional(),
  pedimento: z.string().optional(),
  aduana: z.string().optional(),
  ano_vehiculo: z.number().int().optional(),
  marca: z.string().optional(),
  modelo: z.string().optional(),
  anio_modelo: z.number().int().optional(),
  endosos: z.array(endorsementSchema).optional(),
  nombre: z.string().optional(),
  apellido_paterno: z.string().optional(),
  apellido_materno: z.string().optional(),
  curp: z.string().optional(),
  clave_elector: z.string().optional(),
  /** Typed "string" by the vocabulary table (ID documents print it in varied forms). */
  fecha_nacimiento: z.string().optional(),
});
export type ParsedData = z.infer<typeof parsedDataSchema>;

/** The keys of the vocabulary, in table order. */
export const PARSED_DATA_KEYS = Object.keys(parsedDataSchema.shape) as (keyof typeof parsedDataSchema.shape)[];
export type ParsedDataKey = (typeof PARSED_DATA_KEYS)[number];
