import { describe, expect, it } from 'vitest';
import { Progress, type Counts } from '../src/ui/progress.js';
import { stripAnsi } from './helpers/harness.js';

const counts: Counts = { done: 1114, ok: 1114, failed: 0, skipped: 0, inFlight: 8 };

function drawn(width: number, total?: number) {
  let out = '';
  let now = 0;
  const progress = new Progress(
    { write: (s) => ((out += s), true) },
    { tty: true, style: { color: true }, clock: () => now, total, width, noun: 'row' },
  );
  now = 5_000;
  progress.update(counts, true);
  return { progress, out: () => out, tick: (ms: number) => (now += ms) };
}

/** The visible lines drawn (each redraw starts with a carriage return and a line clear). */
const frames = (out: string) => stripAnsi(out).split('\r\x1b[2K').filter(Boolean);

describe('batch progress bar', () => {
  it('stays within the terminal width less one column, so redraws never wrap', () => {
    for (const width of [80, 60, 40, 24]) {
      for (const total of [1500, undefined]) {
        const [frame] = frames(drawn(width, total).out());
        expect([...frame!].length, `${width} columns, total ${total}`).toBeLessThanOrEqual(width - 1);
      }
    }
    const [wide] = frames(drawn(120, 1500).out());
    expect(wide).toMatch(/^█+░+ 1114\/1500 rows · 1114 ok/);
    const [narrow] = frames(drawn(40, 1500).out());
    expect(narrow).toBe('1114/1500 rows · 1114 ok · 0 skipped ·…');
  });

  it('steps aside for results written to the same terminal, and comes back at the next update', () => {
    const { progress, out, tick } = drawn(80, 1500);
    progress.clear();
    expect(out().endsWith('\r\x1b[2K')).toBe(true);
    const before = out().length;
    progress.clear(); // nothing drawn: nothing written
    expect(out().length).toBe(before);
    tick(10); // within the redraw interval, yet drawn again since it was cleared
    progress.update({ ...counts, done: 1115, ok: 1115 });
    expect(frames(out()).at(-1)).toContain('1115/1500 rows');
  });
});
