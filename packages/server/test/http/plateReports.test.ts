import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProcessedDocument, createCase, createTenant, eventually, startTestServer, type Tenant, type TestServer } from '../helpers/testServer.js';

const VIN = '1M8GDM9AXKP042788';
let t: TestServer;
let acme: Tenant;

beforeAll(async () => {
  t = await startTestServer();
  acme = await createTenant(t);
});
afterAll(() => t.close());

const get = (url: string) => t.inject({ method: 'GET', url, headers: acme.bearer });
const post = (url: string, payload?: unknown) =>
  t.inject({ method: 'POST', url, headers: acme.bearer, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

/** A case with an invoice VIN, a current MEX plate (with a previous one on the portal) and a tenencia receipt. */
async function vehicleCase(opts: { previous?: string | null; otherVinPlate?: boolean } = {}) {
  const caseId = await createCase(t, acme);
  await addProcessedDocument(t, acme, caseId, 'factura', { vin: VIN, fecha_emision: '10/01/2019' });
  await addProcessedDocument(t, acme, caseId, 'certificate_title', { placa: 'NXA-12-34', entidad: 'MEX', vin: VIN, fecha_documento: '15/03/2024', propietario: 'Juan Pérez' });
  await addProcessedDocument(t, acme, caseId, 'tax_payment', { placa: 'NXA1234', entidad: 'MEX', vin: VIN.slice(-8), ejercicio_fiscal: 2025, fecha_pago: '20/02/2025', total: 1850.5 });
  if (opts.otherVinPlate) {
    await addProcessedDocument(t, acme, caseId, 'vehicle_certificate', { placa: 'ZZZ9999', entidad: 'JAL', vin: '3VWFE21C04M000001', fecha_documento: '01/01/2024' });
  }
  await t.admin('PUT', '/admin/sandbox/fixtures/plate_portal/NXA1234', {
    plate_status: 'Vigente',
    valid_from: '15/03/2024',
    valid_until: '15/03/2029',
    previous_plate: opts.previous === undefined ? 'MLK9876' : opts.previous,
  });
  const plates = await post(`/v1/cases/${caseId}/plates`);
  expect(plates.statusCode).toBe(200);
  await t.server.runner.whenIdle();
  return caseId;
}

describe('plates (contract §2.4)', () => {
  it('every row of the same plate carries the portal answer, whatever its document or entity', async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'tax_payment', { placa: 'PTW-22-22', entidad: 'MEX', vin: VIN, fecha_documento: '01/02/2024' });
    await addProcessedDocument(t, acme, caseId, 'certificate_title', { placa: 'PTW2222', entidad: 'JAL', vin: VIN, fecha_documento: '01/02/2023' });
    await addProcessedDocument(t, acme, caseId, 'vehicle_plate', { placa: 'ptw 2222' });
    await addProcessedDocument(t, acme, caseId, 'certificate_title', { placa: 'JJJ1111', entidad: 'JAL', vin: VIN, fecha_documento: '01/02/2020' });
    await t.admin('PUT', '/admin/sandbox/fixtures/plate_portal/PTW2222', {
      plate_status: 'Vigente',
      valid_from: '01/01/2020',
      valid_until: '31/12/2030',
      previous_plate: 'PON-11-11',
    });
    expect((await post(`/v1/cases/${caseId}/plates`)).statusCode).toBe(200);
    await t.server.runner.whenIdle();
    const { plates } = (await get(`/v1/cases/${caseId}/plates`)).json();
    const same = plates.filter((p: { plate: string }) => p.plate === 'PTW2222');
    expect(same).toHaveLength(3);
    for (const row of same) {
      expect(row).toMatchObject({
        plate_status: 'Vigente',
        plate_valid_from: '01/01/2020',
        plate_valid_until: '31/12/2030',
        previous_plate: 'PON1111',
        previous_plate_lookup_status: 'found',
      });
    }
    // A plate never seen in MEX is not looked up on the MEX portal.
    expect(plates.find((p: { plate: string }) => p.plate === 'JJJ1111')).toMatchObject({ plate_status: null, previous_plate_lookup_status: null });
  });
});

describe('a portal naming the plate as its own previous plate', () => {
  it('reads as no previous plate, and the plate chain does not name the plate as its predecessor', async () => {
    const caseId = await vehicleCase({ previous: 'nxa-1234' });
    const { plates } = (await get(`/v1/cases/${caseId}/plates`)).json();
    const main = plates.filter((p: { plate: string }) => p.plate === 'NXA1234');
    expect(main.length).toBeGreaterThan(0);
    for (const row of main) expect(row).toMatchObject({ plate_status: 'Vigente', previous_plate: null, previous_plate_lookup_status: null });
    expect((await post(`/v1/cases/${caseId}/chain_plates`)).statusCode).toBe(202);
    await t.server.runner.whenIdle();
    const chain = (await get(`/v1/cases/${caseId}/chain_plates`)).json();
    expect(chain.status).toBe('completed');
    expect(chain.chain.map((c: { plate: string; predecessor_plate: string | null }) => [c.plate, c.predecessor_plate])).toEqual([['NXA1234', null]]);
  });
});

describe('tickets (contract §4.5)', () => {
  it('without a query the root is processing with the never-queried message and result []', async () => {
    const caseId = await vehicleCase();
    const res = await get(`/v1/cases/${caseId}/tickets`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ case_id: caseId, status: 'processing', message: 'Aún no se ha ejecutado ninguna consulta de infracciones para este caso', result: [] });
  });

  it('POST queries every plate in its entity and CMX; GET publishes six-key rows, main plate first', async () => {
    const caseId = await vehicleCase();
    await t.admin('PUT', '/admin/sandbox/fixtures/tickets/NXA1234:MEX', {
      infractions: [
        { date: '01/02/2025', amount: 1200, status: 'PAGADA' },
        { date: '05/06/2025', amount: '$2,500.00', status: 'NO PAGADA' },
        { date: null, amount: null, status: 'PENDIENTE' },
      ],
    });
    await t.admin('PUT', '/admin/sandbox/fixtures/tickets/NXA1234:CMX', { infractions: [] });
    await t.admin('PUT', '/admin/sandbox/fixtures/tickets/MLK9876:MEX', { reason: 'Entidad aún sin cobertura' });
    await t.admin('PUT', '/admin/sandbox/fixtures/tickets/MLK9876:CMX', { not_found: true });
    const start = await post(`/v1/cases/${caseId}/tickets`);
    expect(start.statusCode).toBe(202);
    expect(start.json()).toEqual({ job_id: expect.any(String), plates: expect.arrayContaining(['NXA1234', 'MLK9876']), status: 'pending' });
    await t.server.runner.whenIdle();
    const body = (await get(`/v1/cases/${caseId}/tickets`)).json();
    expect(body.status).toBe('completed');
    expect(body.message).toBeNull();
    for (const row of body.result) expect(Object.keys(row).sort()).toEqual(['amount', 'message', 'plate_number', 'state', 'status', 'ticket_date']);
    expect(body.result[0].plate_number).toBe('NXA1234');
    expect(body.result).toEqual(
      expect.arrayContaining([
        { plate_number: 'NXA1234', state: 'MEX', ticket_date: '01/02/2025', amount: 1200, status: 'success', message: 'Pagada' },
        { plate_number: 'NXA1234', state: 'MEX', ticket_date: '05/06/2025', amount: '$2,500.00', status: 'warning', message: 'No Pagada' },
        { plate_number: 'NXA1234', state: 'MEX', ticket_date: null, amount: null, status: 'warning', message: 'PENDIENTE' },
        { plate_number: 'NXA1234', state: 'CMX', ticket_date: null, amount: null, status: 'success', message: 'Placa sin adeudos' },
        { plate_number: 'MLK9876', state: 'MEX', ticket_date: null, amount: null, status: 'failed', message: 'Entidad aún sin cobertura' },
      ]),
    );
  });

  it('400 without plates, or with none for the case VIN; completed empties for both', async () => {
    const bare = await createCase(t, acme);
    expect((await post(`/v1/cases/${bare}/tickets`)).statusCode).toBe(400);
    expect((await get(`/v1/cases/${bare}/tickets`)).json()).toEqual({ case_id: bare, status: 'completed', message: 'No se encontraron the service registradas', result: [] });
    const foreign = await createCase(t, acme);
    await addProcessedDocument(t, acme, foreign, 'factura', { vin: VIN });
    await addProcessedDocument(t, acme, foreign, 'vehicle_certificate', { placa: 'ZZZ9999', entidad: 'JAL', vin: '3VWFE21C04M000001', fecha_documento: '01/01/2024' });
    await post(`/v1/cases/${foreign}/plates`);
    // Nothing belongs to the case VIN: nothing to look up, the same 400 without a code (§7).
    for (const report of ['tickets', 'taxes']) {
      const started = await post(`/v1/cases/${foreign}/${report}`);
      expect(started.statusCode, report).toBe(400);
      expect(started.json().error, report).toEqual({ code: null, message: expect.stringContaining('VIN del expediente') });
    }
    await t.server.runner.whenIdle();
    expect((await get(`/v1/cases/${foreign}/tickets`)).json()).toEqual({
      case_id: foreign,
      status: 'completed',
      message: 'Las the service registradas no corresponden al VIN del expediente',
      result: [],
    });
    const taxes = (await get(`/v1/cases/${foreign}/taxes`)).json();
    for (const block of [taxes.main_tax, taxes.taxes]) {
      expect(block).toEqual({ status: 'completed', message: 'Las the service registradas no corresponden al VIN del expediente', result: [] });
    }
    expect((await get('/v1/cases/nope/tickets')).statusCode).toBe(400);
    expect((await get(`/v1/cases/${crypto.randomUUID()}/tickets`)).statusCode).toBe(404);
  });
});

describe('tickets: one row set per lookup', () => {
  it('a plate read in JAL and in CMX publishes its CMX lookup once', async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'factura', { vin: VIN, fecha_emision: '10/01/2019' });
    await addProcessedDocument(t, acme, caseId, 'certificate_title', { placa: 'EEE1111', entidad: 'JAL', vin: VIN, fecha_documento: '01/03/2020' });
    await addProcessedDocument(t, acme, caseId, 'vehicle_certificate', { placa: 'EEE1111', entidad: 'CMX', vin: VIN, fecha_documento: '01/03/2019' });
    await t.admin('PUT', '/admin/sandbox/fixtures/tickets/EEE1111:CMX', { infractions: [{ date: '01/01/2024', amount: 100, status: 'NO PAGADA' }] });
    await t.admin('PUT', '/admin/sandbox/fixtures/tickets/EEE1111:JAL', { infractions: [] });
    await post(`/v1/cases/${caseId}/plates`);
    expect((await post(`/v1/cases/${caseId}/tickets`)).statusCode).toBe(202);
    await t.server.runner.whenIdle();
    const body = (await get(`/v1/cases/${caseId}/tickets`)).json();
    expect(body.result).toEqual([
      { plate_number: 'EEE1111', state: 'JAL', ticket_date: null, amount: null, status: 'success', message: 'Placa sin adeudos' },
      { plate_number: 'EEE1111', state: 'CMX', ticket_date: '01/01/2024', amount: 100, status: 'warning', message: 'No Pagada' },
    ]);
  });
});

describe('a source answer with items that are not objects', () => {
  it('GET tickets and GET taxes answer 200 and skip them (contract §4.7: always 200 when the case exists)', async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'certificate_title', { placa: 'NUL1234', entidad: 'JAL', vin: VIN, fecha_documento: '01/02/2025' });
    expect((await post(`/v1/cases/${caseId}/plates`)).statusCode).toBe(200);
    const year = new Date().getUTCFullYear();
    await t.admin('PUT', '/admin/sandbox/fixtures/tickets/NUL1234:JAL', { infractions: [null, 7, { date: '01/01/2024', amount: 450, status: 'PAGADA' }] });
    await t.admin('PUT', '/admin/sandbox/fixtures/tickets/NUL1234:CMX', { infractions: [null] });
    await t.admin('PUT', '/admin/sandbox/fixtures/tenencia/NUL1234:JAL', { years: [null, 'x', { fiscal_year: year - 1, amount: 900 }] });
    expect((await post(`/v1/cases/${caseId}/tickets`)).statusCode).toBe(202);
    expect((await post(`/v1/cases/${caseId}/taxes`)).statusCode).toBe(202);
    await t.server.runner.whenIdle();
    const tickets = await get(`/v1/cases/${caseId}/tickets`);
    expect(tickets.statusCode).toBe(200);
    expect(tickets.json().result).toEqual([
      { plate_number: 'NUL1234', state: 'JAL', ticket_date: '01/01/2024', amount: 450, status: 'success', message: 'Pagada' },
      expect.objectContaining({ plate_number: 'NUL1234', state: 'CMX', status: 'success' }),
    ]);
    const taxes = await get(`/v1/cases/${caseId}/taxes`);
    expect(taxes.statusCode).toBe(200);
    const debt = taxes.json().main_tax.result.find((r: { fiscal_year: number }) => r.fiscal_year === year - 1);
    expect(debt).toMatchObject({ source: { status: 'warning', message: 'Con adeudo' }, total: 900 });
  });
});

describe('a receipt that names a plate the case knows in two entities, without its own', () => {
  it('is no third plate: tickets and taxes publish the same two pairs, the receipt counting for the plate it declares', async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'certificate_title', { placa: 'TWO1111', entidad: 'JAL', vin: VIN, fecha_documento: '01/02/2025' });
    await addProcessedDocument(t, acme, caseId, 'vehicle_certificate', { placa: 'TWO1111', entidad: 'NLE', vin: VIN, fecha_documento: '01/02/2024' });
    await addProcessedDocument(t, acme, caseId, 'tax_payment', { placa: 'TWO1111', vin: VIN, ejercicio_fiscal: 2023, fecha_pago: '05/05/2023', total: 77 });
    expect((await post(`/v1/cases/${caseId}/plates`)).statusCode).toBe(200);
    await t.admin('PUT', '/admin/sandbox/fixtures/tenencia/TWO1111:JAL', { years: [] });
    await t.admin('PUT', '/admin/sandbox/fixtures/tenencia/TWO1111:NLE', { years: [] });
    expect((await post(`/v1/cases/${caseId}/taxes`)).statusCode).toBe(202);
    expect((await post(`/v1/cases/${caseId}/tickets`)).statusCode).toBe(202);
    await t.server.runner.whenIdle();
    const taxes = (await get(`/v1/cases/${caseId}/taxes`)).json();
    expect(taxes.main_tax.result[0]).toMatchObject({ plate_number: 'TWO1111', state: 'JAL' });
    expect(taxes.taxes.result).toEqual([{ plate_number: 'TWO1111', state: 'NLE', fiscal_year: 2023, status: { status: 'success', message: 'Sin adeudo' }, payment_date: '05/05/2023', total: 77 }]);
    const tickets = (await get(`/v1/cases/${caseId}/tickets`)).json();
    const pairs = [...new Set(tickets.result.map((r: { plate_number: string; state: string }) => `${r.plate_number}:${r.state}`))];
    expect(pairs.sort()).toEqual(['TWO1111:CMX', 'TWO1111:JAL', 'TWO1111:NLE']);
  });
});

describe('taxes (contract §4.6, §4.7)', () => {
  it('before any lookup: blocks processing with the never-ran message, receipts still published', async () => {
    const caseId = await vehicleCase();
    const body = (await get(`/v1/cases/${caseId}/taxes`)).json();
    expect(body.main_tax.status).toBe('processing');
    expect(body.main_tax.result).toHaveLength(5);
    const row2025 = body.main_tax.result.find((r: { fiscal_year: number }) => r.fiscal_year === 2025);
    expect(row2025).toMatchObject({ plate_number: 'NXA1234', state: 'MEX', document: { status: 'success', message: 'Agregado' }, payment_date: '20/02/2025' });
    expect(body.taxes).toMatchObject({ status: 'processing', message: 'Aún no se ha ejecutado ninguna consulta de tenencia para este caso.' });
  });

  it('a re-run keeps the earlier answer in the cells and the main block processing until it ends, then shows the new answer', async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'certificate_title', { placa: 'RER1234', entidad: 'JAL', vin: VIN, fecha_documento: '01/02/2025' });
    expect((await post(`/v1/cases/${caseId}/plates`)).statusCode).toBe(200);
    const year = new Date().getUTCFullYear();
    await t.admin('PUT', '/admin/sandbox/fixtures/tenencia/RER1234:JAL', { years: [] });
    expect((await post(`/v1/cases/${caseId}/taxes`)).statusCode).toBe(202);
    await t.server.runner.whenIdle();
    const first = (await get(`/v1/cases/${caseId}/taxes`)).json();
    expect(first.main_tax).toMatchObject({ status: 'completed', message: null });
    await t.admin('PUT', '/admin/sandbox/fixtures/tenencia/RER1234:JAL', { years: [{ fiscal_year: year - 1, amount: 777 }], delay_ms: 400 });
    expect((await post(`/v1/cases/${caseId}/taxes`)).statusCode).toBe(202);
    const during = (await eventually(() => get(`/v1/cases/${caseId}/taxes`).then((r) => r.json()), (b) => b.main_tax.status === 'processing', 5_000)).main_tax;
    expect(during.message).toBe('Se está procesando la información');
    expect(during.result).toEqual(first.main_tax.result);
    await t.server.runner.whenIdle();
    const after = (await get(`/v1/cases/${caseId}/taxes`)).json().main_tax;
    expect(after).toMatchObject({ status: 'completed', message: null });
    expect(after.result.find((r: { fiscal_year: number }) => r.fiscal_year === year - 1)).toMatchObject({ source: { status: 'warning', message: 'Con adeudo' }, total: 777 });
  });

  it('POST starts one child per plate; the grid resolves each year against the portal', async () => {
    const caseId = await vehicleCase();
    const year = new Date().getUTCFullYear();
    await t.admin('PUT', '/admin/sandbox/fixtures/tenencia/NXA1234:MEX', { years: [{ fiscal_year: year - 1, amount: 3100 }] });
    await t.admin('PUT', '/admin/sandbox/fixtures/tenencia/MLK9876:MEX', { reason: 'Vehículo no encontrado o dado de baja' });
    const start = await post(`/v1/cases/${caseId}/taxes`);
    expect(start.statusCode).toBe(202);
    expect(start.json()).toEqual({ job_id: expect.any(String), plates: expect.arrayContaining(['NXA1234', 'MLK9876']), status: 'pending' });
    await t.server.runner.whenIdle();
    const body = (await get(`/v1/cases/${caseId}/taxes`)).json();
    expect(body.main_tax.status).toBe('completed');
    expect(body.main_tax.result.map((r: { fiscal_year: number }) => r.fiscal_year)).toEqual([year, year - 1, year - 2, year - 3, year - 4]);
    const debt = body.main_tax.result[1];
    expect(debt.source).toEqual({ status: 'warning', message: 'Con adeudo' });
    expect(debt.total).toBe(3100);
    expect(body.main_tax.result[0].source).toEqual({ status: 'success', message: 'Sin adeudo' });
    expect(body.taxes.status).toBe('completed');
    expect(body.taxes.result).toEqual([
      expect.objectContaining({ plate_number: 'MLK9876', status: { status: 'failed', message: 'Vehículo no encontrado o dado de baja' } }),
    ]);
  });

  it('the main plate alone gives the permanent single-plate message; no plates gives the empties', async () => {
    const caseId = await vehicleCase({ previous: null });
    await t.admin('PUT', '/admin/sandbox/fixtures/tenencia/NXA1234:MEX', { years: [] });
    await post(`/v1/cases/${caseId}/taxes`);
    await t.server.runner.whenIdle();
    const body = (await get(`/v1/cases/${caseId}/taxes`)).json();
    expect(body.taxes).toEqual({ status: 'completed', message: 'El caso no tiene the service adicionales a la principal', result: [] });
    const bare = await createCase(t, acme);
    expect((await post(`/v1/cases/${bare}/taxes`)).statusCode).toBe(400);
    const empty = (await get(`/v1/cases/${bare}/taxes`)).json();
    expect(empty.main_tax).toEqual({ status: 'completed', message: 'No se encontraron the service registradas', result: [] });
    expect(empty.taxes).toEqual({ status: 'completed', message: 'No se encontraron the service registradas', result: [] });
  });

  it('the single-plate message waits for the portal to say whether the plate had a previous one', async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'certificate_title', { placa: 'PND1111', entidad: 'MEX', vin: VIN, fecha_documento: '01/02/2025' });
    await t.admin('PUT', '/admin/sandbox/fixtures/plate_portal/PND1111', { plate_status: 'Vigente', previous_plate: null, delay_ms: 1500 });
    await t.admin('PUT', '/admin/sandbox/fixtures/tenencia/PND1111:MEX', { years: [] });
    expect((await post(`/v1/cases/${caseId}/plates`)).json().plates[0].previous_plate_lookup_status).toBe('pending');
    expect((await post(`/v1/cases/${caseId}/taxes`)).statusCode).toBe(202);
    const early = await eventually(() => get(`/v1/cases/${caseId}/taxes`).then((r) => r.json()), (b) => b.main_tax.status === 'completed');
    const portal = (await get(`/v1/cases/${caseId}/plates`)).json().plates[0].previous_plate_lookup_status;
    if (portal === 'pending') expect(early.taxes).toEqual({ status: 'processing', message: 'Se está procesando la información', result: [] });
    await t.server.runner.whenIdle();
    const late = (await get(`/v1/cases/${caseId}/taxes`)).json();
    expect(late.taxes).toEqual({ status: 'completed', message: 'El caso no tiene the service adicionales a la principal', result: [] });
  });
});

describe('chains (contract §4.3, §2.5, §2.6)', () => {
  it('POST chain_plates answers the processing shape at once; GET serves the generated chain', async () => {
    const caseId = await vehicleCase();
    const before = (await get(`/v1/cases/${caseId}/chain_plates`)).json();
    expect(before).toMatchObject({ case_id: caseId, summary: null, chain: [], status: 'pending' });
    const res = await post(`/v1/cases/${caseId}/chain_plates`);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      case_id: caseId,
      internal_id: expect.any(String),
      niv: VIN,
      summary: null,
      chain: [],
      status: 'processing',
      message: 'La generación de la cadena de the service se está ejecutando en background.',
    });
    await t.server.runner.whenIdle();
    const body = (await get(`/v1/cases/${caseId}/chain_plates`)).json();
    expect(body.status).toBe('completed');
    expect(body.summary).toMatchObject({ plate_count: 2, current_plate: 'NXA1234', chain_scope: 'edomex_only' });
    expect(body.chain.map((c: { plate: string }) => c.plate)).toEqual(['MLK9876', 'NXA1234']);
    expect(body.chain[1]).toMatchObject({ sequence_index: 1, is_current: true, predecessor_plate: 'MLK9876' });
    expect(body.chain[1].documents[0]).toMatchObject({ niv_matches_case_niv: true, file_url: expect.stringContaining('/files/') });
  });

  it('a case whose plates were never computed gets them first, then its chain', async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'certificate_title', { placa: 'PQR-56-78', entidad: 'MEX', vin: VIN, fecha_documento: '01/02/2024' });
    expect((await get(`/v1/cases/${caseId}/plates`)).statusCode).toBe(404);
    expect((await post(`/v1/cases/${caseId}/chain_plates`)).statusCode).toBe(202);
    await t.server.runner.whenIdle();
    const body = (await get(`/v1/cases/${caseId}/chain_plates`)).json();
    expect(body).toMatchObject({ status: 'completed', summary: { plate_count: 1, current_plate: 'PQR5678' } });
    expect((await get(`/v1/cases/${caseId}/plates`)).json().plates.map((p: { plate: string }) => p.plate)).toEqual(['PQR5678']);
  });

  it('waits for the portal to name previous plates, leaves out deleted documents, and reads portal values in the contract form', async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'tax_payment', { placa: 'FRS1001', entidad: 'MEX', vin: VIN, fecha_documento: '01/01/2022' });
    const deleted = await addProcessedDocument(t, acme, caseId, 'tax_payment', { placa: 'DEL2002', entidad: 'JAL', vin: VIN, fecha_documento: '01/01/2023', folio: 'ABC' });
    await t.admin('PUT', '/admin/sandbox/fixtures/plate_portal/FRS1001', { plate_status: 'VIGENTE', valid_from: '2021-01-01', valid_until: '01/01/2026', previous_plate: 'FRZ9009', delay_ms: 600 });
    expect((await post(`/v1/cases/${caseId}/plates`)).statusCode).toBe(200);
    expect((await t.inject({ method: 'DELETE', url: `/v1/documents/${deleted}`, headers: { 'x-api-key': acme.apiKey } })).statusCode).toBe(200);
    expect((await get(`/v1/cases/${caseId}/plates`)).json().plates.map((p: { plate: string }) => p.plate)).toEqual(['FRS1001']);
    expect((await post(`/v1/cases/${caseId}/chain_plates`)).statusCode).toBe(202);
    await t.server.runner.whenIdle();
    const body = (await get(`/v1/cases/${caseId}/chain_plates`)).json();
    expect(body.chain.map((c: { plate: string; predecessor_plate: string | null }) => [c.plate, c.predecessor_plate])).toEqual([
      ['FRZ9009', null],
      ['FRS1001', 'FRZ9009'],
    ]);
    const [plate] = (await get(`/v1/cases/${caseId}/plates`)).json().plates;
    expect(plate).toMatchObject({ plate_status: 'Vigente', plate_valid_from: '01/01/2021', plate_valid_until: '01/01/2026' });
  });

  it('the ownership chain waits for the names still being read, and leaves out another vehicle\'s documents', async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'factura', { vin: VIN, nombre_emisor: 'AGENCIA SA DE CV', nombre_receptor: 'JUAN PEREZ', fecha_emision: '10/01/2015' });
    await addProcessedDocument(t, acme, caseId, 'factura', { vin: '3VWFE21C04M000001', nombre_emisor: 'OTRA AGENCIA SA DE CV', nombre_receptor: 'PEDRO AJENO', fecha_emision: '10/01/2010' });
    const bytes = Buffer.from('%PDF-1.4 endoso tardio');
    await t.admin('PUT', `/admin/sandbox/fixtures/ocr/${createHash('sha256').update(bytes).digest('hex')}`, {
      type: 'factura',
      parsed_data: { vin: VIN, endosos: [{ de: 'JUAN PEREZ', a: 'ANA LOPEZ', fecha: '01/01/2020' }] },
      delay_ms: 600,
    });
    await t.inject({ method: 'POST', url: '/v1/documents', headers: { 'x-api-key': acme.apiKey }, payload: { case_id: caseId, mime_type: 'application/pdf', base64: bytes.toString('base64') } });
    expect((await post(`/v1/cases/${caseId}/ownership_chain`)).statusCode).toBe(202);
    expect((await get(`/v1/cases/${caseId}/ownership_chain`)).json().status).toBe('processing');
    await t.server.runner.whenIdle();
    const body = (await get(`/v1/cases/${caseId}/ownership_chain`)).json();
    expect(body.status).toBe('completed');
    expect(body.summary.current_owner).toBe('ANA LOPEZ');
    const owners = body.chain.map((c: { display_name: string }) => c.display_name);
    expect(owners).toEqual(expect.arrayContaining(['AGENCIA SA DE CV', 'JUAN PEREZ', 'ANA LOPEZ']));
    expect(owners).not.toContain('PEDRO AJENO');
  });

  it('POST ownership_chain answers processing; GET serves owners pivoted on the invoice', async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'factura', {
      vin: VIN,
      nombre_emisor: 'Autos del Norte S.A. de C.V.',
      nombre_receptor: 'María López',
      fecha_emision: '10/01/2019',
      endosos: [{ de: 'María López', a: 'Juan Pérez', fecha: '05/05/2022' }],
    });
    const res = await post(`/v1/cases/${caseId}/ownership_chain`);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      case_id: caseId,
      internal_id: expect.any(String),
      summary: null,
      chain: [],
      gaps: [],
      status: 'processing',
      message: 'La generación de la cadena de propiedad se está ejecutando en background.',
    });
    await t.server.runner.whenIdle();
    const body = (await get(`/v1/cases/${caseId}/ownership_chain`)).json();
    expect(body.status).toBe('completed');
    expect(body.summary).toMatchObject({ chain_pivot: 'invoice_original', current_owner: 'Juan Pérez' });
    expect(body.chain.map((c: { display_name: string }) => c.display_name)).toEqual(expect.arrayContaining(['María López', 'Juan Pérez']));
  });

  it('400 for a bad id or any parameter; 404 for missing or deleted cases', async () => {
    const caseId = await createCase(t, acme);
    for (const path of ['chain_plates', 'ownership_chain']) {
      expect((await post(`/v1/cases/not-a-uuid/${path}`)).statusCode).toBe(400);
      expect((await post(`/v1/cases/${caseId}/${path}`, { force: true })).statusCode).toBe(400);
      expect((await t.inject({ method: 'POST', url: `/v1/cases/${caseId}/${path}?force=1`, headers: acme.bearer })).statusCode).toBe(400);
      // A body of any kind is parameters: 400 without a code, never 415 or a JSON parse error.
      for (const [type, payload] of [
        ['application/x-www-form-urlencoded', 'force=1'],
        ['text/plain', 'force'],
        ['application/json', '{not json'],
        ['application/json', '[1]'],
      ]) {
        const res = await t.inject({ method: 'POST', url: `/v1/cases/${caseId}/${path}`, headers: { ...acme.bearer, 'content-type': type }, payload });
        expect(res.statusCode, `${type} ${payload}`).toBe(400);
        expect(res.json().error.code, `${type} ${payload}`).toBeNull();
      }
      for (const payload of ['', '{}']) {
        const res = await t.inject({ method: 'POST', url: `/v1/cases/${caseId}/${path}`, headers: { ...acme.bearer, 'content-type': 'application/json' }, payload });
        expect(res.statusCode, `empty body ${JSON.stringify(payload)}`).toBe(202);
      }
      expect((await post(`/v1/cases/${crypto.randomUUID()}/${path}`)).statusCode).toBe(404);
      expect((await get(`/v1/cases/${crypto.randomUUID()}/${path}`)).statusCode).toBe(404);
    }
    await t.inject({ method: 'DELETE', url: `/v1/cases/${caseId}`, headers: acme.bearer });
    expect((await get(`/v1/cases/${caseId}/chain_plates`)).statusCode).toBe(404);
  });
});
