import { createHash } from 'node:crypto';
import { curpFor, validateCurp } from '../../domain/validators/curp.js';
import { seeded } from './seed.js';
import { CURP_STATE_RECORDS } from './states.js';

const FIRST = [
  'ANA',
  'BEATRIZ',
  'CARLOS',
  'DANIEL',
  'EDUARDO',
  'FRANCISCO',
  'GUADALUPE',
  'HUGO',
  'IRMA',
  'JUAN',
  'JOSE',
  'KARLA',
  'LUIS',
  'MARIA',
  'NORMA',
  'OSCAR',
  'PATRICIA',
  'RAUL',
  'SOFIA',
  'TERESA',
  'URIEL',
  'VICTOR',
  'XIMENA',
  'YOLANDA',
  'ZOE',
];
const LAST = [
  'ALVAREZ',
  'BAUTISTA',
  'CRUZ',
  'DIAZ',
  'ESPINOZA',
  'FLORES',
  'GARCIA',
  'HERNANDEZ',
  'IBARRA',
  'JIMENEZ',
  'LOPEZ',
  'MARTINEZ',
  'NAVARRO',
  'ORTIZ',
  'PEREZ',
  'QUINTERO',
  'RODRIGUEZ',
  'SANCHEZ',
  'TORRES',
  'URIBE',
  'VARGAS',
  'ZAMORA',
];

/** A name from `names` starting with `initial` (as a CURP spells it), else any. */
function byInitial(r: ReturnType<typeof seeded>, names: string[], initial: string | undefined) {
  const matching = names.filter((n) => n[0] === initial);
  return r.pick(matching.length ? matching : names);
}
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().toUpperCase() : undefined);

/**
 * RENAPO-like answer for a CURP: the person its characters describe (sex, birth date and
 * state, every state field naming that one state), with the name `input` gives (the case's
 * CURP or INE document holding this CURP), else names with the CURP's initials; none for a
 * CURP RENAPO never issues (wrong date, state or check digit, an inconvenient word:
 * docs/rules.md).
 */
export function syntheticRenapo(curp: string, input?: unknown): Record<string, unknown> {
  const v = validateCurp(curp);
  if (!v.valid || !v.birthDate) return { not_found: true };
  const r = seeded('renapo', curp);
  const named = (input ?? {}) as Record<string, unknown>;
  const year = v.birthDate.slice(6);
  const abroad = v.state === 'NE';
  const state = abroad ? null : CURP_STATE_RECORDS[v.state as string];
  return {
    person: {
      first_name: text(named.first_name) ?? byInitial(r, FIRST, curp[3]),
      paternal_surname: text(named.paternal_surname) ?? byInitial(r, LAST, curp[0]),
      maternal_surname: text(named.maternal_surname) ?? byInitial(r, LAST, curp[2]),
      birth_date: v.birthDate,
      birth_state: state?.name ?? 'NACIDO EN EL EXTRANJERO',
      birth_country: abroad ? 'EXTRANJERO' : 'MEXICO',
      sex: v.sex === 'M' ? 'MUJER' : 'HOMBRE',
      curp_status: 'AN',
      validation_status: 'VALIDA',
      validation_code: '01',
      message_code: 'CURP encontrada',
      probative_doc: abroad ? 'DOCUMENTO MIGRATORIO' : 'ACTA DE NACIMIENTO',
    },
    probative_doc_url: null,
    probative_doc_data: {
      registration_year: year,
      state_key: state?.key ?? null,
      municipality_key: state?.municipalityKey ?? null,
      state: state?.name ?? null,
      municipality: state?.municipality ?? null,
      foja: null,
      folio: String(r.int(1000, 9999)),
      book: String(r.int(1, 20)),
      tome: null,
      act_number: String(r.int(100, 9999)).padStart(5, '0'),
      foreign_registry_number: abroad ? String(r.int(10_000_000, 99_999_999)) : null,
    },
  };
}

/** INE-like answer: a voter card consistent with itself (CURP, elector key, dates). */
export function syntheticIne(key: string): Record<string, unknown> {
  const r = seeded('ine', key);
  const first = r.pick(FIRST);
  const last1 = r.pick(LAST);
  const last2 = r.pick(LAST);
  const year = r.int(1960, 2004);
  const mm = String(r.int(1, 12)).padStart(2, '0');
  const dd = String(r.int(1, 28)).padStart(2, '0');
  const female = r.chance(0.5);
  const digest = createHash('sha256').update(key).digest('hex').toUpperCase();
  const yy = String(year).slice(2);
  return {
    data: {
      names: first,
      first_last_name: last1,
      second_last_name: last2,
      birth_date: `${dd}/${mm}/${year}`,
      gender: female ? 'MUJER' : 'HOMBRE',
      curp: curpFor({
        names: first,
        paternal: last1,
        maternal: last2,
        year,
        month: Number(mm),
        day: Number(dd),
        sex: female ? 'M' : 'H',
        state: 'MC',
        differentiator: r.int(0, 9),
      }),
      elector_key: `${last1.slice(0, 2)}${last2.slice(0, 2)}${first.slice(0, 2)}${yy}${mm}${dd}15${female ? 'M' : 'H'}${r.int(100, 999)}`,
      state: '15',
      municipality: String(r.int(1, 125)).padStart(3, '0'),
      section: String(r.int(1, 6000)).padStart(4, '0'),
      emission: String(r.int(2016, 2024)),
      validity: String(r.int(2026, 2034)),
      cic: digest.replace(/\D/g, '').padEnd(9, '7').slice(0, 9),
      ocr: digest.replace(/\D/g, '').padEnd(13, '3').slice(0, 13),
      citizen_identifier: digest.replace(/\D/g, '').padEnd(9, '1').slice(0, 9),
      locality: null,
    },
  };
}
