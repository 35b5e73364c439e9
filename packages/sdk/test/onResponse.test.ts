import { describe, expect, it } from 'vitest';
import { IDS, json, testClient } from './helpers/mockFetch.js';

describe('RequestOptions.onResponse', () => {
  it('gets the status and headers of the answer, e.g. that the server replayed an Idempotency-Key', async () => {
    const { vcase } = testClient([
      json(201, { document_id: IDS.doc, url: 'http://f/1', status: 'uploaded' }, { 'idempotent-replayed': 'true' }),
    ]);
    const seen: { status: number; replayed: string | null }[] = [];
    const res = await vcase.documents.upload(
      { case_id: IDS.case, file: Buffer.from('%PDF'), filename: 'a.pdf' },
      { idempotencyKey: 'row-1', onResponse: (r) => seen.push({ status: r.status, replayed: r.headers.get('idempotent-replayed') }) },
    );
    expect(res.document_id).toBe(IDS.doc);
    expect(seen).toEqual([{ status: 201, replayed: 'true' }]);
  });

  it('is not called for an error answer', async () => {
    const { vcase } = testClient([json(404, { error: { code: 'RESOURCE_NOT_FOUND', message: 'Caso no encontrado' } })]);
    let called = false;
    await expect(vcase.cases.get(IDS.case, {}, { onResponse: () => (called = true) })).rejects.toMatchObject({ status: 404 });
    expect(called).toBe(false);
  });
});
