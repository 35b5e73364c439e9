/** Text read from documents and sources, each function once and with one behaviour. */

/** The trimmed text of a string, or a number as text; null when blank or of any other type. */
export const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null);

/**
 * Uppercase without accents (Ñ kept), as long as the input: a match in the folded text is
 * cut from the original at the same offsets.
 */
export function fold(text: string): string {
  let out = '';
  for (const ch of text) {
    const up = ch.toUpperCase();
    const base = up === 'Ñ' ? 'Ñ' : up.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    out += base.length === ch.length ? base : base.length > ch.length ? base.slice(0, ch.length) : base.padEnd(ch.length);
  }
  return out;
}
