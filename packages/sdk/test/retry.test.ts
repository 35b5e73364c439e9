import { describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  BadRequestError,
  InternalServerError,
  RateLimitError,
} from '../src/index.js';
import { backoffDelayMs, parseRetryAfter } from '../src/core/retry.js';
import { madeBy } from './helpers/madeBy.js';
import { errorBody, IDS, json, testClient } from './helpers/mockFetch.js';

const created = () => json(201, { case_id: IDS.case, status: 'completed' });
const caseBody = { internal_id: 'EXP-1', status: 'nuevo' };

describe('retries', () => {
  it.each([408, 409, 429, 500, 502, 503, 504])('retries %i and returns the later success', async (status) => {
    const { vcase, calls } = testClient([errorBody(status, null, 'transient'), created()]);
    await expect(vcase.cases.create(caseBody)).resolves.toEqual({ case_id: IDS.case, status: 'completed' });
    expect(calls).toHaveLength(2);
  });

  it.each([400, 401, 403, 404, 422])('does not retry %i', async (status) => {
    const { vcase, calls } = testClient([errorBody(status, null, 'final'), created()]);
    await expect(vcase.cases.create(caseBody)).rejects.toMatchObject({ status });
    expect(calls).toHaveLength(1);
  });

  it('retries connection errors, then throws APIConnectionError', async () => {
    const { vcase, calls } = testClient(() => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    });
    const error = await vcase.cases.get(IDS.case).catch((e: unknown) => e);
    expect(error).toSatisfy(madeBy(APIConnectionError));
    expect((error as Error).message).toContain('ECONNREFUSED');
    expect(calls).toHaveLength(3);
  });

  it('sends a call that adds a record again after a 5xx or a reset, under the one Idempotency-Key the server replays', async () => {
    const metadata = () => json(200, { case_id: IDS.case, metadata: {}, history: [] });
    const reset = () => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });
    };
    for (const first of [() => errorBody(503, null, 'down'), reset, () => errorBody(429, null, 'slow down')]) {
      const { vcase, calls } = testClient([first, metadata]);
      await expect(vcase.cases.appendMetadata(IDS.case, { a: 1 })).resolves.toMatchObject({ case_id: IDS.case });
      const keys = calls.map((c) => c.headers.get('idempotency-key'));
      expect(keys).toHaveLength(2);
      expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
      expect(keys[1]).toBe(keys[0]);
    }
  });

  it(
    'does not send again an admin create that answers a secret once it may have reached the server ' +
      '(the server keeps no answer to replay)',
    async () => {
      const key = () => json(201, { key_id: IDS.job, api_key: 'vk_secret' });
      for (const [first, attempts] of [
        [() => errorBody(503, null, 'down'), 1],
        [() => errorBody(429, null, 'slow down'), 2],
      ] as const) {
        const { vcase, calls } = testClient([first, key], { adminToken: 'adm' });
        const result = vcase.admin.apiKeys.create(IDS.case, { name: 'ci' }, { idempotencyKey: 'mine' });
        if (attempts === 1) await expect(result).rejects.toBeTruthy();
        else await expect(result).resolves.toMatchObject({ api_key: 'vk_secret' });
        expect(calls).toHaveLength(attempts);
      }
    },
  );

  it('makes maxRetries + 1 attempts: default 2, client option, per-call option', async () => {
    const fail = () => errorBody(503, null, 'down');
    const a = testClient(fail);
    await expect(a.vcase.cases.get(IDS.case)).rejects.toSatisfy(madeBy(InternalServerError));
    expect(a.calls).toHaveLength(3);

    const b = testClient(fail, { maxRetries: 5 });
    await expect(b.vcase.cases.get(IDS.case)).rejects.toSatisfy(madeBy(InternalServerError));
    expect(b.calls).toHaveLength(6);

    const c = testClient(fail, { maxRetries: 5 });
    await expect(c.vcase.cases.get(IDS.case, {}, { maxRetries: 0 })).rejects.toSatisfy(madeBy(InternalServerError));
    expect(c.calls).toHaveLength(1);
  });

  it('honours Retry-After in seconds', async () => {
    const { vcase, delays } = testClient([errorBody(429, null, 'slow down', { 'retry-after': '3' }), created()]);
    await vcase.cases.create(caseBody);
    expect(delays).toEqual([3000]);
  });

  it('honours Retry-After as an HTTP date', async () => {
    const now = Date.parse('2026-08-21T12:00:00Z');
    const { vcase, delays } = testClient(
      [errorBody(503, null, 'maintenance', { 'retry-after': 'Fri, 21 Aug 2026 12:00:05 GMT' }), created()],
      { now: () => now },
    );
    await vcase.cases.create(caseBody);
    expect(delays).toEqual([5000]);
  });

  it('ignores an unreasonable Retry-After (over 60 s) and backs off instead', async () => {
    const { vcase, delays } = testClient([errorBody(429, null, 'later', { 'retry-after': '3600' }), created()]);
    await vcase.cases.create(caseBody);
    expect(delays[0]).toBeGreaterThanOrEqual(375);
    expect(delays[0]).toBeLessThanOrEqual(500);
  });

  it('backs off exponentially with jitter, within bounds', async () => {
    const { vcase, delays } = testClient(() => errorBody(500, null, 'boom'), { maxRetries: 6 });
    await expect(vcase.cases.get(IDS.case)).rejects.toSatisfy(madeBy(InternalServerError));
    const bounds = [500, 1000, 2000, 4000, 8000, 8000];
    expect(delays).toHaveLength(6);
    delays.forEach((d, i) => {
      expect(d).toBeGreaterThanOrEqual(bounds[i]! * 0.75);
      expect(d).toBeLessThanOrEqual(bounds[i]!);
    });
  });

  it('backoffDelayMs: exact bounds for the jitter extremes, capped at 8 s', () => {
    expect(backoffDelayMs(0, () => 0)).toBe(500);
    expect(backoffDelayMs(0, () => 0.999999)).toBe(375);
    expect(backoffDelayMs(3, () => 0)).toBe(4000);
    expect(backoffDelayMs(10, () => 0)).toBe(8000);
    expect(backoffDelayMs(10, () => 0.999999)).toBe(6000);
  });

  it('parseRetryAfter reads seconds, decimals, retry-after-ms and dates; ignores junk', () => {
    const h = (o: Record<string, string>) => new Headers(o);
    expect(parseRetryAfter(h({ 'retry-after': '2' }))).toBe(2000);
    expect(parseRetryAfter(h({ 'retry-after': '1.5' }))).toBe(1500);
    expect(parseRetryAfter(h({ 'retry-after-ms': '250' }))).toBe(250);
    expect(parseRetryAfter(h({ 'retry-after': 'Thu, 01 Jan 1970 00:00:10 GMT' }), () => 4000)).toBe(6000);
    expect(parseRetryAfter(h({ 'retry-after': 'Thu, 01 Jan 1970 00:00:10 GMT' }), () => 20_000)).toBe(0);
    expect(parseRetryAfter(h({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(parseRetryAfter(h({}))).toBeUndefined();
  });
});

describe('Idempotency-Key', () => {
  it('is sent on POST /v1/cases and kept across the retries of one call', async () => {
    const { vcase, calls } = testClient([errorBody(503, null, 'x'), errorBody(500, null, 'y'), created()]);
    await vcase.cases.create(caseBody);
    const keys = calls.map((c) => c.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    expect(calls).toHaveLength(3);
  });

  it('is new for each logical call', async () => {
    const { vcase, calls } = testClient(() => created());
    await vcase.cases.create(caseBody);
    await vcase.cases.create(caseBody);
    expect(calls[0]!.headers.get('idempotency-key')).not.toBe(calls[1]!.headers.get('idempotency-key'));
  });

  it('is sent on POST /v1/documents, and the caller can choose it', async () => {
    const { vcase, calls } = testClient([errorBody(502, null, 'x'), json(201, { document_id: IDS.doc, url: 'u' })]);
    await vcase.documents.upload(
      { case_id: IDS.case, file: new Uint8Array([1, 2, 3]), filename: 'a.pdf' },
      { idempotencyKey: 'batch-7-row-12' },
    );
    expect(calls.map((c) => c.headers.get('idempotency-key'))).toEqual(['batch-7-row-12', 'batch-7-row-12']);
  });

  it('is sent on every call that adds a record or starts work, and on no read or state change', async () => {
    const { vcase, calls } = testClient((req) =>
      req.method === 'GET'
        ? json(200, { case_id: IDS.case, metadata: {}, history: [] })
        : json(202, { job_id: IDS.job, vin: 'V', status: 'pending' }),
    );
    await vcase.cases.startRapi(IDS.case);
    await vcase.cases.startBureau(IDS.case);
    await vcase.cases.metadata(IDS.case);
    expect(calls.map((c) => c.headers.has('idempotency-key'))).toEqual([true, true, false]);
  });
});

describe('abort and timeout', () => {
  /** A fetch that never answers until its signal aborts, as a real hung request. */
  const hanging = () =>
    testClient(
      (req) =>
        new Promise<Response>((_, reject) => {
          req.signal?.addEventListener('abort', () => reject(req.signal?.reason ?? new Error('aborted')));
        }),
    );

  it('an already aborted signal sends nothing', async () => {
    const { vcase, calls } = testClient(() => created());
    const controller = new AbortController();
    controller.abort();
    await expect(vcase.cases.create(caseBody, { signal: controller.signal })).rejects.toSatisfy(madeBy(APIUserAbortError));
    expect(calls).toHaveLength(0);
  });

  it('aborting during a request gives APIUserAbortError and no retry', async () => {
    const { vcase, calls } = hanging();
    const controller = new AbortController();
    const pending = vcase.cases.get(IDS.case, {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 5);
    await expect(pending).rejects.toSatisfy(madeBy(APIUserAbortError));
    expect(calls).toHaveLength(1);
  });

  it('aborting between retries stops them', async () => {
    const controller = new AbortController();
    const { vcase, calls } = testClient(() => errorBody(503, null, 'down'), {
      sleep: async () => controller.abort(),
    });
    await expect(vcase.cases.get(IDS.case, {}, { signal: controller.signal })).rejects.toSatisfy(madeBy(APIUserAbortError));
    expect(calls).toHaveLength(1);
  });

  it('a request over timeoutMs gives APIConnectionTimeoutError after its retries', async () => {
    const { vcase, calls } = hanging();
    const error = await vcase.cases.get(IDS.case, {}, { timeoutMs: 5, maxRetries: 1 }).catch((e: unknown) => e);
    expect(error).toSatisfy(madeBy(APIConnectionTimeoutError));
    expect(error).toSatisfy(madeBy(APIConnectionError));
    expect(calls).toHaveLength(2);
  });

  it('a timeout is retried and can then succeed', async () => {
    const { vcase, calls } = testClient((req, i) =>
      i === 0 ? new Promise<Response>((_, reject) => req.signal?.addEventListener('abort', () => reject(new Error('aborted')))) : created(),
    );
    await expect(vcase.cases.create(caseBody, { timeoutMs: 5 })).resolves.toMatchObject({ case_id: IDS.case });
    expect(calls).toHaveLength(2);
  });

  it('rate limits surface as RateLimitError once retries are spent', async () => {
    const { vcase } = testClient(() => errorBody(429, null, 'Too many'), { maxRetries: 1 });
    await expect(vcase.cases.list()).rejects.toSatisfy(madeBy(RateLimitError));
  });

  it('a local validation failure is a BadRequestError with the server code and sends nothing', async () => {
    const { vcase, calls } = testClient(() => created());
    const error = await vcase.cases.create({ internal_id: '  ', status: 'nuevo' }).catch((e: unknown) => e);
    expect(error).toSatisfy(madeBy(BadRequestError));
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', fields: ['internal_id'], requestId: undefined });
    expect(calls).toHaveLength(0);
  });
});
