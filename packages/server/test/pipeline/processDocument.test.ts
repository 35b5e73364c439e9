import { describe, expect, it, vi } from 'vitest';
import { defaultEngines, fixtureEngine, processDocument, sha256Hex, type OcrEngine } from '../../src/pipeline/index.js';
import { fixture, makeEmptyPdf, makeImagePdf, makePdf, TENENCIA_RECEIPT } from './helpers.js';

const noImages = defaultEngines({ imageOcr: false });

describe('processDocument', () => {
  it('CFDI 4.0 XML of a sale: an invoice, parsed from the XML, valid', async () => {
    const out = await processDocument({
      bytes: fixture('cfdi40-venta-vehiculos.xml'),
      mime: 'application/xml',
      sha256: '',
      engines: noImages,
    });
    expect(out).toMatchObject({
      type: 'invoice',
      subtype: 'cfdi_4.0',
      classification: { method: 'automatic', confidence: 1 },
      engine: 'cfdi_xml',
      parsed_data: { vin: '3N1CN8AE5RK812345', folio_fiscal: '6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B', monto_total: 406000 },
      validity: { document_validity: 'valid', codes: [], userInfo: { nombre: 'JUAN PEREZ LOPEZ' } },
    });
    expect(out.json_ocr).toMatchObject({ source: 'cfdi_xml', version: '4.0' });
  });

  it('tenencia PDF: classified from its text and extracted', async () => {
    const out = await processDocument({ bytes: await makePdf(TENENCIA_RECEIPT), mime: 'application/pdf', sha256: '', engines: noImages });
    expect(out.type).toBe('tax_payment');
    expect(out.subtype).toBe('tenencia');
    expect(out.classification.method).toBe('automatic');
    expect(out.classification.confidence).toBeGreaterThan(0.8);
    expect(out.parsed_data).toMatchObject({ placa: 'MBC1234', entidad: 'MEX', ejercicio_fiscal: [2023, 2024], total: 2534.5 });
    expect(out.validity).toMatchObject({ document_validity: 'valid', codes: ['VIN_PARTIAL'] });
    expect(out.json_ocr).toMatchObject({ source: 'pdf_text', pages: 1 });
  });

  it('a manual type wins over the classifier and picks the extractor', async () => {
    const out = await processDocument({
      bytes: await makePdf(TENENCIA_RECEIPT),
      mime: 'application/pdf',
      sha256: '',
      manualType: 'certificate_title',
      engines: noImages,
    });
    expect(out.type).toBe('certificate_title');
    expect(out.classification).toEqual({ method: 'manual', confidence: 1 });
    expect(out.parsed_data).not.toHaveProperty('ejercicio_fiscal');
    expect(out.parsed_data).toMatchObject({ placa: 'MBC1234' });
  });

  describe('image with an ocr fixture (injected lookup)', () => {
    const png = fixture('tarjeta-circulacion-nl.png');
    const sha = sha256Hex(png);
    const neverRead: OcrEngine = { name: 'image', supports: () => true, run: vi.fn(async () => ({ text: 'WRONG', json_ocr: {} })) };

    it('takes type and text from the fixture and extracts from that text', async () => {
      const lookup = async (key: string) =>
        key === sha
          ? {
              type: 'certificate_title',
              text: 'TARJETA DE CIRCULACIÓN\nPLACA: RSX-482-B\nESTADO: NUEVO LEÓN\nPROPIETARIO: ROBERTO SALINAS',
            }
          : undefined;
      const out = await processDocument({ bytes: png, mime: 'image/png', sha256: sha, engines: [fixtureEngine(lookup), neverRead] });
      expect(neverRead.run).not.toHaveBeenCalled();
      expect(out).toMatchObject({
        type: 'certificate_title',
        classification: { method: 'automatic', confidence: 1 },
        engine: 'ocr_fixture',
        parsed_data: { placa: 'RSX482B', entidad: 'NLE', propietario: 'ROBERTO SALINAS' },
        validity: { document_validity: 'incomplete', codes: ['MISSING_FIELDS', 'MISSING_VIN'] },
      });
    });

    it('uses the fixture parsed_data as given (sanitized), for any MIME', async () => {
      const lookup = async () => ({ type: 'ine', parsed_data: { nombre: 'ANA', apellido_paterno: 'RUIZ', curp: 42 } });
      const out = await processDocument({
        bytes: Buffer.from('%PDF-1.7'),
        mime: 'application/pdf',
        sha256: 'abc',
        engines: [fixtureEngine(lookup), ...noImages],
      });
      expect(out.type).toBe('ine');
      expect(out.parsed_data).toEqual({ nombre: 'ANA', apellido_paterno: 'RUIZ' });
      expect(out.validity).toMatchObject({ document_validity: 'valid', userInfo: { nombre: 'ANA RUIZ' } });
    });

    it('a manual type still wins over the fixture type', async () => {
      const out = await processDocument({
        bytes: png,
        mime: 'image/png',
        sha256: sha,
        manualType: 'vehicle_plate',
        engines: [fixtureEngine(async () => ({ type: 'ine', text: 'PLACA: RSX-482-B' }))],
      });
      expect(out).toMatchObject({ type: 'vehicle_plate', classification: { method: 'manual' }, parsed_data: { placa: 'RSX482B' } });
    });
  });

  it('reads a real image with local OCR end to end', async () => {
    const out = await processDocument({
      bytes: fixture('tarjeta-circulacion-nl.png'),
      mime: 'image/png',
      sha256: '',
      engines: defaultEngines(),
    });
    expect(out).toMatchObject({
      type: 'certificate_title',
      engine: 'tesseract',
      parsed_data: {
        placa: 'RSX482B',
        entidad: 'NLE',
        vin: '3G1TC5CF0JL123456',
        marca: 'CHEVROLET',
        anio_modelo: 2018,
        fecha_documento: '04/09/2021',
      },
      validity: { document_validity: 'valid' },
    });
  });

  it('a PDF without text: processed, unclassified, empty parsed_data, NO_TEXT', async () => {
    const out = await processDocument({ bytes: await makeEmptyPdf(), mime: 'application/pdf', sha256: '', engines: noImages });
    expect(out).toMatchObject({
      type: null,
      subtype: null,
      classification: { method: 'automatic', confidence: 0 },
      parsed_data: {},
      text: '',
      validity: { document_validity: 'unreadable', codes: ['NO_TEXT'], userInfo: {} },
    });
  });

  it('a corrupt file is unreadable, not an exception', async () => {
    const out = await processDocument({ bytes: Buffer.from('%PDF-1.4 truncated'), mime: 'application/pdf', sha256: '', engines: noImages });
    expect(out.validity).toEqual({ document_validity: 'unreadable', codes: ['NO_TEXT', 'FILE_UNREADABLE'], userInfo: {} });
  });

  it('an image without local OCR is unreadable until a fixture or manual OCR arrives', async () => {
    const out = await processDocument({
      bytes: fixture('cfdi-qr.png'),
      mime: 'image/png',
      sha256: '',
      manualType: 'invoice',
      engines: noImages,
    });
    expect(out).toMatchObject({ type: 'invoice', parsed_data: {}, validity: { document_validity: 'unreadable', codes: ['NO_TEXT'] } });
  });
});

describe('scanned PDF (no text layer)', () => {
  it('reads the page scan with local OCR', async () => {
    const bytes = await makeImagePdf(fixture('tarjeta-circulacion-nl.png'), { width: 570, height: 218 });
    const out = await processDocument({ bytes, mime: 'application/pdf', sha256: '', engines: defaultEngines() });
    expect(out).toMatchObject({
      type: 'certificate_title',
      engine: 'pdf',
      parsed_data: { placa: 'RSX482B', entidad: 'NLE', vin: '3G1TC5CF0JL123456' },
      json_ocr: { text_layer: false, image_ocr: { engine: 'tesseract', pages_read: 1 } },
    });
  });

  it('stays empty without image OCR', async () => {
    const bytes = await makeImagePdf(fixture('tarjeta-circulacion-nl.png'), { width: 570, height: 218 });
    const out = await processDocument({ bytes, mime: 'application/pdf', sha256: '', engines: noImages });
    expect(out).toMatchObject({ type: null, text: '', validity: { document_validity: 'unreadable' } });
  });
});
