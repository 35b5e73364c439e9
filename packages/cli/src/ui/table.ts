import { padEnd, padStart, paint, showControls, stripAnsi, truncate, visibleWidth, type Style, type Tone } from './style.js';

export type Cell = string | number | boolean | null | undefined | { text: string; tone?: Tone };

export interface Column {
  header: string;
  align?: 'left' | 'right';
  /** May be cut to fit the terminal (the widest such column first). */
  shrink?: boolean;
  /** Never wider than this. */
  max?: number;
}

const EMPTY = '—';

function cellText(cell: Cell): { text: string; tone?: Tone } {
  if (cell === null || cell === undefined || cell === '') return { text: EMPTY, tone: 'dim' };
  if (typeof cell === 'object') return { ...cell, text: oneLine(cell.text) };
  return { text: oneLine(String(cell)) };
}

/**
 * A value on one line: tabs and line breaks (a server message may carry them) become spaces,
 * other control characters (escape sequences in a value) are shown as text.
 */
export function oneLine(text: string): string {
  return showControls(text.replace(/[\t\r\n]+/g, ' '));
}

/** One tab-separated line of values for pipes (`cut`, `awk`): null and undefined are empty. */
export function tsvLine(values: readonly unknown[]): string {
  return values.map((v) => (v === null || v === undefined ? '' : oneLine(String(v)))).join('\t');
}

/**
 * On a terminal: a header and aligned columns, cut to the terminal width, coloured.
 * Otherwise: tab-separated rows without a header (like `gh`), for `cut`/`awk`.
 */
export function renderTable(style: Style, columns: Column[], rows: Cell[][]): string {
  const cells = rows.map((row) => columns.map((_, i) => cellText(row[i])));
  if (!style.tty) {
    return cells.map((row) => row.map((c) => (c.text === EMPTY ? '' : c.text)).join('\t') + '\n').join('');
  }
  const widths = columns.map((col, i) => {
    const widest = Math.max(visibleWidth(col.header), ...cells.map((r) => visibleWidth(r[i]!.text)));
    return col.max ? Math.min(widest, col.max) : widest;
  });
  const gap = 2;
  const total = () => widths.reduce((a, b) => a + b, 0) + gap * (columns.length - 1);
  // Narrow the widest shrinkable column, one character at a time, until the table fits
  // (so several long columns share the cut; none goes below 8).
  let excess = total() - style.width;
  while (excess > 0) {
    let pick = -1;
    for (let i = 0; i < columns.length; i++) if (columns[i]!.shrink && widths[i]! > 8 && (pick < 0 || widths[i]! > widths[pick]!)) pick = i;
    if (pick < 0) break;
    widths[pick]!--;
    excess--;
  }
  const line = (parts: { text: string; tone?: Tone }[], header = false) =>
    parts
      .map((c, i) => {
        const w = widths[i]!;
        const plain = visibleWidth(c.text) > w ? truncate(stripAnsi(c.text), w) : c.text;
        const painted = header ? paint(style, 'bold', plain) : paint(style, c.tone, plain);
        const last = i === parts.length - 1;
        if (columns[i]!.align === 'right') return padStart(painted, w);
        return last ? painted : padEnd(painted, w);
      })
      .join(' '.repeat(gap))
      .trimEnd();
  const header = line(
    columns.map((c) => ({ text: c.header.toUpperCase() })),
    true,
  );
  return [header, ...cells.map((r) => line(r))].join('\n') + '\n';
}

/** `label  value` lines (aligned on a terminal, tab-separated otherwise). */
export function renderPairs(style: Style, pairs: [string, Cell][]): string {
  const shown = pairs.filter(([, v]) => v !== undefined);
  if (!style.tty) return shown.map(([k, v]) => `${k}\t${v === null || v === '' ? '' : cellText(v).text}`).join('\n') + '\n';
  const w = Math.max(...shown.map(([k]) => visibleWidth(k)));
  return (
    shown
      .map(([k, v]) => {
        const c = cellText(v);
        return `${paint(style, 'dim', padEnd(k, w))}  ${paint(style, c.tone, c.text)}`;
      })
      .join('\n') + '\n'
  );
}

/** A section title: bold on a terminal, `# title` otherwise. */
export function heading(style: Style, text: string): string {
  return style.tty ? `${paint(style, 'bold', text)}\n` : `# ${text}\n`;
}
