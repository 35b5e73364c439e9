import { describe, expect, it } from 'vitest';
import { cfdiXmlEngine, parseCfdi, runOcr } from '../../src/pipeline/index.js';
import { fixture } from './helpers.js';

const read = (name: string) => cfdiXmlEngine.run({ bytes: fixture(name), mime: 'application/xml', sha256: 'x' });

describe('cfdiXmlEngine', () => {
  it('reads a CFDI 4.0 vehicle invoice with the VentaVehiculos complement', async () => {
    const out = await read('cfdi40-venta-vehiculos.xml');
    expect(out?.type).toBe('invoice');
    expect(out?.parsed_data).toEqual({
      rfc_emisor: 'AVM9203175R5',
      nombre_emisor: 'AUTOMOTRIZ VALLE DE MEXICO',
      rfc_receptor: 'PELJ800101A14',
      nombre_receptor: 'JUAN PEREZ LOPEZ',
      monto_total: 406000,
      fecha_emision: '12/03/2024',
      fecha_documento: '12/03/2024',
      folio_fiscal: '6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B',
      folio: 'AV-10234',
      vin: '3N1CN8AE5RK812345',
      numero_motor: 'HR16123456X',
      marca: 'NISSAN',
      modelo: 'VERSA SENSE',
      anio_modelo: 2024,
    });
    expect(out?.json_ocr).toMatchObject({
      version: '4.0',
      namespace: 'http://www.sat.gob.mx/cfd/4',
      subtotal: 350000,
      sello_fe: 'DWEg2g==',
      signature: { status: 'valid', reason: null, certificate: { rfc: 'AVM9203175R5' } },
      vehiculo: { source: 'ventavehiculos', niv: '3N1CN8AE5RK812345', clave_vehicular: '1040501' },
      conceptos: [{ clave_prod_serv: '25101503', cantidad: 1, importe: 350000 }],
    });
    expect(out?.text).toContain('FOLIO FISCAL: 6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B');
  });

  it('reads a CFDI 3.3 in ISO-8859-1 whose NIV is only in the concept description', async () => {
    const out = await read('cfdi33-niv-descripcion.xml');
    expect(out?.json_ocr).toMatchObject({ version: '3.3', vehiculo: { source: 'descripcion' } });
    expect(out?.parsed_data).toMatchObject({
      vin: '3VWFE21C04M000001',
      numero_motor: 'CBP123456',
      marca: 'VOLKSWAGEN',
      modelo: 'JETTA',
      anio_modelo: 2019,
      nombre_emisor: 'MARTÍN GARCÍA HERNÁNDEZ',
      nombre_receptor: 'MARÍA FERNANDA LÓPEZ DE LA CRUZ',
      monto_total: 332000,
      fecha_emision: '23/08/2019',
      folio_fiscal: 'A1B2C3D4-E5F6-4A7B-8C9D-0E1F2A3B4C5D',
    });
    expect(out?.parsed_data).not.toHaveProperty('pedimento');
  });

  it('reads the pedimento, customs office and date of an imported vehicle', async () => {
    const out = await read('cfdi40-importado-pedimento.xml');
    expect(out?.parsed_data).toMatchObject({
      vin: '1FTFW1E51PFA12345',
      pedimento: '23  24  3456  3001234',
      aduana: 'NUEVO LAREDO',
      ano_vehiculo: 2023,
      anio_modelo: 2023,
      marca: 'FORD',
      modelo: 'F-150 XLT',
      nombre_emisor: 'IMPORTADORA DEL NORTE & ASOCIADOS',
      folio: 'IMP-0456',
    });
    expect(out?.json_ocr).toMatchObject({
      informacion_aduanera: [{ numero: '23  24  3456  3001234', fecha: '20/10/2023', aduana: 'NUEVO LAREDO' }],
    });
  });

  it('derives the customs office from a 15-digit pedimento without an aduana attribute', () => {
    const xml = `<?xml version="1.0"?><cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/3" Version="3.3" Fecha="2020-01-02T00:00:00" \
Total="10">
      <cfdi:Conceptos><cfdi:Concepto Descripcion="AUTO" Importe="10"><cfdi:InformacionAduanera NumeroPedimento="204734564000123"/>\
</cfdi:Concepto></cfdi:Conceptos></cfdi:Comprobante>`;
    expect(parseCfdi(xml)?.informacion_aduanera).toEqual([{ numero: '20  47  3456  4000123' }]);
  });

  it('reads make, model, year and a pedimento written in a free-text description', async () => {
    const xml = `<?xml version="1.0"?><cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Fecha="2024-05-02T10:00:00" \
Total="290000">
      <cfdi:Emisor Rfc="IFR150301AB2" Nombre="IMPORTADORA FRONTERIZA"/><cfdi:Receptor Rfc="LOMM800101AB1" Nombre="MARIA LOPEZ MARTINEZ"/>
      <cfdi:Conceptos><cfdi:Concepto Descripcion="nissan versa advance 2019 serie 3N1CN7AD3KL812345 pedimento 195034561234567" \
Importe="290000"/></cfdi:Conceptos></cfdi:Comprobante>`;
    const out = await cfdiXmlEngine.run({ bytes: Buffer.from(xml), mime: 'application/xml', sha256: 'x' });
    expect(out?.parsed_data).toMatchObject({
      vin: '3N1CN7AD3KL812345',
      marca: 'NISSAN',
      modelo: 'VERSA ADVANCE',
      anio_modelo: 2019,
      pedimento: '19  50  3456  1234567',
      aduana: '50',
      ano_vehiculo: 2019,
    });
    const vw = parseCfdi(
      xml.replace(
        'nissan versa advance 2019 serie 3N1CN7AD3KL812345 pedimento 195034561234567',
        'VOLKSWAGEN JETTA COMFORTLINE 2024 SERIE 3VWFE21C04M000009',
      ),
    );
    expect(vw?.vehiculo).toMatchObject({ marca: 'VOLKSWAGEN', modelo: 'JETTA COMFORTLINE', anio_modelo: 2024 });
    expect(vw?.informacion_aduanera).toEqual([]);
  });

  it('leaves non-CFDI XML untyped with its text content', async () => {
    const out = await cfdiXmlEngine.run({
      bytes: Buffer.from('<nota><p>Hola</p><p>mundo</p></nota>'),
      mime: 'application/xml',
      sha256: 'x',
    });
    expect(out).toMatchObject({ text: 'Hola\nmundo', json_ocr: { source: 'xml' } });
    expect(out?.type).toBeUndefined();
  });

  it('reads a CFDI written with blank lines before its declaration, or in UTF-16', async () => {
    const original = fixture('cfdi40-venta-vehiculos.xml');
    const expected = (await read('cfdi40-venta-vehiculos.xml'))?.parsed_data;
    const run = (bytes: Buffer) => cfdiXmlEngine.run({ bytes, mime: 'application/xml', sha256: 'x' });
    const leading = await run(Buffer.concat([Buffer.from('\n  \n'), original]));
    expect(leading).toMatchObject({ type: 'invoice', parsed_data: expected });
    const text = original.toString('utf8').replace(/encoding="UTF-8"/i, 'encoding="UTF-16"');
    const utf16 = await run(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    expect(utf16).toMatchObject({ type: 'invoice', parsed_data: expected });
  });

  it.each([
    ['I', 'invoice'],
    ['ingreso', 'invoice'],
    ['P', 'factura_xml'],
    ['N', 'factura_xml'],
    ['E', 'factura_xml'],
    ['T', 'factura_xml'],
  ])('a CFDI of TipoDeComprobante %s is typed %s (only sales are invoices, contract §4.8)', async (tipo, type) => {
    const xml = fixture('cfdi40-venta-vehiculos.xml').toString('utf8').replace('TipoDeComprobante="I"', `TipoDeComprobante="${tipo}"`);
    const out = await cfdiXmlEngine.run({ bytes: Buffer.from(xml), mime: 'application/xml', sha256: 'x' });
    expect(out?.type).toBe(type);
  });

  it('answers empty text for malformed XML instead of throwing', async () => {
    const out = await cfdiXmlEngine.run({
      bytes: Buffer.from('<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4"><oops>'),
      mime: 'application/xml',
      sha256: 'x',
    });
    expect(out).toMatchObject({
      text: '',
      json_ocr: { error: 'malformed_xml', message: 'El XML no está bien formado', detail: expect.any(String) },
    });
  });

  it('is chosen for XML content even when the declared MIME says PDF', async () => {
    const out = await runOcr([cfdiXmlEngine], { bytes: fixture('cfdi40-venta-vehiculos.xml'), mime: 'application/pdf', sha256: '' });
    expect(out).toMatchObject({ engine: 'cfdi_xml', type: 'invoice' });
  });
});
