import { describe, expect, it } from 'vitest';
import { createCase } from '../helpers/testServer.js';
import { fixture, makeImagePdf, makePdf, TARJETA_COLUMNS } from '../pipeline/helpers.js';
import { acme, t, useTenantServer } from './tenantServer.js';

// Documents laid out the ways outside authors write them, uploaded through the API and read
// by the real engines (no OCR fixtures): what the case then says through HTTP.
useTenantServer();

async function upload(caseId: string, bytes: Uint8Array, mime: string, type?: string): Promise<string> {
  const res = await t.inject({
    method: 'POST',
    url: '/v1/documents',
    headers: { 'x-api-key': acme.apiKey },
    payload: { case_id: caseId, mime_type: mime, base64: Buffer.from(bytes).toString('base64'), ...(type ? { type } : {}) },
  });
  expect(res.statusCode).toBe(201);
  return res.json().document_id;
}
const parsed = async (id: string) =>
  (await t.inject({ method: 'GET', url: `/v1/documents/${id}`, headers: { 'x-api-key': acme.apiKey } })).json().parsed_data;

describe('extraction through the API (operator-surface §5)', () => {
  it('reads column forms, year tables, REPUVE entity labels and company names, and the case derives from them', async () => {
    const caseId = await createCase(t, acme);
    const tarjeta = await upload(caseId, await makePdf(TARJETA_COLUMNS), 'application/pdf', 'certificate_title');
    const receipt = await upload(
      caseId,
      await makePdf([
        'RECIBO DE PAGO DE REFRENDO',
        'Placa: MNO-12-34',
        'Ejercicio Importe',
        '2021 $ 650.00',
        '2022 $ 700.00',
        'Total: $ 1,350.00',
        'Fecha de pago: 10/08/2023',
      ]),
      'application/pdf',
      'tax_payment',
    );
    const repuve = await upload(
      caseId,
      await makePdf(['REPUVE', 'NIV: KMHCT41D8EU123456', 'Placa: PQR9876', 'Entidad que emplacó: JALISCO']),
      'application/pdf',
      'repuve',
    );
    const cfdi = `<?xml version="1.0"?><cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" \
Fecha="2024-05-02T10:00:00" Total="290000">
      <cfdi:Emisor Rfc="CNO150301AB2" Nombre="CAMIONES DEL NORTE"/><cfdi:Receptor Rfc="RATC800101AB1" Nombre="CARLOS RAMIREZ TORRES"/>
      <cfdi:Conceptos><cfdi:Concepto Descripcion="hyundai accent gl 2014 serie KMHCT41D8EU123456 pedimento 195034561234567" \
Importe="290000"/></cfdi:Conceptos></cfdi:Comprobante>`;
    const invoice = await upload(caseId, Buffer.from(cfdi), 'application/xml');
    await t.server.runner.whenIdle();

    expect(await parsed(tarjeta)).toMatchObject({
      placa: 'MNO1234',
      vin: 'KMHCT41D8EU123456',
      propietario: 'CARLOS RAMÍREZ TORRES',
      fecha_documento: '15/03/2024',
    });
    expect(await parsed(receipt)).toMatchObject({ placa: 'MNO1234', ejercicio_fiscal: [2021, 2022] });
    expect(await parsed(repuve)).toMatchObject({ placa: 'PQR9876', entidad: 'JAL' });
    expect(await parsed(invoice)).toMatchObject({
      marca: 'HYUNDAI',
      modelo: 'ACCENT GL',
      anio_modelo: 2014,
      pedimento: '19  50  3456  1234567',
      aduana: '50',
    });

    const names = (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}/names`, headers: acme.bearer })).json();
    const typeOf = (name: string) => names.names.find((n: { name: string }) => n.name === name)?.person_type;
    expect(typeOf('CAMIONES DEL NORTE')).toBe('moral');
    expect(typeOf('CARLOS RAMIREZ TORRES')).toBe('fisica');

    const plates = (await t.inject({ method: 'POST', url: `/v1/cases/${caseId}/plates`, headers: acme.bearer })).json();
    const entities = Object.fromEntries(plates.plates.map((p: { plate: string; entity: string }) => [p.plate, p.entity]));
    expect(entities).toMatchObject({ MNO1234: 'MEX', PQR9876: 'JAL' });
  });

  it('reads a CFDI written with a blank line before its declaration, and a card filed as vehicle_plate with its VIN and date', async () => {
    const caseId = await createCase(t, acme);
    const cfdi = `
<?xml version="1.0" encoding="UTF-8"?><cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Fecha="2024-05-02T10:00:00" \
Total="290000">
      <cfdi:Emisor Rfc="CNO150301AB2" Nombre="CAMIONES DEL NORTE"/><cfdi:Receptor Rfc="RATC800101AB1" Nombre="CARLOS RAMIREZ TORRES"/>\
</cfdi:Comprobante>`;
    const invoice = await upload(caseId, Buffer.from(cfdi), 'application/xml');
    const card = await upload(caseId, await makePdf(TARJETA_COLUMNS), 'application/pdf', 'vehicle_plate');
    await t.server.runner.whenIdle();
    const detail = (await t.inject({ method: 'GET', url: `/v1/documents/${invoice}`, headers: { 'x-api-key': acme.apiKey } })).json();
    expect(detail.type).toBe('factura_xml');
    expect(detail.parsed_data).toMatchObject({ rfc_emisor: 'CNO150301AB2', monto_total: 290000 });
    expect(await parsed(card)).toMatchObject({ placa: 'MNO1234', vin: 'KMHCT41D8EU123456', fecha_documento: '15/03/2024' });
    const plates = (await t.inject({ method: 'POST', url: `/v1/cases/${caseId}/plates`, headers: acme.bearer })).json();
    const row = plates.plates.find((p: { file_id: string }) => p.file_id === card);
    expect(row).toMatchObject({ plate: 'MNO1234', document_type: 'vehicle_plate', document_date: '15/03/2024' });
  });
});

describe('extraction-data (operator-surface §4)', () => {
  it('decodes the QR code of a printed CFDI whose page also has a text layer', async () => {
    const caseId = await createCase(t, acme);
    const pdf = await makeImagePdf(fixture('cfdi-qr.png'), { width: 120, height: 120 }, 'FACTURA');
    const id = await upload(caseId, pdf, 'application/pdf', 'invoice');
    await t.server.runner.whenIdle();
    const res = await t.inject({ method: 'GET', url: `/v1/documents/${id}/extraction-data`, headers: { 'x-api-key': acme.apiKey } });
    expect(res.statusCode).toBe(200);
    expect(res.json().codes).toEqual([
      { kind: 'qr', value: expect.stringMatching(/^https:\/\/verificacfdi\.facturaelectronica\.sat\.gob\.mx\/default\.aspx\?id=6F1C2B3A/) },
    ]);
  });
});
