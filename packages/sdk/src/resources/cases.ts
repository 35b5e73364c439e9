import type {
  AssignResponse,
  CaseDetail,
  CaseListItem,
  CaseListQuery,
  CaseNamesResponse,
  CaseStatusResponse,
  CaseVinsResponse,
  CreateCaseResponse,
  JsonObject,
  MetadataResponse,
  OwnershipChainResponse,
  PlateChainResponse,
  PlatesResponse,
  caseDetailQuerySchema,
  createCaseBodySchema,
} from '@vcase/shared';
import type * as z from 'zod';
import type { ListParams, PagePromise } from '../core/pagination.js';
import type { WaitOptions } from '../core/poll.js';
import type { RequestOptions, ResponseOf } from '../core/transport.js';
import { settled } from '../waiters.js';
import { CaseLookups } from './caseLookups.js';

export type CaseListParams = ListParams<CaseListQuery>;
export type CreateCaseParams = z.input<typeof createCaseBodySchema>;
export type CaseDetailQuery = z.input<typeof caseDetailQuerySchema>;
export type DeleteCaseResponse = ResponseOf<'deleteCase'>;
export type ProcessCaseResponse = ResponseOf<'processCase'>;

/**
 * `/v1/cases` and everything under it (contract §4.2–§4.8): the case itself, derived data,
 * chains and lookups (those from `CaseLookups`, which it extends), with `waitFor…` helpers that
 * poll until a result settles and `run…` helpers that start and wait. Bearer token only.
 */
export class Cases extends CaseLookups {
  // ── The case ──

  /** Newest first; `for await` over the result walks every page. */
  list(query: CaseListParams = {}, options?: RequestOptions): PagePromise<CaseListItem> {
    return this._list<CaseListItem>('listCases', query, (c) => c.case_id, options);
  }

  /** 201 `{case_id, status: 'completed'}`, or 202 with `job_id` when `files` were queued. Sent with an Idempotency-Key. */
  create(body: CreateCaseParams, options?: RequestOptions): Promise<CreateCaseResponse> {
    return this._request('createCase', { body }, options);
  }

  /** Case and documents with OCR; `{ files: 'all' }` includes inactive documents. */
  get(caseId: string, query: CaseDetailQuery = {}, options?: RequestOptions): Promise<CaseDetail> {
    return this._request('getCase', { params: { case_id: caseId }, query }, options);
  }

  /** Soft delete (files are kept). */
  delete(caseId: string, options?: RequestOptions): Promise<DeleteCaseResponse> {
    return this.byCase('deleteCase', caseId, options);
  }

  /** Assigns to a user of the company (`uid` or `pid`); appends to the history. */
  assign(caseId: string, userId: string, options?: RequestOptions): Promise<AssignResponse> {
    return this._request('assignCase', { params: { case_id: caseId }, body: { user_id: userId } }, options);
  }

  metadata(caseId: string, options?: RequestOptions): Promise<MetadataResponse> {
    return this.byCase('getCaseMetadata', caseId, options);
  }

  /** Appends `data` as one history entry; later keys win in the merged `metadata`. */
  appendMetadata(caseId: string, data: JsonObject, options?: RequestOptions): Promise<MetadataResponse> {
    return this._request('appendCaseMetadata', { params: { case_id: caseId }, body: data }, options);
  }

  // ── Processing and derived data ──

  /** Queues OCR + extraction of the case's documents; follow it with `waitForCaseProcessing`. */
  process(caseId: string, options?: RequestOptions): Promise<ProcessCaseResponse> {
    return this.byCase('processCase', caseId, options);
  }

  /** Latest processing job (404 when the case was never processed). */
  status(caseId: string, options?: RequestOptions): Promise<CaseStatusResponse> {
    return this.byCase('getCaseStatus', caseId, options);
  }

  names(caseId: string, options?: RequestOptions): Promise<CaseNamesResponse> {
    return this.byCase('getCaseNames', caseId, options);
  }

  vins(caseId: string, options?: RequestOptions): Promise<CaseVinsResponse> {
    return this.byCase('getCaseVins', caseId, options);
  }

  /** Plates extracted from the documents (404 until computed). */
  plates(caseId: string, options?: RequestOptions): Promise<PlatesResponse> {
    return this.byCase('getPlates', caseId, options);
  }

  /** Recomputes plates now and starts the previous-plate lookups of MEX plates. */
  computePlates(caseId: string, options?: RequestOptions): Promise<PlatesResponse> {
    return this.byCase('computePlates', caseId, options);
  }

  chainPlates(caseId: string, options?: RequestOptions): Promise<PlateChainResponse> {
    return this.byCase('getPlateChain', caseId, options);
  }

  generateChainPlates(caseId: string, options?: RequestOptions): Promise<PlateChainResponse> {
    return this.byCase('generatePlateChain', caseId, options);
  }

  ownershipChain(caseId: string, options?: RequestOptions): Promise<OwnershipChainResponse> {
    return this.byCase('getOwnershipChain', caseId, options);
  }

  generateOwnershipChain(caseId: string, options?: RequestOptions): Promise<OwnershipChainResponse> {
    return this.byCase('generateOwnershipChain', caseId, options);
  }

  // ── Waiting: poll the GET until it settles (the final body), or WaitTimeoutError ──

  /** Until the processing job is `completed` or `error`. */
  waitForCaseProcessing(caseId: string, options?: WaitOptions<CaseStatusResponse>): Promise<CaseStatusResponse> {
    return this._wait(`processing of case ${caseId}`, (o) => this.status(caseId, o), settled.caseProcessing, options);
  }

  /** Until no plate has a previous-plate lookup `pending`. */
  waitForPreviousPlates(caseId: string, options?: WaitOptions<PlatesResponse>): Promise<PlatesResponse> {
    return this._wait(`previous-plate lookups of case ${caseId}`, (o) => this.plates(caseId, o), settled.previousPlates, options);
  }

  waitForChainPlates(caseId: string, options?: WaitOptions<PlateChainResponse>): Promise<PlateChainResponse> {
    return this._wait(`plate chain of case ${caseId}`, (o) => this.chainPlates(caseId, o), settled.plateChain, options);
  }

  waitForOwnershipChain(caseId: string, options?: WaitOptions<OwnershipChainResponse>): Promise<OwnershipChainResponse> {
    return this._wait(`ownership chain of case ${caseId}`, (o) => this.ownershipChain(caseId, o), settled.ownershipChain, options);
  }

  // ── Start and wait ──

  runCaseProcessing(caseId: string, options?: WaitOptions<CaseStatusResponse>): Promise<CaseStatusResponse> {
    return this._run(
      (o) => this.process(caseId, o),
      (w) => this.waitForCaseProcessing(caseId, w),
      options,
    );
  }

  /** Computes plates, then waits for the previous-plate lookups. */
  runPlates(caseId: string, options?: WaitOptions<PlatesResponse>): Promise<PlatesResponse> {
    return this._run(
      (o) => this.computePlates(caseId, o),
      (w) => this.waitForPreviousPlates(caseId, w),
      options,
    );
  }

  runChainPlates(caseId: string, options?: WaitOptions<PlateChainResponse>): Promise<PlateChainResponse> {
    return this._run(
      (o) => this.generateChainPlates(caseId, o),
      (w) => this.waitForChainPlates(caseId, w),
      options,
    );
  }

  runOwnershipChain(caseId: string, options?: WaitOptions<OwnershipChainResponse>): Promise<OwnershipChainResponse> {
    return this._run(
      (o) => this.generateOwnershipChain(caseId, o),
      (w) => this.waitForOwnershipChain(caseId, w),
      options,
    );
  }
}
