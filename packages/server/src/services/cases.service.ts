import {
  ASSIGNMENT_USER_FALLBACK,
  type AssignResponse,
  type CaseDetail,
  type CaseListItem,
  type CaseListQuery,
  type CaseListResponse,
  type CreateCaseBody,
  type CreateCaseResponse,
  type MetadataResponse,
  caseListQuerySchema,
  CASE_METADATA_MAX_CHARS,
  isUuid,
  paginationOf,
  SUPPORTED_MIME_TYPES,
} from '@vcase/shared';
import type { Principal } from '../auth/principal.js';
import type { ServerContext } from '../context.js';
import { fromJson, toJson } from '../db/json.js';
import { badRequest, HttpError, validationError } from '../errors.js';
import { findCompany, findUseCase, lockCompany } from '../repositories/companies.repository.js';
import {
  findCaseById,
  findCaseWithFilesByInternalId,
  insertAssignment,
  insertCase,
  insertMetadataEntry,
  listAssignments,
  listCases,
  listMetadataEntries,
  lockCase,
  metadataCharsOf,
  softDeleteCase,
  updateCase,
  type AssignmentRow,
  type CaseRow,
} from '../repositories/cases.repository.js';
import { listCaseDocuments, type DocumentRow } from '../repositories/documents.repository.js';
import { findUserByUidOrPid } from '../repositories/users.repository.js';
import { emitWebhook } from '../webhooks/emitWebhook.js';
import { CASE_NOT_FOUND, loadCase, requireCompany } from './caseAccess.js';
import { actorOf } from './actor.js';
import { startCaseProcessing } from './caseProcessing.service.js';

export function toCaseListItem(row: CaseRow): CaseListItem {
  return {
    case_id: row.id,
    internal_id: row.internal_id,
    review_status: row.review_status,
    use_case_id: row.use_case_id,
    user_id_added_by: row.user_id_added_by,
    created_by: row.created_by,
    created_at: row.created_at,
    active: row.active === 1,
  };
}

export function toCaseFile(doc: DocumentRow, fileUrl: (doc: DocumentRow) => string) {
  return {
    file_id: doc.id,
    created_at: doc.created_at,
    document_type: doc.type ?? 'unknown',
    document_subtype: doc.subtype,
    mime_type: doc.mime_type,
    active: doc.active === 1,
    url: fileUrl(doc),
    ocr: fromJson<Record<string, unknown>>(doc.json_ocr, {}),
  };
}

export async function listCasesForCompany(ctx: ServerContext, principal: Principal, query: CaseListQuery): Promise<CaseListResponse> {
  const companyId = requireCompany(principal);
  const q = caseListQuerySchema.parse(query);
  const { rows, total } = await listCases(ctx.db, {
    companyId,
    internalId: q.internal_id?.trim() || undefined,
    vin: q.vin?.trim() || undefined,
    useCaseId: q.case_type?.toLowerCase(),
    limit: q.limit,
    offset: q.offset,
  });
  return { data: rows.map(toCaseListItem), pagination: paginationOf(q.limit, q.offset, total) };
}

export async function createCase(
  ctx: ServerContext,
  principal: Principal,
  body: CreateCaseBody,
): Promise<{ statusCode: 201 | 202; body: CreateCaseResponse }> {
  const companyId = requireCompany(principal);
  const company = await findCompany(ctx.db, companyId);
  if (!company) throw validationError('La compañía del token no existe');
  const catalog = fromJson<string[]>(company.status_catalog, []);
  for (const [field, value] of [
    ['status', body.status],
    ['initial_status', body.initial_status],
  ] as const) {
    if (value != null && !catalog.includes(value)) {
      throw HttpError.of('INVALID_STATUS', `El estatus '${value}' (${field}) no pertenece al catálogo configurado`, {
        field,
        allowed: catalog,
      });
    }
  }
  if (body.use_case && !(await findUseCase(ctx.db, companyId, body.use_case.toLowerCase()))) {
    throw validationError('use_case no pertenece al catálogo de casos de uso de la compañía', { field: 'use_case' });
  }
  const internalId = body.internal_id.trim();
  const duplicate = async (db: typeof ctx.db) => {
    if (await findCaseWithFilesByInternalId(db, companyId, internalId)) {
      throw HttpError.of('DUPLICATE_INTERNAL_ID', `Ya existe un caso con internal_id '${internalId}' que tiene archivos`);
    }
  };
  await duplicate(ctx.db);
  const files = body.files ?? [];
  for (const [i, f] of files.entries()) {
    if (!(SUPPORTED_MIME_TYPES as readonly string[]).includes(f.mime_type.toLowerCase())) {
      throw validationError(`files[${i}].mime_type no es un tipo soportado`, { field: `files.${i}.mime_type` });
    }
    if (!/^https?:\/\//i.test(f.url)) throw validationError(`files[${i}].url debe ser una URL http(s)`, { field: `files.${i}.url` });
  }

  const now = ctx.clock.now().toISOString();
  const row: CaseRow = {
    id: ctx.ids(),
    company_id: companyId,
    internal_id: internalId,
    status: body.initial_status ?? body.status,
    review_status: 'sin_documentos',
    vehicle_origin: body.vehicle_origin ?? 'Nacional',
    use_case_id: body.use_case?.toLowerCase() ?? null,
    user_id_added_by: principal.userId,
    created_by: principal.userId,
    assigned_to: null,
    active: 1,
    created_at: now,
    updated_at: now,
    plates_computed_at: null,
    files_job_id: files.length > 0 ? ctx.ids() : null,
  };

  return ctx.db.transaction().execute(async (trx) => {
    // Checked again in the transaction that inserts, so two creates sent together cannot both pass:
    // SQLite runs one write transaction at a time, and PostgreSQL queues the company's
    // creates on its row.
    await lockCompany(trx, ctx.dialect, companyId);
    await duplicate(trx);
    await insertCase(trx, row);
    if (body.metadata && Object.keys(body.metadata).length > 0) {
      await insertMetadataEntry(trx, {
        id: ctx.ids(),
        case_id: row.id,
        user_id: principal.userId,
        data: toJson(body.metadata),
        created_at: now,
      });
    }
    await emitWebhook(ctx, trx, { event: 'expediente-created', caseRow: row, actor: actorOf(principal) });
    if (files.length > 0) {
      const job = await startCaseProcessing(ctx, row, actorOf(principal), { db: trx, files });
      return {
        statusCode: 202 as const,
        body: { case_id: row.id, job_id: job.id, total_files: files.length, status: 'processing' as const },
      };
    }
    return { statusCode: 201 as const, body: { case_id: row.id, status: 'completed' as const } };
  });
}

export async function getCaseDetail(
  ctx: ServerContext,
  principal: Principal,
  caseId: string,
  opts: { includeInactive: boolean; fileUrl: (doc: DocumentRow) => string },
): Promise<CaseDetail> {
  const row = await loadCase(ctx, principal, caseId);
  const docs = await listCaseDocuments(ctx.db, row.id, { includeInactive: opts.includeInactive });
  return {
    case_id: row.id,
    internal_id: row.internal_id,
    review_status: row.review_status,
    created_at: row.created_at,
    files: docs.map((d) => toCaseFile(d, opts.fileUrl)),
  };
}

export async function deleteCase(ctx: ServerContext, principal: Principal, caseId: string) {
  const row = await loadCase(ctx, principal, caseId);
  await softDeleteCase(ctx.db, row.id, ctx.clock.now().toISOString());
  return { case_id: row.id, active: false as const };
}

function historyEntry(a: AssignmentRow) {
  return { date: a.created_at, user: a.user_label, pid: a.pid, label: a.label };
}

/** POST /v1/cases/{id}/assign with every row of its error table (contract §4.2). */
export async function assignCase(
  ctx: ServerContext,
  principal: Principal,
  caseId: string,
  userIdentifier: string,
): Promise<AssignResponse> {
  // Contract §7: an invalid case_id UUID is a 400 without a code, on assign as elsewhere.
  if (!isUuid(caseId)) throw badRequest('case_id no es un UUID válido');
  const caseRow = await findCaseById(ctx.db, caseId.toLowerCase());
  if (!caseRow || caseRow.active !== 1) throw HttpError.of('RESOURCE_NOT_FOUND', CASE_NOT_FOUND);
  if (!caseRow.company_id) throw validationError('El caso no tiene una compañía asociada');
  if (!principal.companyId || principal.companyId !== caseRow.company_id) {
    throw HttpError.of('FORBIDDEN', 'El token pertenece a otra compañía que la del caso');
  }
  const assignee = await findUserByUidOrPid(ctx.db, userIdentifier.trim());
  if (!assignee) throw validationError('El usuario asignado no existe');
  if (assignee.company_id !== caseRow.company_id) {
    throw HttpError.of('FORBIDDEN', 'El usuario asignado pertenece a otra compañía');
  }
  if (!assignee.pid) throw validationError('El perfil del usuario asignado no tiene pid');

  const now = ctx.clock.now().toISOString();
  const userLabel = assignee.name?.trim() || assignee.email?.trim() || ASSIGNMENT_USER_FALLBACK;
  await ctx.db.transaction().execute(async (trx) => {
    await insertAssignment(trx, {
      id: ctx.ids(),
      case_id: caseRow.id,
      assigned_user_id: assignee.id,
      assigned_by: principal.userId,
      user_label: userLabel,
      pid: assignee.pid,
      label: `Caso asignado a ${userLabel}`,
      created_at: now,
    });
    await updateCase(trx, caseRow.id, { assigned_to: assignee.id, updated_at: now });
    await emitWebhook(ctx, trx, { event: 'v1-assign-analyst', caseRow, actor: actorOf(principal) });
  });
  const history = await listAssignments(ctx.db, caseRow.id);
  return { case_id: caseRow.id, assigned_to: userIdentifier, assignment_history: history.map(historyEntry) };
}

async function metadataOf(ctx: ServerContext, caseId: string): Promise<MetadataResponse> {
  const entries = await listMetadataEntries(ctx.db, caseId);
  const history = entries.map((e) => ({
    date: e.created_at,
    user_id: e.user_id,
    data: fromJson<Record<string, unknown>>(e.data, {}),
  }));
  const metadata = Object.assign({}, ...history.map((h) => h.data)) as Record<string, unknown>;
  return { case_id: caseId, metadata, history };
}

export async function getCaseMetadata(ctx: ServerContext, principal: Principal, caseId: string) {
  const row = await loadCase(ctx, principal, caseId);
  return metadataOf(ctx, row.id);
}

export async function appendCaseMetadata(ctx: ServerContext, principal: Principal, caseId: string, data: Record<string, unknown>) {
  const row = await loadCase(ctx, principal, caseId);
  const text = toJson(data);
  await ctx.db.transaction().execute(async (trx) => {
    // GET …/metadata answers every entry: their total is bounded (docs/operator-guide.md, "Request limits").
    // Checked where the entry is added; on PostgreSQL, the case's appends take turns on its row.
    await lockCase(trx, ctx.dialect, row.id);
    const held = await metadataCharsOf(trx, row.id);
    if (held + text.length > CASE_METADATA_MAX_CHARS) {
      throw validationError(
        `La metadata del caso admite como máximo ${CASE_METADATA_MAX_CHARS / 1024} KB de JSON en total; ` +
          `ya tiene ${Math.ceil(held / 1024)} KB`,
        { field: 'body', held_chars: held, max_chars: CASE_METADATA_MAX_CHARS },
      );
    }
    const at = ctx.clock.now().toISOString();
    await insertMetadataEntry(trx, { id: ctx.ids(), case_id: row.id, user_id: principal.userId, data: text, created_at: at });
  });
  return metadataOf(ctx, row.id);
}
