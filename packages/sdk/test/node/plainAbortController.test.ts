import { describe, expect, it } from 'vitest';
import { PlainAbortController } from '../../src/node/plainAbortController.js';

describe('PlainAbortController', () => {
  it('aborts once, with an AbortError by default, and calls each listener once', () => {
    const controller = new PlainAbortController();
    const calls: string[] = [];
    const a = () => calls.push('a');
    const b = () => calls.push('b');
    controller.signal.addEventListener('abort', a);
    controller.signal.addEventListener('abort', b);
    controller.signal.removeEventListener('abort', b);
    expect(controller.signal.aborted).toBe(false);
    controller.abort();
    controller.abort('again');
    expect(calls).toEqual(['a']);
    expect(controller.signal.aborted).toBe(true);
    expect(controller.signal.reason).toMatchObject({ name: 'AbortError' });
    expect(() => controller.signal.throwIfAborted()).toThrow(expect.objectContaining({ name: 'AbortError' }));
  });

  it('keeps the given reason', () => {
    const controller = new PlainAbortController();
    controller.abort('timeout');
    expect(controller.signal.reason).toBe('timeout');
  });
});
