import {
  INVOICE_CHECK_KEYS,
  INVOICE_CHECK_MESSAGES as M,
  type InvoiceCheck,
  type InvoiceCheckKey,
  type InvoiceEntry,
  type InvoicesResponse,
} from '@vcase/shared';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { fromJson } from '../../db/json.js';
import { enqueueJob, listJobs, type Job } from '../../jobs/jobQueue.js';
import { INVOICE_CHECK_JOB } from '../../jobs/kinds.js';
import type { JobHandler, JobRunOptions } from '../../jobs/jobHandler.js';
import { lookupSource } from '../../providers/lookupSource.js';
import { SourceUnavailableError, type ProviderOutcome } from '../../providers/outcome.js';
import { findDocument, listCaseDocuments, type DocumentRow } from '../../repositories/documents.repository.js';
import { loadCase } from '../caseAccess.js';
import { casePrimaryVin } from '../caseDerived.service.js';
import { str } from '../../domain/text.js';
import { obj } from './caseLookups.js';
import { vehicleFacts } from './vehicleFacts.js';

interface CheckPayload {
  document_id: string;
  check: InvoiceCheckKey;
}
/** What a finished check stores: exactly one of `message` and `result`. */
type CheckOutcome = { message: string; result: null } | { message: null; result: Record<string, unknown> };

const FIELD_LABELS: Record<string, string> = {
  folio_fiscal: 'Folio fiscal',
  rfc_emisor: 'RFC emisor',
  nombre_emisor: 'Nombre emisor',
  rfc_receptor: 'RFC receptor',
  nombre_receptor: 'Nombre receptor',
  monto_total: 'Monto total',
  fecha_emision: 'Fecha de emisión',
  vin: 'NIV',
  numero_motor: 'Número de motor',
  marca: 'Marca',
  modelo: 'Modelo',
  anio_modelo: 'Año modelo',
  pedimento: 'Pedimento',
  aduana: 'Aduana',
  ano_vehiculo: 'Año del vehículo',
  folio: 'Folio',
};

/**
 * Keeps only keys that carry data (contract §2.14: `result` has only keys with data), at every
 * depth: a nested table or list item keeps its own keys with data, and goes when none is left.
 */
export function withData(value: Record<string, unknown>): Record<string, unknown> {
  const pruned = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(pruned).filter((item) => !empty(item));
    if (v && typeof v === 'object') return withData(v as Record<string, unknown>);
    return v;
  };
  const empty = (v: unknown) =>
    v === null ||
    v === undefined ||
    v === '' ||
    (Array.isArray(v) && v.length === 0) ||
    (typeof v === 'object' && !Array.isArray(v) && Object.keys(v as object).length === 0);
  return Object.fromEntries(
    Object.entries(value)
      .map(([k, v]) => [k, pruned(v)] as const)
      .filter(([, v]) => !empty(v)),
  );
}

/** Sanitized OCR fields of an invoice: `{db_field, label, text}` per known field. */
export function invoiceData(parsed: Record<string, unknown>): InvoiceEntry['data'] {
  const out: NonNullable<InvoiceEntry['data']> = {};
  for (const [field, label] of Object.entries(FIELD_LABELS)) {
    const v = parsed[field];
    if (v === undefined || v === null || typeof v === 'object') continue;
    out[field] = { db_field: field, label, text: String(v) };
  }
  return out;
}

/** validate_invoice with nothing to ask the tax authority with: a failure, not a "not registered". */
const CFDI_NO_FISCAL_DATA = 'No se pudo consultar el SAT: el documento no tiene folio fiscal ni RFC de emisor y receptor.';

/**
 * The type of the documents GET invoices lists and checks (contract §4.8: "one entry per
 * document of type `invoice`"); `factura` and `factura_xml` are other types (§2.3).
 */
export const INVOICE_TYPE = 'invoice';

/** Queues the four background checks of a processed invoice. */
export async function queueInvoiceChecks(ctx: ServerContext, doc: DocumentRow) {
  if (doc.type !== INVOICE_TYPE) return;
  for (const check of INVOICE_CHECK_KEYS) {
    await enqueueJob<CheckPayload>(ctx.db, ctx, {
      kind: INVOICE_CHECK_JOB,
      payload: { document_id: doc.id, check },
      companyId: doc.company_id,
      caseId: doc.case_id,
    });
  }
}

const found = (result: Record<string, unknown>): CheckOutcome => {
  const kept = withData(result);
  return Object.keys(kept).length ? { message: null, result: kept } : { message: M.NOT_FOUND, result: null };
};
const said = (message: string): CheckOutcome => ({ message, result: null });

/** Runs one check against its source and words the outcome as contract §4.8 does. */
async function runCheck(ctx: ServerContext, doc: DocumentRow, check: InvoiceCheckKey, run: JobRunOptions): Promise<CheckOutcome | 'retry'> {
  const parsed = fromJson<Record<string, unknown>>(doc.parsed_data, {});
  type Source = Parameters<typeof lookupSource>[1]['source'];
  const ask = async (source: Source, key: string, input?: unknown): Promise<ProviderOutcome | 'retry'> => {
    const outcome = await lookupSource(ctx, { source, key, input, signal: run.signal, idle: run.idle });
    return outcome.kind === 'error' ? 'retry' : outcome;
  };
  if (check === 'validate_invoice') {
    const folio = str(parsed.folio_fiscal)?.toUpperCase();
    const pair = [str(parsed.rfc_emisor), str(parsed.rfc_receptor)];
    const key = folio ?? (pair[0] && pair[1] ? `${pair[0]}|${pair[1]}`.toUpperCase() : null);
    if (!key) return said(CFDI_NO_FISCAL_DATA);
    const ocr = fromJson<Record<string, unknown>>(doc.json_ocr, {});
    const o = await ask('sat_cfdi', key, {
      ...parsed,
      sello_fe: ocr.sello_fe ?? null,
      total: ocr.total ?? parsed.monto_total,
      tipo_comprobante: ocr.tipo_comprobante ?? parsed.tipo_comprobante ?? null,
    });
    if (o === 'retry') return o;
    if (o.kind === 'ok') return found(obj(o.data.result) ?? o.data);
    if (o.kind === 'reason') return said(o.reason);
    return said(`${M.CFDI_NOT_REGISTERED_PREFIX}.`);
  }
  if (check === 'consulta_pedimento') {
    const pedimento = str(parsed.pedimento);
    // No pedimento on an invoice that was read is the valid "national" result; on one whose
    // OCR read nothing there is no import data to speak of either way.
    if (!pedimento) return said(Object.keys(parsed).length ? M.NATIONAL_VEHICLE : M.NOT_FOUND);
    const o = await ask('sat_pedimento', pedimento, { file_id: doc.id });
    if (o === 'retry') return o;
    if (o.kind === 'ok') {
      if (o.data.national === true) return said(M.NATIONAL_VEHICLE);
      const tables = obj(o.data.result) ?? o.data;
      const kept = withData(
        Object.fromEntries(['vehiculo_importado', 'situacion_pedimentos', 'importacion_vehiculos'].map((t) => [t, tables[t]])),
      );
      return Object.keys(kept).length ? { message: null, result: kept } : said(M.NOT_FOUND);
    }
    if (o.kind === 'reason') return said(o.reason);
    return said(M.NOT_FOUND);
  }
  // amis asks about the case's VIN; without a complete one, about the invoice's own, so the
  // provider's reason for an invalid VIN reaches the answer (§4.8: "Longitud incorrecta …").
  const ownVin = str(parsed.vin)?.toUpperCase();
  const vin =
    check === 'amis' ? ((await casePrimaryVin(ctx, doc.case_id)) ?? ownVin) : (ownVin ?? (await casePrimaryVin(ctx, doc.case_id)));
  if (!vin) return said(M.NOT_FOUND);
  const o = await ask(check === 'amis' ? 'amis' : 'amda', vin, await vehicleFacts(ctx, doc.case_id, vin, parsed));
  if (o === 'retry') return o;
  if (o.kind === 'reason') return said(o.reason);
  if (o.kind !== 'ok') return said(check === 'amis' ? M.NO_DATA : M.NOT_FOUND);
  const result = obj(o.data.result) ?? o.data;
  if (check === 'amis') {
    // §4.8: "list under `info` or under `data` depending on the process that ran it (read
    // both)": an empty `info` beside a filled `data` is data.
    const list = [result.info, result.data].flatMap((items) => (Array.isArray(items) ? items : []));
    return list.length ? { message: null, result: withData(withMaskedPolicies(result)) } : said(M.NO_DATA);
  }
  return found(result);
}

/** A policy number shown as §4.8 lists it, masked: all but its last 4 characters hidden. */
function maskPolicy(value: string): string {
  if (/[*•]|[xX#]{3,}/.test(value)) return value; // the provider masked it already
  return value.length <= 4 ? '*'.repeat(value.length) : '*'.repeat(value.length - 4) + value.slice(-4);
}

/** The amis answer with every item's `poliza` masked, under `info` or `data`. */
function withMaskedPolicies(result: Record<string, unknown>): Record<string, unknown> {
  const mask = (items: unknown) =>
    Array.isArray(items)
      ? items.map((item) => {
          const o = obj(item);
          return o && typeof o.poliza === 'string' ? { ...o, poliza: maskPolicy(o.poliza) } : item;
        })
      : items;
  return { ...result, ...('info' in result ? { info: mask(result.info) } : {}), ...('data' in result ? { data: mask(result.data) } : {}) };
}

/** Failure wording per check when the source stayed unreachable or the job itself failed. */
const FAILURE_MESSAGE: Record<InvoiceCheckKey, string> = {
  validate_invoice: M.PROCESSING_ERROR,
  consulta_pedimento: M.SERVICE_UNAVAILABLE,
  amda_invoice: M.PROCESSING_ERROR,
  amis: M.PROCESSING_ERROR,
};

export const invoiceCheckJob: JobHandler<CheckPayload, CheckOutcome> = {
  maxAttempts: 3,
  backoffMs: (attempt) => Math.min(1000 * 2 ** (attempt - 1), 15_000),
  async run(job, ctx, opts) {
    const doc = await findDocument(ctx.db, job.payload.document_id);
    if (!doc) return said(M.NOT_FOUND);
    const outcome = await runCheck(ctx, doc, job.payload.check, opts);
    if (outcome !== 'retry') return outcome;
    if (job.attempts < (job.maxAttempts ?? 3)) throw new SourceUnavailableError(job.payload.check, 'source unreachable');
    return said(FAILURE_MESSAGE[job.payload.check]);
  },
};

const PROCESSING: InvoiceCheck = { status: 'processing', message: M.PROCESSING, result: null, updated_at: null };

function checkOf(job: Job<CheckPayload, CheckOutcome> | undefined): InvoiceCheck {
  if (!job || job.status === 'pending' || job.status === 'processing') return PROCESSING;
  const at = job.finishedAt ?? job.updatedAt;
  if (job.status === 'error' || !job.result) {
    // An internal job error is published as completed, with the reason in `message` (contract §3).
    return { status: 'completed', message: FAILURE_MESSAGE[job.payload.check], result: null, updated_at: at };
  }
  return job.result.result
    ? { status: 'completed', message: null, result: job.result.result, updated_at: at }
    : { status: 'completed', message: job.result.message, result: null, updated_at: at };
}

/** GET /v1/cases/{id}/invoices: every invoice document, active and inactive, newest first. */
export async function getInvoices(
  ctx: ServerContext,
  principal: Principal,
  caseId: string,
  fileUrl: (d: DocumentRow) => string,
): Promise<InvoicesResponse> {
  const row = await loadCase(ctx, principal, caseId);
  const docs = (await listCaseDocuments(ctx.db, row.id, { includeInactive: true })).filter((d) => d.type === INVOICE_TYPE);
  const jobs = await listJobs<CheckPayload, CheckOutcome>(ctx.db, { caseId: row.id, kind: INVOICE_CHECK_JOB });
  const latest = new Map<string, Job<CheckPayload, CheckOutcome>>();
  for (const j of jobs) latest.set(`${j.payload.document_id}:${j.payload.check}`, j); // oldest first: the last wins
  // amis belongs to the vehicle (§4.8: identical across all invoices): every invoice shows the
  // case's newest finished amis check, which ran on the case's primary VIN. While a newer one
  // runs (another invoice arrived), the last answer stands: "completed = a response exists".
  const listed = new Set(docs.map((d) => d.id));
  const amisJobs = jobs.filter((j) => j.payload.check === 'amis' && listed.has(j.payload.document_id));
  const caseAmis = checkOf(amisJobs.findLast((j) => j.status === 'completed' || j.status === 'error') ?? amisJobs.at(-1));
  return {
    case_id: row.id,
    invoices: docs.map((d) => {
      const processed = d.status === 'processed' && d.parsed_data !== null;
      // A document whose processing failed never gets its checks: each is published as
      // failed (completed, contract §3) instead of "not run yet" for ever.
      const check = (key: InvoiceCheckKey, job: Job<CheckPayload, CheckOutcome> | undefined) =>
        !job && d.status === 'error'
          ? { status: 'completed' as const, message: FAILURE_MESSAGE[key], result: null, updated_at: d.updated_at }
          : checkOf(job);
      return {
        file_id: d.id,
        file_url: d.storage_key ? fileUrl(d) : null,
        data: processed ? invoiceData(fromJson(d.parsed_data, {})) : null,
        updated_at: processed ? d.processed_at : null,
        validate_invoice: check('validate_invoice', latest.get(`${d.id}:validate_invoice`)),
        consulta_pedimento: check('consulta_pedimento', latest.get(`${d.id}:consulta_pedimento`)),
        amda_invoice: check('amda_invoice', latest.get(`${d.id}:amda_invoice`)),
        amis: amisJobs.length ? caseAmis : check('amis', undefined),
      };
    }),
  };
}
