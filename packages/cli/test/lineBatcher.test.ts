import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { LineBatcher } from '../src/batch/lineBatcher.js';

/** A stream that records each write and says it is full while `full` is set. */
class Stream extends EventEmitter {
  writes: string[] = [];
  full = false;
  write(chunk: string): boolean {
    this.writes.push(chunk);
    return !this.full;
  }
}

/** A scheduler the test runs by hand: `turn()` ends the current event-loop turn. */
function manualTurns() {
  const queued: (() => void)[] = [];
  return { schedule: (fn: () => void) => void queued.push(fn), turn: () => queued.splice(0).forEach((fn) => fn()) };
}

describe('LineBatcher', () => {
  it('lines of one turn go out in one write, in order', () => {
    const out = new Stream();
    const { schedule, turn } = manualTurns();
    const lines = new LineBatcher(out, schedule);
    lines.push('{"row":2}');
    lines.push('{"row":1}');
    expect(out.writes).toEqual([]);
    turn();
    lines.push('{"row":3}');
    turn();
    expect(out.writes).toEqual(['{"row":2}\n{"row":1}\n', '{"row":3}\n']);
  });

  it('a turn that produces 64 KB writes at once', () => {
    const out = new Stream();
    const lines = new LineBatcher(out, () => {});
    const line = 'x'.repeat(1023);
    for (let i = 0; i < 64; i++) lines.push(line);
    expect(out.writes).toHaveLength(1);
    expect(out.writes[0]).toHaveLength(64 * 1024);
  });

  it('while the stream is full, pushes wait for it to drain', async () => {
    const out = new Stream();
    const { schedule, turn } = manualTurns();
    const lines = new LineBatcher(out, schedule);
    out.full = true;
    expect(lines.push('a')).toBeUndefined();
    turn();
    const waiting = lines.push('b');
    expect(typeof waiting?.then).toBe('function');
    let drained = false;
    void waiting!.then(() => (drained = true));
    await Promise.resolve();
    expect(drained).toBe(false);
    out.full = false;
    out.emit('drain');
    await waiting;
    expect(drained).toBe(true);
    expect(lines.push('c')).toBeUndefined();
  });

  it('end writes what is queued without waiting for the turn, then waits for the drain', async () => {
    const out = new Stream();
    const lines = new LineBatcher(out, () => {});
    out.full = true;
    lines.push('last');
    let ended = false;
    const end = lines.end().then(() => (ended = true));
    expect(out.writes).toEqual(['last\n']);
    await Promise.resolve();
    expect(ended).toBe(false);
    out.emit('drain');
    await end;
    expect(ended).toBe(true);
  });
});
