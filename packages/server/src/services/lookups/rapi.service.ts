import { RAPI_MESSAGES, type RapiResponse } from '@vcase/shared';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { badRequest, notFound } from '../../errors.js';
import { latestJobForCase } from '../../jobs/jobQueue.js';
import { CASE_PROCESS_JOB } from '../../jobs/kinds.js';
import { loadCase } from '../caseAccess.js';
import { casePrimaryVin } from '../caseDerived.service.js';
import { caseLookups, obj } from './caseLookups.js';
import { caseOwner, lookupStatus, startLookup } from './lookupJob.js';
import { NO_PRIMARY_VIN } from './pedimento.service.js';

export async function startRapi(ctx: ServerContext, principal: Principal, caseId: string) {
  const row = await loadCase(ctx, principal, caseId);
  const vin = await casePrimaryVin(ctx, row.id);
  if (!vin) throw badRequest(NO_PRIMARY_VIN);
  const job = await startLookup(ctx, caseOwner(row), { source: 'rapi', key: vin });
  return { job_id: job.id, vin, status: 'pending' as const };
}

export async function getRapi(ctx: ServerContext, principal: Principal, caseId: string): Promise<RapiResponse> {
  const row = await loadCase(ctx, principal, caseId);
  const [latest] = await caseLookups(ctx.db, row.id, 'rapi');
  if (latest) {
    const r = latest.result;
    const status = lookupStatus(latest);
    return {
      case_id: row.id,
      job_id: latest.id,
      result: r?.kind === 'ok' ? (obj(r.data.result) ?? r.data) : null,
      status,
      message:
        r?.kind === 'failed'
          ? RAPI_MESSAGES.SOURCE_ERROR
          : r?.kind === 'reason'
            ? r.reason
            : r?.kind === 'not_found'
              ? 'Sin resultados en RAPI'
              : null,
    };
  }
  const caseJob = await latestJobForCase(ctx.db, row.id, CASE_PROCESS_JOB);
  if (caseJob?.status === 'processing') {
    return { job_id: caseJob.id, result: null, status: 'processing', message: RAPI_MESSAGES.CASE_PROCESSING };
  }
  if (caseJob?.status === 'pending') {
    return { job_id: caseJob.id, result: null, status: 'pending', message: RAPI_MESSAGES.CASE_NOT_PROCESSED };
  }
  // Processing closed without a RAPI query (no primary VIN): 404 is only for a case with
  // neither a case job nor a query, so the finished case job is reported.
  if (caseJob) return { job_id: caseJob.id, result: null, status: caseJob.status, message: null };
  throw notFound('No se ha ejecutado ninguna consulta de RAPI para este caso');
}
