import * as z from 'zod';

/**
 * UUID string. Accepts any RFC 4122-shaped hex UUID (not only v1–v8), as clients may
 * send ids minted elsewhere.
 */
export const uuid = z.string().regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, 'debe ser un UUID');

export function isUuid(value: unknown): value is string {
  return uuid.safeParse(value).success;
}

/** ISO 8601 timestamp string. */
export const timestamp = z.string();

/** `DD/MM/YYYY` date string as printed by the contract. */
export const ddmmyyyy = z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/, 'debe tener el formato DD/MM/AAAA');

/** True when day/month/year name a day of the Gregorian calendar (years 1800–2200). */
export function isRealDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (year < 1800 || year > 2200 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}

/** DD/MM/YYYY naming a day that exists (no 31/02/2024). */
export const calendarDate = ddmmyyyy.refine((value) => {
  const [day, month, year] = value.split('/').map(Number);
  return isRealDate(year, month, day);
}, 'no es una fecha del calendario');

/** A JSON object with unknown keys. */
export const jsonObject = z.record(z.string(), z.unknown());
export type JsonObject = z.infer<typeof jsonObject>;

/** Query-string integer: accepts "12" and 12, refuses "1.5", "abc" and "". */
export const queryInt = z.preprocess(
  (v) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v),
  z.number({ error: 'debe ser un número entero' }).int('debe ser un número entero'),
);
