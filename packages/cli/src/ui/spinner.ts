import type { Writer } from '../context.js';
import { paint, type Style } from './style.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

export interface Spinner {
  update(text: string): void;
  /** Clears the line; `final` (if any) is left in its place. */
  stop(final?: string): void;
}

const NONE: Spinner = { update() {}, stop() {} };

/**
 * A one-line spinner on stderr with the elapsed time, only when stderr is a terminal
 * (a pipe or a log file gets nothing: the result on stdout is what counts there).
 */
export function startSpinner(
  out: Writer,
  opts: { enabled: boolean; style: Pick<Style, 'color'>; clock: () => number; text: string },
): Spinner {
  if (!opts.enabled) return NONE;
  const started = opts.clock();
  let text = opts.text;
  let frame = 0;
  const draw = () => {
    const secs = Math.floor((opts.clock() - started) / 1000);
    out.write(`\r\x1b[2K${paint(opts.style, 'cyan', FRAMES[frame++ % FRAMES.length]!)} ${text} ${paint(opts.style, 'dim', `${secs}s`)}`);
  };
  draw();
  const timer = setInterval(draw, 100);
  timer.unref?.();
  return {
    update(next) {
      text = next;
    },
    stop(final) {
      clearInterval(timer);
      out.write('\r\x1b[2K' + (final ? final + '\n' : ''));
    },
  };
}
