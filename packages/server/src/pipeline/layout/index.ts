import { readingOrder, type IsLabel } from './columns.js';
import { groupLines, linesOf, toLine, type TextBox } from './lines.js';

export type { Line, TextBox } from './lines.js';
export { groupLines, linesOf, median, toLine } from './lines.js';
export { readingOrder, type IsLabel } from './columns.js';

/** A page's text in reading order from positioned runs (a PDF text layer). */
export function layoutText(boxes: readonly TextBox[], isLabel?: IsLabel): string {
  return readingOrder(linesOf(boxes), isLabel).join('\n');
}

/**
 * Text in reading order from the lines an OCR engine formed (its words with their boxes).
 * The engine may cut one row of a two-column page into a line per column: lines that share
 * a row are put back together first, so the columns are found as on a text layer.
 */
export function layoutOcrLines(lines: readonly (readonly TextBox[])[], isLabel?: IsLabel): string {
  const spans = lines
    .filter((words) => words.length)
    .map((words) => ({
      words,
      text: '·',
      x0: Math.min(...words.map((w) => w.x0)),
      x1: Math.max(...words.map((w) => w.x1)),
      y0: Math.min(...words.map((w) => w.y0)),
      y1: Math.max(...words.map((w) => w.y1)),
    }));
  const rows = groupLines(spans).map((row) => toLine(row.flatMap((span) => (span as (typeof spans)[number]).words)));
  return readingOrder(rows.filter((l) => l.cells.length), isLabel).join('\n');
}
