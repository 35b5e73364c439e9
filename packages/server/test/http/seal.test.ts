import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEAL_REASONS } from '../../src/pipeline/seal/index.js';
import { createCase, createTenant, startTestServer, type Tenant, type TestServer } from '../helpers/testServer.js';
import { makePdf, TARJETA_CIRCULACION } from '../pipeline/helpers.js';
import { vehicleInvoice33, vehicleInvoice40 } from '../support/cfdiSamples.js';
import { makeTestCsd, signCfdi, type TestCsd } from '../support/csd.js';
import { edit } from '../support/edit.js';

// A CFDI XML's seal through the API (docs/rules.md, "CFDI seal"): checked when the document is
// processed, shown by extraction-data, and counted in the document's validity and so in the
// case's review status when processing closes.
let t: TestServer;
let acme: Tenant;
let dealer: TestCsd;
let dealer33: TestCsd;
let expired: TestCsd;
beforeAll(async () => {
  t = await startTestServer();
  acme = await createTenant(t);
  [dealer, dealer33, expired] = await Promise.all([
    makeTestCsd({ rfc: 'AVM9203175R5' }),
    makeTestCsd({ rfc: 'KMO141215B19' }),
    makeTestCsd({ rfc: 'AVM9203175R5', validFrom: new Date('2019-01-01T00:00:00Z'), validTo: new Date('2023-12-31T23:59:59Z') }),
  ]);
}, 60_000);
afterAll(() => t.close());

/** Uploads `bytes` to a fresh case, waits for processing and closes it: the document, its extraction data and the case. */
async function uploadAndClose(bytes: Uint8Array, mime = 'application/xml') {
  const caseId = await createCase(t, acme);
  const up = await t.inject({
    method: 'POST',
    url: '/v1/documents',
    headers: { 'x-api-key': acme.apiKey },
    payload: { case_id: caseId, mime_type: mime, base64: Buffer.from(bytes).toString('base64') },
  });
  expect(up.statusCode).toBe(201);
  const id: string = up.json().document_id;
  await t.server.runner.whenIdle();
  expect((await t.inject({ method: 'POST', url: `/v1/cases/${caseId}/process`, headers: acme.bearer })).statusCode).toBeLessThan(300);
  await t.server.runner.whenIdle();
  const get = (url: string, headers: Record<string, string>) => t.inject({ method: 'GET', url, headers }).then((r) => r.json());
  return {
    id,
    document: await get(`/v1/documents/${id}`, { 'x-api-key': acme.apiKey }),
    extraction: await get(`/v1/documents/${id}/extraction-data`, { 'x-api-key': acme.apiKey }),
    review: (await get(`/v1/cases/${caseId}`, acme.bearer)).review_status,
  };
}

const certificateOf = (csd: TestCsd) => ({
  number: csd.number,
  rfc: csd.rfc,
  valid_from: csd.validFrom.toISOString(),
  valid_to: csd.validTo.toISOString(),
});

describe('CFDI seal over HTTP', () => {
  it('a sealed CFDI 4.0: signature valid with its certificate, the document valid, the case nuevo', async () => {
    const r = await uploadAndClose(Buffer.from(signCfdi(vehicleInvoice40(), dealer)));
    expect(r.extraction.signature).toEqual({ status: 'valid', reason: null, certificate: certificateOf(dealer) });
    expect(r.document.validity).toMatchObject({ document_validity: 'valid', codes: [] });
    expect(r.review).toBe('nuevo');
  });

  it(
    'the same CFDI with its VIN swapped after sealing: ' + 'signature invalid, CFDI_SELLO_INVALIDO, the case returned for correction',
    async () => {
      const swapped = edit(signCfdi(vehicleInvoice40(), dealer), /Niv="3N1CN8AE5RK812345"/, 'Niv="1HGCM82633A004352"');
      const r = await uploadAndClose(Buffer.from(swapped));
      expect(r.extraction.signature).toEqual({ status: 'invalid', reason: SEAL_REASONS.mismatch, certificate: certificateOf(dealer) });
      expect(r.document.validity).toMatchObject({ document_validity: 'invalid', codes: ['CFDI_SELLO_INVALIDO'] });
      expect(r.review).toBe('devuelta_correccion');
    },
  );

  it('OCR given by hand replaces the validity, not the seal of the file', async () => {
    const swapped = edit(signCfdi(vehicleInvoice40(), dealer), 'Total="406580.00"', 'Total="106580.00"');
    const r = await uploadAndClose(Buffer.from(swapped));
    const patched = await t.inject({
      method: 'PATCH',
      url: `/v1/documents/${r.id}/ocr`,
      headers: { 'x-api-key': acme.apiKey },
      payload: {
        parsed_data: { rfc_emisor: 'AVM9203175R5' },
        json_ocr: { source: 'manual', signature: { status: 'valid', reason: null, certificate: null } },
      },
    });
    expect(patched.statusCode).toBe(200);
    const extraction = (
      await t.inject({ method: 'GET', url: `/v1/documents/${r.id}/extraction-data`, headers: { 'x-api-key': acme.apiKey } })
    ).json();
    expect(extraction.signature).toMatchObject({ status: 'invalid', reason: SEAL_REASONS.mismatch });
  });

  it('an ISO-8859-1 CFDI 3.3 and a UTF-8 one with a BOM verify from their bytes', async () => {
    const latin = Buffer.from(signCfdi(vehicleInvoice33({ encoding: 'ISO-8859-1' }), dealer33), 'latin1');
    expect(latin.includes(Buffer.from('MOISÉS', 'utf8'))).toBe(false);
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(signCfdi(vehicleInvoice40(), dealer))]);
    for (const bytes of [latin, bom]) {
      const r = await uploadAndClose(bytes);
      expect(r.extraction.signature.status).toBe('valid');
      expect(r.document.validity.document_validity).toBe('valid');
    }
  });

  it('an unsigned draft is unverifiable: a warning, the document still valid', async () => {
    const r = await uploadAndClose(Buffer.from(vehicleInvoice40()));
    expect(r.extraction.signature).toEqual({
      status: 'unverifiable',
      reason: SEAL_REASONS.unsigned('Sello ni Certificado'),
      certificate: null,
    });
    expect(r.document.validity).toMatchObject({ document_validity: 'valid', codes: ['CFDI_SELLO_NO_VERIFICABLE'] });
    expect(r.review).toBe('nuevo');
  });

  it('a certificate already expired at the invoice Fecha is a warning', async () => {
    const r = await uploadAndClose(Buffer.from(signCfdi(vehicleInvoice40({ fecha: '2024-01-01T05:30:00' }), expired)));
    expect(r.extraction.signature).toMatchObject({ status: 'valid', certificate: { valid_to: '2023-12-31T23:59:59.000Z' } });
    expect(r.document.validity).toMatchObject({ document_validity: 'valid', codes: ['CFDI_CERTIFICADO_VENCIDO'] });
  });

  it('a document that is not a CFDI XML has signature null', async () => {
    const r = await uploadAndClose(await makePdf(TARJETA_CIRCULACION), 'application/pdf');
    expect(r.extraction).toMatchObject({ signature: null });
  });
});
