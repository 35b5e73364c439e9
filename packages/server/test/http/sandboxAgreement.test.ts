import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addProcessedDocument, createCase, eventually } from '../helpers/testServer.js';
import { acme, t, useTenantServer } from './tenantServer.js';

// Synthetic (no-fixture) sandbox answers agree with the case's documents (docs/sandbox.md,
// "Synthetic defaults"). The VIN's WMI says NISSAN and its 10th character 2019: the invoice
// says otherwise, and the invoice wins. This VIN's synthetic AMDA and AMIS answers are records.
const VIN = '3N1AB7AP9KY234510';
const MAZDA = { marca: 'MAZDA', modelo: 'CX-30', anio_modelo: 2021 };
useTenantServer();

const get = (url: string) => t.inject({ method: 'GET', url, headers: acme.bearer });
const post = (url: string) => t.inject({ method: 'POST', url, headers: acme.bearer });

async function invoices(caseId: string) {
  await t.server.runner.whenIdle();
  return (await get(`/v1/cases/${caseId}/invoices`)).json().invoices as Record<
    string,
    { result: Record<string, any> | null; message: string | null }
  >[];
}

describe('AMDA and AMIS name the car of the case', () => {
  it("a case with an invoice of a MAZDA CX-30 2021 gets AMDA and AMIS answers naming it, not the VIN's NISSAN 2019", async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'invoice', { vin: VIN, ...MAZDA });
    const [inv] = await invoices(caseId);
    expect(inv.amda_invoice.result?.vehicle_details).toMatchObject({ vin: VIN, brand: 'MAZDA', model: 'CX-30', year: 2021 });
    const policies = inv.amis.result?.info as Record<string, unknown>[];
    expect(policies.length).toBeGreaterThan(0);
    for (const p of policies) expect(p).toMatchObject({ marca: 'MAZDA', submarca: 'CX-30', anio_modelo: 2021 });
  });

  it("fills what the invoice leaves out from the case's other documents of the same VIN, never from another vehicle's", async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'certificate_title', { vin: '1M8GDM9AXKP042788', modelo: 'J4500', anio_modelo: 1999 });
    await addProcessedDocument(t, acme, caseId, 'certificate_title', { vin: VIN.slice(-8), modelo: 'CX-30', anio_modelo: 2021 });
    await addProcessedDocument(t, acme, caseId, 'invoice', { vin: VIN, marca: 'mazda' });
    const [inv] = await invoices(caseId);
    expect(inv.amda_invoice.result?.vehicle_details).toMatchObject({ brand: 'MAZDA', model: 'CX-30', year: 2021 });
    expect(inv.amis.result?.info[0]).toMatchObject({ marca: 'MAZDA', submarca: 'CX-30', anio_modelo: 2021 });
  });

  it('derives only what no document says, the same way every time', async () => {
    const answers = [];
    for (let i = 0; i < 2; i++) {
      const caseId = await createCase(t, acme);
      await addProcessedDocument(t, acme, caseId, 'invoice', { vin: VIN, marca: 'MAZDA' });
      const [inv] = await invoices(caseId);
      answers.push({ amda: inv.amda_invoice.result, amis: inv.amis.result });
    }
    expect(answers[0].amda?.vehicle_details).toMatchObject({ brand: 'MAZDA', year: 2019 });
    expect(['MAZDA 3', 'CX-5']).toContain(answers[0].amda?.vehicle_details.model);
    expect(answers[1]).toEqual(answers[0]);
  });

  it('REPUVE and the credit bureau describe the same car', async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'invoice', { vin: VIN, ...MAZDA });
    await post(`/v1/cases/${caseId}/process`);
    expect((await post(`/v1/cases/${caseId}/circulo-credito`)).statusCode).toBe(202);
    await t.server.runner.whenIdle();
    const repuve = await eventually(
      async () => (await get(`/v1/cases/${caseId}/repuve`)).json(),
      (b) => b.job_status === 'completed',
    );
    expect(repuve.info).toMatchObject({ niv: VIN, marca: 'MAZDA', modelo: 'CX-30', anio_modelo: 2021 });
    expect((await get(`/v1/cases/${caseId}/circulo-credito`)).json().data.vehiculo).toEqual({
      marca: 'MAZDA',
      modelo: 'CX-30',
      anio_modelo: 2021,
    });
  });
});

describe('RENAPO describes the person of the CURP', () => {
  const renapo = async (caseId: string) => {
    expect((await post(`/v1/cases/${caseId}/renapo`)).statusCode).toBe(202);
    await t.server.runner.whenIdle();
    return (await get(`/v1/cases/${caseId}/renapo`)).json().data;
  };

  it("takes the name of the case's document holding that CURP; sex, birth date and state from the CURP, one state throughout", async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'ine', {
      curp: 'HEGG560427MVZRRL04',
      nombre: 'GLORIA',
      apellido_paterno: 'HERNANDEZ',
      apellido_materno: 'GARCIA',
    });
    await addProcessedDocument(t, acme, caseId, 'id_front', {
      curp: 'MOPR750308HYNRRB01',
      nombre: 'ROBERTO',
      apellido_paterno: 'MORALES',
      apellido_materno: 'PEREZ',
    });
    await addProcessedDocument(t, acme, caseId, 'curp', { curp: 'HEGG560427MVZRRL04' });
    const data = await renapo(caseId);
    expect(data.curp).toBe('HEGG560427MVZRRL04');
    expect(data.person).toMatchObject({
      first_name: 'GLORIA',
      paternal_surname: 'HERNANDEZ',
      maternal_surname: 'GARCIA',
      sex: 'MUJER',
      birth_date: '27/04/1956',
      birth_state: 'VERACRUZ',
      birth_country: 'MEXICO',
    });
    expect(data.probative_doc_data).toMatchObject({
      registration_year: '1956',
      state: 'VERACRUZ',
      state_key: '30',
      municipality: 'XALAPA',
      municipality_key: '087',
    });
  });

  it.each([
    ['MOPR750308HYNRRB01', { sex: 'HOMBRE', birth_date: '08/03/1975', birth_state: 'YUCATAN' }, { state: 'YUCATAN', state_key: '31' }],
    [
      'BXCA800512HDFCSN05',
      { sex: 'HOMBRE', birth_date: '12/05/1980', birth_state: 'CIUDAD DE MEXICO' },
      { state: 'CIUDAD DE MEXICO', state_key: '09' },
    ],
    ['GALM900215MNESRR01', { sex: 'MUJER', birth_country: 'EXTRANJERO' }, { state: null, state_key: null, municipality: null }],
  ])('%s: state name and state_key name the same state', async (curp, person, probative) => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'curp', { curp });
    const data = await renapo(caseId);
    expect(data.person).toMatchObject(person);
    expect(data.probative_doc_data).toMatchObject(probative);
    // Without a name on the documents, the names still spell the CURP's initials.
    expect(`${data.person.paternal_surname[0]}${data.person.maternal_surname[0]}${data.person.first_name[0]}`).toBe(
      `${curp[0]}${curp[2]}${curp[3]}`,
    );
  });
});

describe('the SAT CFDI check speaks of the invoice', () => {
  const cfdiXml = readFileSync(new URL('../fixtures/documents/cfdi40-venta-vehiculos.xml', import.meta.url), 'utf8');

  it("efectoComprobante follows an uploaded CFDI XML's TipoDeComprobante and folioFiscal is its UUID", async () => {
    const caseId = await createCase(t, acme);
    const xml = cfdiXml.replace('TipoDeComprobante="I"', 'TipoDeComprobante="E"');
    const up = await t.inject({
      method: 'POST',
      url: '/v1/documents',
      headers: { 'x-api-key': acme.apiKey },
      payload: { case_id: caseId, mime_type: 'application/xml', base64: Buffer.from(xml).toString('base64'), type: 'invoice' },
    });
    expect(up.statusCode).toBe(201);
    const [inv] = await invoices(caseId);
    expect(inv.validate_invoice.result).toMatchObject({
      folioFiscal: '6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B',
      rfcEmisor: 'AVM9203175R5',
      efectoComprobante: 'Egreso',
    });
  });

  it('every TipoDeComprobante reads its own effect (I, T, N, P)', async () => {
    const effects = { I: 'Ingreso', T: 'Traslado', N: 'Nómina', P: 'Pago' };
    for (const [i, [tipo, efecto]] of Object.entries(effects).entries()) {
      const caseId = await createCase(t, acme);
      const folio = `0A1B2C3D-0000-4000-8000-00000000001${i}`;
      // json_ocr as the CFDI engine keeps it, with the invoice's TipoDeComprobante.
      const parsed = { folio_fiscal: folio, rfc_emisor: 'AVM9203175R5', rfc_receptor: 'PELJ800101A14' };
      await addProcessedDocument(t, acme, caseId, 'invoice', parsed, { source: 'cfdi_xml', tipo_comprobante: tipo });
      const [inv] = await invoices(caseId);
      expect(inv.validate_invoice.result, tipo).toMatchObject({ folioFiscal: folio, efectoComprobante: efecto });
    }
  });

  it('an invoice without a folio fiscal is matched by its RFC pair and gets no invented folioFiscal (§4.8, §2.14)', async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'invoice', {
      rfc_emisor: 'AVM9203175R5',
      rfc_receptor: 'PELJ800101A14',
      monto_total: 406000,
    });
    const [inv] = await invoices(caseId);
    expect(inv.validate_invoice.result).toMatchObject({
      estadoCFDI: expect.any(String),
      rfcEmisor: 'AVM9203175R5',
      rfcReceptor: 'PELJ800101A14',
      totalCfdi: 406000,
    });
    expect(inv.validate_invoice.result).not.toHaveProperty('folioFiscal');
    expect(inv.validate_invoice.result).not.toHaveProperty('efectoComprobante');
  });
});
