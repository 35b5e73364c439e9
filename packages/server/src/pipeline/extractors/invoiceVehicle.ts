import { validateVin } from '../../domain/validators/vin.js';
import type { Segment, TextView } from '../text.js';
import type { ExtractContext } from './context.js';
import { definedOnly } from '@vcase/shared';
import { vehicleFromDescription } from './description.js';
import { findMakeModel, findMotor } from './fields.js';
import { startsWithFieldLabel } from './labels.js';
import { framedHeadingOf, type Section } from './sections.js';
import { findVin, scannedVinVote, vinOf } from './vin.js';

/** Words of a concept that sells or describes a vehicle. */
const VEHICLE_CONCEPT = /\b(?:AUTOMOVIL|AUTOMOTOR|VEHICULO|CAMIONETA|CAMION|MOTOCICLETA|TRACTOCAMION|PICK\s?UP|AUTOBUS|REMOLQUE)\b/;

/** A concept row of a printed CFDI naming a vehicle: ClaveProdServ (8 digits), quantity, unit key, description. */
const CONCEPT_ROW = new RegExp(String.raw`^\d{8}\s+\d+(?:\.\d+)?\s+[A-Z0-9]{2,3}\b[^\n]*?` + VEHICLE_CONCEPT.source, 'm');

/** Lines a concept's description may wrap onto. */
const DESCRIPTION_LINES = 5;
/** Amounts a table prints beside the description ("319,827.59", "$ 806810.34"). */
const AMOUNT = /\$?\s?\d[\d,]*\.\d{2}(?!\d)/g;

/**
 * The description of the concept that sells a vehicle, as one line: from its first vehicle
 * word (in the concepts block if there is one) over the lines it wraps onto, up to a field
 * label or a heading, without the amounts the table prints beside it.
 */
function vehicleDescription(t: TextView, sections: readonly Section[]): string | undefined {
  const concepts = sections.find((s) => s.kind === 'concepts');
  const from = concepts?.contentStart ?? 0;
  let to = concepts?.end ?? t.folded.length;
  let start: number;
  const m = VEHICLE_CONCEPT.exec(t.folded.slice(from, to));
  if (m) start = from + m.index;
  else {
    // A scan's columns may put another block between the heading and its rows: a concept row
    // (product key, quantity, unit key) naming a vehicle, anywhere after the heading, is the one.
    const row = CONCEPT_ROW.exec(t.folded.slice(from));
    if (!row) return undefined;
    start = from + row.index + VEHICLE_CONCEPT.exec(row[0])!.index;
    to = t.folded.length;
  }
  const folded = t.folded.slice(start, to).split('\n');
  const original = t.original.slice(start, to).split('\n');
  const lines = [original[0]];
  for (let i = 1; i < Math.min(folded.length, DESCRIPTION_LINES); i++) {
    const line = folded[i].trim();
    if (!line || startsWithFieldLabel(line) || framedHeadingOf(line) || /^(?:SUB)?TOTAL\b/.test(line)) break;
    lines.push(original[i]);
  }
  return lines.join(' ').replace(AMOUNT, ' ').replace(/\s+/g, ' ').trim();
}

export interface InvoiceVehicle {
  vin?: string;
  numero_motor?: string;
  marca?: string;
  modelo?: string;
  anio_modelo?: number;
}

/**
 * The vehicle a printed invoice sells (docs/rules.md, "Printed invoices"): only when it describes
 * one (a VIN in a labeled field or a vehicle's description, or a concept naming a vehicle).
 * The concept's description is read as the XML path reads it; labeled fields elsewhere on the
 * page (DATOS ADICIONALES: Marca, Modelo, Año…) fill what it does not say.
 */
export function invoiceVehicle(t: TextView, segs: readonly Segment[], sections: readonly Section[], ctx: ExtractContext): InvoiceVehicle {
  const vinRead = findVin(t, segs, { scanned: ctx.scanned });
  const description = vehicleDescription(t, sections);
  const described = description ? vehicleFromDescription(description) : {};
  // A scan's description may hold the same misread as its labeled field (docs/rules.md, "VIN").
  const describedVin =
    ctx.scanned && described.vin && /^[1-5]/.test(described.vin) && !validateVin(described.vin).checkDigitValid ? undefined : described.vin;
  const disagree = ctx.scanned && scannedVinVote(t, segs, { scanned: true }, [described.vin]) === 'disagree';
  const vin = disagree ? undefined : (vinOf(vinRead, ctx.findings) ?? describedVin);
  if (!vin && !description) return {};
  const labeled = { ...findMakeModel(segs), numero_motor: findMotor(segs) };
  const { pedimento: _customs, vin: _vin, ...fromDescription } = described;
  return { vin, ...definedOnly(labeled), ...definedOnly(fromDescription) };
}
