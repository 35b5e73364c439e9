import { TAX_MESSAGES, TICKET_MESSAGES } from '@vcase/shared';
import { describe, expect, it } from 'vitest';
import { LookupNotStartedError, settled, type DocumentDetail, type InvoiceCheck, type TaxesResponse } from '../src/index.js';
import { madeBy } from './helpers/madeBy.js';
import { IDS, json, testClient } from './helpers/mockFetch.js';

describe('waitFor… on tickets and taxes', () => {
  it('tickets: processing with the "never queried" message throws LookupNotStartedError at once', async () => {
    const body = { case_id: IDS.case, status: 'processing', message: TICKET_MESSAGES.NO_LOOKUP_YET, result: [] };
    const { vcase, calls } = testClient(() => json(200, body));
    const error = (await vcase.cases.waitForTickets(IDS.case).catch((e: unknown) => e)) as LookupNotStartedError;
    expect(error).toSatisfy(madeBy(LookupNotStartedError));
    expect(error.snapshot).toEqual(body);
    expect(error.message).toContain('Aún no se ha ejecutado ninguna consulta de infracciones para este caso');
    expect(calls).toHaveLength(1);
  });

  it('tickets: processing rows keep waiting; completed settles', async () => {
    const row = {
      plate_number: 'ABC123',
      state: 'MEX',
      ticket_date: null,
      amount: null,
      status: 'processing',
      message: TICKET_MESSAGES.PROCESSING,
    };
    const { vcase } = testClient([
      json(200, { case_id: IDS.case, status: 'processing', message: 'Hay placas en consulta', result: [row] }),
      json(200, {
        case_id: IDS.case,
        status: 'completed',
        message: null,
        result: [{ ...row, status: 'success', message: 'Placa sin adeudos' }],
      }),
    ]);
    await expect(vcase.cases.waitForTickets(IDS.case)).resolves.toMatchObject({ status: 'completed' });
  });

  it('tickets: a completed root with a row still processing keeps waiting (contract §4.5)', async () => {
    const running = {
      plate_number: 'ABC123',
      state: 'CMX',
      ticket_date: null,
      amount: null,
      status: 'processing',
      message: TICKET_MESSAGES.PROCESSING,
    };
    const done = { ...running, state: 'MEX', status: 'success', message: 'Placa sin adeudos' };
    const { vcase, calls } = testClient([
      json(200, { case_id: IDS.case, status: 'completed', message: null, result: [done, running] }),
      json(200, {
        case_id: IDS.case,
        status: 'completed',
        message: null,
        result: [done, { ...running, status: 'success', message: 'Placa sin adeudos' }],
      }),
    ]);
    const final = await vcase.cases.waitForTickets(IDS.case);
    expect(final.result.every((r) => r.status !== 'processing')).toBe(true);
    expect(calls).toHaveLength(2);
  });

  it('tickets: the empty outcomes settle as completed (contract §9)', async () => {
    const noPlates = { case_id: IDS.case, status: 'completed', message: TICKET_MESSAGES.NO_PLATES, result: [] };
    const { vcase } = testClient(() => json(200, noPlates));
    await expect(vcase.cases.waitForTickets(IDS.case)).resolves.toMatchObject({ message: TICKET_MESSAGES.NO_PLATES });
  });

  const taxes = (main: [string, string | null], other: [string, string | null]): TaxesResponse =>
    ({
      main_tax: { status: main[0], message: main[1], result: [] },
      taxes: { status: other[0], message: other[1], result: [] },
    }) as TaxesResponse;

  it('taxes: a block never looked up throws LookupNotStartedError at once', async () => {
    const { vcase, calls } = testClient(() => json(200, taxes(['completed', null], ['processing', TAX_MESSAGES.NO_LOOKUP_YET])));
    const error = await vcase.cases.waitForTaxes(IDS.case).catch((e: unknown) => e);
    expect(error).toSatisfy(madeBy(LookupNotStartedError));
    expect((error as Error).message).toContain('Aún no se ha ejecutado ninguna consulta de tenencia para este caso.');
    expect(calls).toHaveLength(1);
  });

  it('taxes: settles when both blocks are completed', async () => {
    const { vcase, calls } = testClient([
      json(200, taxes(['processing', null], ['processing', null])),
      json(200, taxes(['completed', null], ['processing', null])),
      json(200, taxes(['completed', null], ['completed', TAX_MESSAGES.ONLY_MAIN_PLATE])),
    ]);
    await vcase.cases.waitForTaxes(IDS.case);
    expect(calls).toHaveLength(3);
  });
});

describe('settled predicates', () => {
  const check = (status: 'processing' | 'completed'): InvoiceCheck =>
    status === 'processing'
      ? { status, message: 'Consulta en procesamiento', result: null, updated_at: null }
      : { status, message: 'No se encontró información', result: null, updated_at: '2026-01-01' };
  const invoice = (statuses: Array<'processing' | 'completed'>) => ({
    file_id: IDS.doc,
    file_url: null,
    data: null,
    updated_at: null,
    validate_invoice: check(statuses[0]!),
    consulta_pedimento: check(statuses[1]!),
    amda_invoice: check(statuses[2]!),
    amis: check(statuses[3]!),
  });

  it('invoices: every check of every invoice completed', () => {
    const done = invoice(['completed', 'completed', 'completed', 'completed']);
    expect(settled.invoices({ case_id: IDS.case, invoices: [] })).toBe(true);
    expect(settled.invoices({ case_id: IDS.case, invoices: [done, done] })).toBe(true);
    const checking = invoice(['completed', 'completed', 'completed', 'processing']);
    expect(settled.invoices({ case_id: IDS.case, invoices: [done, checking] })).toBe(false);
  });

  it('previous plates: none pending', () => {
    const plate = (s: 'pending' | 'found' | 'error' | null) => ({ previous_plate_lookup_status: s }) as never;
    const plates = [plate(null), plate('found'), plate('error')];
    expect(settled.previousPlates({ case_id: IDS.case, internal_id: 'X', plates })).toBe(true);
    expect(settled.previousPlates({ case_id: IDS.case, internal_id: 'X', plates: [plate('found'), plate('pending')] })).toBe(false);
  });

  it('chains: completed settles, processing waits, pending (nothing generating) cannot settle', () => {
    expect(settled.plateChain({ status: 'completed' } as never)).toBe(true);
    expect(settled.ownershipChain({ status: 'processing' } as never)).toBe(false);
    expect(() => settled.plateChain({ case_id: IDS.case, status: 'pending', message: null } as never)).toThrow(LookupNotStartedError);
    expect(() => settled.ownershipChain({ case_id: IDS.case, status: 'pending', message: null } as never)).toThrow(
      /ownership chain of case .* will not settle by waiting/,
    );
  });

  it('document OCR: json_ocr set, a final status, or a failed validity', () => {
    const doc = (over: Partial<DocumentDetail> & { status?: string }) =>
      ({
        json_ocr: null,
        parsed_data: null,
        validity: { document_validity: 'pending', codes: [], userInfo: {} },
        ...over,
      }) as DocumentDetail;
    expect(settled.documentOcr(doc({}))).toBe(false);
    expect(settled.documentOcr(doc({ status: 'processing' }))).toBe(false);
    expect(settled.documentOcr(doc({ json_ocr: { text: 'x' } }))).toBe(true);
    expect(settled.documentOcr(doc({ status: 'processed' }))).toBe(true);
    expect(settled.documentOcr(doc({ status: 'error' }))).toBe(true);
    expect(settled.documentOcr(doc({ validity: { document_validity: 'error', codes: ['PROCESSING_FAILED'], userInfo: {} } }))).toBe(true);
  });

  it('jobs: completed or error; INE likewise; REPUVE reads job_status', () => {
    expect(settled.caseProcessing({ status: 'error' } as never)).toBe(true);
    expect(settled.caseProcessing({ status: 'processing' } as never)).toBe(false);
    expect(settled.renapo({ status: 'pending' } as never)).toBe(false);
    expect(settled.creditBureau({ status: 'completed' } as never)).toBe(true);
    expect(settled.repuve({ codigo: 'processing', job_status: 'processing' } as never)).toBe(false);
    expect(settled.repuve({ codigo: 'ok', job_status: 'completed' } as never)).toBe(true);
    expect(settled.ine({ status: 'error', data: null })).toBe(true);
    expect(settled.ine({ status: 'processing', data: null })).toBe(false);
  });

  it('documents.waitForOcr polls the document until OCR lands', async () => {
    const pending = {
      case_id: IDS.case,
      url: 'u',
      mime_type: 'application/pdf',
      type: null,
      json_ocr: null,
      parsed_data: null,
      validity: { document_validity: 'pending', codes: [], userInfo: {} },
    };
    const { vcase, calls } = testClient([json(200, pending), json(200, { ...pending, json_ocr: { pages: 1 }, parsed_data: { vin: 'X' } })]);
    await expect(vcase.documents.waitForOcr(IDS.doc)).resolves.toMatchObject({ parsed_data: { vin: 'X' } });
    expect(calls.map((c) => c.headers.get('x-api-key'))).toEqual(['company-key', 'company-key']);
  });
});
