import { CASE_NOT_FOUND_MESSAGE } from '@vcase/shared';
import { describe, expect, it } from 'vitest';
import { APIUserAbortError, AuthenticationError, InternalServerError, NotFoundError, WaitTimeoutError } from '../src/index.js';
import { madeBy } from './helpers/madeBy.js';
import { errorBody, IDS, json, testClient } from './helpers/mockFetch.js';

const rapi = (status: string) => ({
  case_id: IDS.case,
  job_id: IDS.job,
  result: status === 'completed' ? { hits: [] } : null,
  status,
  message: null,
});

describe('waitFor… helpers', () => {
  it('poll the GET until the job settles and return the final body', async () => {
    const { vcase, calls } = testClient([json(200, rapi('pending')), json(200, rapi('processing')), json(200, rapi('completed'))]);
    const progress: string[] = [];
    const final = await vcase.cases.waitForRapi(IDS.case, { onProgress: (s) => progress.push(s.status) });
    expect(final.status).toBe('completed');
    expect(progress).toEqual(['pending', 'processing', 'completed']);
    expect(calls.every((c) => c.method === 'GET' && c.path === `/v1/cases/${IDS.case}/rapi`)).toBe(true);
  });

  it('a settled error is returned, not thrown', async () => {
    const { vcase } = testClient([json(200, rapi('error'))]);
    await expect(vcase.cases.waitForRapi(IDS.case)).resolves.toMatchObject({ status: 'error' });
  });

  it('follow the interval schedule: initial delay, backoff, ceiling', async () => {
    const { vcase, delays } = testClient([...Array(6).fill(json(200, rapi('processing'))), json(200, rapi('completed'))]);
    await vcase.cases.waitForRapi(IDS.case, { initialDelayMs: 200, intervalMs: 100, backoff: 2, maxIntervalMs: 500 });
    expect(delays).toEqual([200, 100, 200, 400, 500, 500, 500]);
  });

  it('default schedule: 1 s growing by 1.5 up to 10 s', async () => {
    const { vcase, delays } = testClient([...Array(8).fill(json(200, rapi('pending'))), json(200, rapi('completed'))]);
    await vcase.cases.waitForRapi(IDS.case);
    expect(delays).toEqual([1000, 1500, 2250, 3375, 5063, 7595, 10000, 10000]);
  });

  it('stop at the deadline with WaitTimeoutError holding the last snapshot', async () => {
    const { vcase, calls, delays } = testClient(() => json(200, rapi('processing')));
    const waiting = vcase.cases.waitForRapi(IDS.case, { intervalMs: 1000, backoff: 1, timeoutMs: 3500 });
    const error = (await waiting.catch((e: unknown) => e)) as WaitTimeoutError;
    expect(error).toSatisfy(madeBy(WaitTimeoutError));
    expect(error.snapshot).toMatchObject({ status: 'processing', job_id: IDS.job });
    expect(error.elapsedMs).toBe(3500);
    expect(error.message).toMatch(/RAPI lookup of case .* did not settle within 3500 ms/);
    // reads at 0, 1000, 2000, 3000 and a last one at the deadline (3500), never after
    expect(delays).toEqual([1000, 1000, 1000, 500]);
    expect(calls).toHaveLength(5);
  });

  it('the deadline counts real time too, not only the time slept', async () => {
    let clock = 0;
    const { vcase, calls } = testClient(
      () => {
        clock += 10_000; // every read takes 10 s
        return json(200, rapi('processing'));
      },
      { now: () => clock },
    );
    await expect(vcase.cases.waitForRapi(IDS.case, { timeoutMs: 25_000 })).rejects.toSatisfy(madeBy(WaitTimeoutError));
    expect(calls).toHaveLength(3);
  });

  it('a read that hangs ends at the overall deadline (plus a second for a last read): WaitTimeoutError with the last body', async () => {
    let n = 0;
    const { vcase } = testClient(
      (req) =>
        n++ === 0
          ? json(200, rapi('processing'))
          : new Promise<Response>((_, reject) => req.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
      { sleep: async () => {} },
    );
    // Without the deadline the hung read would last 3 × 30 s, far past the test's own limit.
    const error = (await vcase.cases
      .waitForRapi(IDS.case, { timeoutMs: 1_500, intervalMs: 10, request: { timeoutMs: 30_000, maxRetries: 2 } })
      .catch((e: unknown) => e)) as WaitTimeoutError;
    expect(error).toSatisfy(madeBy(WaitTimeoutError));
    expect(error.snapshot).toMatchObject({ status: 'processing' });
  });

  it('a 404 early in a wait is "not yet"; after the grace period it is thrown', async () => {
    const notFound = () => errorBody(404, null, 'No se ha ejecutado ninguna consulta');
    const a = testClient([notFound(), notFound(), json(200, rapi('completed'))]);
    await expect(a.vcase.cases.waitForPedimento(IDS.case)).resolves.toMatchObject({ status: 'completed' });

    const b = testClient(() => notFound());
    const pastGrace = b.vcase.cases.waitForPedimento(IDS.case, { notFoundGraceMs: 2500, intervalMs: 1000, backoff: 1 });
    await expect(pastGrace).rejects.toSatisfy(madeBy(NotFoundError));
    expect(b.calls).toHaveLength(4); // at 0, 1000, 2000 tolerated; at 3000 thrown
  });

  const caseGone = 'a 404 saying the case is not found ends the wait at once, even within the grace';
  it(`${caseGone}; a timeout after 404s only has the last as its cause`, async () => {
    const gone = testClient([json(200, rapi('processing')), errorBody(404, null, CASE_NOT_FOUND_MESSAGE)]);
    const error = await gone.vcase.cases.runRapi(IDS.case).catch((e: unknown) => e);
    expect(error).toSatisfy(madeBy(NotFoundError));
    expect((error as NotFoundError).message).toBe(CASE_NOT_FOUND_MESSAGE);
    expect(gone.calls.map((c) => c.method)).toEqual(['POST', 'GET']);

    const missing = testClient(() => errorBody(404, null, 'No se ha ejecutado ninguna consulta'));
    const timeout = (await missing.vcase.cases
      .waitForPedimento(IDS.case, { timeoutMs: 3000, notFoundGraceMs: 10_000, intervalMs: 1000, backoff: 1 })
      .catch((e: unknown) => e)) as WaitTimeoutError;
    expect(timeout).toSatisfy(madeBy(WaitTimeoutError));
    expect(timeout.snapshot).toBeUndefined();
    expect(timeout.cause).toSatisfy(madeBy(NotFoundError));
    expect((timeout.cause as NotFoundError).message).toBe('No se ha ejecutado ninguna consulta');
  });

  it("an outage (5xx, no connection) after the read's own retries is ridden out until the deadline", async () => {
    const down = () => errorBody(503, null, 'Servicio no disponible');
    const refused = () => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    };
    // maxRetries 0: each failing read is one call; the wait itself goes on.
    const script = [down, refused, down, () => json(200, rapi('completed'))];
    const a = testClient((_req, i) => script[Math.min(i, script.length - 1)]!(), { maxRetries: 0 });
    await expect(a.vcase.cases.waitForRapi(IDS.case, { intervalMs: 1000, backoff: 1 })).resolves.toMatchObject({ status: 'completed' });
    expect(a.calls).toHaveLength(4);
    expect(a.delays).toEqual([1000, 1000, 1000]);

    // Down for good: the deadline ends it, with the last failure as the cause.
    const b = testClient(() => down(), { maxRetries: 0 });
    const timeout = (await b.vcase.cases
      .waitForRapi(IDS.case, { timeoutMs: 3000, intervalMs: 1000, backoff: 1 })
      .catch((e: unknown) => e)) as WaitTimeoutError;
    expect(timeout).toSatisfy(madeBy(WaitTimeoutError));
    expect(timeout.cause).toSatisfy(madeBy(InternalServerError));
    expect(b.calls).toHaveLength(4); // at 0, 1000, 2000 and the deadline

    // What asking again cannot change still ends the wait at once.
    const c = testClient([json(200, rapi('processing')), errorBody(401, null, 'No autorizado')], { maxRetries: 0 });
    await expect(c.vcase.cases.waitForRapi(IDS.case)).rejects.toSatisfy(madeBy(AuthenticationError));
    expect(c.calls).toHaveLength(2);
  });

  it('abort during the wait gives APIUserAbortError', async () => {
    const controller = new AbortController();
    const { vcase, calls } = testClient(() => json(200, rapi('processing')), { sleep: async () => controller.abort() });
    await expect(vcase.cases.waitForRapi(IDS.case, { signal: controller.signal })).rejects.toSatisfy(madeBy(APIUserAbortError));
    expect(calls).toHaveLength(1);
  });
});

describe('run… helpers start, then wait', () => {
  it('runRapi: POST then GET until completed; a 404 right after the start is "not yet"', async () => {
    const { vcase, calls } = testClient((req, i) => {
      if (req.method === 'POST') return json(202, { job_id: IDS.job, vin: '3VWFE21C04M000001', status: 'pending' });
      return i < 3 ? errorBody(404, null, 'sin consulta') : json(200, rapi('completed'));
    });
    const final = await vcase.cases.runRapi(IDS.case, { notFoundGraceMs: undefined });
    expect(final.status).toBe('completed');
    expect(calls.map((c) => `${c.method} ${c.path.split('/').pop()}`)).toEqual(['POST rapi', 'GET rapi', 'GET rapi', 'GET rapi']);
  });

  it.each([
    [
      'runCaseProcessing',
      'process',
      'status',
      { job_id: IDS.job, status: 'processing' },
      { case_id: IDS.case, job_id: IDS.job, status: 'completed' },
    ],
    [
      'runPlates',
      'plates',
      'plates',
      { case_id: IDS.case, internal_id: 'X', plates: [] },
      { case_id: IDS.case, internal_id: 'X', plates: [] },
    ],
    ['runChainPlates', 'chain_plates', 'chain_plates', { status: 'processing', chain: [] }, { status: 'completed', chain: [] }],
    [
      'runOwnershipChain',
      'ownership_chain',
      'ownership_chain',
      { status: 'processing', chain: [], gaps: [] },
      { status: 'completed', chain: [], gaps: [] },
    ],
    [
      'runTickets',
      'tickets',
      'tickets',
      { job_id: IDS.job, plates: ['ABC'], status: 'pending' },
      { status: 'completed', message: null, result: [] },
    ],
    [
      'runTaxes',
      'taxes',
      'taxes',
      { job_id: IDS.job, plates: ['ABC'], status: 'pending' },
      { main_tax: { status: 'completed' }, taxes: { status: 'completed' } },
    ],
    ['runPedimento', 'pedimento', 'pedimento', { job_id: IDS.job, status: 'pending' }, { status: 'completed' }],
    ['runRenapo', 'renapo', 'renapo', { job_id: IDS.job, curp: 'X', status: 'pending' }, { status: 'completed' }],
    ['runBureau', 'circulo-credito', 'circulo-credito', { job_id: IDS.job, vin: 'V', status: 'pending' }, { status: 'completed' }],
  ] as const)('%s: POST …/%s then GET …/%s', async (method, postSegment, getSegment, started, final) => {
    const { vcase, calls } = testClient((req) => (req.method === 'POST' ? json(202, started) : json(200, final)));
    await expect((vcase.cases[method] as (id: string) => Promise<unknown>)(IDS.case)).resolves.toEqual(final);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST /v1/cases/${IDS.case}/${postSegment}`,
      `GET /v1/cases/${IDS.case}/${getSegment}`,
    ]);
  });

  it('ine.run submits, then polls the job', async () => {
    const { vcase, calls } = testClient((req, i) =>
      req.method === 'POST'
        ? json(202, { job_id: IDS.job, status: 'processing' })
        : json(200, i < 2 ? { status: 'processing', data: null } : { status: 'completed', data: { names: 'ANA' } }),
    );
    await expect(vcase.ine.run({ front: 'https://img.example/front.jpg' })).resolves.toMatchObject({ status: 'completed' });
    const job = `/documents/ine/${IDS.job}`;
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /documents/ine', `GET ${job}`, `GET ${job}`]);
  });
});
