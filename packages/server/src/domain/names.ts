import { validateRfc } from './validators/rfc.js';

export interface NameSource {
  file_id: string;
  document_type: string | null;
  field: string;
  name: string;
  /** The RFC the document gives for this name (issuer, receiver), when it gives one. */
  rfc?: string | null;
}

export interface ConsolidatedName {
  name: string;
  person_type: 'fisica' | 'moral';
  sources: { file_id: string; document_type: string | null; field: string }[];
}

/** Company suffixes however dotted and spaced: S.A. (P.I.) (DE C.V.), S. DE R.L., A.C., S.C. */
const COMPANY_SUFFIXES = String.raw`S\.?\s?A\.?(\s?P\.?\s?I\.?)?(\s?DE\s?C\.?\s?V\.?)?|S\.?\s?DE\s?R\.?\s?L\.?|A\.?\s?C\.?|S\.?\s?C\.?`;
const COMPANY_WORDS =
  'SOCIEDAD|AUTOMOTRIZ|AGENCIA|MOTORS|GRUPO|FINANCIERA|ASEGURADORA|SEGUROS|BANCO|ARRENDADORA|COMERCIAL|SERVICIOS|' +
  'IMPORTADORA|DISTRIBUIDORA|CONCESIONARIA|MOTOR|COMPANY|CORPORATION|INC|LTD';
const MORAL_MARKERS = new RegExp(String.raw`\b(${COMPANY_SUFFIXES}|${COMPANY_WORDS})\b`);

/** Uppercase, accents and punctuation folded, single spaces: the key two spellings share. */
export function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[.,]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function personType(name: string): 'fisica' | 'moral' {
  return MORAL_MARKERS.test(nameKey(name)) ? 'moral' : 'fisica';
}

/**
 * Whether two spellings name the same person: the same folded spelling, the same without
 * spaces (`DE LA CRUZ`, `DELACRUZ`), or the same words in another order (`PEREZ LOPEZ JUAN`,
 * `JUAN PEREZ LOPEZ`: documents print surnames first or last).
 */
export function samePerson(a: string, b: string): boolean {
  const x = nameKey(a);
  const y = nameKey(b);
  if (!x || !y) return false;
  if (x === y || x.replace(/ /g, '') === y.replace(/ /g, '')) return true;
  return x.split(' ').sort().join(' ') === y.split(' ').sort().join(' ');
}

/** Groups the names read from documents by person (`samePerson`), first spelling kept. */
export function consolidateNames(sources: readonly NameSource[]): ConsolidatedName[] {
  const out: ConsolidatedName[] = [];
  for (const s of sources) {
    const clean = s.name.replace(/\s+/g, ' ').trim();
    if (!clean) continue;
    let entry = out.find((e) => samePerson(e.name, clean));
    if (!entry) {
      entry = { name: clean, person_type: personType(clean), sources: [] };
      out.push(entry);
    }
    // An RFC settles it (12 characters: persona moral, 13: física); many company names carry
    // no legal suffix ("FORD MOTOR COMPANY", "IMPORTADORA FRONTERIZA").
    const byRfc = s.rfc ? validateRfc(s.rfc).personType : null;
    if (byRfc) entry.person_type = byRfc;
    entry.sources.push({ file_id: s.file_id, document_type: s.document_type, field: s.field });
  }
  return out;
}

/** The person names a document's parsed_data carries, by field. */
export function namesInParsedData(parsed: Record<string, unknown>): { field: string; name: string; rfc?: string }[] {
  const out: { field: string; name: string; rfc?: string }[] = [];
  const add = (field: string, v: unknown, rfc?: unknown) => {
    if (typeof v !== 'string' || !v.trim()) return;
    out.push(typeof rfc === 'string' && rfc.trim() ? { field, name: v.trim(), rfc: rfc.trim() } : { field, name: v.trim() });
  };
  add('propietario', parsed.propietario);
  add('nombre_emisor', parsed.nombre_emisor, parsed.rfc_emisor);
  add('nombre_receptor', parsed.nombre_receptor, parsed.rfc_receptor);
  const full = [parsed.nombre, parsed.apellido_paterno, parsed.apellido_materno].filter((p) => typeof p === 'string' && p.trim()).join(' ');
  if (full) add('nombre', full);
  if (Array.isArray(parsed.endosos)) {
    parsed.endosos.forEach((e, i) => {
      if (e && typeof e === 'object') {
        add(`endosos[${i}].de`, (e as Record<string, unknown>).de);
        add(`endosos[${i}].a`, (e as Record<string, unknown>).a);
      }
    });
  }
  return out;
}
