/** A run of text on a page and where it stands; y grows downwards, any unit. */
export interface TextBox {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Boxes side by side on one line, merged into cells where they stand close together. */
export interface Line {
  cells: TextBox[];
  y0: number;
  y1: number;
}

const height = (b: { y0: number; y1: number }) => Math.max(1e-6, b.y1 - b.y0);

/** Median of a non-empty list. */
export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : 0;
}

/**
 * Boxes grouped into lines: a box joins a line when half of the lower of the two heights
 * overlaps it vertically (superscripts and mixed sizes stay on their line).
 */
export function groupLines(boxes: readonly TextBox[]): TextBox[][] {
  const sorted = boxes.filter((b) => b.text.trim()).sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1));
  const lines: { boxes: TextBox[]; y0: number; y1: number }[] = [];
  for (const box of sorted) {
    const line = lines.find((l) => {
      const overlap = Math.min(l.y1, box.y1) - Math.max(l.y0, box.y0);
      return overlap >= 0.5 * Math.min(height(l), height(box));
    });
    if (line) {
      line.boxes.push(box);
      line.y0 = Math.min(line.y0, box.y0);
      line.y1 = Math.max(line.y1, box.y1);
    } else lines.push({ boxes: [box], y0: box.y0, y1: box.y1 });
  }
  return lines.sort((a, b) => a.y0 - b.y0).map((l) => l.boxes);
}

/**
 * One line's boxes, left to right, merged into cells: boxes closer than `cellGap` times the
 * line's height form one cell (a word gap), farther ones start a new cell (a column gap).
 */
export function toLine(boxes: readonly TextBox[], cellGap = 1.2): Line {
  const sorted = [...boxes].sort((a, b) => a.x0 - b.x0);
  const h = median(sorted.map(height));
  const cells: TextBox[] = [];
  for (const b of sorted) {
    const last = cells[cells.length - 1];
    const gap = last ? b.x0 - last.x1 : Infinity;
    if (last && gap <= cellGap * h) {
      // Runs that touch are one word split by the producer; a visible gap is a space.
      const joiner = gap > 0.15 * h && !last.text.endsWith(' ') && !b.text.startsWith(' ') ? ' ' : '';
      cells[cells.length - 1] = {
        text: last.text + joiner + b.text,
        x0: last.x0,
        y0: Math.min(last.y0, b.y0),
        x1: Math.max(last.x1, b.x1),
        y1: Math.max(last.y1, b.y1),
      };
    } else cells.push({ ...b });
  }
  return {
    cells: cells.map((c) => ({ ...c, text: c.text.replace(/\s+/g, ' ').trim() })).filter((c) => c.text),
    y0: Math.min(...sorted.map((b) => b.y0)),
    y1: Math.max(...sorted.map((b) => b.y1)),
  };
}

/** The lines of a page, top to bottom. */
export function linesOf(boxes: readonly TextBox[]): Line[] {
  return groupLines(boxes)
    .map((l) => toLine(l))
    .filter((l) => l.cells.length);
}
