import { entityCode, findEntityInText } from '../../domain/validators/entities.js';
import { isPlausiblePlate, normalizePlate } from '../../domain/validators/plates.js';
import { parseDate } from '../../domain/validators/dates.js';
import { clean, parseYear, valuesOf, type Segment, type TextView } from '../text.js';

/** The first plausible plate among labeled values ("ABC-123-A", "ABC 12 34"). */
export function findPlate(segs: readonly Segment[]): string | undefined {
  for (const value of valuesOf(segs, 'placa')) {
    const words = value.split(/\s+/);
    // The plate may be split by spaces: try 3, 2, then 1 leading words.
    for (const n of [3, 2, 1]) {
      if (words.length < n) continue;
      const candidate = normalizePlate(words.slice(0, n).join(''));
      if (isPlausiblePlate(candidate)) return candidate;
    }
  }
  return undefined;
}

/** Entity from a labeled value, else from the document's header (first 8 lines). */
export function findEntity(t: TextView, segs: readonly Segment[]): string | undefined {
  for (const key of ['entidad', 'estado']) {
    for (const v of valuesOf(segs, key)) {
      const code = entityCode(v) ?? entityCode(v.split(/\s{2,}|,/)[0]);
      if (code) return code;
    }
  }
  // Unlabeled: the header names the issuing government; lower lines hold addresses.
  return findEntityInText(t.original.split('\n').slice(0, 8).join('\n')) ?? undefined;
}

/** The first labeled value of `keys` that parses as a date. */
export function findDate(segs: readonly Segment[], keys: readonly string[]): string | undefined {
  for (const key of keys) {
    for (const v of valuesOf(segs, key)) {
      const d = parseDate(v);
      if (d) return d;
    }
  }
  return undefined;
}

const BODY_TYPE_WORDS =
  String.raw`SEDAN|HATCH\s?BACK|PICK\s?-?UP|CAMIONETA|AUTOMOVIL|MOTOCICLETA|SUV|VAGONETA|COUPE|CONVERTIBLE|CHASIS|PARTICULAR|` +
  String.raw`CAMION|MINIVAN|VAN|REDILAS|TRACTOCAMION|REMOLQUE|\d+\s*PUERTAS`;
const BODY_TYPES = new RegExp(String.raw`^(${BODY_TYPE_WORDS})\b`);

/** A name value up to an amount printed after it on its row ("VERSA SENSE  350,000.00"). */
function nameValue(value: string | undefined): string | undefined {
  return clean(value?.split(/\s+(?=\$|\d[\d,]*\.\d{2}\b)/)[0]);
}

/** Brand, model name and model year from labeled values (`MODELO 2020` is a year). */
export function findMakeModel(segs: readonly Segment[]): { marca?: string; modelo?: string; anio_modelo?: number } {
  const out: { marca?: string; modelo?: string; anio_modelo?: number } = {};
  const marca = nameValue(valuesOf(segs, 'marca')[0]);
  if (marca) out.marca = marca;
  for (const v of valuesOf(segs, 'anio')) {
    const y = parseYear(v);
    if (y) {
      out.anio_modelo = y;
      break;
    }
  }
  for (const v of valuesOf(segs, 'modelo')) {
    const value = nameValue(v);
    // An amount printed beside the label (a concept's price, where the year wrapped) is no model.
    if (!value || /^\$?\s?\d[\d,]*\.\d{2}\b/.test(value)) continue;
    if (/^\d{4}\b/.test(value)) {
      out.anio_modelo ??= parseYear(value);
    } else if (!out.modelo) out.modelo = value;
  }
  out.modelo ??= nameValue(valuesOf(segs, 'linea')[0]);
  if (!out.modelo) {
    const tipo = nameValue(valuesOf(segs, 'tipo')[0]);
    if (tipo && !BODY_TYPES.test(tipo.toUpperCase())) out.modelo = tipo;
  }
  if (!out.modelo) delete out.modelo;
  if (out.anio_modelo === undefined) delete out.anio_modelo;
  return out;
}

/** The first labeled customs-entry (pedimento) number, as written: 2 + 2 + 4 + 7 digits. */
export function findPedimentoNumber(segs: readonly Segment[]): string | undefined {
  for (const v of valuesOf(segs, 'pedimento')) {
    const m = /\d{2}\s*\d{2}\s*\d{4}\s*\d{7}(?!\d)/.exec(v);
    if (m) return m[0];
  }
  return undefined;
}

/** The engine number: the first labeled value of 5–20 letters/digits with a digit in it. */
export function findMotor(segs: readonly Segment[]): string | undefined {
  for (const v of valuesOf(segs, 'numero_motor')) {
    const token = v
      .split(/\s+/)[0]
      .toUpperCase()
      .replace(/[^A-Z0-9-]/g, '');
    if (/^[A-Z0-9-]{5,20}$/.test(token) && /\d/.test(token) && !/^(HECHO|NUEVO|SIN)/.test(token)) return token;
  }
  return undefined;
}

/** Upper-case person or company name, single spaces; undefined when it holds no letters. */
export function cleanName(value: string | undefined): string | undefined {
  const v = clean(
    value
      ?.replace(/[|_*]/g, ' ')
      .replace(AMPERSAND_MISREAD, ' & ')
      .replace(LONE_AMPERSAND_MISREAD, ' & ')
      .replace(SPECK_BEFORE_CAPITALS, ''),
  );
  // A name has a word of three letters or more: 'LL' read off a heading bar's edge is not one.
  return v && /[A-Za-zÁÉÍÓÚÜÑáéíóúüñ]{3}/.test(v) ? v : undefined;
}

/** A lone lower-case letter before a name in capitals: a speck read as a letter ("e LÓPEZ"). */
const SPECK_BEFORE_CAPITALS = /^\s*[a-zñ]\s+(?=[^a-zñáéíóúü]*$)/;
/** How OCR reads the '&' of a company name ("MUÑOZ & NÚÑEZ" → "MUÑOZ 6: NÚÑEZ", "€", "£"). */
const AMPERSAND_MISREAD = /\s(?:[68G&]:|[€£])\s/g;
/** The same read as a lone 6 or 8 between two words: no name holds a digit standing alone there. */
const LONE_AMPERSAND_MISREAD = /(?<=[A-ZÁÉÍÓÚÜÑ]{2})\s[68]\s(?=[A-ZÁÉÍÓÚÜÑ]{2})/gi;
