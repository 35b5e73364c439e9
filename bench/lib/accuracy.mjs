// Scoring of one document's pipeline output against its expected.json (the corpus package's
// contract): which expected fields came out right, which keys were filled that the document
// does not hold, and whether the document type is the expected one.

/** Keys whose values are identifiers: a wrong value there names another document or thing. */
export const IDENTITY_KEYS = new Set(['vin', 'rfc_emisor', 'rfc_receptor', 'folio_fiscal']);
/** Keys compared as names: uppercase, accents and repeated spaces folded. */
const NAME_KEYS = new Set([
  'nombre_emisor',
  'nombre_receptor',
  'propietario',
  'nombre',
  'apellido_paterno',
  'apellido_materno',
  'marca',
  'modelo',
  'aduana',
]);

/** Uppercase, accents dropped (Ñ too, as the MRZ writes it), one space between words. */
export function foldName(value) {
  return String(value)
    .toUpperCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether `got` is `want` for `key`: exact for identifiers, dates and numbers; folded for names. */
export function sameValue(key, want, got) {
  if (got === undefined || got === null) return false;
  if (Array.isArray(want)) return Array.isArray(got) && want.length === got.length && want.every((w, i) => Number(w) === Number(got[i]));
  if (typeof want === 'number') return typeof got === 'number' && Math.abs(got - want) < 0.005;
  if (NAME_KEYS.has(key)) return foldName(want) === foldName(got);
  return String(got) === String(want);
}

const show = (v) => (v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

/**
 * One document's score: `right` of `expected` fields, `spurious` values (an absent key filled,
 * or an identifier that is not the document's), the type check, and each miss.
 */
export function scoreDocument(exp, result) {
  const got = result?.parsed_data ?? {};
  const misses = [];
  const spurious = [];
  let right = 0;
  for (const [key, want] of Object.entries(exp.fields)) {
    if (sameValue(key, want, got[key])) {
      right++;
      continue;
    }
    misses.push({ field: key, expected: show(want), got: show(got[key]) });
    if (IDENTITY_KEYS.has(key) && got[key] !== undefined) spurious.push({ field: key, expected: show(want), got: show(got[key]) });
  }
  for (const key of exp.absent) {
    if (got[key] !== undefined) spurious.push({ field: key, expected: '(absent)', got: show(got[key]) });
  }
  return {
    right,
    expected: Object.keys(exp.fields).length,
    spurious,
    misses,
    typeRight: result?.type === exp.type,
    type: result?.type ?? null,
  };
}

/** Sums of document scores, with per-field counts. */
export function tally(scores) {
  const t = { documents: scores.length, right: 0, expected: 0, spurious: 0, type_right: 0, per_field: {} };
  for (const s of scores) {
    t.right += s.right;
    t.expected += s.expected;
    t.spurious += s.spurious.length;
    t.type_right += s.typeRight ? 1 : 0;
    for (const key of Object.keys(s.exp.fields)) {
      const f = (t.per_field[key] ??= { right: 0, expected: 0 });
      f.expected++;
      if (!s.misses.some((m) => m.field === key)) f.right++;
    }
  }
  return t;
}
