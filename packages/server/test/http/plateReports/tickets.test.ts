import { describe, expect, it } from 'vitest';
import { addProcessedDocument, createCase } from '../../helpers/testServer.js';
import { VIN, t, acme, get, post, vehicleCase, useTenantServer } from './vehicleServer.js';

useTenantServer();

describe('plates (contract §2.4)', () => {
  it('every row of the same plate carries the portal answer, whatever its document or entity', async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'tax_payment', {
      placa: 'PTW-22-22',
      entidad: 'MEX',
      vin: VIN,
      fecha_documento: '01/02/2024',
    });
    await addProcessedDocument(t, acme, caseId, 'certificate_title', {
      placa: 'PTW2222',
      entidad: 'JAL',
      vin: VIN,
      fecha_documento: '01/02/2023',
    });
    await addProcessedDocument(t, acme, caseId, 'vehicle_plate', { placa: 'ptw 2222' });
    await addProcessedDocument(t, acme, caseId, 'certificate_title', {
      placa: 'JJJ1111',
      entidad: 'JAL',
      vin: VIN,
      fecha_documento: '01/02/2020',
    });
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
    expect(plates.find((p: { plate: string }) => p.plate === 'JJJ1111')).toMatchObject({
      plate_status: null,
      previous_plate_lookup_status: null,
    });
  });
});

describe('a portal naming the plate as its own previous plate', () => {
  it('reads as no previous plate, and the plate chain does not name the plate as its predecessor', async () => {
    const caseId = await vehicleCase({ previous: 'nxa-1234' });
    const { plates } = (await get(`/v1/cases/${caseId}/plates`)).json();
    const main = plates.filter((p: { plate: string }) => p.plate === 'NXA1234');
    expect(main.length).toBeGreaterThan(0);
    for (const row of main)
      expect(row).toMatchObject({ plate_status: 'Vigente', previous_plate: null, previous_plate_lookup_status: null });
    expect((await post(`/v1/cases/${caseId}/chain_plates`)).statusCode).toBe(202);
    await t.server.runner.whenIdle();
    const chain = (await get(`/v1/cases/${caseId}/chain_plates`)).json();
    expect(chain.status).toBe('completed');
    expect(chain.chain.map((c: { plate: string; predecessor_plate: string | null }) => [c.plate, c.predecessor_plate])).toEqual([
      ['NXA1234', null],
    ]);
  });
});

describe('tickets (contract §4.5)', () => {
  it('without a query the root is processing with the never-queried message and result []', async () => {
    const caseId = await vehicleCase();
    const res = await get(`/v1/cases/${caseId}/tickets`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      case_id: caseId,
      status: 'processing',
      message: 'Aún no se ha ejecutado ninguna consulta de infracciones para este caso',
      result: [],
    });
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
    for (const row of body.result)
      expect(Object.keys(row).sort()).toEqual(['amount', 'message', 'plate_number', 'state', 'status', 'ticket_date']);
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
    expect((await get(`/v1/cases/${bare}/tickets`)).json()).toEqual({
      case_id: bare,
      status: 'completed',
      message: 'No se encontraron the service registradas',
      result: [],
    });
    const foreign = await createCase(t, acme);
    await addProcessedDocument(t, acme, foreign, 'factura', { vin: VIN });
    await addProcessedDocument(t, acme, foreign, 'vehicle_certificate', {
      placa: 'ZZZ9999',
      entidad: 'JAL',
      vin: '3VWFE21C04M000001',
      fecha_documento: '01/01/2024',
    });
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
      expect(block).toEqual({
        status: 'completed',
        message: 'Las the service registradas no corresponden al VIN del expediente',
        result: [],
      });
    }
    expect((await get('/v1/cases/nope/tickets')).statusCode).toBe(400);
    expect((await get(`/v1/cases/${crypto.randomUUID()}/tickets`)).statusCode).toBe(404);
  });
});

describe('tickets: one row set per lookup', () => {
  it('a plate read in JAL and in CMX publishes its CMX lookup once', async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'factura', { vin: VIN, fecha_emision: '10/01/2019' });
    await addProcessedDocument(t, acme, caseId, 'certificate_title', {
      placa: 'EEE1111',
      entidad: 'JAL',
      vin: VIN,
      fecha_documento: '01/03/2020',
    });
    await addProcessedDocument(t, acme, caseId, 'vehicle_certificate', {
      placa: 'EEE1111',
      entidad: 'CMX',
      vin: VIN,
      fecha_documento: '01/03/2019',
    });
    await t.admin('PUT', '/admin/sandbox/fixtures/tickets/EEE1111:CMX', {
      infractions: [{ date: '01/01/2024', amount: 100, status: 'NO PAGADA' }],
    });
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
    await addProcessedDocument(t, acme, caseId, 'certificate_title', {
      placa: 'NUL1234',
      entidad: 'JAL',
      vin: VIN,
      fecha_documento: '01/02/2025',
    });
    expect((await post(`/v1/cases/${caseId}/plates`)).statusCode).toBe(200);
    const year = new Date().getUTCFullYear();
    await t.admin('PUT', '/admin/sandbox/fixtures/tickets/NUL1234:JAL', {
      infractions: [null, 7, { date: '01/01/2024', amount: 450, status: 'PAGADA' }],
    });
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
    await addProcessedDocument(t, acme, caseId, 'certificate_title', {
      placa: 'TWO1111',
      entidad: 'JAL',
      vin: VIN,
      fecha_documento: '01/02/2025',
    });
    await addProcessedDocument(t, acme, caseId, 'vehicle_certificate', {
      placa: 'TWO1111',
      entidad: 'NLE',
      vin: VIN,
      fecha_documento: '01/02/2024',
    });
    await addProcessedDocument(t, acme, caseId, 'tax_payment', {
      placa: 'TWO1111',
      vin: VIN,
      ejercicio_fiscal: 2023,
      fecha_pago: '05/05/2023',
      total: 77,
    });
    expect((await post(`/v1/cases/${caseId}/plates`)).statusCode).toBe(200);
    await t.admin('PUT', '/admin/sandbox/fixtures/tenencia/TWO1111:JAL', { years: [] });
    await t.admin('PUT', '/admin/sandbox/fixtures/tenencia/TWO1111:NLE', { years: [] });
    expect((await post(`/v1/cases/${caseId}/taxes`)).statusCode).toBe(202);
    expect((await post(`/v1/cases/${caseId}/tickets`)).statusCode).toBe(202);
    await t.server.runner.whenIdle();
    const taxes = (await get(`/v1/cases/${caseId}/taxes`)).json();
    expect(taxes.main_tax.result[0]).toMatchObject({ plate_number: 'TWO1111', state: 'JAL' });
    expect(taxes.taxes.result).toEqual([
      {
        plate_number: 'TWO1111',
        state: 'NLE',
        fiscal_year: 2023,
        status: { status: 'success', message: 'Sin adeudo' },
        payment_date: '05/05/2023',
        total: 77,
      },
    ]);
    const tickets = (await get(`/v1/cases/${caseId}/tickets`)).json();
    const pairs = [...new Set(tickets.result.map((r: { plate_number: string; state: string }) => `${r.plate_number}:${r.state}`))];
    expect(pairs.sort()).toEqual(['TWO1111:CMX', 'TWO1111:JAL', 'TWO1111:NLE']);
  });
});
