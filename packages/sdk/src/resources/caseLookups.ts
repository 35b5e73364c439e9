import type {
  CreditBureauResponse,
  CreditBureauStartResponse,
  InvoicesResponse,
  OperationId,
  PedimentoResponse,
  PedimentoStartResponse,
  RapiResponse,
  RapiStartResponse,
  RenapoResponse,
  RenapoStartResponse,
  RepuveResponse,
  TaxesResponse,
  TaxesStartResponse,
  TicketsResponse,
  TicketsStartResponse,
} from '@vcase/shared';
import type { WaitOptions } from '../core/poll.js';
import type { RequestOptions, ResponseOf } from '../core/transport.js';
import { settled } from '../waiters.js';
import { APIResource } from './resource.js';

/**
 * The lookups of a case under `/v1/cases/{id}` (tickets, tenencia, invoices, REPUVE, pedimento,
 * RAPI, RENAPO, credit bureau): read, start, wait for and run. `Cases` extends it, so these are
 * methods of `vcase.cases`; not exported on its own.
 */
export abstract class CaseLookups extends APIResource {
  // ── Lookups ──

  /** Read-only; never starts lookups. */
  tickets(caseId: string, options?: RequestOptions): Promise<TicketsResponse> {
    return this.byCase('getTickets', caseId, options);
  }

  startTickets(caseId: string, options?: RequestOptions): Promise<TicketsStartResponse> {
    return this.byCase('startTickets', caseId, options);
  }

  /** Read-only; never starts lookups. */
  taxes(caseId: string, options?: RequestOptions): Promise<TaxesResponse> {
    return this.byCase('getTaxes', caseId, options);
  }

  startTaxes(caseId: string, options?: RequestOptions): Promise<TaxesStartResponse> {
    return this.byCase('startTaxes', caseId, options);
  }

  invoices(caseId: string, options?: RequestOptions): Promise<InvoicesResponse> {
    return this.byCase('getInvoices', caseId, options);
  }

  repuve(caseId: string, options?: RequestOptions): Promise<RepuveResponse> {
    return this.byCase('getRepuve', caseId, options);
  }

  pedimento(caseId: string, options?: RequestOptions): Promise<PedimentoResponse> {
    return this.byCase('getPedimento', caseId, options);
  }

  startPedimento(caseId: string, options?: RequestOptions): Promise<PedimentoStartResponse> {
    return this.byCase('startPedimento', caseId, options);
  }

  rapi(caseId: string, options?: RequestOptions): Promise<RapiResponse> {
    return this.byCase('getRapi', caseId, options);
  }

  startRapi(caseId: string, options?: RequestOptions): Promise<RapiStartResponse> {
    return this.byCase('startRapi', caseId, options);
  }

  renapo(caseId: string, options?: RequestOptions): Promise<RenapoResponse> {
    return this.byCase('getRenapo', caseId, options);
  }

  startRenapo(caseId: string, options?: RequestOptions): Promise<RenapoStartResponse> {
    return this.byCase('startRenapo', caseId, options);
  }

  /** Credit-bureau vehicle report (`/v1/cases/{id}/circulo-credito`). */
  bureau(caseId: string, options?: RequestOptions): Promise<CreditBureauResponse> {
    return this.byCase('getCreditBureau', caseId, options);
  }

  startBureau(caseId: string, options?: RequestOptions): Promise<CreditBureauStartResponse> {
    return this.byCase('startCreditBureau', caseId, options);
  }

  // ── Waiting for a lookup: poll the GET until it settles (the final body), or WaitTimeoutError ──

  /** Until `completed`; throws LookupNotStartedError at once when tickets were never looked up. */
  waitForTickets(caseId: string, options?: WaitOptions<TicketsResponse>): Promise<TicketsResponse> {
    return this._wait(`tickets of case ${caseId}`, (o) => this.tickets(caseId, o), settled.tickets, options);
  }

  /** Until both blocks are `completed`; throws LookupNotStartedError at once when tenencia was never looked up. */
  waitForTaxes(caseId: string, options?: WaitOptions<TaxesResponse>): Promise<TaxesResponse> {
    return this._wait(`tenencia of case ${caseId}`, (o) => this.taxes(caseId, o), settled.taxes, options);
  }

  /** Until every check of every invoice is `completed`. */
  waitForInvoices(caseId: string, options?: WaitOptions<InvoicesResponse>): Promise<InvoicesResponse> {
    return this._wait(`invoice checks of case ${caseId}`, (o) => this.invoices(caseId, o), settled.invoices, options);
  }

  waitForRepuve(caseId: string, options?: WaitOptions<RepuveResponse>): Promise<RepuveResponse> {
    return this._wait(`REPUVE lookup of case ${caseId}`, (o) => this.repuve(caseId, o), settled.repuve, options);
  }

  waitForPedimento(caseId: string, options?: WaitOptions<PedimentoResponse>): Promise<PedimentoResponse> {
    return this._wait(`pedimento lookup of case ${caseId}`, (o) => this.pedimento(caseId, o), settled.pedimento, options);
  }

  waitForRapi(caseId: string, options?: WaitOptions<RapiResponse>): Promise<RapiResponse> {
    return this._wait(`RAPI lookup of case ${caseId}`, (o) => this.rapi(caseId, o), settled.rapi, options);
  }

  waitForRenapo(caseId: string, options?: WaitOptions<RenapoResponse>): Promise<RenapoResponse> {
    return this._wait(`RENAPO lookup of case ${caseId}`, (o) => this.renapo(caseId, o), settled.renapo, options);
  }

  waitForBureau(caseId: string, options?: WaitOptions<CreditBureauResponse>): Promise<CreditBureauResponse> {
    return this._wait(`credit-bureau report of case ${caseId}`, (o) => this.bureau(caseId, o), settled.creditBureau, options);
  }

  // ── Start a lookup and wait ──

  runTickets(caseId: string, options?: WaitOptions<TicketsResponse>): Promise<TicketsResponse> {
    return this._run(
      (o) => this.startTickets(caseId, o),
      (w) => this.waitForTickets(caseId, w),
      options,
    );
  }

  runTaxes(caseId: string, options?: WaitOptions<TaxesResponse>): Promise<TaxesResponse> {
    return this._run(
      (o) => this.startTaxes(caseId, o),
      (w) => this.waitForTaxes(caseId, w),
      options,
    );
  }

  runPedimento(caseId: string, options?: WaitOptions<PedimentoResponse>): Promise<PedimentoResponse> {
    return this._run(
      (o) => this.startPedimento(caseId, o),
      (w) => this.waitForPedimento(caseId, w),
      options,
    );
  }

  runRapi(caseId: string, options?: WaitOptions<RapiResponse>): Promise<RapiResponse> {
    return this._run(
      (o) => this.startRapi(caseId, o),
      (w) => this.waitForRapi(caseId, w),
      options,
    );
  }

  runRenapo(caseId: string, options?: WaitOptions<RenapoResponse>): Promise<RenapoResponse> {
    return this._run(
      (o) => this.startRenapo(caseId, o),
      (w) => this.waitForRenapo(caseId, w),
      options,
    );
  }

  runBureau(caseId: string, options?: WaitOptions<CreditBureauResponse>): Promise<CreditBureauResponse> {
    return this._run(
      (o) => this.startBureau(caseId, o),
      (w) => this.waitForBureau(caseId, w),
      options,
    );
  }

  /** A request whose only parameter is the case id (`Cases` sends most of its own through it too). */
  protected byCase<Id extends OperationId>(id: Id, caseId: string, options?: RequestOptions): Promise<ResponseOf<Id>> {
    return this._request(id, { params: { case_id: caseId } }, options);
  }
}
