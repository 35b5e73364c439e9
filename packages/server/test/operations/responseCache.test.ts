import { OPERATIONS } from '@vcase/shared';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ResponseCache } from '../../src/operations/responseCache.js';

const logger = pino({ level: 'silent' });
const op = OPERATIONS.getCaseMetadata;
/** A case id per letter key, so bodies pass the schema. */
const uuid = (k: string) => `00000000-0000-4000-8000-${Buffer.from(k).toString('hex').padStart(12, '0').slice(-12)}`;
const body = (k: string, n = 0) => ({ case_id: uuid(k), metadata: { n }, history: [] });

describe('ResponseCache', () => {
  it('computes once per version and serves the encoded body until the version moves', async () => {
    const cache = new ResponseCache({ strict: true, logger });
    let runs = 0;
    const read = (version: string) => cache.read(op, 'k', version, async () => body('a', ++runs));
    const first = await read('1');
    expect(JSON.parse(first.json)).toEqual(body('a', 1));
    expect(await read('1')).toBe(first);
    expect(runs).toBe(1);
    expect((await read('2')).value).toEqual(body('a', 2));
    expect(cache.stats).toEqual({ hits: 1, misses: 2 });
    expect(cache.size).toBe(1);
  });

  it('drops unknown keys through the schema, and refuses a body that does not match when strict', async () => {
    const strict = new ResponseCache({ strict: true, logger });
    const extra = await strict.read(op, 'k', '1', async () => ({ ...body('a'), internal: 'x' }));
    expect(extra.json).toBe(JSON.stringify(body('a')));
    await expect(strict.read(op, 'bad', '1', async () => ({ case_id: 1 }))).rejects.toThrow();
    const lenient = new ResponseCache({ strict: false, logger });
    expect((await lenient.read(op, 'bad', '1', async () => ({ case_id: 1 }))).json).toBe('{"case_id":1}');
  });

  it('keeps at most maxEntries and maxBytes, least recently used out first', async () => {
    const cache = new ResponseCache({ strict: true, logger, maxEntries: 2, maxBytes: 10_000 });
    await cache.read(op, 'a', '1', async () => body('a'));
    await cache.read(op, 'b', '1', async () => body('b'));
    await cache.read(op, 'a', '1', async () => body('a')); // a is now the most recent
    await cache.read(op, 'c', '1', async () => body('c'));
    let runs = 0;
    await cache.read(op, 'a', '1', async () => (runs++, body('a')));
    await cache.read(op, 'b', '1', async () => (runs++, body('b')));
    expect(runs).toBe(1); // b was evicted, a was kept

    const small = new ResponseCache({ strict: true, logger, maxBytes: 400 });
    for (const k of ['a', 'b', 'c', 'd', 'e', 'f']) await small.read(op, k, '1', async () => body(k));
    expect(small.size).toBeLessThan(6);
    // A body larger than a quarter of the budget is served but not kept.
    await small.read(op, 'big', '1', async () => ({ case_id: uuid('big'), metadata: { text: 'x'.repeat(200) }, history: [] }));
    let bigRuns = 0;
    await small.read(op, 'big', '1', async () => (bigRuns++, body('big')));
    expect(bigRuns).toBe(1);
  });
});
