import type { RenapoPerson, RenapoProbativeDocData, RenapoResponse } from '@vcase/shared';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { parseDate } from '../../domain/validators/index.js';
import { badRequest, notFound } from '../../errors.js';
import { loadCase } from '../caseAccess.js';
import { processedDocuments } from '../caseDerived.service.js';
import { str } from '../../domain/text.js';
import { caseLookups, obj } from './caseLookups.js';
import { caseOwner, lookupStatus, startLookup } from './lookupJob.js';

/**
 * A CURP worth asking RENAPO about: 18 characters shaped like one (four letters, the six
 * digits of the birth date, eight more). RENAPO settles the rest (vowel, state, check digit):
 * the stricter domain checks would turn an OCR slip into "no CURP" instead of its answer.
 */
const CURP_SHAPE = /^[A-ZÑ&]{4}\d{6}[A-Z0-9Ñ&]{8}$/;

/** Where the CURP is taken from, in priority order (contract §4.4). */
const CURP_PRIORITY = (type: string | null) => (type === 'curp' ? 0 : type === 'id_front' || type === 'id_front_and_reverse' ? 1 : 2);

const PERSON_KEYS = [
  'first_name',
  'paternal_surname',
  'maternal_surname',
  'birth_date',
  'birth_state',
  'birth_country',
  'sex',
  'curp_status',
  'validation_status',
  'validation_code',
  'message_code',
  'probative_doc',
] as const;
const PROBATIVE_KEYS = [
  'registration_year',
  'state_key',
  'municipality_key',
  'state',
  'municipality',
  'foja',
  'folio',
  'book',
  'tome',
  'act_number',
  'foreign_registry_number',
] as const;

function pick<K extends string>(raw: Record<string, unknown> | null, keys: readonly K[]): Record<K, string | null> | null {
  if (!raw) return null;
  return Object.fromEntries(keys.map((k) => [k, str(raw[k])])) as Record<K, string | null>;
}

/** §2.10 `person`, with `birth_date` as DD/MM/YYYY whatever format the source used. */
function toPerson(raw: Record<string, unknown> | null): RenapoPerson | null {
  const person = pick(raw, PERSON_KEYS);
  if (!person) return null;
  return { ...person, birth_date: parseDate(person.birth_date) ?? person.birth_date } as RenapoPerson;
}

export async function startRenapo(ctx: ServerContext, principal: Principal, caseId: string) {
  const row = await loadCase(ctx, principal, caseId);
  const docs = await processedDocuments(ctx, row.id);
  const candidates = docs
    .map(({ doc, parsed }, i) => ({ curp: str(parsed.curp)?.toUpperCase() ?? null, rank: CURP_PRIORITY(doc.type), i, parsed }))
    .filter((c): c is typeof c & { curp: string } => c.curp !== null && CURP_SHAPE.test(c.curp))
    .sort((a, b) => a.rank - b.rank || a.i - b.i);
  const curp = candidates[0]?.curp;
  if (!curp) throw badRequest('No se encontró una CURP en los documentos procesados del caso');
  // The name the case's documents give the holder of this CURP, for a source that wants more
  // than the key (the sandbox answers with it: docs/sandbox.md).
  const named = candidates.find((c) => c.curp === curp && (str(c.parsed.nombre) || str(c.parsed.apellido_paterno)))?.parsed;
  const input = named
    ? { first_name: str(named.nombre), paternal_surname: str(named.apellido_paterno), maternal_surname: str(named.apellido_materno) }
    : undefined;
  const job = await startLookup(ctx, caseOwner(row), { source: 'renapo', key: curp, ...(input ? { input } : {}) });
  return { job_id: job.id, curp, status: 'pending' as const };
}

export async function getRenapo(ctx: ServerContext, principal: Principal, caseId: string): Promise<RenapoResponse> {
  const row = await loadCase(ctx, principal, caseId);
  const jobs = await caseLookups(ctx.db, row.id, 'renapo');
  const latest = jobs[0];
  if (!latest) throw notFound('No se ha ejecutado ninguna consulta de RENAPO para este caso');
  const jobStatus = lookupStatus(latest);
  const r = latest.result;
  const found = jobStatus === 'completed' && r?.kind === 'ok';
  const status = jobStatus === 'completed' ? (found ? 'completed' : 'error') : jobStatus === 'error' ? 'error' : 'pending';
  return {
    case_id: row.id,
    source: 'renapo',
    status,
    query_count: jobs.length,
    completed_count: jobs.filter((j) => lookupStatus(j) === 'completed').length,
    data: {
      job_id: latest.id,
      created_at: latest.createdAt,
      status,
      curp: latest.payload.key,
      probative_doc_url: found ? str(r.data.probative_doc_url) : null,
      person: found ? toPerson(obj(r.data.person)) : null,
      probative_doc_data: found ? (pick(obj(r.data.probative_doc_data), PROBATIVE_KEYS) as RenapoProbativeDocData | null) : null,
    },
  };
}
