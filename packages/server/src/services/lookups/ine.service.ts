import { createHash } from 'node:crypto';
import { checkIneSubmitBody, isUuid, type IneData, type IneResultResponse } from '@vcase/shared';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { HttpError, notFound } from '../../errors.js';
import { getJob } from '../../jobs/jobQueue.js';
import { parseDate, validateCurp } from '../../domain/validators/index.js';
import { str } from '../../domain/text.js';
import { lookupJobKind } from '../../jobs/kinds.js';
import { obj } from './caseLookups.js';
import { lookupStatus, startLookup, type LookupPayload, type LookupResult } from './lookupJob.js';

const INE_KEYS = [
  'names',
  'first_last_name',
  'second_last_name',
  'birth_date',
  'gender',
  'curp',
  'elector_key',
  'state',
  'municipality',
  'section',
  'emission',
  'validity',
  'cic',
  'ocr',
  'citizen_identifier',
] as const;

/** The `ine` sandbox key: sha256 hex of `front` exactly as submitted (operator-surface §3). */
export const ineKey = (front: string) => createHash('sha256').update(front).digest('hex');

export async function submitIne(ctx: ServerContext, principal: Principal, body: unknown) {
  const checked = checkIneSubmitBody(body);
  if (!checked.ok) throw HttpError.of(checked.code, checked.message, { fields: checked.fields });
  // §4.10 names one 400 (MISSING_PARAMETER); whatever else `front` holds is the source's to
  // read, and the sandbox keys its answer on the text as submitted (operator-surface §3).
  const { back } = checked.value;
  const job = await startLookup(
    ctx,
    { companyId: principal.companyId, caseId: null },
    { source: 'ine', key: ineKey((body as { front: string }).front), input: { has_back: Boolean(back) } },
  );
  return { job_id: job.id, status: 'processing' as const };
}

function toIneData(raw: Record<string, unknown>): IneData {
  const out = Object.fromEntries(INE_KEYS.map((k) => [k, str(raw[k]) ?? ''])) as Record<(typeof INE_KEYS)[number], string>;
  const gender = out.gender.toUpperCase();
  // A field the source left out is read from the CURP (which spells birth date and sex), and
  // otherwise stays empty: never guessed.
  const curp = validateCurp(out.curp);
  const curpGender = curp.sex === 'M' ? 'MUJER' : curp.sex === 'H' ? 'HOMBRE' : '';
  return {
    ...out,
    // §2.16: DD/MM/YYYY and HOMBRE/MUJER, whatever format the provider used.
    birth_date: parseDate(out.birth_date) ?? curp.birthDate ?? '',
    gender: gender === 'MUJER' || gender === 'M' ? 'MUJER' : gender === 'HOMBRE' || gender === 'H' ? 'HOMBRE' : curpGender,
    locality: str(raw.locality),
  } as IneData;
}

export async function getIneResult(ctx: ServerContext, principal: Principal, jobId: string): Promise<IneResultResponse> {
  const job = isUuid(jobId) ? await getJob<LookupPayload, LookupResult>(ctx.db, jobId.toLowerCase()) : undefined;
  if (!job || job.kind !== lookupJobKind('ine') || job.companyId !== principal.companyId) {
    throw notFound('Validación de INE no encontrada');
  }
  const status = lookupStatus(job);
  if (status === 'pending' || status === 'processing') return { status: 'processing', data: null };
  const data = job.result?.kind === 'ok' ? obj(job.result.data.data) : null;
  return data ? { status: 'completed', data: toIneData(data) } : { status: 'error', data: null };
}
