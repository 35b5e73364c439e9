import {
  isA,
  OPERATIONS,
  sandboxSourceSchema,
  type AssignBody,
  type CreateCaseBody,
  type DocumentListQuery,
  type OperationId,
  type OperationSpec,
  type PatchDocumentOcrBody,
} from '@vcase/shared';
import type { Principal } from '../auth/principal.js';
import type { TokenSigner } from '../auth/tokens.js';
import type { ServerContext } from '../context.js';
import { validationError } from '../errors.js';
import { idempotencyClaim, runIdempotent } from '../http/idempotency.js';
import { outboundOf } from '../net/outbound.js';
import { assertPublicUrl, UnsafeUrlError } from '../net/publicUrl.js';
import type { DocumentRow } from '../repositories/documents.repository.js';
import { deleteAllFixtures, fixtureKey, listFixtures, putFixture } from '../repositories/sandboxFixtures.repository.js';
import { createApiKey, createCompany, createUser, deleteApiKey, requireCompanyRow } from '../services/admin.service.js';
import { issueToken } from '../services/tokens.service.js';
import { ADMIN_SECURITY_HANDLERS } from './adminSecurity.handlers.js';
import { obj, uuidParam, webhookEvent } from './inputs.js';
import { getCaseNames, getCaseVins } from '../services/caseDerived.service.js';
import { jobsSummary } from '../services/jobsSummary.service.js';
import { getCaseStatus, processCase } from '../services/caseProcessing.service.js';
import {
  appendCaseMetadata,
  assignCase,
  createCase,
  deleteCase,
  getCaseDetail,
  getCaseMetadata,
} from '../services/cases.service.js';
import { assertNoParameters, generateChainPlates, generateOwnershipChain, getChainPlates, getOwnershipChain } from '../services/chains.service.js';
import { classifyDocument, extractionData } from '../services/documentInsights.js';
import {
  listCompanyDocuments,
  loadDocument,
  patchDocumentOcr,
  queueDocumentProcessing,
  reclassifyDocument,
  setDocumentActive,
  toDocumentDetail,
  takeUploadBody,
  uploadDocument,
} from '../services/documents.service.js';
import { getBureau, startBureau } from '../services/lookups/bureau.service.js';
import { getIneResult, submitIne } from '../services/lookups/ine.service.js';
import { getInvoices } from '../services/lookups/invoices.service.js';
import { getPedimento, startPedimento } from '../services/lookups/pedimento.service.js';
import { getRapi, startRapi } from '../services/lookups/rapi.service.js';
import { getRenapo, startRenapo } from '../services/lookups/renapo.service.js';
import { getRepuve } from '../services/lookups/repuve.service.js';
import { startTaxes, startTickets, taxesOf, ticketsOf } from '../services/plateReports.service.js';
import { taxYear } from '../domain/taxes.js';
import { cachedCaseList, cachedCaseRead } from './cachedReads.js';
import type { ResponseCache } from './responseCache.js';
import { getPlates, recomputePlates } from '../services/plates.service.js';
import { deleteRegistration, jsonTemplateProblem, listDeliveries, putRegistration } from '../webhooks/index.js';

/** What operations run with, whichever channel (REST or tRPC) serves them. */
export interface OperationDeps {
  ctx: ServerContext;
  signer: TokenSigner;
  /** Public URL of a stored document file. */
  fileUrl: (doc: DocumentRow) => string;
  /** Encoded answers of reads that are cached by revision (`cachedReads.ts`). */
  responses: ResponseCache;
}

/** What every operation handler is given: the deps and the authenticated caller. */
export interface OperationEnv extends OperationDeps {
  principal: Principal;
}

/**
 * The env of one call. Built field by field rather than by spreading `deps`: this object is
 * made on every request, and the spread's copies outlived young-space collections under load.
 */
export function operationEnv(deps: OperationDeps, principal: Principal): OperationEnv {
  return { ctx: deps.ctx, signer: deps.signer, fileUrl: deps.fileUrl, responses: deps.responses, principal };
}

export interface OperationInput {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  /** `Idempotency-Key` header (REST) or `idempotency_key` input (tRPC). */
  idempotencyKey?: string;
}

/** A handler answers a body (sent with the operation's success status) or a status and body. */
export type OperationResult = unknown | { statusCode: number; body: unknown; replayed?: boolean };
export type OperationHandler = (env: OperationEnv, input: OperationInput) => Promise<OperationResult>;

/** Marks a result whose status differs from the operation's success status. */
export const withStatus = (statusCode: number, body: unknown, replayed = false) => ({ [STATUS]: true, statusCode, body, replayed });
export const STATUS = Symbol('status');
export function isWithStatus(r: unknown): r is { statusCode: number; body: unknown; replayed: boolean } {
  return typeof r === 'object' && r !== null && STATUS in r;
}

const caseId = (i: OperationInput) => i.params.case_id;
const docId = (i: OperationInput) => i.params.document_id;

/**
 * One handler per operation of `OPERATIONS` (packages/shared/src/operations.ts). REST routes
 * and tRPC procedures are both generated from this table, so the two channels run the same
 * code with the same auth and validation.
 */

const OWN_HANDLERS: Record<Exclude<OperationId, 'health'>, OperationHandler> = {
  // ── cases ──
  // The query arrives parsed by the operation's schema (REST route validation, tRPC runProcedure).
  listCases: (env, i) => cachedCaseList(env, i.query as Parameters<typeof cachedCaseList>[1]),
  createCase: async ({ ctx, principal }, i) => {
    const r = await createCase(ctx, principal, i.body as CreateCaseBody);
    return withStatus(r.statusCode, r.body);
  },
  getCase: ({ ctx, principal, fileUrl }, i) =>
    getCaseDetail(ctx, principal, caseId(i), { includeInactive: i.query.files === 'all', fileUrl }),
  deleteCase: ({ ctx, principal }, i) => deleteCase(ctx, principal, caseId(i)),
  assignCase: ({ ctx, principal }, i) => assignCase(ctx, principal, caseId(i), (i.body as AssignBody).user_id),
  processCase: ({ ctx, principal }, i) => processCase(ctx, principal, caseId(i)),
  getCaseStatus: ({ ctx, principal }, i) => getCaseStatus(ctx, principal, caseId(i)),
  getCaseNames: ({ ctx, principal }, i) => getCaseNames(ctx, principal, caseId(i)),
  getCaseVins: ({ ctx, principal }, i) => getCaseVins(ctx, principal, caseId(i)),
  getCaseMetadata: ({ ctx, principal }, i) => getCaseMetadata(ctx, principal, caseId(i)),
  appendCaseMetadata: ({ ctx, principal }, i) => appendCaseMetadata(ctx, principal, caseId(i), obj(i.body)),
  getPlates: ({ ctx, principal }, i) => getPlates(ctx, principal, caseId(i)),
  computePlates: ({ ctx, principal }, i) => recomputePlates(ctx, principal, caseId(i)),
  getPlateChain: ({ ctx, principal }, i) => getChainPlates(ctx, principal, caseId(i)),
  generatePlateChain: ({ ctx, principal }, i) => {
    assertNoParameters(i.body, i.query);
    return generateChainPlates(ctx, principal, caseId(i));
  },
  getOwnershipChain: ({ ctx, principal }, i) => getOwnershipChain(ctx, principal, caseId(i)),
  generateOwnershipChain: ({ ctx, principal }, i) => {
    assertNoParameters(i.body, i.query);
    return generateOwnershipChain(ctx, principal, caseId(i));
  },

  // ── lookups ──
  getRepuve: ({ ctx, principal }, i) => getRepuve(ctx, principal, caseId(i)),
  getPedimento: ({ ctx, principal }, i) => getPedimento(ctx, principal, caseId(i)),
  startPedimento: ({ ctx, principal }, i) => startPedimento(ctx, principal, caseId(i)),
  getRapi: ({ ctx, principal }, i) => getRapi(ctx, principal, caseId(i)),
  startRapi: ({ ctx, principal }, i) => startRapi(ctx, principal, caseId(i)),
  getRenapo: ({ ctx, principal }, i) => getRenapo(ctx, principal, caseId(i)),
  startRenapo: ({ ctx, principal }, i) => startRenapo(ctx, principal, caseId(i)),
  getCreditBureau: ({ ctx, principal }, i) => getBureau(ctx, principal, caseId(i)),
  startCreditBureau: ({ ctx, principal }, i) => startBureau(ctx, principal, caseId(i)),
  getTickets: (env, i) => cachedCaseRead(env, 'getTickets', caseId(i), (row) => ticketsOf(env.ctx, row)),
  startTickets: ({ ctx, principal }, i) => startTickets(ctx, principal, caseId(i)),
  getTaxes: (env, i) =>
    cachedCaseRead(env, 'getTaxes', caseId(i), (row) => taxesOf(env.ctx, row), String(taxYear(env.ctx.clock.now()))),
  startTaxes: ({ ctx, principal }, i) => startTaxes(ctx, principal, caseId(i)),
  getInvoices: ({ ctx, principal, fileUrl }, i) => getInvoices(ctx, principal, caseId(i), fileUrl),

  // ── documents ──
  listDocuments: ({ ctx, principal, fileUrl }, i) => listCompanyDocuments(ctx, principal, i.query as DocumentListQuery, fileUrl),
  uploadDocument: async ({ ctx, principal, fileUrl }, i) => {
    // In this order: the claim fingerprints the body with its base64 text, which taking the
    // upload then decodes and lets go of before anything waits (see takeUploadBody).
    const claim = idempotencyClaim({ companyId: principal.companyId ?? '', route: 'POST /v1/documents', key: i.idempotencyKey, body: i.body });
    const upload = takeUploadBody(principal, i.body);
    const r = await runIdempotent(ctx, claim, async () => {
      const doc = await uploadDocument(ctx, principal, upload);
      return { statusCode: 201, body: { document_id: doc.id, url: fileUrl(doc) } };
    });
    return withStatus(r.statusCode, r.body, r.replayed);
  },
  getDocument: async ({ ctx, principal, fileUrl }, i) => toDocumentDetail(await loadDocument(ctx, principal, docId(i)), fileUrl),
  getDocumentExtractionData: async ({ ctx, principal }, i) => extractionData(ctx, await loadDocument(ctx, principal, docId(i))),
  deleteDocument: ({ ctx, principal }, i) => setDocumentActive(ctx, principal, docId(i), false),
  restoreDocument: ({ ctx, principal }, i) => setDocumentActive(ctx, principal, docId(i), true),
  patchDocumentOcr: async ({ ctx, principal, fileUrl }, i) =>
    toDocumentDetail(await patchDocumentOcr(ctx, principal, docId(i), i.body as PatchDocumentOcrBody), fileUrl),
  classifyDocument: async ({ ctx, principal }, i) =>
    classifyDocument(ctx, await loadDocument(ctx, principal, docId(i)), (obj(i.body).type as string | undefined) || undefined),
  processDocument: async ({ ctx, principal }, i) => {
    const doc = await loadDocument(ctx, principal, docId(i));
    const job = await queueDocumentProcessing(ctx, doc);
    return { document_id: doc.id, job_id: job.id, status: 'processing' };
  },
  reclassifyDocument: ({ ctx, principal }, i) => reclassifyDocument(ctx, principal, docId(i), obj(i.body).type as string),

  // ── INE ──
  submitIne: ({ ctx, principal }, i) => submitIne(ctx, principal, i.body),
  getIne: ({ ctx, principal }, i) => getIneResult(ctx, principal, i.params.job_id),

  // ── admin ── (ids in the path are UUIDs: read in any case, as REST reads case ids)
  createCompany: ({ ctx }, i) => createCompany(ctx, i.body as Parameters<typeof createCompany>[1]),
  createUser: ({ ctx }, i) => createUser(ctx, uuidParam(i.params.company_id), obj(i.body)),
  createToken: ({ ctx, signer }, i) =>
    issueToken(ctx, signer, uuidParam(i.params.user_id), (obj(i.body).ttl_seconds ?? undefined) as number | undefined),
  createApiKey: ({ ctx }, i) => createApiKey(ctx, uuidParam(i.params.company_id), (obj(i.body).name ?? undefined) as string | undefined),
  revokeApiKey: ({ ctx }, i) => deleteApiKey(ctx, uuidParam(i.params.key_id)),
  putWebhook: async ({ ctx }, i) => {
    const event = webhookEvent(i.params.event);
    const companyId = uuidParam(i.params.company_id);
    await requireCompanyRow(ctx, companyId);
    const body = obj(i.body);
    try {
      // A receiver whose name does not resolve yet is registered: every delivery checks its URL again.
      await assertPublicUrl(String(body.url), { allowPrivate: ctx.config.allowPrivateUrls, acceptUnresolved: true, lookup: outboundOf(ctx).resolve });
    } catch (err) {
      if (isA(UnsafeUrlError, err)) throw validationError(err.message, { field: 'url' });
      throw err;
    }
    // A blank string template is no template: the default body (contract §6), never an empty one.
    const template = typeof body.template === 'string' && body.template.trim() === '' ? null : (body.template ?? null);
    const problem = typeof template === 'string' ? jsonTemplateProblem(template) : null;
    if (problem) throw validationError(problem, { field: 'template' });
    return putRegistration(ctx.db, {
      company_id: companyId,
      event,
      url: String(body.url),
      template: template as Parameters<typeof putRegistration>[1]['template'],
      api_key: (body.api_key ?? null) as string | null,
      updated_at: ctx.clock.now().toISOString(),
    });
  },
  // Idempotent for a known company: removing a registration that is not there leaves the same state.
  deleteWebhook: async ({ ctx }, i) => {
    const event = webhookEvent(i.params.event);
    const companyId = uuidParam(i.params.company_id);
    await requireCompanyRow(ctx, companyId);
    await deleteRegistration(ctx.db, companyId, event);
  },
  listWebhookDeliveries: async ({ ctx }, i) => {
    const companyId = uuidParam(i.params.company_id);
    await requireCompanyRow(ctx, companyId);
    const q = i.query as { event?: string; case_id?: string };
    return { data: await listDeliveries(ctx.db, companyId, { ...q, ...(q.case_id ? { case_id: uuidParam(q.case_id) } : {}) }) };
  },
  putSandboxFixture: async ({ ctx }, i) => {
    const source = sandboxSourceSchema.safeParse(i.params.source);
    if (!source.success) throw validationError(`Fuente de sandbox desconocida: ${i.params.source}`, { field: 'source' });
    const fixture = { source: source.data, key: fixtureKey(source.data, i.params.key), outcome: obj(i.body) };
    await putFixture(ctx.db, fixture, ctx.clock.now().toISOString());
    return fixture;
  },
  getJobsSummary: ({ ctx }) => jobsSummary(ctx),
  listSandboxFixtures: async ({ ctx }) => ({ data: await listFixtures(ctx.db) }),
  clearSandboxFixtures: async ({ ctx }) => {
    await deleteAllFixtures(ctx.db);
  },
  ...ADMIN_SECURITY_HANDLERS,
};

/** Operations that take their `Idempotency-Key` claim themselves (the upload takes it before it lets go of the file's text). */
const CLAIMS_ITS_OWN_KEY = new Set<OperationId>(['uploadDocument']);

/**
 * An operation marked `idempotent` (it adds a record or starts work each time it runs) with
 * an `Idempotency-Key`: the same key and body within 24 h answer the first answer again, for
 * the caller's company and this very path (the case or user it names), instead of running twice.
 */
function keyed(id: OperationId, handler: OperationHandler): OperationHandler {
  const op: OperationSpec = OPERATIONS[id];
  return async (env, i) => {
    if (!i.idempotencyKey) return handler(env, i);
    const route = `${op.method} ${op.path.replace(/\{(\w+)\}/g, (_, name: string) => uuidParam(i.params[name] ?? ''))}`;
    const claim = idempotencyClaim({ companyId: env.principal.companyId ?? '', route, key: i.idempotencyKey, body: i.body ?? null });
    if (!claim) return handler(env, i);
    const r = await runIdempotent(env.ctx, claim, async () => {
      const out = await handler(env, i);
      return isWithStatus(out) ? { statusCode: out.statusCode, body: out.body } : { statusCode: op.successStatus, body: out ?? null };
    });
    return withStatus(r.statusCode, r.body, r.replayed);
  };
}

export const HANDLERS = Object.fromEntries(
  Object.entries(OWN_HANDLERS).map(([id, handler]) => [
    id,
    (OPERATIONS[id as OperationId] as OperationSpec).idempotent && !CLAIMS_ITS_OWN_KEY.has(id as OperationId) ? keyed(id as OperationId, handler) : handler,
  ]),
) as typeof OWN_HANDLERS;
