import { describe, expect, it } from 'vitest';
import { extractCodes } from '../../src/pipeline/index.js';
import { fixture, makeImagePdf, makePdf } from './helpers.js';

const SAT_URL =
  'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B&re=AVM9203175R5&rr=PELJ800101A14&tt=406000.00&fe=ZGVmZg==';

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

  it('merges the decoded QR with text codes without duplicates', async () => {
    expect(await extractCodes(fixture('cfdi-qr.png'), 'image/png', SAT_URL)).toEqual([{ kind: 'qr', value: SAT_URL }]);
  });

  it('finds nothing in an image without a QR or an undecodable one', async () => {
    expect(await extractCodes(fixture('tarjeta-circulacion-nl.png'), 'image/png', '')).toEqual([]);
    expect(await extractCodes(Buffer.from('\x89PNG broken', 'latin1'), 'image/png', '')).toEqual([]);
  });
});
