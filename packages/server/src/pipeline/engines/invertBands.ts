/**
 * Printed forms put headings in white on dark bars (EMISOR, RECEPTOR, DATOS ADICIONALES);
 * tesseract's layout analysis does not see such text. Dark bars are found and inverted in place,
 * so their headings read as dark text on white like the rest of the page.
 */

/** A grey level below this is ink. */
const DARK = 110;
/** Share of ink in a window that makes it part of a bar (text rarely reaches it). */
const BAR_DENSITY = 0.6;

interface Rect {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** Runs of a row where the ink covers most of a sliding window, at least `minRun` long. */
function rowRuns(row: Uint8Array, window: number, minRun: number): [number, number][] {
  const width = row.length;
  const prefix = new Uint32Array(width + 1);
  for (let x = 0; x < width; x++) prefix[x + 1] = prefix[x] + (row[x] < DARK ? 1 : 0);
  const runs: [number, number][] = [];
  let start = -1;
  for (let x = 0; x + window <= width; x++) {
    const dense = prefix[x + window] - prefix[x] >= BAR_DENSITY * window;
    if (dense && start < 0) start = x;
    if (!dense && start >= 0) {
      if (x + window - start >= minRun) runs.push([start, x + window - 1]);
      start = -1;
    }
  }
  if (start >= 0 && width - start >= minRun) runs.push([start, width - 1]);
  return runs;
}

/** Dark rectangles of a greyscale page: runs stacked row over row with the same extent. */
export function darkBars(data: Uint8Array, width: number, height: number): Rect[] {
  const window = Math.max(16, Math.round(width / 70));
  const minRun = Math.round(width * 0.06);
  const open: Rect[] = [];
  const done: Rect[] = [];
  for (let y = 0; y < height; y++) {
    const runs = rowRuns(data.subarray(y * width, (y + 1) * width), window, minRun);
    for (const [x0, x1] of runs) {
      const r = open.find((o) => o.y1 >= y - 2 && Math.min(o.x1, x1) - Math.max(o.x0, x0) >= 0.8 * Math.min(o.x1 - o.x0, x1 - x0));
      if (r) {
        r.x0 = Math.min(r.x0, x0);
        r.x1 = Math.max(r.x1, x1);
        r.y1 = y;
      } else open.push({ x0, x1, y0: y, y1: y });
    }
    for (let i = open.length - 1; i >= 0; i--) if (open[i].y1 < y - 2) done.push(...open.splice(i, 1));
  }
  done.push(...open);
  // A bar is a band a line of text high, not a photo or a block of solid ink.
  return done.filter((r) => r.y1 - r.y0 >= 8 && r.y1 - r.y0 <= height * 0.08).map((r) => trim(r, data, width));
}

/** The rectangle narrowed to its inked columns (the sliding window reaches past the bar's ends). */
function trim(r: Rect, data: Uint8Array, width: number): Rect {
  const inked = (x: number) => {
    let n = 0;
    for (let y = r.y0; y <= r.y1; y++) if (data[y * width + x] < DARK) n++;
    return n >= 0.5 * (r.y1 - r.y0 + 1);
  };
  let { x0, x1 } = r;
  while (x0 < x1 && !inked(x0)) x0++;
  while (x1 > x0 && !inked(x1)) x1--;
  return { ...r, x0, x1 };
}

/** Inverts every dark bar of a greyscale page in place; answers how many it inverted. */
export function invertDarkBars(data: Uint8Array, width: number, height: number): number {
  const bars = darkBars(data, width, height);
  for (const r of bars) {
    for (let y = r.y0; y <= r.y1; y++) {
      for (let x = r.x0; x <= r.x1; x++) data[y * width + x] = 255 - data[y * width + x];
    }
  }
  return bars.length;
}
