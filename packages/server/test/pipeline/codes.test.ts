import { describe, expect, it } from 'vitest';
import { extractCodes, parseSatQr } from '../../src/pipeline/index.js';
import { fixture, makeImagePdf, makePdf, makeVectorQrPdf } from './helpers.js';

const SAT_URL =
  'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx' +
  '?id=6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B&re=AVM9203175R5&rr=PELJ800101A14&tt=406000.00&fe=ZGVmZg==';

describe('extractCodes', () => {
  it.each([
    ['PNG', 'cfdi-qr.png', 'image/png'],
    ['JPEG', 'cfdi-qr.jpg', 'image/jpeg'],
    ['JPEG declared as image/jpg', 'cfdi-qr.jpg', 'image/jpg'],
  ])('decodes the QR of a %s image', async (_name, file, mime) => {
    expect(await extractCodes(fixture(file), mime, '')).toEqual([{ kind: 'qr', value: SAT_URL }]);
  });

  it('reads codes whose content the text shows, once each', async () => {
    const text = `Verifique en ${SAT_URL}\nLÍNEA DE CAPTURA: 9876 5432 1012 3456 7890\n${SAT_URL}`;
    expect(await extractCodes(await makePdf(['x']), 'application/pdf', text)).toEqual([
      { kind: 'qr', value: SAT_URL },
      { kind: 'barcode', value: '98765432101234567890' },
    ]);
  });

  it('decodes the QR embedded as an image in a printed CFDI PDF', async () => {
    const pdf = await makeImagePdf(fixture('cfdi-qr.png'), { width: 120, height: 120 });
    expect(await extractCodes(pdf, 'application/pdf', '')).toEqual([{ kind: 'qr', value: SAT_URL }]);
  });

  it('decodes the QR of a PDF page that also has a text layer (pdf.js loads its fonts first)', async () => {
    const pdf = await makeImagePdf(fixture('cfdi-qr.png'), { width: 120, height: 120 }, 'FACTURA');
    expect(await extractCodes(pdf, 'application/pdf', 'FACTURA')).toEqual([{ kind: 'qr', value: SAT_URL }]);
  });

  it('decodes the SAT QR of a whole 200 dpi page scanned to a 1-bit G4 TIFF', { timeout: 60_000 }, async () => {
    // cfdi-scan-g4.tif: a CFDI 3.3 page of packages/corpus (generate --out), 200 dpi, CCITT G4.
    // jsQR found no code on the whole page; its QR is what gives the folio fiscal and the issuer's
    // RFC, which OCR of this scan misreads.
    const [code] = await extractCodes(fixture('cfdi-scan-g4.tif'), 'image/tiff', '');
    expect(parseSatQr(code.value)).toMatchObject({ folio_fiscal: 'D8CDCE6E-DAF8-4831-89CE-A7202D22460D', rfc_emisor: 'AP&0511246P0' });
  });

  it('decodes a QR drawn as vector squares by rendering the page (most CFDI printers draw it so)', async () => {
    const pdf = await makeVectorQrPdf(fixture('cfdi-qr.png'), ['Sello digital del CFDI:', 'ZGVmZg==']);
    expect(await extractCodes(pdf, 'application/pdf', '')).toEqual([{ kind: 'qr', value: SAT_URL }]);
  });

  it('merges the decoded QR with text codes without duplicates', async () => {
    expect(await extractCodes(fixture('cfdi-qr.png'), 'image/png', SAT_URL)).toEqual([{ kind: 'qr', value: SAT_URL }]);
  });

  it('finds nothing in an image without a QR or an undecodable one', async () => {
    expect(await extractCodes(fixture('tarjeta-circulacion-nl.png'), 'image/png', '')).toEqual([]);
    expect(await extractCodes(Buffer.from('\x89PNG broken', 'latin1'), 'image/png', '')).toEqual([]);
  });
});

describe('parseSatQr', () => {
  const cases: { name: string; value: string; parsed: ReturnType<typeof parseSatQr> }[] = [
    {
      name: 'CFDI 3.3/4.0 verification URL',
      value: SAT_URL,
      parsed: {
        folio_fiscal: '6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B',
        rfc_emisor: 'AVM9203175R5',
        rfc_receptor: 'PELJ800101A14',
        monto_total: 406000,
        fe: 'ZGVmZg==',
      },
    },
    {
      name: 'CFDI 3.3 total padded to 10.6 digits, lowercase UUID',
      value:
        'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx' +
        '?id=6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b&re=AVM9203175R5&rr=XAXX010101000&tt=0000406000.000000&fe=A1b2C3d4',
      parsed: {
        folio_fiscal: '6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B',
        rfc_emisor: 'AVM9203175R5',
        rfc_receptor: 'XAXX010101000',
        monto_total: 406000,
        fe: 'A1b2C3d4',
      },
    },
    {
      name: 'an RFC with & and Ñ, percent-encoded',
      value:
        'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx' +
        '?id=6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B&re=E%26%C3%91010101AB1&rr=PELJ800101A14&tt=10.5&fe=x',
      parsed: {
        folio_fiscal: '6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B',
        rfc_emisor: 'E&Ñ010101AB1',
        rfc_receptor: 'PELJ800101A14',
        monto_total: 10.5,
        fe: 'x',
      },
    },
    {
      name: 'an RFC with a bare &',
      value: '?id=6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B&re=E&Ñ010101AB1&rr=PELJ800101A14&tt=10.5',
      parsed: {
        folio_fiscal: '6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B',
        rfc_emisor: 'E&Ñ010101AB1',
        rfc_receptor: 'PELJ800101A14',
        monto_total: 10.5,
      },
    },
    {
      name: 'CFDI 3.2 order',
      value: '?re=AVM9203175R5&rr=PELJ800101A14&tt=0000001160.000000&id=6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B',
      parsed: {
        folio_fiscal: '6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B',
        rfc_emisor: 'AVM9203175R5',
        rfc_receptor: 'PELJ800101A14',
        monto_total: 1160,
      },
    },
    { name: 'another QR', value: 'https://example.com/?id=1', parsed: undefined },
    { name: 'a UUID that is not one', value: '?id=6F1C2B3A&re=AVM9203175R5', parsed: undefined },
  ];
  for (const c of cases) it(c.name, () => expect(parseSatQr(c.value)).toEqual(c.parsed));
});
