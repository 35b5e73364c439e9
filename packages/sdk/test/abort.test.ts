import { describe, expect, it, vi } from 'vitest';
import { onAbort } from '../src/core/abort.js';
import { APIUserAbortError } from '../src/index.js';
import { madeBy } from './helpers/madeBy.js';
import { IDS, json, testClient } from './helpers/mockFetch.js';

describe('onAbort (one listener per caller signal)', () => {
  it('many registrations add one listener; an abort reaches the registered ones with the reason', () => {
    const controller = new AbortController();
    const add = vi.spyOn(controller.signal, 'addEventListener');
    const seen: unknown[] = [];
    const unlinks = [1, 2, 3].map((n) => onAbort(controller.signal, (reason) => seen.push([n, reason])));
    unlinks[1]!();
    expect(add).toHaveBeenCalledTimes(1);
    controller.abort('stop');
    expect(seen).toEqual([
      [1, 'stop'],
      [3, 'stop'],
    ]);
  });

  it('an already aborted signal calls back at once', () => {
    const controller = new AbortController();
    controller.abort('gone');
    const seen: unknown[] = [];
    onAbort(controller.signal, (reason) => seen.push(reason));
    expect(seen).toEqual(['gone']);
  });

  it('a client making many calls with one signal adds one listener to it, and its abort still stops a call', async () => {
    const controller = new AbortController();
    const add = vi.spyOn(controller.signal, 'addEventListener');
    const { vcase } = testClient((req, i) =>
      i < 5
        ? json(200, { status: 'ok' })
        : new Promise<Response>((_, reject) => req.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    for (let i = 0; i < 5; i++) await vcase.health({ signal: controller.signal });
    const hung = vcase.cases.get(IDS.case, {}, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    await expect(hung).rejects.toSatisfy(madeBy(APIUserAbortError));
    expect(add).toHaveBeenCalledTimes(1);
  });
});
