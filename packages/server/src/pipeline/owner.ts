import { personType } from '../domain/names.js';
import { validateRfc } from '../domain/validators/rfc.js';
import { fullName } from './extractors/names.js';
import { str as text } from '../domain/text.js';

export interface OwnerInfo {
  /** Full name as the document gives it (given names first for ID documents). */
  nombre: string;
  person_type: 'fisica' | 'moral';
  /** parsed_data field the owner comes from: endosos, propietario, nombre, nombre_receptor. */
  source: 'endosos' | 'propietario' | 'nombre' | 'nombre_receptor';
  rfc?: string;
  curp?: string;
  clave_elector?: string;
  fecha_nacimiento?: string;
  apellido_paterno?: string;
  apellido_materno?: string;
  nombres?: string;
  [key: string]: unknown;
}

const str = (v: unknown) => text(v) ?? undefined;

/**
 * The owner a document declares, or null: the last endorsee of an endorsed invoice, the
 * `propietario` of a vehicle document, the person of an ID document, the receiver of an
 * invoice.
 */
export function ownerInfo(parsed: Record<string, unknown> | null | undefined): OwnerInfo | null {
  if (!parsed) return null;
  const endosos = Array.isArray(parsed.endosos) ? parsed.endosos : [];
  const lastEndorsee = str((endosos[endosos.length - 1] as { a?: unknown } | undefined)?.a);
  if (lastEndorsee) return { nombre: lastEndorsee, person_type: personType(lastEndorsee), source: 'endosos' };
  const propietario = str(parsed.propietario);
  if (propietario) return { nombre: propietario, person_type: personType(propietario), source: 'propietario' };
  const person = {
    nombre: str(parsed.nombre),
    apellido_paterno: str(parsed.apellido_paterno),
    apellido_materno: str(parsed.apellido_materno),
  };
  const full = fullName(person);
  if (full) {
    const owner: OwnerInfo = { nombre: full, person_type: 'fisica', source: 'nombre' };
    if (person.nombre) owner.nombres = person.nombre;
    if (person.apellido_paterno) owner.apellido_paterno = person.apellido_paterno;
    if (person.apellido_materno) owner.apellido_materno = person.apellido_materno;
    for (const key of ['curp', 'clave_elector', 'fecha_nacimiento'] as const) {
      const v = str(parsed[key]);
      if (v) owner[key] = v;
    }
    return owner;
  }
  const receptor = str(parsed.nombre_receptor);
  if (receptor) {
    const rfc = str(parsed.rfc_receptor);
    const byRfc = rfc ? validateRfc(rfc).personType : null;
    const owner: OwnerInfo = { nombre: receptor, person_type: byRfc ?? personType(receptor), source: 'nombre_receptor' };
    if (rfc) owner.rfc = rfc;
    return owner;
  }
  return null;
}
