/** Dates as documents print them, turned into the contract's DD/MM/YYYY. */
import { isRealDate } from '@vcase/shared';
import { fold } from '../text.js';

export { isRealDate };

const MONTHS: Record<string, number> = {
  ENERO: 1,
  ENE: 1,
  JAN: 1,
  FEBRERO: 2,
  FEB: 2,
  MARZO: 3,
  MAR: 3,
  ABRIL: 4,
  ABR: 4,
  APR: 4,
  MAYO: 5,
  MAY: 5,
  JUNIO: 6,
  JUN: 6,
  JULIO: 7,
  JUL: 7,
  AGOSTO: 8,
  AGO: 8,
  AUG: 8,
  SEPTIEMBRE: 9,
  SETIEMBRE: 9,
  SEPT: 9,
  SEP: 9,
  SET: 9,
  OCTUBRE: 10,
  OCT: 10,
  NOVIEMBRE: 11,
  NOV: 11,
  DICIEMBRE: 12,
  DIC: 12,
  DEC: 12,
};
const MONTH_NAMES = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

/** DD/MM/YYYY of a real date, or undefined. */
export function formatDate(year: number, month: number, day: number): string | undefined {
  if (!isRealDate(year, month, day)) return undefined;
  return `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`;
}

/** Four-digit year of a two-digit one: up to `pivot` is 20YY, above it 19YY. */
export function expandYear(yy: number, pivot: number): number {
  return yy <= pivot ? 2000 + yy : 1900 + yy;
}

/** `YYMMDD` (MRZ, CURP, clave de elector) → parts; the century comes from `pivot`. */
export function parseYymmdd(value: string, pivot: number): string | undefined {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!m) return undefined;
  return formatDate(expandYear(Number(m[1]), pivot), Number(m[2]), Number(m[3]));
}

// Each pattern yields [year, month, day] from its match; order matters (ISO before D/M/Y).
const PATTERNS: { re: RegExp; parts: (m: RegExpExecArray) => [number, number, number] }[] = [
  // 2024-03-12, 2024/03/12, 2024-03-12T10:00:00
  { re: /(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/, parts: (m) => [+m[1], +m[2], +m[3]] },
  // 12/03/2024, 12-03-2024, 12.03.2024
  { re: /(?<!\d)(\d{1,2})\s?[-/.]\s?(\d{1,2})\s?[-/.]\s?(\d{4})(?!\d)/, parts: (m) => [+m[3], +m[2], +m[1]] },
  // 12 de marzo de 2024, 12 DE MARZO DEL 2024, 12-MAR-2024, 12/MAR/2024, 12 MAR 2024
  {
    re: new RegExp(`(?<!\\d)(\\d{1,2})\\s*(?:DE\\s+|[-/.\\s])\\s*(${MONTH_NAMES})\\.?\\s*(?:DE(?:L)?\\s+|[-/.,\\s])\\s*(\\d{4})(?!\\d)`),
    parts: (m) => [+m[3], MONTHS[m[2]], +m[1]],
  },
  // marzo 12, 2024
  {
    re: new RegExp(`\\b(${MONTH_NAMES})\\.?\\s+(\\d{1,2}),?\\s+(?:DE(?:L)?\\s+)?(\\d{4})(?!\\d)`),
    parts: (m) => [+m[3], MONTHS[m[1]], +m[2]],
  },
];

export interface DateMatch {
  /** DD/MM/YYYY */
  date: string;
  index: number;
  length: number;
}

/** Every real date printed in `text`, in order of appearance. */
export function findDates(text: string): DateMatch[] {
  const folded = fold(text);
  const found: DateMatch[] = [];
  for (const { re, parts } of PATTERNS) {
    const g = new RegExp(re.source, 'g');
    for (let m = g.exec(folded); m; m = g.exec(folded)) {
      const date = formatDate(...parts(m));
      const overlaps = found.some((f) => m!.index < f.index + f.length && f.index < m!.index + m![0].length);
      if (date && !overlaps) found.push({ date, index: m.index, length: m[0].length });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

/**
 * The first real date in `value` as DD/MM/YYYY: ISO (`2024-03-12`, with or without time),
 * `12/03/2024`, `12-03-2024`, `12.03.2024`, `12 de marzo de 2024`, `12-MAR-2024`,
 * `marzo 12, 2024`. Undefined when none (or when it names no real day).
 */
export function parseDate(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  return findDates(value)[0]?.date;
}

/** `DD/MM/YYYY` → `YYYY-MM-DD`, for sorting and comparison. */
export function isoOf(ddmmyyyy: string): string | undefined {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(ddmmyyyy);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : undefined;
}
