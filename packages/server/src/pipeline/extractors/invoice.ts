import { findDates } from '../../domain/validators/dates.js';
import { aduanaOfPedimento, normalizePedimento } from '../engines/cfdi.js';
import { matchesOf, parseAmount, segments, valuesOf, type LabelSpec, type TextView } from '../text.js';
import type { ExtractContext } from './context.js';
import { findEndorsements } from './endorsements.js';
import { findDate, findPedimentoNumber } from './fields.js';
import { LABELS, PARTY_LABELS, startsWithFieldLabel } from './labels.js';
import { maskMachineText } from './masks.js';
import { findParties } from './parties.js';
import { findSections, framedHeadingOf, type Section } from './sections.js';
import { invoiceVehicle } from './invoiceVehicle.js';
import { findFolio, type Data } from './vehicle.js';
import { crossCheckQr } from './qrCheck.js';

/** Labels of printed invoices; the specific ones first, so they win a tie with a general one ("VERSION"). */
const INVOICE_LABELS: Record<string, LabelSpec> = {
  ...PARTY_LABELS,
  fecha_emision: { pattern: String.raw`FECHA\s*(?:Y\s*HORA\s*)?DE\s*(?:EMISION|EXPEDICION)|EMITIDA?\s*EL` },
  // Fields of the CFDI itself, so their values never read as a vehicle's type or version.
  cfdi_field: {
    pattern:
      String.raw`TIPO\s*DE\s*(?:COMPROBANTE|RELACION|CAMBIO)|VERSION\s*(?:DEL?\s*)?(?:CFDI|COMPROBANTE)?|` +
      String.raw`EFECTO\s*(?:DEL?\s*)?COMPROBANTE|USO\s*(?:DEL\s*)?CFDI|REGIMEN\s*FISCAL|EXPORTACION|LUGAR\s*DE\s*EXPEDICION`,
  },
  endoso: { pattern: String.raw`ENDOSOS?` },
  ...LABELS,
};

// Whole groups only: a group read one character too long is a misread, never trimmed to fit.
const UUID = String.raw`(?<![0-9A-Z])[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}(?![0-9A-Z])`;
/** A UUID as OCR may read it: letters a hexadecimal digit never is, in place of the digits they resemble. */
const UUID_READ = /(?<![0-9A-Z])[0-9A-Z]{8}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{12}(?![0-9A-Z])/;
const HEX_MISREAD: Record<string, string> = { O: '0', Q: '0', I: '1', L: '1', Z: '2', S: '5', G: '6', T: '7' };

/** A UUID from a labeled value, O/I/S/Z/G/T read for 0/1/5/2/6/7 mended. */
function readUuid(value: string): string | undefined {
  const m = UUID_READ.exec(value.toUpperCase().replace(/\s+/g, ''));
  const mended = m?.[0].replace(/[G-Z]/g, (c) => HEX_MISREAD[c] ?? c);
  return mended && new RegExp(`^${UUID}$`).test(mended) ? mended : undefined;
}

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
    const uuid = readUuid(s.value);
    if (uuid) return uuid;
  }
  const all = new Set(
    matchesOf(t, UUID)
      .filter((m) => !within(m.index, related))
      .map((m) => m.value.toUpperCase()),
  );
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
  const t = maskMachineText(text, { sealBlocks: true, endsBlock: (line) => startsWithFieldLabel(line) || !!framedHeadingOf(line) });
  const sections = findSections(t);
  const related = sections.filter((s) => s.kind === 'related');
  const segs = segments(t, INVOICE_LABELS);
  const { emisor, receptor } = findParties(t);
  const totals = valuesOf(segs, 'total')
    .map((v) => parseAmount(v))
    .filter((n): n is number => n !== undefined);
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
