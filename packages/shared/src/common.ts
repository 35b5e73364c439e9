import { z } from 'zod';

/**
 * UUID string. Accepts any RFC 4122-shaped hex UUID (not only v1–v8), as clients may
 * send ids minted elsewhere.
 */
export const uuid = z
  .string()
  .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, 'debe ser un UUID');

export function isUuid(value: unknown): value is string {
  return uuid.safeParse(value).success;
}

/** ISO 8601 timestamp string. */
export const timestamp = z.string();

/** `DD/MM/YYYY` date string as printed by the contract. */
export const ddmmyyyy = z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/, 'debe tener el formato DD/MM/AAAA');

/** A JSON object with unknown keys. */
export const jsonObject = z.record(z.string(), z.unknown());
export type JsonObject = z.infer<typeof jsonObject>;

/** Query-string integer: accepts "12" and 12, refuses "1.5", "abc" and "". */
export const queryInt = z.preprocess(
  (v) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v),
  z.number({ error: 'debe ser un número entero' }).int('debe ser un número entero'),
);
