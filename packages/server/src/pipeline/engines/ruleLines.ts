/**
 * Box-drawn forms (the CDMX tarjeta: every field in a ruled box, its label in small type just
 * under the rule) and ruled tables lose their labels to the rules: tesseract reads a rule as
 * '_', '—' or '|' and runs it into the words beside it. Thin straight rules are erased before
 * OCR; text, filled bars and shaded cells are left as they are.
 */

/** A grey level below this is drawn (rules are often light grey). */
const DRAWN = 215;
/** The thickest rule erased, in pixels (the wedge a skewed bar leaves once inverted, too). */
const MAX_THICKNESS = 8;
/** How far a rule may slant off true (a skewed scan): ~3.4°. */
const MAX_SLOPE = 0.06;
/**
 * Shortest piece of a rule on one row: a rule slanted by MAX_SLOPE steps a row every ~16 px.
 * Shorter runs (specks, halftone dots) never join a chain, which bounds the work on a noisy page.
 */
const MIN_PIECE = 8;

/** Drawn pixels whose vertical run is at most `MAX_THICKNESS` long, read row by row. */
function thinVertically(data: Uint8Array, width: number, height: number): Uint8Array {
  const thin = new Uint8Array(data.length);
  const run = new Uint16Array(width);
  const close = (x: number, y: number) => {
    if (run[x] <= MAX_THICKNESS) for (let k = y - run[x]; k < y; k++) thin[k * width + x] = 1;
    run[x] = 0;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[y * width + x] < DRAWN) run[x] = Math.min(run[x] + 1, 65535);
      else if (run[x]) close(x, y);
    }
  }
  for (let x = 0; x < width; x++) if (run[x]) close(x, height);
  return thin;
}

/**
 * Erases the horizontal rules: runs of thin pixels along each row, joined (union-find) with the
 * touching runs of the row above, whose chain is long and nearly straight.
 */
function eraseHorizontal(data: Uint8Array, width: number, height: number, minLength: number): number {
  const thin = thinVertically(data, width, height);
  const row: number[] = [];
  const from: number[] = [];
  const to: number[] = [];
  const parent: number[] = [];
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  let above = [0, 0];
  for (let y = 0; y < height; y++) {
    const first = row.length;
    const rowStart = y * width;
    const rowEnd = rowStart + width;
    let next = above[0];
    // indexOf scans the sparse mask natively, far faster than a loop over every pixel.
    for (let i = thin.indexOf(1, rowStart); i >= 0 && i < rowEnd; i = thin.indexOf(1, i)) {
      const stop = thin.indexOf(0, i);
      const end = stop < 0 || stop > rowEnd ? rowEnd : stop;
      const [start, last] = [i - rowStart, end - 1 - rowStart];
      i = end;
      if (last - start + 1 < MIN_PIECE) continue;
      const id = row.length;
      row.push(y);
      from.push(start);
      to.push(last);
      parent.push(id);
      // Runs come sorted by x: skip those of the row above that end before this one starts.
      while (next < above[1] && to[next] < start - 1) next++;
      for (let p = next; p < above[1] && from[p] <= last + 1; p++) parent[root(p)] = root(id);
    }
    above = [first, row.length];
  }
  // Each chain's extent, kept at its root: its length (x0–x1) and the rows it spans (y0–y1).
  const n = row.length;
  const [x0, x1, y0, y1] = [new Int32Array(n).fill(width), new Int32Array(n).fill(-1), new Int32Array(n).fill(height), new Int32Array(n)];
  for (let i = 0; i < n; i++) {
    const r = root(i);
    x0[r] = Math.min(x0[r], from[i]);
    x1[r] = Math.max(x1[r], to[i]);
    y0[r] = Math.min(y0[r], row[i]);
    y1[r] = Math.max(y1[r], row[i]);
  }
  const isRule = (r: number) => x1[r] - x0[r] + 1 >= minLength && y1[r] - y0[r] + 1 <= MAX_THICKNESS + MAX_SLOPE * (x1[r] - x0[r] + 1);
  let erased = 0;
  for (let i = 0; i < n; i++) {
    if (!isRule(root(i))) continue;
    data.fill(255, row[i] * width + from[i], row[i] * width + to[i] + 1);
    erased += to[i] - from[i] + 1;
  }
  return erased;
}

/** The page turned on its diagonal (columns become rows), into `out`. */
function transpose(data: Uint8Array, width: number, height: number, out: Uint8Array): Uint8Array {
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) out[x * height + y] = data[y * width + x];
  return out;
}

/**
 * Erases, in place, the thin horizontal and vertical rules of a greyscale page: chains of
 * drawn pixels at most `MAX_THICKNESS` thick, nearly straight, and longer than a twenty-fifth
 * of the page's side (at least 40 px: longer than any letter's stroke). Vertical rules are
 * found as the horizontal ones of the page transposed. Answers the pixels erased.
 */
export function eraseRules(data: Uint8Array, width: number, height: number): number {
  let erased = eraseHorizontal(data, width, height, Math.max(40, Math.round(width / 25)));
  const turned = transpose(data, width, height, new Uint8Array(data.length));
  const vertical = eraseHorizontal(turned, height, width, Math.max(40, Math.round(height / 25)));
  if (vertical) transpose(turned, height, width, data);
  erased += vertical;
  return erased;
}
