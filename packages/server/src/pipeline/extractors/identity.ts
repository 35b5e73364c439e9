import { parseDate } from '../../domain/validators/dates.js';
import { CURP_PATTERN, validateCurp } from '../../domain/validators/curp.js';
import { CLAVE_ELECTOR_PATTERN, validateClaveElector } from '../../domain/validators/ine.js';
import { findTd1 } from '../mrz.js';
import { matchesOf, segments, valuesOf, type LabelSpec, type Segment, type TextView } from '../text.js';
import { cleanName } from './fields.js';
import { mendByShape } from './mend.js';
import { LABELS } from './labels.js';
import { splitFullName, type PersonName } from './names.js';
import type { Data } from './vehicle.js';

const ID_LABELS: Record<string, LabelSpec> = {
  ...LABELS,
  apellido_paterno: { pattern: String.raw`PRIMER\s*APELLIDO|APELLIDO\s*PATERNO` },
  apellido_materno: { pattern: String.raw`SEGUNDO\s*APELLIDO|APELLIDO\s*MATERNO` },
  apellidos: { pattern: String.raw`APELLIDOS` },
  nombre: { pattern: String.raw`NOMBRE\s*\(?S\)?|NOMBRES?` },
  // Lines of the INE front that end the name block.
  other: { pattern: `${LABELS.other.pattern}|EDAD|CLAVE|ESTADO|MUNICIPIO|LOCALIDAD|EMISION` },
};

/**
 * An 18-character CURP as read, mended: letters and digits where the format fixes them; the
 * homoclave (17th) is a digit for people born in the 1900s, which a birth year after this
 * year's two digits proves.
 */
function mendCurp(token: string): string {
  if (token.length !== 18) return token;
  const yy = Number(mendByShape(token.slice(4, 6), 'DD'));
  const twentiethCentury = yy > new Date().getUTCFullYear() % 100;
  return mendByShape(token, `LLLLDDDDDD?LLLLL${twentiethCentury ? 'D' : '?'}D`);
}

/** The first token printed after `label` (letters and digits only), when it can be an 18-character code misread. */
function labeledCodes(segs: readonly Segment[], label: string): string[] {
  return valuesOf(segs, label)
    .map((v) => (v.trim().split(/\s+/)[0] ?? '').toUpperCase().replace(/[^A-Z0-9Ñ&]/g, ''))
    .filter((v) => v.length >= 16 && v.length <= 20 && /\d/.test(v));
}

/** Any 18 letters and digits standing alone: a CURP or a clave de elector, perhaps misread. */
const CODE_TOKEN = String.raw`(?<![A-Z0-9])[A-Z0-9]{18}(?![A-Z0-9])`;

/** The labeled value first, then every 18-character token of the text, uppercased and mended. */
const candidates = (t: TextView, labeled: readonly string[], mend: (token: string) => string) =>
  [...labeled, ...matchesOf(t, CODE_TOKEN).map((m) => m.value)].map((v) => mend(v.toUpperCase()));

/**
 * The CURP printed in the text, misreads mended: a valid one first (labeled or not), then a
 * well-formed one; else what the `CURP` label prints, as printed, so validity flags it
 * instead of the CURP going missing.
 */
function findCurp(t: TextView, segs: readonly Segment[]): string | undefined {
  const labeled = labeledCodes(segs, 'curp');
  const all = candidates(t, labeled, mendCurp);
  return all.find((c) => validateCurp(c).valid) ?? all.find((c) => CURP_PATTERN.test(c)) ?? labeled[0];
}

/** The clave de elector, misreads mended; else what its label prints, as printed (validity flags it). */
function findClaveElector(t: TextView, segs: readonly Segment[]): string | undefined {
  const labeled = labeledCodes(segs, 'clave_elector');
  const all = candidates(t, labeled, (v) => (v.length === 18 ? mendByShape(v, 'LLLLLLDDDDDDDD?DDD') : v));
  return (
    all.find((v) => CLAVE_ELECTOR_PATTERN.test(v) && validateClaveElector(v).valid) ??
    all.find((v) => CLAVE_ELECTOR_PATTERN.test(v)) ??
    labeled[0]
  );
}

/**
 * Names from the INE front: the lines under `NOMBRE` (paterno, materno, given names, one per
 * line) up to the next field; a single line is split with the CURP's help.
 */
function ineNameBlock(t: TextView, curp: string | undefined): PersonName | undefined {
  const lines = t.original.split('\n');
  const folded = t.folded.split('\n');
  const at = folded.findIndex((l) => /^NOMBRE\b/.test(l.trim()));
  if (at < 0) return undefined;
  const stop = /^(DOMICILIO|SEXO|CLAVE|CURP|FECHA|SECCION|VIGENCIA|EDAD|A[NÑ]O|ESTADO|MUNICIPIO|LOCALIDAD|EMISION)\b/;
  const block: string[] = [];
  // OCR often puts another field on the NOMBRE line ("NOMBRE    SEXO M"): cut it off.
  const inline = lines[at].trim().replace(/^NOMBRE\s*:?\s*/i, '');
  const inlineFolded = folded[at].trim().replace(/^NOMBRE\s*:?\s*/, '');
  const cut = inlineFolded.search(/\s(DOMICILIO|SEXO|FECHA|EDAD)\b/);
  if (inline && !stop.test(inlineFolded)) block.push(cut >= 0 ? inline.slice(0, cut) : inline);
  for (let i = at + 1; i < lines.length && block.length < 4; i++) {
    const f = folded[i].trim();
    if (!f) continue;
    if (stop.test(f)) break;
    const end = f.search(/\s(DOMICILIO|SEXO|FECHA|EDAD)\b/);
    block.push(end >= 0 ? lines[i].trim().slice(0, end) : lines[i].trim());
  }
  const names = block.map((l) => cleanName(l)).filter((l): l is string => !!l);
  if (names.length >= 3) return { apellido_paterno: names[0], apellido_materno: names[1], nombre: names.slice(2).join(' ') };
  if (names.length === 2) return { apellido_paterno: names[0], nombre: names[1] };
  if (names.length === 1) return splitFullName(names[0], 'surnames_first', curp);
  return undefined;
}

const compact = (p: PersonName | undefined): PersonName =>
  Object.fromEntries(Object.entries(p ?? {}).filter(([, v]) => typeof v === 'string' && v.trim())) as PersonName;

/**
 * Voter cards and other IDs (ine, id_front, id_front_and_reverse): nombre, apellido_paterno,
 * apellido_materno, curp, clave_elector, fecha_nacimiento. The MRZ (`IDMEX…`) fills what the
 * front does not show; `mrz` is returned for json_ocr and validity.
 */
export function extractIdentity(t: TextView): { data: Data; mrz: ReturnType<typeof findTd1> } {
  const segs = segments(t, ID_LABELS);
  const mrz = findTd1(t.original);
  const curp = findCurp(t, segs);
  const curpInfo = curp ? validateCurp(curp) : undefined;
  const labeled: PersonName = compact({
    apellido_paterno: cleanName(valuesOf(segs, 'apellido_paterno')[0]),
    apellido_materno: cleanName(valuesOf(segs, 'apellido_materno')[0]),
    nombre: labeledGivenName(segs),
  });
  let names: PersonName = labeled.apellido_paterno ? labeled : compact(ineNameBlock(t, curp));
  if (!names.nombre && mrz)
    names = compact({ nombre: mrz.nombre, apellido_paterno: mrz.apellido_paterno, apellido_materno: mrz.apellido_materno });
  const birth = parseDate(valuesOf(segs, 'fecha_nacimiento')[0]) ?? curpInfo?.birthDate ?? mrz?.birth_date ?? undefined;
  return {
    data: { ...names, curp, clave_elector: findClaveElector(t, segs), fecha_nacimiento: birth },
    mrz,
  };
}

/** `NOMBRE(S): GLORIA` when surnames have their own labels (passports, licences, CURP). */
function labeledGivenName(segs: ReturnType<typeof segments>): string | undefined {
  return cleanName(valuesOf(segs, 'nombre')[0]);
}

/**
 * CURP documents (constancia de la CURP): the CURP, the name (labeled parts, or one full name
 * printed given names first) and the birth date (printed, else the CURP's).
 */
export function extractCurpDocument(t: TextView): Data {
  const segs = segments(t, ID_LABELS);
  const curp = findCurp(t, segs);
  const info = curp ? validateCurp(curp) : undefined;
  const paterno = cleanName(valuesOf(segs, 'apellido_paterno')[0]);
  const full = cleanName(valuesOf(segs, 'nombre')[0]);
  const names: PersonName = paterno
    ? compact({ nombre: full, apellido_paterno: paterno, apellido_materno: cleanName(valuesOf(segs, 'apellido_materno')[0]) })
    : full
      ? compact(splitFullName(full, 'given_first', curp))
      : {};
  return {
    ...names,
    curp,
    fecha_nacimiento: parseDate(valuesOf(segs, 'fecha_nacimiento')[0]) ?? info?.birthDate ?? undefined,
  };
}
