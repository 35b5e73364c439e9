import * as z from 'zod';
import {
  apiKeySchema,
  companySchema,
  createApiKeyBodySchema,
  createCompanyBodySchema,
  createTokenBodySchema,
  createUserBodySchema,
  sandboxFixtureSchema,
  sandboxFixturesResponseSchema,
  sandboxOutcomeSchema,
  tokenSchema,
  userSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesResponseSchema,
  webhookRegistrationBodySchema,
  webhookRegistrationSchema,
} from './admin.js';
import { ADMIN_SECURITY_OPERATIONS } from './adminSecurity.js';
import type { BodyCheckResult } from './bodyCheck.js';
import { jobsSummarySchema } from './jobsSummary.js';
import {
  assignBodySchema,
  assignResponseSchema,
  caseDetailQuerySchema,
  caseDetailSchema,
  caseListQuerySchema,
  caseListResponseSchema,
  caseNamesResponseSchema,
  caseStatusResponseSchema,
  caseVinsResponseSchema,
  createCaseBodySchema,
  createCaseResponseSchema,
  deleteCaseResponseSchema,
  metadataBodySchema,
  metadataResponseSchema,
  processCaseResponseSchema,
} from './cases.js';
import { ownershipChainResponseSchema, plateChainResponseSchema } from './chains.js';
import {
  checkUploadDocumentBody,
  classifyDocumentBodySchema,
  classifyDocumentResponseSchema,
  deleteDocumentResponseSchema,
  documentDetailSchema,
  documentListQuerySchema,
  documentListResponseSchema,
  extractionDataResponseSchema,
  patchDocumentOcrBodySchema,
  patchDocumentOcrResponseSchema,
  processDocumentResponseSchema,
  reclassifyDocumentBodySchema,
  reclassifyDocumentResponseSchema,
  restoreDocumentResponseSchema,
  uploadDocumentBodySchema,
  uploadDocumentRequestSchema,
  uploadDocumentResponseSchema,
} from './documents.js';
import {
  checkIneSubmitBody,
  ineResultResponseSchema,
  ineSubmitBodySchema,
  ineSubmitResponseSchema,
  ineSubmitWireBodySchema,
} from './ine.js';
import { invoicesResponseSchema } from './invoices.js';
import {
  CREDIT_BUREAU_PATH_SEGMENT,
  creditBureauResponseSchema,
  creditBureauStartResponseSchema,
  pedimentoResponseSchema,
  pedimentoStartResponseSchema,
  rapiResponseSchema,
  rapiStartResponseSchema,
  renapoResponseSchema,
  renapoStartResponseSchema,
  repuveResponseSchema,
} from './lookups.js';
import { platesResponseSchema } from './plates.js';
import { taxesResponseSchema, taxesStartResponseSchema } from './taxes.js';
import { ticketsResponseSchema, ticketsStartResponseSchema } from './tickets.js';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * Credential an operation takes (contract §5, operator-surface §2). `bearerOrApiKey` is
 * used where the contract names the API key and leaves a bearer token open.
 */
export const AUTH_KINDS = ['bearer', 'apiKey', 'bearerOrApiKey', 'admin', 'none'] as const;
export type AuthKind = (typeof AUTH_KINDS)[number];

export const OPERATION_GROUPS = ['health', 'cases', 'lookups', 'documents', 'ine', 'admin'] as const;
export type OperationGroup = (typeof OPERATION_GROUPS)[number];

export interface OperationSpec {
  method: HttpMethod;
  /** Path template; parameters written `{name}`. */
  path: string;
  auth: AuthKind;
  group: OperationGroup;
  summary: string;
  /** Body schema (what a client sends). Absent: the operation takes no body. */
  body?: z.ZodType;
  /**
   * Set when the body's errors need distinct codes (MISSING_PARAMETER vs VALIDATION_ERROR):
   * validate the raw body with this instead of `body`. `wireBody` is then a permissive
   * shape suitable for route-level validation.
   */
  bodyCheck?: (body: unknown) => BodyCheckResult<unknown>;
  wireBody?: z.ZodType;
  /** The contract answers 400 when any body is sent (chain POSTs). */
  rejectsBody?: true;
  /** The body must be sent: a missing or `null` body is refused (400), not read as `{}`. */
  bodyRequired?: true;
  query?: z.ZodType;
  /** Success body; null when the success answer has no body (204). */
  response: z.ZodType | null;
  successStatus: number;
  /** Further success answers of the same operation, e.g. 202 of POST /v1/cases with files. */
  otherSuccessStatuses?: readonly number[];
  /**
   * Error answers beyond the ones every operation has (400; 401 when authenticated; 404 when
   * the path names something): the contract's per-operation rows (§4.2, §4.9).
   */
  otherErrorStatuses?: readonly number[];
  /**
   * Retries with the same `Idempotency-Key` and body replay the first answer instead of running
   * again (server http/idempotency.ts): every operation that adds a record or starts work each
   * time it runs, but the two that answer a secret (a token, an API key), which the server
   * would otherwise keep in its answers. The SDK sends a key of its own on these, so its
   * retries are safe.
   */
  idempotent?: true;
  /**
   * Adds a record each time and answers a secret (a token, an API key), so it is not keyed:
   * the server keeps no answer to replay. A client must not send it again once a try may have
   * reached the server, or it makes a second credential.
   */
  answersSecret?: true;
}

/** GET /health (operator-surface §1). */
export const healthResponseSchema = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export type Operation<Id extends string = string> = OperationSpec & { id: Id };

function defineOperations<const T extends Record<string, OperationSpec>>(specs: T): { [K in keyof T]: T[K] & { id: K } } {
  return Object.fromEntries(Object.entries(specs).map(([id, spec]) => [id, { id, ...spec }])) as {
    [K in keyof T]: T[K] & { id: K };
  };
}

const CASE = '/v1/cases/{case_id}';
const DOC = '/v1/documents/{document_id}';

/** Every REST operation of the contract and of operator-surface §2/§4, keyed by id. */
export const OPERATIONS = defineOperations({
  health: {
    method: 'GET', path: '/health', auth: 'none', group: 'health',
    summary: 'Liveness: 200 once the server accepts requests',
    response: healthResponseSchema, successStatus: 200,
  },

  // ── Cases (contract §4.2, §4.3, operator-surface §4) ──
  listCases: {
    method: 'GET', path: '/v1/cases', auth: 'bearer', group: 'cases',
    summary: "Paginated list of the authenticated company's cases",
    query: caseListQuerySchema, response: caseListResponseSchema, successStatus: 200,
  },
  createCase: {
    method: 'POST', path: '/v1/cases', auth: 'bearer', group: 'cases',
    summary: 'Create a case, optionally with initial files (202 when files are queued)',
    body: createCaseBodySchema, response: createCaseResponseSchema, successStatus: 201, otherSuccessStatuses: [202],
    otherErrorStatuses: [422], idempotent: true,
  },
  getCase: {
    method: 'GET', path: CASE, auth: 'bearer', group: 'cases',
    summary: 'Case and documents with OCR; files=all includes inactive documents',
    query: caseDetailQuerySchema, response: caseDetailSchema, successStatus: 200,
  },
  deleteCase: {
    method: 'DELETE', path: CASE, auth: 'bearer', group: 'cases',
    summary: 'Soft-delete the case (files kept)',
    response: deleteCaseResponseSchema, successStatus: 200,
  },
  assignCase: {
    method: 'POST', path: `${CASE}/assign`, auth: 'bearer', group: 'cases',
    summary: 'Assign the case to a user of the company; appends to the assignment history',
    body: assignBodySchema, response: assignResponseSchema, successStatus: 200, idempotent: true, otherErrorStatuses: [403],
  },
  processCase: {
    method: 'POST', path: `${CASE}/process`, auth: 'bearer', group: 'cases',
    summary: "Queue bulk processing (OCR + extraction) of the case's documents",
    response: processCaseResponseSchema, successStatus: 202, idempotent: true,
  },
  getCaseStatus: {
    method: 'GET', path: `${CASE}/status`, auth: 'bearer', group: 'cases',
    summary: 'Status of the latest processing job',
    response: caseStatusResponseSchema, successStatus: 200,
  },
  getCaseNames: {
    method: 'GET', path: `${CASE}/names`, auth: 'bearer', group: 'cases',
    summary: 'Names consolidated from all documents',
    response: caseNamesResponseSchema, successStatus: 200,
  },
  getCaseVins: {
    method: 'GET', path: `${CASE}/vins`, auth: 'bearer', group: 'cases',
    summary: 'Primary VIN and VINs detected per document',
    response: caseVinsResponseSchema, successStatus: 200,
  },
  getCaseMetadata: {
    method: 'GET', path: `${CASE}/metadata`, auth: 'bearer', group: 'cases',
    summary: 'Business metadata of the case and its history',
    response: metadataResponseSchema, successStatus: 200,
  },
  appendCaseMetadata: {
    method: 'POST', path: `${CASE}/metadata`, auth: 'bearer', group: 'cases',
    summary: 'Append an entry to the metadata history',
    body: metadataBodySchema, bodyRequired: true, response: metadataResponseSchema, successStatus: 200, idempotent: true,
  },
  getPlates: {
    method: 'GET', path: `${CASE}/plates`, auth: 'bearer', group: 'cases',
    summary: 'Plates extracted from the case documents',
    response: platesResponseSchema, successStatus: 200,
  },
  computePlates: {
    method: 'POST', path: `${CASE}/plates`, auth: 'bearer', group: 'cases',
    summary: 'Recompute plates from processed documents; starts previous-plate lookups',
    response: platesResponseSchema, successStatus: 200, idempotent: true,
  },
  getPlateChain: {
    method: 'GET', path: `${CASE}/chain_plates`, auth: 'bearer', group: 'cases',
    summary: 'Plate chain of the case',
    response: plateChainResponseSchema, successStatus: 200,
  },
  generatePlateChain: {
    method: 'POST', path: `${CASE}/chain_plates`, auth: 'bearer', group: 'cases',
    summary: 'Start plate chain generation (fire and forget)',
    rejectsBody: true, response: plateChainResponseSchema, successStatus: 202, idempotent: true,
  },
  getOwnershipChain: {
    method: 'GET', path: `${CASE}/ownership_chain`, auth: 'bearer', group: 'cases',
    summary: 'Ownership chain of the case',
    response: ownershipChainResponseSchema, successStatus: 200,
  },
  generateOwnershipChain: {
    method: 'POST', path: `${CASE}/ownership_chain`, auth: 'bearer', group: 'cases',
    summary: 'Start ownership chain generation (fire and forget)',
    rejectsBody: true, response: ownershipChainResponseSchema, successStatus: 202, idempotent: true,
  },

  // ── Lookups on cases (contract §4.4 – §4.8) ──
  getRepuve: {
    method: 'GET', path: `${CASE}/repuve`, auth: 'bearer', group: 'lookups',
    summary: 'Most recent REPUVE registry record',
    response: repuveResponseSchema, successStatus: 200,
  },
  getPedimento: {
    method: 'GET', path: `${CASE}/pedimento`, auth: 'bearer', group: 'lookups',
    summary: 'Most recent customs-entry (pedimento) result',
    response: pedimentoResponseSchema, successStatus: 200,
  },
  startPedimento: {
    method: 'POST', path: `${CASE}/pedimento`, auth: 'bearer', group: 'lookups',
    summary: "Look up the customs entry of the case's primary invoice",
    response: pedimentoStartResponseSchema, successStatus: 202, idempotent: true,
  },
  getRapi: {
    method: 'GET', path: `${CASE}/rapi`, auth: 'bearer', group: 'lookups',
    summary: 'Most recent criminal-activity registry (RAPI) result',
    response: rapiResponseSchema, successStatus: 200,
  },
  startRapi: {
    method: 'POST', path: `${CASE}/rapi`, auth: 'bearer', group: 'lookups',
    summary: "Look up the case's primary VIN in RAPI",
    response: rapiStartResponseSchema, successStatus: 202, idempotent: true,
  },
  getRenapo: {
    method: 'GET', path: `${CASE}/renapo`, auth: 'bearer', group: 'lookups',
    summary: 'Most recent CURP validation',
    response: renapoResponseSchema, successStatus: 200,
  },
  startRenapo: {
    method: 'POST', path: `${CASE}/renapo`, auth: 'bearer', group: 'lookups',
    summary: "Validate the CURP found in the case's documents",
    response: renapoStartResponseSchema, successStatus: 202, idempotent: true,
  },
  getCreditBureau: {
    method: 'GET', path: `${CASE}/${CREDIT_BUREAU_PATH_SEGMENT}`, auth: 'bearer', group: 'lookups',
    summary: 'Most recent credit-bureau vehicle report',
    response: creditBureauResponseSchema, successStatus: 200,
  },
  startCreditBureau: {
    method: 'POST', path: `${CASE}/${CREDIT_BUREAU_PATH_SEGMENT}`, auth: 'bearer', group: 'lookups',
    summary: 'Request the credit-bureau vehicle report and its verification PDF',
    response: creditBureauStartResponseSchema, successStatus: 202, idempotent: true,
  },
  getTickets: {
    method: 'GET', path: `${CASE}/tickets`, auth: 'bearer', group: 'lookups',
    summary: "Infractions of the case's plates (read-only)",
    response: ticketsResponseSchema, successStatus: 200,
  },
  startTickets: {
    method: 'POST', path: `${CASE}/tickets`, auth: 'bearer', group: 'lookups',
    summary: 'Look up infractions of every plate of the case',
    response: ticketsStartResponseSchema, successStatus: 202, idempotent: true,
  },
  getTaxes: {
    method: 'GET', path: `${CASE}/taxes`, auth: 'bearer', group: 'lookups',
    summary: "Tenencia (vehicle tax) of the case's plates (read-only)",
    response: taxesResponseSchema, successStatus: 200,
  },
  startTaxes: {
    method: 'POST', path: `${CASE}/taxes`, auth: 'bearer', group: 'lookups',
    summary: 'Look up tenencia of every plate of the case',
    response: taxesStartResponseSchema, successStatus: 202, idempotent: true,
  },
  getInvoices: {
    method: 'GET', path: `${CASE}/invoices`, auth: 'bearer', group: 'lookups',
    summary: 'Invoices of the case with their background checks',
    response: invoicesResponseSchema, successStatus: 200,
  },

  // ── Documents (contract §4.9, operator-surface §4) ──
  listDocuments: {
    method: 'GET', path: '/v1/documents', auth: 'bearer', group: 'documents',
    summary: "Paginated list of the company's documents",
    query: documentListQuerySchema, response: documentListResponseSchema, successStatus: 200,
  },
  uploadDocument: {
    method: 'POST', path: '/v1/documents', auth: 'bearerOrApiKey', group: 'documents',
    summary: 'Upload a document to a case',
    body: uploadDocumentRequestSchema, wireBody: uploadDocumentBodySchema, bodyCheck: checkUploadDocumentBody,
    response: uploadDocumentResponseSchema, successStatus: 201, otherErrorStatuses: [404], idempotent: true,
  },
  getDocument: {
    method: 'GET', path: DOC, auth: 'bearerOrApiKey', group: 'documents',
    summary: 'Document metadata, OCR and extracted data',
    response: documentDetailSchema, successStatus: 200,
  },
  getDocumentExtractionData: {
    method: 'GET', path: `${DOC}/extraction-data`, auth: 'bearerOrApiKey', group: 'documents',
    summary: 'Advanced extraction: validity, QR/barcodes, owner info',
    response: extractionDataResponseSchema, successStatus: 200,
  },
  deleteDocument: {
    method: 'DELETE', path: DOC, auth: 'bearerOrApiKey', group: 'documents',
    summary: 'Soft-delete a document',
    response: deleteDocumentResponseSchema, successStatus: 200,
  },
  restoreDocument: {
    method: 'POST', path: `${DOC}/restore`, auth: 'bearerOrApiKey', group: 'documents',
    summary: 'Restore a soft-deleted document',
    response: restoreDocumentResponseSchema, successStatus: 200,
  },
  patchDocumentOcr: {
    method: 'PATCH', path: `${DOC}/ocr`, auth: 'bearerOrApiKey', group: 'documents',
    summary: 'Inject OCR manually; the document becomes processed',
    body: patchDocumentOcrBodySchema, response: patchDocumentOcrResponseSchema, successStatus: 200,
  },
  classifyDocument: {
    method: 'POST', path: `${DOC}/classify`, auth: 'bearerOrApiKey', group: 'documents',
    summary: 'Classify a document: manual with {type}, automatic without',
    body: classifyDocumentBodySchema, response: classifyDocumentResponseSchema, successStatus: 200,
  },
  processDocument: {
    method: 'POST', path: `${DOC}/process`, auth: 'bearerOrApiKey', group: 'documents',
    summary: 'Trigger automatic OCR',
    response: processDocumentResponseSchema, successStatus: 202, idempotent: true,
  },
  reclassifyDocument: {
    method: 'POST', path: `${DOC}/reclassify`, auth: 'bearerOrApiKey', group: 'documents',
    summary: 'Change the type and reprocess',
    body: reclassifyDocumentBodySchema, response: reclassifyDocumentResponseSchema, successStatus: 202, idempotent: true,
  },

  // ── INE (contract §4.10; unversioned) ──
  submitIne: {
    method: 'POST', path: '/documents/ine', auth: 'bearer', group: 'ine',
    summary: 'Submit a voter ID (front, optional back) for validation',
    body: ineSubmitBodySchema, bodyCheck: checkIneSubmitBody,
    wireBody: ineSubmitWireBodySchema,
    response: ineSubmitResponseSchema, successStatus: 202, idempotent: true,
  },
  getIne: {
    method: 'GET', path: '/documents/ine/{job_id}', auth: 'bearer', group: 'ine',
    summary: 'Result of a voter ID validation',
    response: ineResultResponseSchema, successStatus: 200,
  },

  // ── Admin (operator-surface §2) ──
  createCompany: {
    method: 'POST', path: '/admin/companies', auth: 'admin', group: 'admin',
    summary: 'Create a company',
    body: createCompanyBodySchema, response: companySchema, successStatus: 201, idempotent: true,
  },
  createUser: {
    method: 'POST', path: '/admin/companies/{company_id}/users', auth: 'admin', group: 'admin',
    summary: 'Create a user of a company',
    body: createUserBodySchema, response: userSchema, successStatus: 201, idempotent: true,
  },
  createToken: {
    method: 'POST', path: '/admin/users/{user_id}/tokens', auth: 'admin', group: 'admin',
    summary: 'Issue a bearer token for a user',
    body: createTokenBodySchema, response: tokenSchema, successStatus: 201, answersSecret: true,
  },
  createApiKey: {
    method: 'POST', path: '/admin/companies/{company_id}/api-keys', auth: 'admin', group: 'admin',
    summary: 'Issue an API key for a company',
    body: createApiKeyBodySchema, response: apiKeySchema, successStatus: 201, answersSecret: true,
  },
  revokeApiKey: {
    method: 'DELETE', path: '/admin/api-keys/{key_id}', auth: 'admin', group: 'admin',
    summary: 'Revoke an API key at once',
    response: null, successStatus: 204,
  },
  putWebhook: {
    method: 'PUT', path: '/admin/companies/{company_id}/webhooks/{event}', auth: 'admin', group: 'admin',
    summary: 'Register or replace the webhook of an event',
    body: webhookRegistrationBodySchema, response: webhookRegistrationSchema, successStatus: 200,
  },
  deleteWebhook: {
    method: 'DELETE', path: '/admin/companies/{company_id}/webhooks/{event}', auth: 'admin', group: 'admin',
    summary: 'Remove the webhook of an event',
    response: null, successStatus: 204,
  },
  listWebhookDeliveries: {
    method: 'GET', path: '/admin/companies/{company_id}/webhook-deliveries', auth: 'admin', group: 'admin',
    summary: 'Webhook delivery attempts, newest first',
    query: webhookDeliveriesQuerySchema, response: webhookDeliveriesResponseSchema, successStatus: 200,
  },
  getJobsSummary: {
    method: 'GET', path: '/admin/jobs/summary', auth: 'admin', group: 'admin',
    summary: 'Queue health: unfinished jobs by kind and state, the oldest waiting job, failing jobs',
    response: jobsSummarySchema, successStatus: 200,
  },
  putSandboxFixture: {
    method: 'PUT', path: '/admin/sandbox/fixtures/{source}/{key}', auth: 'admin', group: 'admin',
    summary: 'Store the sandbox outcome of a (source, key) lookup',
    body: sandboxOutcomeSchema, bodyRequired: true, response: sandboxFixtureSchema, successStatus: 200,
  },
  listSandboxFixtures: {
    method: 'GET', path: '/admin/sandbox/fixtures', auth: 'admin', group: 'admin',
    summary: 'Stored sandbox fixtures',
    response: sandboxFixturesResponseSchema, successStatus: 200,
  },
  clearSandboxFixtures: {
    method: 'DELETE', path: '/admin/sandbox/fixtures', auth: 'admin', group: 'admin',
    summary: 'Remove every sandbox fixture',
    response: null, successStatus: 204,
  },
  ...ADMIN_SECURITY_OPERATIONS,
});

/** Calls one tRPC batch may carry (`/trpc/a,b?batch=1`); the server refuses a longer one. */
export const TRPC_BATCH_MAX = 10;

export type OperationId = keyof typeof OPERATIONS;
export type OperationOf<Id extends OperationId> = (typeof OPERATIONS)[Id];

/** The operations as a list, in table order. */
export const OPERATION_LIST: readonly Operation<OperationId>[] = Object.values(OPERATIONS);

/** Names of the `{param}` placeholders of a path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
}

/** Fills a path template; values are URI-encoded. Throws when a parameter is missing. */
export function buildPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
