import { matchesOf, parseAmount, segments, valuesOf, type TextView } from '../text.js';
import type { ExtractContext } from './context.js';
import { cleanName, findDate, findEntity, findMakeModel, findPlate } from './fields.js';
import { findVin, vinOf } from './vin.js';
import { LABELS } from './labels.js';
import { documentDate, findFolio, type Data } from './vehicle.js';

const YEAR = /(?<!\d)(20\d\d|19[5-9]\d)(?!\d)/g;

/** Years a value names: "2023", "2022, 2023", "2022 A 2024", "2022-2024" (ranges up to 10). */
export function yearsIn(value: string): number[] {
  const range = /(?<!\d)(20\d\d|19\d\d)\s*(?:A|AL|-|–)\s*(20\d\d|19\d\d)(?!\d)/i.exec(value);
  if (range) {
    const [from, to] = [Number(range[1]), Number(range[2])];
    if (to >= from && to - from < 10) return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  }
  return [...value.matchAll(YEAR)].map((m) => Number(m[1]));
}

/** A header row with the year column first ("EJERCICIO IMPORTE"), then one row per year. */
const YEAR_COLUMN = String.raw`(?:EJERCICIOS?|A[NÑ]OS?|PERIODOS?)(?:[ \t]+FISCAL(?:ES)?)?`;
const NEXT_COLUMN = '(?:IMPORTE|MONTO|CANTIDAD|TOTAL|CONCEPTO|ADEUDO|PAGO)';
const YEAR_TABLE_HEADER = new RegExp(String.raw`^[ \t]*${YEAR_COLUMN}[ \t]+${NEXT_COLUMN}\b[^\n]*$`, 'gm');
const YEAR_ROW = /^[ \t]*(20\d\d|19[5-9]\d)(?!\d)/;

/** Years listed as the rows of a table under a year-column header (`folded` text). */
export function yearsInTable(folded: string): number[] {
  const years: number[] = [];
  for (const header of folded.matchAll(YEAR_TABLE_HEADER)) {
    const rows = folded.slice((header.index ?? 0) + header[0].length + 1).split('\n');
    for (const row of rows) {
      const m = YEAR_ROW.exec(row);
      if (!m) break;
      years.push(Number(m[1]));
    }
  }
  return years;
}

/**
 * The fiscal year(s) a receipt pays: labeled (`EJERCICIO FISCAL: 2023`, `AÑOS A PAGAR 2022 A
 * 2024`), concept lines (`TENENCIA 2023`, `REFRENDO 2024`) and the rows of a year table. One
 * year → integer, several → sorted integer[].
 */
export function fiscalYears(t: TextView): number | number[] | undefined {
  const segs = segments(t, LABELS);
  const years = new Set<number>();
  for (const v of valuesOf(segs, 'ejercicio')) for (const y of yearsIn(v.slice(0, 40))) years.add(y);
  const concept =
    String.raw`(?:TENENCIA|REFRENDO|CONTROL VEHICULAR|DERECHOS VEHICULARES)` +
    String.raw`(?:\s+(?:EJERCICIO|A[NÑ]O|DEL?))?\s*:?\s*(20\d\d)(?!\d)`;
  for (const m of matchesOf(t, concept)) years.add(Number(m.groups[0]));
  for (const y of yearsInTable(t.folded)) years.add(y);
  const sorted = [...years].sort((a, b) => a - b);
  return sorted.length === 0 ? undefined : sorted.length === 1 ? sorted[0] : sorted;
}

/**
 * Tenencia / refrendo receipts (tax_payment): placa, entidad, ejercicio_fiscal, fecha_pago,
 * total, vin (often partial), propietario, folio, fecha_documento, marca/modelo/anio_modelo.
 */
export function extractTaxPayment(t: TextView, ctx: ExtractContext): Data {
  const segs = segments(t, LABELS);
  const fechaPago = findDate(segs, ['fecha_pago', 'fecha']) ?? documentDate(t, segs);
  const totals = valuesOf(segs, 'total')
    .map((v) => parseAmount(v))
    .filter((n): n is number => n !== undefined);
  return {
    placa: findPlate(segs),
    entidad: findEntity(t, segs),
    ejercicio_fiscal: fiscalYears(t),
    fecha_pago: fechaPago,
    fecha_documento: findDate(segs, ['fecha_expedicion']) ?? fechaPago,
    total: totals.length ? Math.max(...totals) : undefined,
    vin: vinOf(findVin(t, segs, { partial: true, vehicleDocument: true, scanned: ctx.scanned }), ctx.findings),
    propietario: cleanName(valuesOf(segs, 'propietario')[0] ?? valuesOf(segs, 'nombre')[0]),
    folio: findFolio(segs),
    ...findMakeModel(segs),
  };
}
