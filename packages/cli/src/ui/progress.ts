import type { Writer } from '../context.js';
import { paint, truncate, type Style } from './style.js';

export interface Counts {
  done: number;
  ok: number;
  failed: number;
  skipped: number;
  inFlight: number;
  /** Ok rows whose work an earlier run had done (the server replayed its answers). */
  replayed?: number;
}

const REDRAW_MS = 100;
const LOG_EVERY_MS = 10_000;

/**
 * Batch progress on stderr: a redrawn bar on a terminal (with a total when the input is a
 * file), and one plain line every 10 s otherwise, so long pipeline runs show they are alive.
 */
export class Progress {
  private last = 0;
  private readonly started: number;
  private drawn = false;

  constructor(
    private readonly out: Writer,
    private readonly opts: { tty: boolean; style: Pick<Style, 'color'>; clock: () => number; total?: number; width: number; noun: string },
  ) {
    this.started = opts.clock();
    this.last = this.started;
  }

  update(c: Counts, force = false): void {
    const now = this.opts.clock();
    if (this.opts.tty) {
      if (!force && now - this.last < REDRAW_MS) return;
      this.last = now;
      this.out.write('\r\x1b[2K' + this.line(c, now));
      this.drawn = true;
    } else if (now - this.last >= LOG_EVERY_MS) {
      this.last = now;
      this.out.write(`vcase: ${this.counts(c, now)}\n`);
    }
  }

  /**
   * Takes the bar off its line, for output about to be written to the same terminal (the
   * results on stdout); the next update draws it again below them.
   */
  clear(): void {
    if (!this.drawn) return;
    this.out.write('\r\x1b[2K');
    this.drawn = false;
    this.last = 0;
  }

  /** Clears the bar and prints the summary line. */
  finish(c: Counts, opts: { stopped?: boolean; note?: string } = {}): void {
    if (this.drawn) this.out.write('\r\x1b[2K');
    const now = this.opts.clock();
    const secs = ((now - this.started) / 1000).toFixed(1);
    const tone = c.failed ? 'red' : opts.stopped ? 'yellow' : 'green';
    const mark = c.failed ? '✗' : opts.stopped ? '!' : '✓';
    const replayed = c.replayed ? ` (${c.ok - c.replayed} new, ${c.replayed} replayed: done by an earlier run)` : '';
    const parts = [
      `${c.done} ${this.opts.noun}${c.done === 1 ? '' : 's'}`,
      `${c.ok} ok${replayed}`,
      `${c.skipped} skipped (resume)`,
      paint(this.opts.style, c.failed ? 'red' : undefined, `${c.failed} failed`),
    ];
    this.out.write(`${paint(this.opts.style, tone, mark)} ${parts.join(', ')} in ${secs} s${opts.note ?? ''}\n`);
  }

  private counts(c: Counts, now: number): string {
    const rate = c.done / Math.max(0.001, (now - this.started) / 1000);
    const of = this.opts.total ? `/${this.opts.total}` : '';
    const noun = c.done === 1 && !of ? this.opts.noun : `${this.opts.noun}s`;
    const outcomes = `${c.ok} ok · ${c.skipped} skipped · ${c.failed} failed`;
    return `${c.done}${of} ${noun} · ${outcomes} · ${c.inFlight} in flight · ${rate.toFixed(1)}/s`;
  }

  /** The bar and the counts, within the terminal's width less one column (a full line would wrap and leave each redraw behind). */
  private line(c: Counts, now: number): string {
    const max = this.opts.width - 1;
    const text = truncate(this.counts(c, now), max);
    const room = Math.min(40, max - text.length - 1);
    if (room < 10) return text;
    const total = this.opts.total;
    let bar: string;
    if (total) {
      const filled = Math.min(room, Math.round((c.done / total) * room));
      bar = paint(this.opts.style, 'green', '█'.repeat(filled)) + paint(this.opts.style, 'dim', '░'.repeat(room - filled));
    } else {
      const pos = c.done % room;
      const { style } = this.opts;
      bar = paint(style, 'dim', '░'.repeat(pos)) + paint(style, 'cyan', '█') + paint(style, 'dim', '░'.repeat(room - pos - 1));
    }
    return `${bar} ${text}`;
  }
}
