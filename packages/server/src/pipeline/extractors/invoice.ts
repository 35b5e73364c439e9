import { personType } from '../../domain/names.js';
import { findDates, parseDate } from '../../domain/validators/dates.js';
import { validateRfc } from '../../domain/validators/rfc.js';
import { aduanaOfPedimento, normalizePedimento } from '../engines/cfdi.js';
import { matchesOf, parseAmount, segments, valuesOf, type LabelSpec, type TextView } from '../text.js';
import { cleanName, findDate, findMakeModel, findMotor, findPedimentoNumber, findVin } from './fields.js';
import { LABELS } from './labels.js';
import { findFolio, type Data } from './vehicle.js';

const INVOICE_LABELS: Record<string, LabelSpec> = {
  ...LABELS,
  rfc_emisor: { pattern: String.raw`RFC\s*(?:DEL\s*)?EMISOR` },
  rfc_receptor: { pattern: String.raw`RFC\s*(?:DEL\s*)?(?:RECEPTOR|CLIENTE)` },
  nombre_emisor: { pattern: String.raw`(?:NOMBRE|RAZON\s*SOCIAL)\s*(?:DEL\s*)?EMISOR|EMISOR|VENDEDOR|EXPEDIDO\s*POR` },
  nombre_receptor: {
    pattern: String.raw`(?:NOMBRE|RAZON\s*SOCIAL)\s*(?:DEL\s*)?(?:RECEPTOR|CLIENTE)|RECEPTOR|CLIENTE|FACTURAR\s*A|ADQUIRENTE|COMPRADOR`,
  },
  endoso: { pattern: String.raw`ENDOSOS?` },
};

const RFC_TOKEN = String.raw`(?<![A-Z0-9&Ñ])[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{2}[A0-9](?![A-Z0-9])`;
const UUID = String.raw`[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}`;

/** First RFC-shaped token of a value with a real date. */
function rfcIn(value: string | undefined): string | undefined {
  const m = value ? new RegExp(RFC_TOKEN).exec(value.toUpperCase()) : null;
  return m && validateRfc(m[0]).valid ? m[0] : undefined;
}

/** A name value without the RFC printed beside it. */
function nameIn(value: string | undefined): string | undefined {
  if (!value) return undefined;
  return cleanName(value.toUpperCase().replace(new RegExp(RFC_TOKEN, 'g'), ' ').replace(/\bR\.?\s?F\.?\s?C\.?\s*:?/g, ' '));
}

/** Printed invoices head the page with the issuer's company name, unlabeled. */
function headerCompany(t: TextView): string | undefined {
  for (const line of t.original.split('\n').slice(0, 3)) {
    const name = cleanName(line);
    if (name && !/\d/.test(name) && personType(name) === 'moral') return name;
  }
  return undefined;
}

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

/**
 * Invoices read from PDF or image text (factura, invoice): RFCs and names of issuer and
 * receiver, total, issue date, folio fiscal, the vehicle (VIN, engine, make, model, year),
 * customs entry, endorsements.
 */
export function extractInvoice(t: TextView): Data {
  const segs = segments(t, INVOICE_LABELS);
  // RFCs: labeled ones, else the first RFC printed is the issuer's and the next the receiver's.
  const rfcs = matchesOf(t, RFC_TOKEN).map((m) => m.value.toUpperCase()).filter((v) => validateRfc(v).valid);
  const rfcEmisor = rfcIn(valuesOf(segs, 'rfc_emisor')[0]) ?? rfcIn(valuesOf(segs, 'nombre_emisor')[0]);
  const rfcReceptor = rfcIn(valuesOf(segs, 'rfc_receptor')[0]) ?? rfcIn(valuesOf(segs, 'nombre_receptor')[0]);
  const emisor = rfcEmisor ?? rfcs.find((r) => r !== rfcReceptor);
  const receptor = rfcReceptor ?? rfcs.find((r) => r !== emisor);
  const nombreReceptor = nameIn(valuesOf(segs, 'nombre_receptor')[0]);
  const totals = valuesOf(segs, 'total').map((v) => parseAmount(v)).filter((n): n is number => n !== undefined);
  const fecha = findDate(segs, ['fecha_expedicion', 'fecha']) ?? findDates(t.original)[0]?.date;
  const pedimentoRaw = findPedimentoNumber(segs);
  const pedimento = pedimentoRaw ? normalizePedimento(pedimentoRaw) : undefined;
  const make = findMakeModel(segs);
  const endosos = findEndorsements(t, nombreReceptor);
  return {
    rfc_emisor: emisor,
    nombre_emisor: nameIn(valuesOf(segs, 'nombre_emisor')[0]) ?? headerCompany(t),
    rfc_receptor: receptor,
    nombre_receptor: nombreReceptor,
    monto_total: totals.length ? Math.max(...totals) : undefined,
    fecha_emision: fecha,
    fecha_documento: fecha,
    folio_fiscal: matchesOf(t, UUID)[0]?.value.toUpperCase(),
    folio: findFolio(segs),
    vin: findVin(t, segs),
    numero_motor: findMotor(segs),
    ...make,
    pedimento,
    aduana: valuesOf(segs, 'aduana')[0]?.trim() || (pedimento ? aduanaOfPedimento(pedimento) : undefined),
    ano_vehiculo: pedimento ? make.anio_modelo : undefined,
    endosos: endosos.length ? endosos : undefined,
  };
}
