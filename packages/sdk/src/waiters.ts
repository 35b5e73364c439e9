import {
  INVOICE_CHECK_KEYS,
  TAX_MESSAGES,
  TICKET_MESSAGES,
  type CaseStatusResponse,
  type CreditBureauResponse,
  type DocumentDetail,
  type IneResultResponse,
  type InvoicesResponse,
  type OwnershipChainResponse,
  type PedimentoResponse,
  type PlateChainResponse,
  type PlatesResponse,
  type RapiResponse,
  type RenapoResponse,
  type RepuveResponse,
  type TaxesResponse,
  type TicketsResponse,
} from '@vcase/shared';
import { LookupNotStartedError } from './core/errors.js';

/**
 * When each asynchronous thing is settled, read from its GET body the way the contract
 * states it. A settled body may still be a failure (`error`): the helpers return it, they
 * do not judge it.
 */

const FINAL_JOB = new Set(['completed', 'error']);

export const settled = {
  /** GET /v1/cases/{id}/status: the processing job ended. */
  caseProcessing: (s: CaseStatusResponse) => FINAL_JOB.has(s.status),

  /**
   * GET /v1/documents/{id}: OCR finished (`json_ocr` set), or the document reached a final
   * status (`processed`/`error`) where the server reports one; a failed OCR is also marked
   * by `validity.document_validity` `error`.
   */
  documentOcr: (s: DocumentDetail) => {
    const status = (s as { status?: unknown }).status;
    return s.json_ocr !== null || status === 'processed' || status === 'error' || s.validity?.document_validity === 'error';
  },

  repuve: (s: RepuveResponse) => FINAL_JOB.has(s.job_status),
  pedimento: (s: PedimentoResponse) => FINAL_JOB.has(s.status),
  rapi: (s: RapiResponse) => FINAL_JOB.has(s.status),
  renapo: (s: RenapoResponse) => FINAL_JOB.has(s.status),
  creditBureau: (s: CreditBureauResponse) => FINAL_JOB.has(s.status),

  /**
   * Root `completed` and no row still `processing` (the root is already `completed` while some
   * plates' lookups run, contract §4.5); `processing` with the "never queried" message cannot
   * settle by waiting.
   */
  tickets: (s: TicketsResponse) => {
    if (s.status === 'completed') return s.result.every((row) => row.status !== 'processing');
    if (isMessage(s.message, TICKET_MESSAGES.NO_LOOKUP_YET)) {
      throw new LookupNotStartedError('tickets of case ' + s.case_id, s, s.message!);
    }
    return false;
  },

  /** Both blocks `completed`; a block `processing` because no lookup ever ran cannot settle by waiting. */
  taxes: (s: TaxesResponse) => {
    const blocks = [s.main_tax, s.taxes];
    if (blocks.every((b) => b.status === 'completed')) return true;
    const neverRan = blocks.find((b) => b.status === 'processing' && isMessage(b.message, TAX_MESSAGES.NO_LOOKUP_YET));
    if (neverRan) throw new LookupNotStartedError('tenencia (taxes)', s, neverRan.message!);
    return false;
  },

  /** `completed`; `pending` (never generated, or its generation gave up) cannot settle by waiting. */
  plateChain: (s: PlateChainResponse) => chainSettled(s, 'plate chain'),
  ownershipChain: (s: OwnershipChainResponse) => chainSettled(s, 'ownership chain'),

  /** Every check of every invoice `completed` (no invoices: nothing to wait for). */
  invoices: (s: InvoicesResponse) =>
    s.invoices.every((invoice) => INVOICE_CHECK_KEYS.every((key) => invoice[key]?.status !== 'processing')),

  /** No plate with a background previous-plate lookup `pending`. */
  previousPlates: (s: PlatesResponse) => s.plates.every((p) => p.previous_plate_lookup_status !== 'pending'),

  ine: (s: IneResultResponse) => FINAL_JOB.has(s.status),
};

function chainSettled(s: PlateChainResponse | OwnershipChainResponse, what: string): boolean {
  if (s.status === 'pending') throw new LookupNotStartedError(`${what} of case ${s.case_id}`, s, s.message ?? 'no generation is running');
  return s.status === 'completed';
}

function isMessage(actual: string | null | undefined, expected: string): boolean {
  return typeof actual === 'string' && actual.trim() === expected.trim();
}
