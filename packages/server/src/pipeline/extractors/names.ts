/** Splitting Mexican full names into given names and the two surnames. */

const PARTICLES = new Set(['DE', 'DEL', 'LA', 'LAS', 'LOS', 'Y', 'MC', 'MAC', 'VAN', 'VON', 'DA', 'DI']);

export interface PersonName {
  nombre?: string;
  apellido_paterno?: string;
  apellido_materno?: string;
}

/** Words of a name with particles attached to the word they introduce ("DE LA CRUZ"). */
function units(full: string): string[] {
  const words = full
    .toUpperCase()
    .replace(/[^A-ZÁÉÍÓÚÜÑ' -]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const out: string[] = [];
  let pending: string[] = [];
  for (const w of words) {
    if (PARTICLES.has(w)) pending.push(w);
    else {
      out.push([...pending, w].join(' '));
      pending = [];
    }
  }
  if (pending.length) out.push(pending.join(' '));
  return out;
}

/** Accents off, Ñ to N too: the CURP writes initials so. */
const stripAccents = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
/** First letter of the main word (particles skipped), as the CURP takes it. */
const initial = (unit: string) => stripAccents(unit.split(' ').filter((w) => !PARTICLES.has(w))[0] ?? unit)[0];

function consistent(p: PersonName, curp: string): boolean {
  return (
    !!p.apellido_paterno &&
    !!p.nombre &&
    initial(p.apellido_paterno) === curp[0] &&
    (p.apellido_materno ? initial(p.apellido_materno) === curp[2] : curp[2] === 'X') &&
    // MARIA and JOSE are skipped when another given name follows.
    (initial(p.nombre) === curp[3] || initial(units(p.nombre)[1] ?? '') === curp[3])
  );
}

/**
 * Splits a full name. `order` is how the document prints it: `given_first` ("GLORIA HERNÁNDEZ
 * GARCÍA") or `surnames_first` ("HERNÁNDEZ GARCÍA GLORIA", as INE cards and MRZs). With a CURP,
 * the order whose initials match it wins.
 */
export function splitFullName(full: string, order: 'given_first' | 'surnames_first', curp?: string): PersonName {
  const u = units(full);
  const split = (o: typeof order): PersonName => {
    if (u.length === 1) return { nombre: u[0] };
    if (u.length === 2) return o === 'given_first' ? { nombre: u[0], apellido_paterno: u[1] } : { apellido_paterno: u[0], nombre: u[1] };
    return o === 'given_first'
      ? { nombre: u.slice(0, -2).join(' '), apellido_paterno: u[u.length - 2], apellido_materno: u[u.length - 1] }
      : { apellido_paterno: u[0], apellido_materno: u[1], nombre: u.slice(2).join(' ') };
  };
  const preferred = split(order);
  if (curp && curp.length >= 4 && !consistent(preferred, curp)) {
    const other = split(order === 'given_first' ? 'surnames_first' : 'given_first');
    if (consistent(other, curp)) return other;
  }
  return preferred;
}

/** "NOMBRE APELLIDO_PATERNO APELLIDO_MATERNO" from the parts that are present. */
export function fullName(p: PersonName): string | undefined {
  const s = [p.nombre, p.apellido_paterno, p.apellido_materno]
    .filter((x) => x && x.trim())
    .join(' ')
    .trim();
  return s || undefined;
}
