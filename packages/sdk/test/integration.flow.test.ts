import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestError, FileTooLargeError, Vcase, type WaitOptions } from '../src/index.js';
import { ADMIN_TOKEN, createTenant, startTestServer, type Tenant, type TestServer } from '../../server/test/helpers/testServer.js';
import { madeBy } from './helpers/madeBy.js';

/**
 * The integrator's flow against a real in-process server with the sandbox providers:
 * create a case, upload documents, process, start lookups and wait for them.
 */
const fixture = (name: string) => fileURLToPath(new URL(`../../server/test/fixtures/documents/${name}`, import.meta.url));
const IMPORTED_INVOICE = fixture('cfdi40-importado-pedimento.xml');
const VIN = '1FTFW1E51PFA12345';
const fast: WaitOptions = { intervalMs: 25, backoff: 1.5, maxIntervalMs: 200, timeoutMs: 15_000 };

let t: TestServer;
let tenant: Tenant;
let vcase: Vcase;
let admin: Vcase;

beforeAll(async () => {
  t = await startTestServer();
  const baseURL = await t.server.app.listen({ port: 0, host: '127.0.0.1' });
  tenant = await createTenant(t);
  vcase = new Vcase({ baseURL, token: tenant.token, apiKey: tenant.apiKey, maxRetries: 0 });
  admin = new Vcase({ baseURL, adminToken: ADMIN_TOKEN });
});

afterAll(async () => {
  await t?.close();
});

describe('case with an invoice', () => {
  let caseId: string;
  let documentId: string;

  it('uploads a file from a path with the MIME inferred, and waits for its OCR', async () => {
    caseId = (await vcase.cases.create({ internal_id: `FLOW-${Date.now()}`, status: 'nuevo' })).case_id;
    const uploaded = await vcase.documents.upload({ case_id: caseId, file: IMPORTED_INVOICE, type: 'invoice' });
    documentId = uploaded.document_id;
    expect(uploaded.url).toMatch(/^http/);

    await vcase.cases.runCaseProcessing(caseId, fast);
    const doc = await vcase.documents.waitForOcr(documentId, fast);
    expect(doc.json_ocr).not.toBeNull();
    expect(doc.parsed_data).toMatchObject({ vin: VIN });
  });

  it('lists the case documents with for await (bearer) and reads derived data', async () => {
    const ids: string[] = [];
    for await (const d of vcase.documents.list({ case_id: caseId, limit: 1 })) ids.push(d.document_id);
    expect(ids).toEqual([documentId]);
    await expect(vcase.cases.vins(caseId)).resolves.toMatchObject({ primary_vin: VIN });
    await expect(vcase.cases.status(caseId)).resolves.toMatchObject({ status: 'completed' });
  });

  it('soft-deletes and restores the document', async () => {
    await expect(vcase.documents.delete(documentId)).resolves.toEqual({ document_id: documentId, active: false });
    await expect(vcase.documents.restore(documentId)).resolves.toEqual({ document_id: documentId, active: true });
  });

  it('runRapi starts the lookup on the primary VIN and waits for the sandbox answer', async () => {
    await admin.admin.fixtures.set('rapi', VIN, { result: { tiene_reporte: false } });
    const rapi = await vcase.cases.runRapi(caseId, fast);
    expect(rapi).toMatchObject({ status: 'completed', result: { tiene_reporte: false } });
  });

  it('runPedimento reads the customs entry of the imported invoice', async () => {
    const pedimento = await vcase.cases.runPedimento(caseId, fast);
    expect(['completed', 'error']).toContain(pedimento.status);
  });

  it('waitForInvoices ends with every check completed', async () => {
    const invoices = await vcase.cases.waitForInvoices(caseId, fast);
    expect(invoices.invoices.length).toBeGreaterThan(0);
    for (const invoice of invoices.invoices) {
      for (const key of ['validate_invoice', 'consulta_pedimento', 'amda_invoice', 'amis'] as const) {
        expect(invoice[key].status).toBe('completed');
      }
    }
  });

  it('a lookup the server refuses is a typed 400 (no CURP for RENAPO)', async () => {
    await expect(vcase.cases.startRenapo(caseId)).rejects.toSatisfy(madeBy(BadRequestError));
  });

  it('patchOcr, then runRenapo with the injected CURP', async () => {
    const { document_id } = await vcase.documents.upload({
      case_id: caseId,
      file: Buffer.from('%PDF-1.4 curp'),
      filename: 'curp.pdf',
      type: 'curp',
    });
    await vcase.documents.waitForOcr(document_id, fast); // the automatic OCR first, so it cannot overwrite ours
    await vcase.documents.patchOcr(document_id, {
      type: 'curp',
      parsed_data: { curp: 'HEGG560427MVZRRL04' },
      json_ocr: { source: 'sdk-test' },
    });
    const renapo = await vcase.cases.runRenapo(caseId, fast);
    expect(renapo).toMatchObject({ status: 'completed', data: { curp: 'HEGG560427MVZRRL04' } });
  });
});

describe('INE', () => {
  it('run submits the card and waits for the sandbox result', async () => {
    const front = `data:image/jpeg;base64,${Buffer.from('front-of-card').toString('base64')}`;
    const key = createHash('sha256').update(front).digest('hex');
    const data = {
      names: 'GLORIA',
      first_last_name: 'HERNANDEZ',
      second_last_name: 'GARCIA',
      birth_date: '27/04/1956',
      gender: 'MUJER',
      curp: 'HEGG560427MVZRRL04',
      elector_key: 'HRGRGL56042730M800',
      state: '30',
      municipality: '087',
      section: '4321',
      emission: '2023',
      validity: '2033',
      cic: '123456789',
      ocr: '0764123456789',
      citizen_identifier: '123456789',
      locality: null,
    };
    await admin.admin.fixtures.set('ine', key, { data });
    await expect(vcase.ine.run({ front }, fast)).resolves.toEqual({ status: 'completed', data });
  });
});

describe('uploads over 20 MB never reach the server', () => {
  it('refuses a 21 MB buffer locally', async () => {
    const { case_id } = await vcase.cases.create({ internal_id: `BIG-${Date.now()}`, status: 'nuevo' });
    await expect(vcase.documents.upload({ case_id, file: Buffer.alloc(21 * 1024 * 1024), filename: 'big.pdf' })).rejects.toSatisfy(
      madeBy(FileTooLargeError),
    );
    const ids = [];
    for await (const d of vcase.documents.list({ case_id })) ids.push(d);
    expect(ids).toEqual([]);
  });
});

it('fixture files exist', () => {
  expect(fs.existsSync(IMPORTED_INVOICE)).toBe(true);
});
