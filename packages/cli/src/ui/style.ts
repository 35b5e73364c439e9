/** How output should look: decided once per run from the terminal, NO_COLOR and --no-color. */
export interface Style {
  /** ANSI colours allowed. */
  color: boolean;
  /** stdout is a terminal: aligned tables with headers; otherwise tab-separated rows. */
  tty: boolean;
  /** Columns available (80 when unknown). */
  width: number;
}

export type Tone = 'green' | 'yellow' | 'red' | 'cyan' | 'magenta' | 'dim' | 'bold';

const CODES: Record<Tone, [number, number]> = {
  green: [32, 39],
  yellow: [33, 39],
  red: [31, 39],
  cyan: [36, 39],
  magenta: [35, 39],
  dim: [2, 22],
  bold: [1, 22],
};

/** `NO_COLOR` (any non-empty value, no-color.org) and `--no-color` turn colours off; so does a pipe. */
export function makeStyle(opts: { tty: boolean; env: Record<string, string | undefined>; noColor?: boolean; columns?: number }): Style {
  const color = opts.tty && !opts.noColor && !opts.env.NO_COLOR && opts.env.TERM !== 'dumb';
  return { color, tty: opts.tty, width: opts.columns && opts.columns > 20 ? opts.columns : 80 };
}

export function paint(style: Pick<Style, 'color'>, tone: Tone | undefined, text: string): string {
  if (!style.color || !tone || text === '') return text;
  const [open, close] = CODES[tone];
  return `\x1b[${open}m${text}\x1b[${close}m`;
}

const ANSI = /\x1b\[[0-9;]*m/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

/** Display width: code points, ANSI codes excluded (the data is Spanish text, no wide characters). */
export function visibleWidth(text: string): number {
  let n = 0;
  for (const ch of stripAnsi(text)) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0x300 && cp <= 0x36f) continue; // combining accents
    n++;
  }
  return n;
}

/** Cuts plain text to `width` columns with an ellipsis. */
export function truncate(text: string, width: number): string {
  if (width <= 0) return '';
  const chars = [...text];
  if (chars.length <= width) return text;
  return width === 1 ? '…' : chars.slice(0, width - 1).join('') + '…';
}

export function padEnd(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - visibleWidth(text)));
}

export function padStart(text: string, width: number): string {
  return ' '.repeat(Math.max(0, width - visibleWidth(text))) + text;
}

/** Tone of the contract's row/cell statuses (tickets, tenencia): success, warning, failed, processing. */
export function statusTone(status: string | null | undefined): Tone | undefined {
  switch (status) {
    case 'success':
    case 'completed':
    case 'found':
    case 'ok':
    case 'processed':
    case 'Vigente':
      return 'green';
    case 'warning':
    case 'Vencida':
    case 'pending':
      return 'yellow';
    case 'failed':
    case 'error':
    case 'Inactiva':
      return 'red';
    case 'processing':
    case 'uploaded':
      return 'cyan';
    default:
      return undefined;
  }
}

/** Control characters but tab and line feed: C0, DEL and C1. */
const CONTROL_CHARS = '[\\x00-\\x08\\x0b-\\x1f\\x7f-\\x9f]';
const CONTROL = new RegExp(`\\x1b\\[[0-9;]*m|${CONTROL_CHARS}`, 'g');
const visible = (ch: string) => `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`;

/**
 * Text as it may reach a terminal: control characters a value could carry (an internal_id or
 * a server message with escape sequences that move the cursor, clear the screen, set the
 * window title or recolour the terminal) are shown as `\x1b`-style text, not obeyed. Line
 * breaks and tabs stay; colour codes stay only where this output paints (`color`).
 */
export function terminalSafe(text: string, color: boolean): string {
  return text.replace(CONTROL, (m) => (m.length > 1 ? (color ? m : visible(m[0]!) + m.slice(1)) : visible(m)));
}

const ANY_CONTROL = new RegExp(CONTROL_CHARS, 'g');

/** A value's control characters as `\x1b`-style text, colour codes included (for data put in tables). */
export function showControls(text: string): string {
  return text.replace(ANY_CONTROL, visible);
}
