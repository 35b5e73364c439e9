import { describe, expect, it } from 'vitest';
import { Vcase, VcaseError, type AbortControllerClass } from '../src/index.js';
import { BASE_URL, json, mockFetch } from './helpers/mockFetch.js';

describe('the transport option', () => {
  it("gives fetch the signals of the transport's AbortController, one per attempt", async () => {
    const made: AbortController[] = [];
    class Recording extends AbortController {
      constructor() {
        super();
        made.push(this);
      }
    }
    const { fetch, calls } = mockFetch([json(503, {}), json(200, { status: 'ok' })]);
    const transport = { fetch, AbortController: Recording as AbortControllerClass };
    const vcase = new Vcase({ baseURL: BASE_URL, transport, sleep: async () => {} });
    await expect(vcase.health()).resolves.toEqual({ status: 'ok' });
    expect(made).toHaveLength(2);
    expect(calls.map((c) => c.signal)).toEqual(made.map((c) => c.signal));
  });

  it('takes fetch or transport, not both; withOptions swaps one for the other', async () => {
    const { fetch } = mockFetch([json(200, { status: 'ok' })]);
    const other = mockFetch([json(200, { status: 'ok' })]);
    expect(() => new Vcase({ baseURL: BASE_URL, fetch, transport: { fetch } })).toThrow(VcaseError);
    const vcase = new Vcase({ baseURL: BASE_URL, transport: { fetch } });
    await vcase.withOptions({ fetch: other.fetch }).health();
    expect(other.calls).toHaveLength(1);
  });
});
