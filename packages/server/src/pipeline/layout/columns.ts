import { median, type Line, type TextBox } from './lines.js';

/** A vertical strip free of text that splits a run of lines into two columns. */
interface Run {
  start: number;
  end: number;
  lo: number;
  hi: number;
  twoSided: number;
}

/** Whether a cell is a field label waiting for its value ("RFC:", or a known label word). */
export type IsLabel = (text: string) => boolean;

const endsWithColon: IsLabel = (text) => /:\s*$/.test(text);
/** An amount, quantity or year alone in its cell ("$ 1,234.00", "16%", "2024"). */
const isNumeric = (c: TextBox) => /^[\s$]*-?[\d.,]+\s*%?\s*(?:MXN|M\.N\.)?$/i.test(c.text);

/**
 * Where a gap of line `i` can be followed down the page: the lines below keep it free until
 * one crosses it, a paragraph gap comes after the last line with text on both sides, or it
 * narrows below `minGap`.
 */
function follow(lines: readonly Line[], i: number, lo0: number, hi0: number, minGap: number, lineHeight: number): Run {
  let lo = lo0;
  let hi = hi0;
  let twoSided = 1;
  let lastTwoSided = i;
  let end = i + 1;
  for (let j = i + 1; j < lines.length; j++) {
    let l = lo;
    let h = hi;
    let left = false;
    let right = false;
    for (const c of lines[j].cells) {
      const mid = (l + h) / 2;
      if (c.x1 <= l) left = true;
      else if (c.x0 >= h) right = true;
      else if ((c.x0 + c.x1) / 2 < mid) {
        l = c.x1;
        left = true;
      } else {
        h = c.x0;
        right = true;
      }
    }
    if (h - l < minGap) break;
    if (!(left && right) && lines[j].y0 - lines[j - 1].y1 > lineHeight) break;
    lo = l;
    hi = h;
    end = j + 1;
    if (left && right) {
      twoSided++;
      lastTwoSided = j;
    }
  }
  // One-sided lines after the last two-sided one belong to the column only when close to it.
  for (let j = lastTwoSided + 1; j < end; j++) {
    if (lines[j].y0 - lines[j - 1].y1 > 0.8 * lineHeight) {
      end = j;
      break;
    }
  }
  return { start: i, end, lo, hi, twoSided };
}

/**
 * The best column split starting at line `i`, if any: at least two lines with text on both
 * sides, and neither a label column beside its values (a form whose labels stand before
 * aligned values) nor a table whose right side holds amounts: those read line by line.
 */
function columnRun(lines: readonly Line[], i: number, minGap: number, lineHeight: number, isLabel: IsLabel): Run | undefined {
  const cells = lines[i].cells;
  let best: Run | undefined;
  for (let k = 1; k < cells.length; k++) {
    const lo = cells[k - 1].x1;
    const hi = cells[k].x0;
    if (hi - lo < minGap) continue;
    const run = follow(lines, i, lo, hi, minGap, lineHeight);
    if (run.twoSided < 2) continue;
    const pairs = lines.slice(run.start, run.end).filter((l) => l.cells.some((c) => c.x1 <= run.lo) && l.cells.some((c) => c.x0 >= run.hi));
    // Labels beside their values (a label may wrap onto a second line), or rows of a table of
    // amounts, read across.
    const lefts = lines
      .slice(run.start, run.end)
      .map((l) => l.cells.filter((c) => c.x1 <= run.lo).at(-1))
      .filter((c): c is TextBox => !!c);
    const labels = lefts.filter((c) => isLabel(c.text)).length;
    const amounts = pairs.filter((l) => l.cells.filter((c) => c.x0 >= run.hi).every(isNumeric)).length;
    if (labels >= 0.6 * lefts.length || amounts >= 0.5 * pairs.length) continue;
    if (!best || run.twoSided > best.twoSided || (run.twoSided === best.twoSided && run.hi - run.lo > best.hi - best.lo)) best = run;
  }
  return best;
}

function side(line: Line, keep: (c: TextBox) => boolean): Line | undefined {
  const cells = line.cells.filter(keep);
  return cells.length ? { cells, y0: line.y0, y1: line.y1 } : undefined;
}

/**
 * Text lines in reading order: where a strip of white space runs down several lines (two
 * columns such as EMISOR | RECEPTOR, or a block beside another), each column is read to its
 * end before the next; elsewhere a line reads left to right. Columns may hold columns.
 */
export function readingOrder(lines: readonly Line[], isLabel: IsLabel = endsWithColon, depth = 0): string[] {
  if (!lines.length) return [];
  const lineHeight = median(lines.map((l) => l.y1 - l.y0));
  const minGap = 1.5 * lineHeight;
  const out: string[] = [];
  for (let i = 0; i < lines.length;) {
    const run = depth < 4 ? columnRun(lines, i, minGap, lineHeight, isLabel) : undefined;
    if (!run) {
      out.push(lines[i].cells.map((c) => c.text).join(' '));
      i++;
      continue;
    }
    const block = lines.slice(run.start, run.end);
    const left = block.map((l) => side(l, (c) => c.x1 <= run.lo)).filter((l): l is Line => !!l);
    const right = block.map((l) => side(l, (c) => c.x0 >= run.hi)).filter((l): l is Line => !!l);
    out.push(...readingOrder(left, isLabel, depth + 1), ...readingOrder(right, isLabel, depth + 1));
    i = run.end;
  }
  return out;
}
