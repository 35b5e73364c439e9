import { readingOrder, type IsLabel } from './columns.js';
import { linesOf, median, toLine, type TextBox } from './lines.js';

export type { Line, TextBox } from './lines.js';
export { groupLines, linesOf, median, toLine } from './lines.js';
export { readingOrder, type IsLabel } from './columns.js';

/** A page's text in reading order from positioned runs (a PDF text layer). */
export function layoutText(boxes: readonly TextBox[], isLabel?: IsLabel): string {
  return readingOrder(linesOf(boxes), isLabel).join('\n');
}

/** A mark OCR reads at the start of a line from an edge or a rule: punctuation alone. */
const JUNK = /^[^\p{L}\p{N}$€-]{1,2}$/u;

/**
 * Text in reading order from the lines an OCR engine formed (its words with their boxes).
 * The engine may cut one row of a two-column page into a line per column: lines side by side
 * (apart in x, level in y) are put back into one row first, so the columns are found as on a
 * text layer. Lines that overlap in x stay apart, however close: they are lines of one column.
 */
export function layoutOcrLines(lines: readonly (readonly TextBox[])[], isLabel?: IsLabel): string {
  const spans = lines
    .map((line) => line.filter((w, i) => !(i === 0 && JUNK.test(w.text))))
    .filter((words) => words.length)
    .map((words) => ({
      words: [...words],
      x0: Math.min(...words.map((w) => w.x0)),
      x1: Math.max(...words.map((w) => w.x1)),
      // The middle word's extent: a tall mark read beside the text (a photo's edge) does not move the line.
      y0: median(words.map((w) => w.y0)),
      y1: median(words.map((w) => w.y1)),
    }))
    .sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1));
  const rows: (typeof spans)[] = [];
  for (const span of spans) {
    const mid = (span.y0 + span.y1) / 2;
    const row = rows.find((r) =>
      r.every(
        (o) =>
          (o.x1 <= span.x0 || span.x1 <= o.x0) && mid > o.y0 && mid < o.y1 && (o.y0 + o.y1) / 2 > span.y0 && (o.y0 + o.y1) / 2 < span.y1,
      ),
    );
    if (row) row.push(span);
    else rows.push([span]);
  }
  const formed = rows.map((r) => toLine(r.flatMap((span) => span.words))).filter((l) => l.cells.length);
  formed.sort((a, b) => a.y0 - b.y0);
  return readingOrder(formed, isLabel).join('\n');
}
