import { describe, expect, it } from 'vitest';
import { Page, type CaseListItem } from '../src/index.js';
import { madeBy } from './helpers/madeBy.js';
import { json, testClient } from './helpers/mockFetch.js';

function caseItem(n: number): CaseListItem {
  return {
    case_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    internal_id: `EXP-${n}`,
    review_status: 'sin_documentos',
    use_case_id: null,
    user_id_added_by: null,
    created_by: null,
    created_at: '2026-01-01T00:00:00.000Z',
    active: true,
  };
}

/** A server holding `total` cases, answering limit/offset like the contract (§4.1). */
function pagedServer(total: number) {
  return testClient((req) => {
    const url = new URL(req.url);
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const data = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => caseItem(offset + i));
    return json(200, { data, pagination: { limit, offset, total, has_more: offset + limit < total } });
  });
}

describe('pagination', () => {
  it('for await walks every item of every page, keeping the filters', async () => {
    const { vcase, calls } = pagedServer(7);
    const seen: string[] = [];
    for await (const c of vcase.cases.list({ limit: 3, internal_id: 'EXP' })) seen.push(c.internal_id);
    expect(seen).toEqual(['EXP-0', 'EXP-1', 'EXP-2', 'EXP-3', 'EXP-4', 'EXP-5', 'EXP-6']);
    expect(calls.map((c) => new URL(c.url).search)).toEqual([
      '?limit=3&internal_id=EXP&offset=0',
      '?limit=3&internal_id=EXP&offset=3',
      '?limit=3&internal_id=EXP&offset=6',
    ]);
  });

  it('awaiting gives the first page with data, pagination and page navigation', async () => {
    const { vcase, calls } = pagedServer(5);
    const page = await vcase.cases.list({ limit: 2 });
    expect(page).toSatisfy(madeBy(Page));
    expect(page.data.map((c) => c.internal_id)).toEqual(['EXP-0', 'EXP-1']);
    expect(page.pagination).toEqual({ limit: 2, offset: 0, total: 5, has_more: true });
    expect(page.hasNextPage()).toBe(true);
    const next = await page.getNextPage();
    expect(next.data.map((c) => c.internal_id)).toEqual(['EXP-2', 'EXP-3']);
    expect(calls).toHaveLength(2);
  });

  it('iterPages yields each page once and stops at has_more false', async () => {
    const { vcase, calls } = pagedServer(5);
    const sizes: number[] = [];
    for await (const page of (await vcase.cases.list({ limit: 2 })).iterPages()) sizes.push(page.data.length);
    expect(sizes).toEqual([2, 2, 1]);
    expect(calls).toHaveLength(3);
  });

  it('a last page has no next page, and asking for one says so', async () => {
    const { vcase } = pagedServer(2);
    const page = await vcase.cases.list({ limit: 5 });
    expect(page.hasNextPage()).toBe(false);
    await expect(page.getNextPage()).rejects.toThrow(/No next page/);
  });

  it('starts from the given offset', async () => {
    const { vcase } = pagedServer(4);
    const ids: string[] = [];
    for await (const c of vcase.cases.list({ limit: 2, offset: 1 })) ids.push(c.internal_id);
    expect(ids).toEqual(['EXP-1', 'EXP-2', 'EXP-3']);
  });

  it('cases created while the pages are read do not repeat items (newest first, paged by offset)', async () => {
    // Newest first: case n is at position total-1-n. Two cases are created after each page.
    let total = 6;
    const { vcase } = testClient((req) => {
      const url = new URL(req.url);
      const limit = Number(url.searchParams.get('limit'));
      const offset = Number(url.searchParams.get('offset'));
      const newestFirst = Array.from({ length: total }, (_, i) => caseItem(total - 1 - i));
      const data = newestFirst.slice(offset, offset + limit);
      const body = { data, pagination: { limit, offset, total, has_more: offset + limit < total } };
      total += 2;
      return json(200, body);
    });
    const seen: string[] = [];
    for await (const c of vcase.cases.list({ limit: 3 })) {
      seen.push(c.internal_id);
      if (seen.length > 50) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    // Every case that existed when the walk began is there.
    for (let n = 0; n < 6; n++) expect(seen).toContain(`EXP-${n}`);
  });

  it('the documents list pages the same way', async () => {
    const { vcase, calls } = testClient((req) => {
      const offset = Number(new URL(req.url).searchParams.get('offset'));
      return json(200, {
        data: offset === 0 ? [{ document_id: 'a' }] : [{ document_id: 'b' }],
        pagination: { limit: 1, offset, total: 2, has_more: offset === 0 },
      });
    });
    const ids: string[] = [];
    for await (const d of vcase.documents.list({ limit: 1, case_id: '11111111-1111-4111-8111-111111111111' })) ids.push(d.document_id);
    expect(ids).toEqual(['a', 'b']);
    expect(calls[1]!.url).toContain('/v1/documents?limit=1&case_id=11111111-1111-4111-8111-111111111111&offset=1');
  });

  it('an error on a later page surfaces from the loop', async () => {
    const { vcase } = testClient((req) =>
      new URL(req.url).searchParams.get('offset') === '0'
        ? json(200, { data: [caseItem(0)], pagination: { limit: 1, offset: 0, total: 2, has_more: true } })
        : json(404, { error: { code: null, message: 'gone' } }),
    );
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const c of vcase.cases.list({ limit: 1 })) seen.push(c.internal_id);
      })(),
    ).rejects.toMatchObject({ status: 404 });
    expect(seen).toEqual(['EXP-0']);
  });
});
