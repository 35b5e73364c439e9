import type { CaseNamesResponse, CaseVinsResponse } from '@vcase/shared';
import type { Principal } from '../auth/principal.js';
import type { ServerContext } from '../context.js';
import { fromJson } from '../db/json.js';
import { consolidateNames, namesInParsedData } from '../domain/names.js';
import { validateVin } from '../domain/validators/index.js';
import { primaryVin, type VinSourceDocument } from '../domain/vins.js';
import { jobInFlight, latestJobForCase } from '../jobs/jobQueue.js';
import { CASE_PROCESS_JOB } from '../jobs/kinds.js';
import {
  hasDocumentOcrInFlight,
  listProcessedDocumentSummaries,
  type ProcessedDocumentSummary,
} from '../repositories/documents.repository.js';
import { loadCase } from './caseAccess.js';

/** Active, processed documents of a case with their parsed data, newest first. */
export async function processedDocuments(ctx: ServerContext, caseId: string) {
  const docs = await listProcessedDocumentSummaries(ctx.db, caseId);
  return docs.map((d) => ({ doc: d, parsed: fromJson<Record<string, unknown>>(d.parsed_data, {}) }));
}

export function vinSources(docs: { doc: ProcessedDocumentSummary; parsed: Record<string, unknown> }[]): VinSourceDocument[] {
  const out: VinSourceDocument[] = [];
  for (const { doc, parsed } of docs) {
    if (typeof parsed.vin !== 'string' || !parsed.vin.trim()) continue;
    const v = validateVin(parsed.vin);
    out.push({
      file_id: doc.id,
      document_type: doc.type,
      vin: v.normalized,
      check_digit_valid: v.checkDigitValid,
      complete: v.valid || v.reason === 'check_digit',
      valid: v.valid,
    });
  }
  return out;
}

/** The case's consolidated VIN, or null. */
export async function casePrimaryVin(ctx: ServerContext, caseId: string): Promise<string | null> {
  return primaryVin(vinSources(await processedDocuments(ctx, caseId)));
}

export async function getCaseVins(ctx: ServerContext, principal: Principal, caseId: string): Promise<CaseVinsResponse> {
  const row = await loadCase(ctx, principal, caseId);
  const sources = vinSources(await processedDocuments(ctx, row.id));
  const primary = primaryVin(sources);
  return {
    case_id: row.id,
    primary_vin: primary,
    vins: sources.map((s) => ({
      file_id: s.file_id,
      document_type: s.document_type,
      vin: s.vin,
      check_digit_valid: s.check_digit_valid,
      is_primary: s.vin === primary,
    })),
  };
}

export async function consolidatedNames(ctx: ServerContext, caseId: string) {
  const docs = await processedDocuments(ctx, caseId);
  return consolidateNames(
    docs.flatMap(({ doc, parsed }) =>
      namesInParsedData(parsed).map((n) => ({ file_id: doc.id, document_type: doc.type, field: n.field, name: n.name, rfc: n.rfc })),
    ),
  );
}

/**
 * The names read from the case's processed documents. `status` is `processing` while the
 * case's processing job or the OCR of one of its active documents is pending or running
 * (more names may come), else `completed`.
 */
export async function getCaseNames(ctx: ServerContext, principal: Principal, caseId: string): Promise<CaseNamesResponse> {
  const row = await loadCase(ctx, principal, caseId);
  const inFlight = await namesInFlight(ctx, row.id);
  return { case_id: row.id, status: inFlight ? 'processing' : 'completed', names: await consolidatedNames(ctx, row.id) };
}

/** Whether more names may come: the case's processing job or a document's OCR is pending or running. */
export async function namesInFlight(ctx: ServerContext, caseId: string): Promise<boolean> {
  const caseJob = await latestJobForCase(ctx.db, caseId, CASE_PROCESS_JOB);
  return (caseJob !== undefined && jobInFlight(caseJob)) || (await hasDocumentOcrInFlight(ctx.db, caseId));
}
