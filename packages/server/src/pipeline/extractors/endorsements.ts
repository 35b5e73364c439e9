import { findDates, parseDate } from '../../domain/validators/dates.js';
import { matchesOf, type TextView } from '../text.js';
import { cleanName } from './fields.js';

/**
 * Endorsements on the back of an invoice: "ENDOSO … A FAVOR DE <name> … <date>", or lines
 * "DE: <name> A: <name> FECHA: <date>". `de` is the previous holder: the preceding endorsee,
 * the invoice's receptor for the first.
 */
export function findEndorsements(t: TextView, receptor: string | undefined): { de: string; a: string; fecha: string }[] {
  const start = t.folded.search(/\bENDOS[OA]/);
  if (start < 0) return [];
  const tail: TextView = { original: t.original.slice(start), folded: t.folded.slice(start) };
  const out: { de: string; a: string; fecha: string }[] = [];
  const explicit = matchesOf(tail, String.raw`\bDE\s*:\s*([^\n]+?)\s+A\s*:\s*([^\n]+?)\s+FECHA\s*:\s*([^\n]+)`);
  for (const m of explicit) {
    const fecha = parseDate(m.groups[2]);
    const de = cleanName(m.value.slice(m.value.indexOf(':') + 1).split(/\s+A\s*:/i)[0]);
    const a = cleanName(/\sA\s*:\s*(.+?)\s+FECHA\s*:/i.exec(m.value)?.[1]);
    if (fecha && de && a) out.push({ de, a, fecha });
  }
  if (out.length) return out;
  let holder = receptor;
  for (const m of matchesOf(tail, String.raw`A FAVOR DE\s+([A-ZÑ&.' ]+?)(?=\s+(?:EL|CON FECHA|EN|FECHA)\b|[,.;\n]|\s+\d)`)) {
    const a = cleanName(tail.original.slice(m.index + m.value.length - m.groups[0].length, m.index + m.value.length));
    const around = tail.original.slice(m.index + m.value.length, m.index + m.value.length + 120);
    const fecha = findDates(around)[0]?.date;
    if (a && fecha && holder) out.push({ de: holder, a, fecha });
    if (a) holder = a;
  }
  return out;
}
