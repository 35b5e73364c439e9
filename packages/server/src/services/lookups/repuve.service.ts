import type { RepuveInfo, RepuveResponse } from '@vcase/shared';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { nivBelongsToCase } from '../../domain/plateSelection.js';
import { notFound } from '../../errors.js';
import { loadCase } from '../caseAccess.js';
import { casePlateRows } from '../plates.service.js';
import { str } from '../../domain/text.js';
import { caseLookups, obj, type LookupJob } from './caseLookups.js';
import { lookupStatus } from './lookupJob.js';

/** A REPUVE `info` object in the contract's shape, whatever the source left out. */
export function normalizeRepuveInfo(raw: Record<string, unknown>, vin: string): RepuveInfo {
  const year = Number(raw.anio_modelo);
  return {
    niv: str(raw.niv) ?? vin,
    placa: str(raw.placa),
    marca: str(raw.marca) ?? '',
    modelo: str(raw.modelo) ?? '',
    tipo: str(raw.tipo) ?? '',
    clase: str(raw.clase) ?? '',
    anio_modelo: Number.isInteger(year) ? year : 0,
    entidad_emplacado: str(raw.entidad_emplacado),
    fecha_inscripcion: str(raw.fecha_inscripcion),
    fecha_actualizacion: str(raw.fecha_actualizacion),
    reporte_robo: Array.isArray(raw.reporte_robo)
      ? raw.reporte_robo.map((r) => ({ tipo_reporte: str(obj(r)?.tipo_reporte) ?? '', estatus: str(obj(r)?.estatus) ?? '' }))
      : [],
    robo_usa_can: { tiene_robo: obj(raw.robo_usa_can)?.tiene_robo === true },
    aviso_judicial: { tiene_aviso_judicial: obj(raw.aviso_judicial)?.tiene_aviso_judicial === true },
  };
}

function infoOf(job: LookupJob): RepuveInfo | null {
  if (job.result?.kind !== 'ok') return null;
  const info = obj(job.result.data.info);
  return info ? normalizeRepuveInfo(info, job.payload.key) : null;
}

export async function getRepuve(ctx: ServerContext, principal: Principal, caseId: string): Promise<RepuveResponse> {
  const row = await loadCase(ctx, principal, caseId);
  const jobs = await caseLookups(ctx.db, row.id, 'repuve');
  const latest = jobs[0];
  if (!latest) throw notFound('No se ha ejecutado ninguna consulta de REPUVE para este caso');
  const status = lookupStatus(latest);
  if (status === 'pending' || status === 'processing') return { codigo: 'processing', info: null, job_id: latest.id, job_status: status };
  if (status === 'completed' && latest.result?.kind !== 'reason') {
    return { codigo: 'ok', info: infoOf(latest), job_id: latest.id, job_status: 'completed' };
  }
  // The latest query failed: recover the most recent valid answer for the same vehicle, else
  // what the plate portal answered about one of the vehicle's plates (§2.7: `error` only when
  // all sources failed).
  const recovered = jobs.find((j) => j !== latest && j.payload.key === latest.payload.key && infoOf(j));
  if (recovered) return { codigo: 'ok', info: infoOf(recovered), job_id: latest.id, job_status: 'error' };
  const fromPortal = await platePortalInfo(ctx, row.id, latest.payload.key);
  if (fromPortal) return { codigo: 'ok', info: fromPortal, job_id: latest.id, job_status: 'error' };
  return { codigo: 'error', info: null, job_id: latest.id, job_status: 'error' };
}

/**
 * A registry record from the MEX plate portal's valid answer (a plate status) about a plate
 * of the case whose document belongs to the vehicle `vin` (§4.5 rule 1): a `Vigente` plate
 * first, then the plates in the plates endpoint's order. The portal knows the plate, its
 * entity and its validity; what it does not tell stays empty, as for a record the registry
 * left incomplete.
 */
async function platePortalInfo(ctx: ServerContext, caseId: string, vin: string): Promise<RepuveInfo | null> {
  const answered = (await casePlateRows(ctx, caseId)).filter((p) => p.portal?.plate_status && nivBelongsToCase(p.niv, vin));
  const plate = answered.find((p) => p.portal?.plate_status === 'Vigente') ?? answered[0];
  if (!plate) return null;
  return normalizeRepuveInfo(
    { niv: vin, placa: plate.plate, entidad_emplacado: plate.entity, fecha_inscripcion: plate.portal?.valid_from },
    vin,
  );
}
