import { fold } from '../domain/text.js';

export { fold };

/**
 * Text helpers shared by the classifier and extractors. Matching runs on a folded copy of the
 * text (uppercase, accents removed, Ñ kept) of the same length, so values are cut from the
 * original at the same offsets.
 */

/** Collapse runs of spaces and tabs (not newlines) and trim every line. */
export function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n');
}

export interface TextView {
  original: string;
  folded: string;
}

export function view(text: string): TextView {
  const original = tidy(text);
  return { original, folded: fold(original) };
}

/** Every match of `pattern` (a folded-text regex source) as original text, with its offset. */
export function matchesOf(t: TextView, pattern: string): { value: string; index: number; groups: string[] }[] {
  const re = new RegExp(pattern, 'g');
  const out: { value: string; index: number; groups: string[] }[] = [];
  for (let m = re.exec(t.folded); m; m = re.exec(t.folded)) {
    out.push({ value: t.original.slice(m.index, m.index + m[0].length), index: m.index, groups: m.slice(1) });
    if (m[0].length === 0) re.lastIndex++;
  }
  return out;
}

/** "$ 1,234.50", "1 234.50 MXN", "1234" → number; undefined when no amount. */
export function parseAmount(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const m = /-?\d{1,3}(?:[,\s]\d{3})+(?:\.\d{1,2})?|-?\d+(?:\.\d{1,2})?/.exec(value.replace(/\$\s*/g, ''));
  if (!m) return undefined;
  const n = Number(m[0].replace(/[,\s]/g, ''));
  return Number.isFinite(n) ? n : undefined;
}

/** A year between 1950 and 2099 as an integer, else undefined. */
export function parseYear(value: string | undefined): number | undefined {
  const m = value ? /(?<!\d)(19[5-9]\d|20\d\d)(?!\d)/.exec(value) : null;
  return m ? Number(m[1]) : undefined;
}

/** Single spaces, trimmed; undefined when empty. */
export function clean(value: string | undefined): string | undefined {
  // Box rules and underlines OCR reads at a value's ends ('|2025', '_') are not part of it, nor
  // is a speck read as a mark ('*', a closing bracket first, an opening one last, a full stop
  // standing apart: "ÁLAMOS ."). A full stop that ends a word stays ("TAMPS.", "C.V.").
  const v = value
    ?.replace(/\s+/g, ' ')
    .replace(/^[\s:.,;|_\-—–[\]*)]+|[\s:,;|_\-—–[\]*(]+$/g, '')
    .replace(/\s+\.$/, '')
    .trim();
  return v && /[\p{L}\p{N}]/u.test(v) ? v : undefined;
}

export interface LabelSpec {
  /** Regex source against folded text. */
  pattern: string;
  /** Only counts when followed by `:` (words that also appear in running text: ESTADO). */
  colon?: boolean;
}

export interface Segment {
  key: string;
  value: string;
  /** Offset of the label. */
  index: number;
}

/**
 * Cuts "LABEL: value LABEL2 value2" text into labeled values: each value runs to the next
 * label or the end of the line. A label with nothing after it on its line takes the next
 * line when that line does not start with a label (forms that print labels above values).
 * Overlapping labels: the longest wins (`FOLIO FISCAL` over `FOLIO`).
 */
export function segments(t: TextView, labels: Record<string, LabelSpec>): Segment[] {
  const found: { key: string; index: number; end: number }[] = [];
  for (const [key, spec] of Object.entries(labels)) {
    const tail = spec.colon ? String.raw`\s*:` : String.raw`\s*[:#]?`;
    const re = new RegExp(`(?<![A-ZÑ0-9])(?:${spec.pattern})(?![A-ZÑ0-9])${tail}`, 'g');
    for (let m = re.exec(t.folded); m; m = re.exec(t.folded)) {
      found.push({ key, index: m.index, end: m.index + m[0].length });
    }
  }
  found.sort((a, b) => a.index - b.index || b.end - a.end);
  const kept: typeof found = [];
  for (const f of found) {
    const last = kept[kept.length - 1];
    if (!last || f.index >= last.end) kept.push(f);
  }
  const startsLine = new Set(kept.filter((k) => k.index === 0 || t.folded[k.index - 1] === '\n').map((k) => k.index));
  const out: Segment[] = [];
  const inHeaderRow = new Set<number>();
  for (const row of headerRows(t, kept, startsLine)) {
    row.values.forEach((value, j) => {
      inHeaderRow.add(row.labels[j].index);
      out.push({ key: row.labels[j].key, value, index: row.labels[j].index });
    });
  }
  kept.forEach((k, i) => {
    if (inHeaderRow.has(k.index)) return;
    const next = kept[i + 1]?.index ?? t.folded.length;
    let lineEnd = t.folded.indexOf('\n', k.end);
    if (lineEnd < 0) lineEnd = t.folded.length;
    let value = t.original.slice(k.end, Math.min(next, lineEnd));
    if (!value.trim() && lineEnd < t.folded.length && next > lineEnd + 1 && !startsLine.has(lineEnd + 1)) {
      let nextEnd = t.folded.indexOf('\n', lineEnd + 1);
      if (nextEnd < 0) nextEnd = t.folded.length;
      value = t.original.slice(lineEnd + 1, Math.min(next, nextEnd));
    }
    value = value
      .replace(/^[\s:#.-]+/, '')
      .replace(/[\s,;]+$/, '')
      .trim();
    if (value) out.push({ key: k.key, value, index: k.index });
  });
  return out.sort((a, b) => a.index - b.index);
}

type FoundLabel = { key: string; index: number; end: number };

/**
 * Forms that print a row of labels with their values on the line below, column by column
 * ("PLACA  NUMERO DE SERIE" over "MNO-12-34  KMHCT41D8EU123456"); text layers join the
 * columns with single spaces. With as many words as labels, each label takes one. With more,
 * every label but the first takes one word from the end, and the first the rest, but only
 * when each of those words has a digit (a date, year, plate, VIN or number): names have
 * none, so "PROPIETARIO  FECHA" over "CARLOS RAMIREZ TORRES 15-MAR-2024" splits right, and
 * anything else is left alone.
 */
function headerRows(t: TextView, kept: readonly FoundLabel[], startsLine: ReadonlySet<number>) {
  const rows: { labels: FoundLabel[]; values: string[] }[] = [];
  for (let i = 0; i < kept.length;) {
    const lineStart = t.folded.lastIndexOf('\n', kept[i].index - 1) + 1;
    let lineEnd = t.folded.indexOf('\n', kept[i].index);
    if (lineEnd < 0) lineEnd = t.folded.length;
    let j = i;
    while (j + 1 < kept.length && kept[j + 1].index < lineEnd) j++;
    const labels = kept.slice(i, j + 1);
    i = j + 1;
    if (labels.length < 2 || t.folded.slice(lineStart, labels[0].index).trim()) continue;
    const onlyLabels = labels.every(
      (l, n) => !t.folded.slice(l.end, n + 1 < labels.length ? labels[n + 1].index : lineEnd).replace(/[\s:#|]+/g, ''),
    );
    if (!onlyLabels || lineEnd >= t.folded.length || startsLine.has(lineEnd + 1)) continue;
    let nextEnd = t.folded.indexOf('\n', lineEnd + 1);
    if (nextEnd < 0) nextEnd = t.folded.length;
    if (kept.some((k) => k.index > lineEnd && k.index < nextEnd)) continue;
    const words = t.original
      .slice(lineEnd + 1, nextEnd)
      .split(/[\s|]+/)
      .filter(Boolean);
    if (words.length < labels.length) continue;
    const tail = words.slice(words.length - labels.length + 1);
    if (words.length > labels.length && !tail.every((w) => /\d/.test(w))) continue;
    rows.push({ labels, values: [words.slice(0, words.length - tail.length).join(' '), ...tail] });
  }
  return rows;
}

/** Values of one key, in order of appearance. */
export function valuesOf(segs: readonly Segment[], key: string): string[] {
  return segs.filter((s) => s.key === key).map((s) => s.value);
}
