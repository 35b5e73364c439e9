import { describe, expect, it } from 'vitest';
import type { Vcase } from '../src/index.js';
import { IDS, json, testClient } from './helpers/mockFetch.js';

const C = `/v1/cases/${IDS.case}`;
const D = `/v1/documents/${IDS.doc}`;

/**
 * Every method against the request it must send. Many of these endpoints are not served by
 * the server yet (lookups, chains, invoices…), so this is their only test for now.
 */
const table: Array<[string, (v: Vcase) => Promise<unknown>, string, unknown?, string?]> = [
  // cases
  [
    'cases.create',
    (v) => v.cases.create({ internal_id: 'EXP-1', status: 'nuevo', metadata: { numero_siniestro: 'S-1' } }),
    'POST /v1/cases',
    { internal_id: 'EXP-1', status: 'nuevo', metadata: { numero_siniestro: 'S-1' } },
  ],
  ['cases.get', (v) => v.cases.get(IDS.case, { files: 'all' }), `GET ${C}?files=all`],
  ['cases.delete', (v) => v.cases.delete(IDS.case), `DELETE ${C}`],
  ['cases.assign', (v) => v.cases.assign(IDS.case, 'pid-7'), `POST ${C}/assign`, { user_id: 'pid-7' }],
  ['cases.process', (v) => v.cases.process(IDS.case), `POST ${C}/process`],
  ['cases.status', (v) => v.cases.status(IDS.case), `GET ${C}/status`],
  ['cases.names', (v) => v.cases.names(IDS.case), `GET ${C}/names`],
  ['cases.vins', (v) => v.cases.vins(IDS.case), `GET ${C}/vins`],
  ['cases.metadata', (v) => v.cases.metadata(IDS.case), `GET ${C}/metadata`],
  [
    'cases.appendMetadata',
    (v) => v.cases.appendMetadata(IDS.case, { tipo_afectado: 'tercero' }),
    `POST ${C}/metadata`,
    { tipo_afectado: 'tercero' },
  ],
  ['cases.plates', (v) => v.cases.plates(IDS.case), `GET ${C}/plates`],
  ['cases.computePlates', (v) => v.cases.computePlates(IDS.case), `POST ${C}/plates`],
  ['cases.chainPlates', (v) => v.cases.chainPlates(IDS.case), `GET ${C}/chain_plates`],
  ['cases.generateChainPlates', (v) => v.cases.generateChainPlates(IDS.case), `POST ${C}/chain_plates`],
  ['cases.ownershipChain', (v) => v.cases.ownershipChain(IDS.case), `GET ${C}/ownership_chain`],
  ['cases.generateOwnershipChain', (v) => v.cases.generateOwnershipChain(IDS.case), `POST ${C}/ownership_chain`],
  ['cases.tickets', (v) => v.cases.tickets(IDS.case), `GET ${C}/tickets`],
  ['cases.startTickets', (v) => v.cases.startTickets(IDS.case), `POST ${C}/tickets`],
  ['cases.taxes', (v) => v.cases.taxes(IDS.case), `GET ${C}/taxes`],
  ['cases.startTaxes', (v) => v.cases.startTaxes(IDS.case), `POST ${C}/taxes`],
  ['cases.invoices', (v) => v.cases.invoices(IDS.case), `GET ${C}/invoices`],
  ['cases.repuve', (v) => v.cases.repuve(IDS.case), `GET ${C}/repuve`],
  ['cases.pedimento', (v) => v.cases.pedimento(IDS.case), `GET ${C}/pedimento`],
  ['cases.startPedimento', (v) => v.cases.startPedimento(IDS.case), `POST ${C}/pedimento`],
  ['cases.rapi', (v) => v.cases.rapi(IDS.case), `GET ${C}/rapi`],
  ['cases.startRapi', (v) => v.cases.startRapi(IDS.case), `POST ${C}/rapi`],
  ['cases.renapo', (v) => v.cases.renapo(IDS.case), `GET ${C}/renapo`],
  ['cases.startRenapo', (v) => v.cases.startRenapo(IDS.case), `POST ${C}/renapo`],
  ['cases.bureau', (v) => v.cases.bureau(IDS.case), `GET ${C}/circulo-credito`],
  ['cases.startBureau', (v) => v.cases.startBureau(IDS.case), `POST ${C}/circulo-credito`],
  // documents
  ['documents.get', (v) => v.documents.get(IDS.doc), `GET ${D}`, undefined, 'x-api-key'],
  ['documents.delete', (v) => v.documents.delete(IDS.doc), `DELETE ${D}`, undefined, 'x-api-key'],
  ['documents.restore', (v) => v.documents.restore(IDS.doc), `POST ${D}/restore`, undefined, 'x-api-key'],
  ['documents.classify (manual)', (v) => v.documents.classify(IDS.doc, 'invoice'), `POST ${D}/classify`, { type: 'invoice' }, 'x-api-key'],
  ['documents.classify (automatic)', (v) => v.documents.classify(IDS.doc), `POST ${D}/classify`, undefined, 'x-api-key'],
  [
    'documents.reclassify',
    (v) => v.documents.reclassify(IDS.doc, 'tax_payment'),
    `POST ${D}/reclassify`,
    { type: 'tax_payment' },
    'x-api-key',
  ],
  [
    'documents.patchOcr',
    (v) => v.documents.patchOcr(IDS.doc, { parsed_data: { vin: '3VWFE21C04M000001' } }),
    `PATCH ${D}/ocr`,
    { parsed_data: { vin: '3VWFE21C04M000001' } },
    'x-api-key',
  ],
  ['documents.process', (v) => v.documents.process(IDS.doc), `POST ${D}/process`, undefined, 'x-api-key'],
  ['documents.extractionData', (v) => v.documents.extractionData(IDS.doc), `GET ${D}/extraction-data`, undefined, 'x-api-key'],
  // INE
  [
    'ine.submit',
    (v) => v.ine.submit({ front: 'data:image/jpeg;base64,AAAA', back: 'https://x/b.jpg' }),
    'POST /documents/ine',
    { front: 'data:image/jpeg;base64,AAAA', back: 'https://x/b.jpg' },
  ],
  ['ine.get', (v) => v.ine.get(IDS.job), `GET /documents/ine/${IDS.job}`],
  // admin
  [
    'admin.companies.create',
    (v) => v.admin.companies.create({ name: 'Norte', status_catalog: ['nuevo'] }),
    'POST /admin/companies',
    { name: 'Norte', status_catalog: ['nuevo'] },
  ],
  [
    'admin.users.create',
    (v) => v.admin.users.create(IDS.company, { name: 'Ana', pid: null }),
    `POST /admin/companies/${IDS.company}/users`,
    { name: 'Ana', pid: null },
  ],
  ['admin.tokens.create', (v) => v.admin.tokens.create('uid-1'), 'POST /admin/users/uid-1/tokens', {}],
  [
    'admin.apiKeys.create',
    (v) => v.admin.apiKeys.create(IDS.company, { name: 'batch' }),
    `POST /admin/companies/${IDS.company}/api-keys`,
    { name: 'batch' },
  ],
  ['admin.apiKeys.revoke', (v) => v.admin.apiKeys.revoke(IDS.job), `DELETE /admin/api-keys/${IDS.job}`],
  [
    'admin.webhooks.set',
    (v) => v.admin.webhooks.set(IDS.company, 'v1-assign-analyst', { url: 'https://hooks.example/a', api_key: null }),
    `PUT /admin/companies/${IDS.company}/webhooks/v1-assign-analyst`,
    { url: 'https://hooks.example/a', api_key: null },
  ],
  [
    'admin.webhooks.delete',
    (v) => v.admin.webhooks.delete(IDS.company, 'expediente-created'),
    `DELETE /admin/companies/${IDS.company}/webhooks/expediente-created`,
  ],
  [
    'admin.deliveries.list',
    (v) => v.admin.deliveries.list(IDS.company, { event: 'v1-assign-analyst' }),
    `GET /admin/companies/${IDS.company}/webhook-deliveries?event=v1-assign-analyst`,
  ],
  [
    'admin.fixtures.set',
    (v) => v.admin.fixtures.set('rapi', '3VWFE21C04M000001', { result: { hits: 0 }, delay_ms: 10 }),
    'PUT /admin/sandbox/fixtures/rapi/3VWFE21C04M000001',
    { result: { hits: 0 }, delay_ms: 10 },
  ],
  ['admin.fixtures.list', (v) => v.admin.fixtures.list(), 'GET /admin/sandbox/fixtures'],
  ['admin.fixtures.clear', (v) => v.admin.fixtures.clear(), 'DELETE /admin/sandbox/fixtures'],
];

describe('every method sends its operation', () => {
  it.each(table)('%s → %s', async (_, call, request, body, credentialHeader = 'authorization') => {
    const { vcase, calls } = testClient(() => json(200, { ok: true }));
    await call(vcase);
    expect(calls).toHaveLength(1);
    expect(`${calls[0]!.method} ${calls[0]!.path}`).toBe(request);
    expect(calls[0]!.body).toEqual(body);
    expect(calls[0]!.headers.has(credentialHeader)).toBe(true);
  });

  it('path parameters are URI-encoded', async () => {
    const { vcase, calls } = testClient(() => json(200, {}));
    await vcase.admin.fixtures.set('tickets', 'ABC 12/3:MEX', {});
    expect(calls[0]!.path).toBe('/admin/sandbox/fixtures/tickets/ABC%2012%2F3%3AMEX');
  });

  it('204 answers resolve to undefined', async () => {
    const { vcase } = testClient(() => new Response(null, { status: 204 }));
    await expect(vcase.admin.apiKeys.revoke(IDS.job)).resolves.toBeUndefined();
  });

  it('sends a user-agent and the caller headers', async () => {
    const { vcase, calls } = testClient(() => json(200, {}), { defaultHeaders: { 'x-tenant': 'norte' } });
    await vcase.cases.names(IDS.case, { headers: { 'x-trace': 't-1' } });
    expect(calls[0]!.headers.get('user-agent')).toMatch(/^vcase-sdk\//);
    expect(calls[0]!.headers.get('x-tenant')).toBe('norte');
    expect(calls[0]!.headers.get('x-trace')).toBe('t-1');
  });

  it('logs one debug line per request and one warn line per retry', async () => {
    const lines: string[] = [];
    const logger = { debug: (m: string) => lines.push(`debug ${m}`), warn: (m: string) => lines.push(`warn ${m}`) };
    const { vcase } = testClient([json(503, { error: { code: null, message: 'x' } }), json(200, {})], { logger });
    await vcase.cases.vins(IDS.case);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^debug vcase GET .*\/vins → 503/);
    expect(lines[1]).toMatch(/^warn vcase GET .*\/vins failed \(503\); retry 1\/2 in \d+ ms/);
    expect(lines[2]).toMatch(/^debug vcase GET .*\/vins → 200/);
  });
});
