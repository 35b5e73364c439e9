import { describe, expect, it } from 'vitest';
import { defaultEngines, extractParsedData, pdfTextEngine, processDocument } from '../../src/pipeline/index.js';
import { extractContext } from '../../src/pipeline/extractors/context.js';
import { fixture, makeGridPdf, makeVectorQrPdf } from './helpers.js';

/** Text of a page laid out as `rows`, read by the PDF engine (layout included). */
async function pageText(rows: readonly string[]): Promise<string> {
  return (await pdfTextEngine.run({ bytes: await makeGridPdf(rows), mime: 'application/pdf', sha256: 'x' }))?.text ?? '';
}

/** A base64 seal with a 17-character run whose VIN check digit holds (3N1CN8AE5RK812345). */
const SEAL = 'kX9vQm2lP0aZ/3N1CN8AE5RK812345+Qw7rT1yU8iO0pL3kJ5hG2fD4sA6zX9cV1bN3mQ5wE7rT9yU1iO3pL5kJ7hG9fD1sA3zX==';

const TWO_COLUMNS = [
  'FACTURA                                                      Serie: A   Folio: 1234',
  'EMISOR                                      RECEPTOR',
  'AUTOMOTRIZ VALLE DE MEXICO SA DE CV         JUAN PEREZ LOPEZ',
  'RFC: AVM9203175R5                           RFC: PELJ800101A14',
  'Regimen fiscal: 601 General de Ley          Uso CFDI: G01 Adquisicion de mercancias',
  'Lugar de expedicion: 54060',
  '',
  'DATOS ADICIONALES',
  'Fecha de emision: 2024-03-12T10:15:30       Version: 4.0',
  'Folio fiscal: 6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B',
  '',
  'CONCEPTOS',
  'Cantidad  Descripcion                                          Importe',
  '1         AUTOMOVIL NUEVO MARCA NISSAN TIPO VERSA SENSE        350,000.00',
  '          MODELO 2024 SERIE 3N1CN8AE5RK812345 MOTOR HR16123456X',
  '                                                     Total:    $406,000.00',
  '',
  'Sello digital del CFDI:',
  SEAL,
  'Cadena original del complemento de certificacion digital del SAT:',
  '||1.1|6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B|2024-03-12T10:16:01|SAT970701NN3|' + SEAL.slice(0, 40) + '||',
];

describe('printed invoices (issue rows, one per layout and failure mode)', () => {
  it('two columns EMISOR | RECEPTOR: each party from its own column, never a heading', async () => {
    const data = extractParsedData('invoice', await pageText(TWO_COLUMNS));
    expect(data).toMatchObject({
      nombre_emisor: 'AUTOMOTRIZ VALLE DE MEXICO SA DE CV',
      rfc_emisor: 'AVM9203175R5',
      nombre_receptor: 'JUAN PEREZ LOPEZ',
      rfc_receptor: 'PELJ800101A14',
      folio_fiscal: '6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B',
      fecha_emision: '12/03/2024',
      monto_total: 406000,
      vin: '3N1CN8AE5RK812345',
      marca: 'NISSAN',
      modelo: 'VERSA SENSE',
      anio_modelo: 2024,
      numero_motor: 'HR16123456X',
    });
  });

  it('no VIN on the page: none is taken from the seal, the cadena original or a printed XML declaration', async () => {
    const rows = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      'EMISOR                                      RECEPTOR',
      'SERVICIOS CONTABLES DEL BAJIO SC            JUAN PEREZ LOPEZ',
      'RFC: AVM9203175R5                           RFC: PELJ800101A14',
      '',
      'Version: 3.3      Tipo de relacion: 04 Sustitucion',
      'CONCEPTOS',
      '1   SERVICIOS DE CONTABILIDAD MARZO 2024          12,000.00',
      'Total: $13,920.00',
      'No. de serie del certificado: 00001000000504465028',
      'Sello digital del CFDI:',
      SEAL,
      'Sello del SAT:',
      SEAL.split('').reverse().join(''),
    ];
    const data = extractParsedData('invoice', await pageText(rows));
    expect(data).toMatchObject({
      nombre_emisor: 'SERVICIOS CONTABLES DEL BAJIO SC',
      nombre_receptor: 'JUAN PEREZ LOPEZ',
      monto_total: 13920,
    });
    for (const key of ['vin', 'marca', 'modelo', 'anio_modelo', 'numero_motor']) expect(data, key).not.toHaveProperty(key);
  });

  it("a CFDI relacionado printed before the folio fiscal is not the invoice's UUID", async () => {
    const rows = [
      'EMISOR: AUTOMOTRIZ VALLE DE MEXICO SA DE CV   RFC: AVM9203175R5',
      'CFDI RELACIONADOS',
      'Tipo de relacion: 04   UUID: 11111111-2222-4333-8444-555555555555',
      'DATOS DEL COMPROBANTE',
      'Folio fiscal: 6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B',
    ];
    expect(extractParsedData('invoice', await pageText(rows)).folio_fiscal).toBe('6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B');
  });

  it("an issuer RFC misread past repair leaves rfc_emisor empty, never the receiver's", () => {
    const text = [
      'AUTOMOTRIZ VALLE DE MEXICO SA DE CV',
      'R.F.C. AVM92O3X75R5',
      'FACTURA',
      'CLIENTE: JUAN PEREZ LOPEZ',
      'R.F.C. PELJ800101A14',
      'TOTAL $406,000.00',
    ].join('\n');
    const data = extractParsedData('invoice', text);
    expect(data.rfc_emisor).toBeUndefined();
    expect(data).toMatchObject({ rfc_receptor: 'PELJ800101A14', nombre_receptor: 'JUAN PEREZ LOPEZ' });
  });

  it('an RFC misread where its positions fix the kind of character is mended', () => {
    const text = [
      'EMISOR: AUTOMOTRIZ VALLE DE MEXICO SA DE CV',
      'RFC: AVM92O3I75R5',
      'RECEPTOR: JUAN PEREZ LOPEZ',
      'RFC: PELJ8OO1O1A14',
    ].join('\n');
    expect(extractParsedData('invoice', text)).toMatchObject({ rfc_emisor: 'AVM9203175R5', rfc_receptor: 'PELJ800101A14' });
  });

  it('the SAT QR wins over the text, and a disagreement is a warning', () => {
    const ctx = extractContext({
      folio_fiscal: '6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B',
      rfc_emisor: 'AVM9203175R5',
      rfc_receptor: 'PELJ800101A14',
      monto_total: 406000,
    });
    const text = [
      'EMISOR: AUTOMOTRIZ VALLE DE MEXICO SA DE CV',
      'RFC: AVM9203175R5',
      'RECEPTOR: JUAN PEREZ LOPEZ',
      'RFC: PELJ800101A41',
      'Total: $406,000.00',
    ].join('\n');
    expect(extractParsedData('invoice', text, undefined, ctx)).toMatchObject({
      folio_fiscal: '6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B',
      rfc_receptor: 'PELJ800101A14',
      monto_total: 406000,
    });
    expect(ctx.findings).toEqual(['QR_MISMATCH', 'QR_MISMATCH_RFC_RECEPTOR']);
  });
});

describe('the SAT QR of a printed invoice', () => {
  it('is decoded from vector squares while processing, fills UUID, RFCs and total, and is kept in json_ocr', async () => {
    // The page's text misreads the total; the QR (cfdi-qr.png) states 406000.00.
    const lines = ['FACTURA', 'EMISOR: AUTOMOTRIZ VALLE DE MEXICO SA DE CV', 'RECEPTOR: JUAN PEREZ LOPEZ', 'Total: $408,000.00'];
    const bytes = await makeVectorQrPdf(fixture('cfdi-qr.png'), lines);
    const out = await processDocument({ bytes, mime: 'application/pdf', sha256: '', engines: defaultEngines({ imageOcr: false }) });
    expect(out.type).toBe('invoice');
    expect(out.parsed_data).toMatchObject({
      folio_fiscal: '6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B',
      rfc_emisor: 'AVM9203175R5',
      rfc_receptor: 'PELJ800101A14',
      monto_total: 406000,
      nombre_emisor: 'AUTOMOTRIZ VALLE DE MEXICO SA DE CV',
    });
    expect(out.validity.codes).toEqual(expect.arrayContaining(['QR_MISMATCH', 'QR_MISMATCH_MONTO_TOTAL']));
    expect(out.json_ocr.codes).toEqual([expect.stringContaining('verificacfdi.facturaelectronica.sat.gob.mx')]);
  });
});

describe('VINs misread by OCR (one misread, unique fix)', () => {
  const cases: { name: string; printed: string; vin: string | undefined; repaired: boolean }[] = [
    { name: 'read right', printed: '3N1CN8AE5RK812345', vin: '3N1CN8AE5RK812345', repaired: false },
    { name: 'O and I for 0 and 1 (letters a VIN never holds)', printed: '3NICN8AE5RK8I2345', vin: '3N1CN8AE5RK812345', repaired: false },
    { name: 'one character too many', printed: '3N1CN8AE5RK8123455', vin: '3N1CN8AE5RK812345', repaired: true },
    { name: 'S read for 5', printed: '3N1CN8AESRK812345', vin: '3N1CN8AE5RK812345', repaired: true },
    { name: 'B read for 8', printed: '3N1CNBAE5RK812345', vin: '3N1CN8AE5RK812345', repaired: true },
    { name: "a narrow V read as '/'", printed: '3/WC57BU0RM501937', vin: '3VWC57BU0RM501937', repaired: true },
    { name: "J read as ')' beside S for 5", printed: '3CZRUSH51)M011400', vin: '3CZRU5H51JM011400', repaired: true },
    {
      name: 'three candidates make the check digit hold: kept as read, not guessed',
      printed: '3JFRF5PU0YBP33681',
      vin: '3JFRF5PU0YBP33681',
      repaired: false,
    },
    // One swap (6 for G near the end) would make it hold, but '361' names no maker: the two
    // swaps that give Chevrolet Mexico's '3G1' are the reading.
    {
      name: 'a misread maker is mended too: only candidates naming a known maker count',
      printed: '361TASCF7RL406762',
      vin: '3G1TA5CF7RL406762',
      repaired: true,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const ctx = extractContext();
      const data = extractParsedData(
        'certificate_title',
        `TARJETA DE CIRCULACION\nPLACA: ABC1234\nNO. DE SERIE: ${c.printed}`,
        undefined,
        ctx,
      );
      expect(data.vin).toBe(c.vin);
      expect(ctx.findings.includes('VIN_REPAIRED')).toBe(c.repaired);
    });
  }
});

describe('VINs of vehicle documents', () => {
  it('a tarjeta is about one vehicle: its VIN counts when OCR lost the label, if the check digit holds', () => {
    const text = ['TARJETA DE CIRCULACION', 'NN', '2HKRW1H59SH723623', 'MARCA', 'HONDA'].join('\n');
    expect(extractParsedData('certificate_title', text).vin).toBe('2HKRW1H59SH723623');
    // The same token on an invoice, with no vehicle word near it, is not a VIN.
    expect(extractParsedData('invoice', ['FACTURA', 'NN', '2HKRW1H59SH723623'].join('\n')).vin).toBeUndefined();
  });
});

describe('what OCR does to scans, mended or left out', () => {
  const scanned = () => extractContext(undefined, { scanned: true });

  it("reads the '&' of a company name OCR turned into '6:', '8:', '€', '£' or a lone 6 or 8", () => {
    for (const misread of ['6:', '8:', '€', '£', '6', '8']) {
      const text = `EMISOR\nSERVICIOS CONTABLES MUÑOZ ${misread} NÚÑEZ\nRFC: AVM9203175R5`;
      expect(extractParsedData('invoice', text).nombre_emisor, misread).toBe('SERVICIOS CONTABLES MUÑOZ & NÚÑEZ');
    }
  });

  it("drops the box rules OCR reads at a value's ends, and a value that is only such marks", () => {
    const text = 'TARJETA DE CIRCULACION\nPLACA: ABC1234\nMODELO: |2025\nLINEA: _';
    const data = extractParsedData('certificate_title', text);
    expect(data.anio_modelo).toBe(2025);
    expect(data).not.toHaveProperty('modelo');
  });

  it('puts a space back between a make and the field word OCR glued to it', () => {
    const text = 'CONCEPTOS\nAUTOMOVIL NUEVO MARCA VOLKSWAGENTIPO JETTA VERSION GLI MODELO 2024 SERIE 3VWFE21C04M000001';
    expect(extractParsedData('invoice', text)).toMatchObject({ marca: 'VOLKSWAGEN', modelo: 'JETTA', anio_modelo: 2024 });
  });

  it('leaves out a scanned North American VIN whose check digit fails past repair; a text layer keeps it', () => {
    // 3JFRF5PU0YBP33681: three single misreads would make it hold, so none is chosen.
    const text = 'TARJETA DE CIRCULACION\nPLACA: ABC1234\nNIV: 3JFRF5PU0YBP33681';
    expect(extractParsedData('certificate_title', text, undefined, scanned())).not.toHaveProperty('vin');
    expect(extractParsedData('certificate_title', text).vin).toBe('3JFRF5PU0YBP33681');
    // Outside North America the check digit is not binding: kept as read.
    expect(extractParsedData('certificate_title', 'TARJETA DE CIRCULACION\nNIV: JM1BL1SF1A1234567', undefined, scanned()).vin).toBe(
      'JM1BL1SF1A1234567',
    );
  });
});
