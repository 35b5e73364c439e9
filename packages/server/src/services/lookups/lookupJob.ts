import type { ServerContext } from '../../context.js';
import { enqueueJob, type Job } from '../../jobs/jobQueue.js';
import type { JobHandler } from '../../jobs/jobHandler.js';
import { lookupJobKind, type LookupJobSource } from '../../jobs/kinds.js';
import { lookupSource } from '../../providers/lookupSource.js';
import { SourceUnavailableError, type ProviderOutcome } from '../../providers/outcome.js';
import type { CaseRow } from '../../repositories/cases.repository.js';

export interface LookupPayload {
  source: LookupJobSource;
  key: string;
  input?: unknown;
}

/** What a finished lookup job stores as its result. */
export type LookupResult = Exclude<ProviderOutcome, { kind: 'error' }> | { kind: 'failed'; error: string };

export const LOOKUP_MAX_ATTEMPTS = 3;

/** Queues one external lookup tied to a case (or to a company, for INE). */
export function startLookup(
  ctx: ServerContext,
  owner: { companyId: string | null; caseId: string | null },
  payload: LookupPayload,
  db = ctx.db,
  parentId?: string,
): Promise<Job<LookupPayload>> {
  return enqueueJob<LookupPayload>(db, ctx, {
    kind: lookupJobKind(payload.source),
    payload,
    companyId: owner.companyId,
    caseId: owner.caseId,
    parentId,
  });
}

export type AfterLookup = (ctx: ServerContext, job: Job<LookupPayload>, result: LookupResult) => Promise<LookupResult>;

/**
 * A lookup job: asks the configured provider; an unreachable source is retried with backoff
 * and, after the last attempt, stored as `failed` (the job itself completes, so readers see
 * the failure as data). `after` may enrich the result (e.g. the bureau's PDF).
 */
export function lookupJobHandler(after?: AfterLookup): JobHandler<LookupPayload, LookupResult> {
  return {
    maxAttempts: LOOKUP_MAX_ATTEMPTS,
    backoffMs: (attempt) => Math.min(1000 * 2 ** (attempt - 1), 15_000) * (0.5 + Math.random() / 2),
    async run(job, ctx, { signal, idle }) {
      const { source, key, input } = job.payload;
      const outcome = await lookupSource(ctx, { source, key, input, signal, idle });
      let result: LookupResult;
      if (outcome.kind === 'error') {
        if (job.attempts < (job.maxAttempts ?? LOOKUP_MAX_ATTEMPTS)) throw new SourceUnavailableError(job.payload.source, outcome.error);
        result = { kind: 'failed', error: outcome.error };
      } else {
        result = outcome;
      }
      return after ? after(ctx, job, result) : result;
    },
  };
}

/** Contract job status of a lookup job: a lookup whose source failed for good reads `error`. */
export function lookupStatus(
  job: Pick<Job<LookupPayload, LookupResult>, 'status' | 'result'>,
): 'pending' | 'processing' | 'completed' | 'error' {
  if (job.status === 'completed') return job.result?.kind === 'failed' ? 'error' : 'completed';
  return job.status;
}

export function caseOwner(caseRow: CaseRow) {
  return { companyId: caseRow.company_id, caseId: caseRow.id };
}
