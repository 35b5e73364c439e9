import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { rereadIdentifiers } from '../../src/pipeline/engines/reread.js';
import type { TesseractPool } from '../../src/pipeline/engines/tesseractPool.js';
import { extractContext } from '../../src/pipeline/extractors/context.js';
import { extractParsedData } from '../../src/pipeline/index.js';

// Misreads of the project's own 150–300 dpi scans that once came out as values the page does
// not hold (bench group `accuracy`, "spurious values"): each is now left out.
describe('scan misreads never become values', () => {
  const scanned = () => extractContext(undefined, { scanned: true });

  it('an 18-character VIN read is not cut to 17 and mended twice over', () => {
    // Printed 3N8CP5CB5LL690259; read with S for 5 and an E too many. Cutting the last '9' and
    // undoing S→8 and 6→G gives 3N8CP5CB8LLGE9025, whose check digit holds by chance.
    const text = 'CONCEPTOS\nAUTOMOVIL NISSAN KICKS 2020\nNúmero de serie: 3N8CP5CBSLL6E90259 Clave vehicular: 2848114';
    expect(extractParsedData('invoice', text, undefined, scanned())).not.toHaveProperty('vin');
  });

  it('a VIN glued to the next word is still read', () => {
    const text = 'TARJETA DE CIRCULACION\nPLACA: ABC1234\nNIV: 3N1CN8AE5RK812345MARCA NISSAN';
    expect(extractParsedData('certificate_title', text, undefined, scanned()).vin).toBe('3N1CN8AE5RK812345');
  });

  it('two labeled reads that each pass the check digit but differ: neither is taken', () => {
    // Printed 3VWC57BU4RM617643 twice; one read has S for 5 and 8 for B and still passes.
    const text = [
      'CONCEPTOS',
      'AUTOMOVIL VOLKSWAGEN JETTA 2024',
      'Complemento Venta de Vehículos — Clave vehicular: 9822033 NIV: 3VWCS78U4RM617643',
      'No. de serie: 3VWC57BU4RM617643 No. de motor: DJN262894',
    ].join('\n');
    expect(extractParsedData('invoice', text, undefined, scanned())).not.toHaveProperty('vin');
    // A text layer prints what the document holds: the first labeled VIN stands.
    expect(extractParsedData('invoice', text).vin).toBe('3VWCS78U4RM617643');
  });

  it("a vehicle description's read that none of the labeled read's repairs can be is a misread too", () => {
    // Printed 1FTFW1E53HF888073 twice: the labeled read (S for 5) has several one-swap repairs,
    // the description's (S for 5, 6 for 8) passes the check digit by chance.
    const page = (description: string) =>
      [
        'CONCEPTOS',
        '25101507 1 H87 PIEZA CAMIONETA USADA DE IMPORTACION MARCA FORD MODELO F-150 AÑO 2017 SERIE 396465.52',
        `${description} MOTOR H8855543 COLOR AZUL`,
        'No. de serie: 1FTFW1ES3HF888073 - No. de motor: H8855543',
      ].join('\n');
    expect(extractParsedData('invoice', page('1FTFW1ES3HF688073'), undefined, scanned())).not.toHaveProperty('vin');
    // When the description reads one of the labeled read's repairs, the two agree on it.
    expect(extractParsedData('invoice', page('1FTFW1E53HF888073'), undefined, scanned()).vin).toBe('1FTFW1E53HF888073');
  });

  it('a folio fiscal group read one character too long is not trimmed to fit', () => {
    const text = 'FACTURA\nFolio fiscal\nDECDCESGE-DAF8-4831-89CE-A7202022460D\nFolio: FA-60782';
    expect(extractParsedData('invoice', text, undefined, scanned())).not.toHaveProperty('folio_fiscal');
    const right = 'FACTURA\nFolio fiscal\nD8CDCE6E-DAF8-4831-89CE-A7202D22460D\nFolio: FA-60782';
    expect(extractParsedData('invoice', right, undefined, scanned()).folio_fiscal).toBe('D8CDCE6E-DAF8-4831-89CE-A7202D22460D');
  });
});

describe('blocks a scan frames or runs together', () => {
  it('a certificate number ends its block; a heading off a bar ("- CONCEPTOS") ends a seal block', () => {
    const text = [
      'FACTURA',
      'No. de certificado del SAT: 00001000003465685832',
      'E]LLLL—Iee——.““—.T—].—_—]—;————',
      '- CONCEPTOS',
      'Clave Cant. Unidad Descripción P. unitario Importe',
      '25101507 1 H87 PIEZA CAMIONETA USADA DE IMPORTACION MARCA JEEP MODELO GRAND 276637.93 276637.93',
      'CHEROKEE AÑO 2021 SERIE 1C4RJFAG4MC358273 MOTOR 54HT801916',
      'Sello digital del CFDI:',
      'UhgJIgGBUOS3inYS01NB1a3DVxYGHLP+vDaLdHmghy69nHZ4s/bxy0alv160/LvgXbmlKLsc/',
    ].join('\n');
    expect(extractParsedData('invoice', text, undefined, extractContext(undefined, { scanned: true }))).toMatchObject({
      vin: '1C4RJFAG4MC358273',
      marca: 'JEEP',
      modelo: 'GRAND CHEROKEE',
      anio_modelo: 2021,
    });
  });
});

describe('a seal heading a speck precedes', () => {
  it("still blanks its block: the seal's first line is no issuer's name", () => {
    // A 150 dpi scan read the bar's edge before "Sello digital del emisor" as an 'e'.
    const text = [
      'FACTURA',
      'SERVICIOS CONTABLES MUÑOZ & NÚÑEZ',
      'RFC: SCM110309EK8',
      'Total $31,787.48',
      'e Sello digital del emisor',
      'ATeAdE [m] — DoooerenaKeFnavacxQuksLENbtEVpdesXCGINBEZLUEXACVTANOFIIMCS720Pxyvgxnann+tDLyJaPnVuzuwLFoLeg0rIRAjRIWF3q+dsXnPNP',
    ].join('\n');
    const data = extractParsedData('invoice', text, undefined, extractContext(undefined, { scanned: true }));
    expect(data.nombre_emisor).toBe('SERVICIOS CONTABLES MUÑOZ & NÚÑEZ');
  });
});

describe('columns a scan reads out of order', () => {
  const scanned = () => extractContext(undefined, { scanned: true });

  it('a field line under a party heading is never its name', () => {
    const text = 'FACTURA\nEMISOR\nSerie: VN\nFolio: 97625\nRECEPTOR\nMIGUEL ÁNGEL SÁNCHEZ MARTÍNEZ\nRFC: SAMM820603R84';
    const data = extractParsedData('invoice', text, undefined, scanned());
    expect(data).not.toHaveProperty('nombre_emisor');
    expect(data.nombre_receptor).toBe('MIGUEL ÁNGEL SÁNCHEZ MARTÍNEZ');
  });

  it('finds the vehicle concept row after a block the columns put under its heading; an amount is no model', () => {
    const text = [
      'CONCEPTOS',
      'Clave Cant. Unidad Descripción',
      'FACTURA',
      'Serie: F',
      'RECEPTOR |',
      'JAVIER VEGA ORDÓÑEZ',
      'P. unitario Importe',
      '25101503 1 H87 PIEZA VEHICULO NUEVO MARCA: CHEVROLET, LINEA: AVEO, VERSION: LS, MODELO: 295258.62 295258.62',
      '2024, COLOR: GRIS, NIV: 3G1TA5CF7RL406762, NUMERO DE MOTOR:',
      'LDE6566800, CILINDROS: 4',
      'Total: $342,500.00',
    ].join('\n');
    expect(extractParsedData('invoice', text, undefined, scanned())).toMatchObject({
      vin: '3G1TA5CF7RL406762',
      marca: 'CHEVROLET',
      modelo: 'AVEO',
      anio_modelo: 2024,
    });
  });
});

describe('rereading a failing identifier', () => {
  const page = () =>
    sharp({ create: { width: 400, height: 60, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
  const poolReading = (text: string) => ({ readLine: async () => text }) as unknown as TesseractPool;
  const line = (text: string) => [[{ text, x0: 10, y0: 10, x1: 390, y1: 40 }]];

  it('takes a fresh read that passes the check and stays within two edits of the first', async () => {
    const lines = line('3N8CP5CBSLL6E90259');
    expect(await rereadIdentifiers(poolReading('3N8CP5CB5LL690259'), await page(), lines)).toBe(1);
    expect(lines[0][0].text).toBe('3N8CP5CB5LL690259');
  });

  it('refuses a fresh read further away, even when its check digit holds', async () => {
    const lines = line('3N8CP5CBSLL6E90259');
    expect(await rereadIdentifiers(poolReading('3N8CP5CB8LLGE9025'), await page(), lines)).toBe(0);
    expect(lines[0][0].text).toBe('3N8CP5CBSLL6E90259');
  });
});
