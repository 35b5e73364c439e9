import type { Writer } from '../context.js';

/** A turn that produces this much (e.g. a run of resumed rows) writes at once. */
const MAX_BUFFERED_CHARS = 64 * 1024;

/**
 * Output lines written once per event-loop turn: the rows that finish in the same turn share
 * one write (a write to a pipe is a system call that also wakes the reader). `push` returns a
 * promise only while the stream is backed up, so a slow reader still holds the rows back and
 * memory stays flat. Bench row: `vcase documents upload --from -` rows/s (docs/performance.md, round 2).
 */
export class LineBatcher {
  private buffered = '';
  private scheduled = false;
  private drained: Promise<void> | undefined;

  constructor(
    private readonly out: Writer,
    private readonly schedule: (flush: () => void) => void = setImmediate,
  ) {}

  /** Queues one line (without its newline); await the result before producing more. */
  push(line: string): Promise<void> | undefined {
    this.buffered += `${line}\n`;
    if (this.buffered.length >= MAX_BUFFERED_CHARS) this.flush();
    else if (!this.scheduled) {
      this.scheduled = true;
      this.schedule(() => {
        this.scheduled = false;
        this.flush();
      });
    }
    return this.drained;
  }

  /** Writes what is queued now and waits until the stream has taken it. */
  async end(): Promise<void> {
    this.flush();
    await this.drained;
  }

  private flush(): void {
    if (!this.buffered) return;
    const text = this.buffered;
    this.buffered = '';
    if (this.out.write(text) || !this.out.once || this.drained) return;
    this.drained = new Promise((resolve) =>
      this.out.once!('drain', () => {
        this.drained = undefined;
        resolve();
      }),
    );
  }
}
