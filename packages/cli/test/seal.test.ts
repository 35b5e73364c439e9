import { describe, expect, it } from 'vitest';
import * as f from './helpers/fixtures.js';
import { runCli, stripAnsi, type Routes } from './helpers/harness.js';

// A CFDI's seal (docs/rules.md, "CFDI seal") in the document views and the case report.
const C = f.CASE_ID;
const certificate = {
  number: '30001000000400002434',
  rfc: 'AVM9203175R5',
  valid_from: '2023-01-01T00:00:00.000Z',
  valid_to: '2027-01-01T00:00:00.000Z',
};
const valid = { status: 'valid', reason: null, certificate };
const invalid = { status: 'invalid', reason: 'El Sello no corresponde a la cadena original', certificate };
const unverifiable = {
  status: 'unverifiable',
  reason: 'El CFDI no tiene Sello ni Certificado: es un borrador sin sellar',
  certificate: null,
};

const detail = (json_ocr: unknown, mime = 'application/xml') => ({
  case_id: C,
  url: 'http://files/factura.xml',
  mime_type: mime,
  type: 'factura_xml',
  json_ocr,
  parsed_data: { rfc_emisor: 'AVM9203175R5' },
  validity: { document_validity: 'invalid', codes: ['CFDI_SELLO_INVALIDO'], userInfo: {} },
});

describe('CFDI seal in the CLI', () => {
  it('documents get shows the seal processing found, with the reason when it is not valid', async () => {
    const route = (body: unknown): Routes => ({ [`GET /v1/documents/${f.FILE_1}`]: { body } });
    let r = await runCli(['documents', 'get', f.FILE_1], { routes: route(detail({ source: 'cfdi_xml', signature: invalid })) });
    expect(r.stdout).toMatch(/^CFDI seal\tinvalid · El Sello no corresponde a la cadena original$/m);
    r = await runCli(['documents', 'get', f.FILE_1], { routes: route(detail({ source: 'cfdi_xml', signature: valid })) });
    expect(r.stdout).toMatch(/^CFDI seal\tvalid · certificado 30001000000400002434 · AVM9203175R5$/m);
    r = await runCli(['documents', 'get', f.FILE_1], { routes: route(detail({ source: 'pdf_text' }, 'application/pdf')) });
    expect(r.stdout).not.toContain('CFDI seal');
  });

  it('documents extraction-data shows the signature of the file', async () => {
    const body = {
      document_id: f.FILE_1,
      validity: { document_validity: 'valid', codes: ['CFDI_SELLO_NO_VERIFICABLE'], userInfo: {} },
      codes: [],
      owner: null,
      signature: unverifiable,
    };
    const r = await runCli(['documents', 'extraction-data', f.FILE_1], {
      routes: { [`GET /v1/documents/${f.FILE_1}/extraction-data`]: { body } },
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^CFDI seal\tunverifiable · El CFDI no tiene Sello ni Certificado: es un borrador sin sellar$/m);
  });

  it("vcase report counts the case's CFDI seals, invalid first", async () => {
    const file = (id: string, ocr: unknown) => ({
      file_id: id,
      created_at: '2026-01-10T10:00:00.000Z',
      document_type: 'factura_xml',
      document_subtype: 'cfdi_4.0',
      mime_type: 'application/xml',
      active: true,
      url: 'http://x',
      ocr,
    });
    const caseBody = (files: unknown[]) => ({
      case_id: C,
      internal_id: 'EXP-1042',
      review_status: 'devuelta_correccion',
      created_at: '2026-01-10T10:00:00.000Z',
      files,
    });
    const report = async (files: unknown[]) =>
      stripAnsi((await runCli(['report', C], { routes: { [`GET /v1/cases/${C}`]: { body: caseBody(files) } }, tty: true })).stdout);
    expect(await report([file(f.FILE_1, { signature: valid }), file(f.FILE_2, { signature: invalid })])).toMatch(
      /CFDI seals\s+1 invalid · 1 valid/,
    );
    expect(await report([file(f.FILE_1, { source: 'pdf_text' })])).not.toContain('CFDI seals');
  });
});
