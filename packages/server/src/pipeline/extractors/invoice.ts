import { findDates } from '../../domain/validators/dates.js';
import { aduanaOfPedimento, normalizePedimento } from '../engines/cfdi.js';
import { matchesOf, parseAmount, segments, valuesOf, type LabelSpec, type TextView } from '../text.js';
import type { ExtractContext } from './context.js';
import { findEndorsements } from './endorsements.js';
import { findDate, findPedimentoNumber } from './fields.js';
import { LABELS, PARTY_LABELS, startsWithFieldLabel } from './labels.js';
import { maskMachineText } from './masks.js';
import { findParties } from './parties.js';
import { findSections, headingOf, type Section } from './sections.js';
import { invoiceVehicle } from './invoiceVehicle.js';
import { findFolio, type Data } from './vehicle.js';
import { crossCheckQr } from './qrCheck.js';

/** Labels of printed invoices; the specific ones first, so they win a tie with a general one ("VERSION"). */
const INVOICE_LABELS: Record<string, LabelSpec> = {
  ...PARTY_LABELS,
  fecha_emision: { pattern: String.raw`FECHA\s*(?:Y\s*HORA\s*)?DE\s*(?:EMISION|EXPEDICION)|EMITIDA?\s*EL` },
  // Fields of the CFDI itself, so their values never read as a vehicle's type or version.
  cfdi_field: {
    pattern: String.raw`TIPO\s*DE\s*(?:COMPROBANTE|RELACION|CAMBIO)|VERSION\s*(?:DEL?\s*)?(?:CFDI|COMPROBANTE)?|EFECTO\s*(?:DEL?\s*)?COMPROBANTE|USO\s*(?:DEL\s*)?CFDI|REGIMEN\s*FISCAL|EXPORTACION|LUGAR\s*DE\s*EXPEDICION`,
  },
  endoso: { pattern: String.raw`ENDOSOS?` },
  ...LABELS,
};

const UUID = String.raw`[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}`;

const within = (index: number, sections: readonly Section[]) => sections.some((s) => index >= s.start && index < s.end);

/**
 * The invoice's own UUID: the one labeled Folio fiscal / UUID outside a related-CFDI block
 * (a CFDI relacionado printed first is another invoice's), else the only UUID printed
 * outside such blocks.
 */
function folioFiscal(t: TextView, related: readonly Section[]): string | undefined {
  const segs = segments(t, { folio_fiscal: LABELS.folio_fiscal, relacion: { pattern: String.raw`RELACIONAD[OA]S?|TIPO\s*DE\s*RELACION` } });
  for (const s of segs) {
    if (s.key !== 'folio_fiscal' || within(s.index, related)) continue;
    const m = new RegExp(UUID).exec(s.value.toUpperCase().replace(/\s+/g, ''));
    if (m) return m[0];
  }
  const all = new Set(matchesOf(t, UUID).filter((m) => !within(m.index, related)).map((m) => m.value.toUpperCase()));
  return all.size === 1 ? [...all][0] : undefined;
}

/** The invoice's series ("Serie: A"), printed apart from its folio. */
function serieOf(t: TextView): string | undefined {
  const m = /(?:^|\n|\s)SERIE\s*:\s*([A-Z]{1,6})(?=\s*(?:\n|$|FOLIO))/.exec(t.folded);
  return m ? t.original.slice(m.index + m[0].length - m[1].length, m.index + m[0].length).toUpperCase() : undefined;
}

/**
 * Invoices read from PDF or image text (factura, invoice; docs/rules.md, "Printed invoices"):
 * issuer and receiver each from their own block, the total, issue date, folio fiscal, the
 * vehicle (only where the invoice describes one), customs entry and endorsements. Seals, the
 * cadena original and certificate blocks are never read. The SAT QR, when decoded, is the
 * authority for UUID, RFCs and total.
 */
export function extractInvoice(text: TextView, ctx: ExtractContext): Data {
  const t = maskMachineText(text, { sealBlocks: true, endsBlock: (line) => startsWithFieldLabel(line) || !!headingOf(line) });
  const sections = findSections(t);
  const related = sections.filter((s) => s.kind === 'related');
  const segs = segments(t, INVOICE_LABELS);
  const { emisor, receptor } = findParties(t);
  const totals = valuesOf(segs, 'total').map((v) => parseAmount(v)).filter((n): n is number => n !== undefined);
  const fecha = findDate(segs, ['fecha_emision', 'fecha_expedicion', 'fecha']) ?? findDates(t.original)[0]?.date;
  const pedimentoRaw = findPedimentoNumber(segs);
  const pedimento = pedimentoRaw ? normalizePedimento(pedimentoRaw) : undefined;
  const vehicle = invoiceVehicle(t, segs, sections, ctx);
  const endosos = findEndorsements(t, receptor.nombre);
  const folio = findFolio(segs);
  const serie = folio ? serieOf(t) : undefined;
  const read: Data = {
    rfc_emisor: emisor.rfc,
    nombre_emisor: emisor.nombre,
    rfc_receptor: receptor.rfc,
    nombre_receptor: receptor.nombre,
    monto_total: totals.length ? Math.max(...totals) : undefined,
    fecha_emision: fecha,
    fecha_documento: fecha,
    folio_fiscal: folioFiscal(t, related),
    folio: serie && folio && !folio.startsWith(serie) ? `${serie}-${folio}` : folio,
    ...vehicle,
    pedimento,
    aduana: valuesOf(segs, 'aduana')[0]?.trim() || (pedimento ? aduanaOfPedimento(pedimento) : undefined),
    ano_vehiculo: pedimento ? vehicle.anio_modelo : undefined,
    endosos: endosos.length ? endosos : undefined,
  };
  return crossCheckQr(read, ctx);
}
