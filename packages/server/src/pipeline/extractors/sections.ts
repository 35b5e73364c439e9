import type { TextView } from '../text.js';

/** Blocks of a printed invoice that decide whose a field is. */
export type SectionKind = 'emisor' | 'receptor' | 'related' | 'concepts' | 'other';

/** Section headings as printed (folded text, at the start of a line). */
const HEADINGS: [SectionKind, RegExp][] = [
  ['emisor', /^(?:DATOS\s*(?:FISCALES\s*)?DEL?\s*)?(?:EMISOR|VENDEDOR|PROVEEDOR)(?![A-Z])/],
  ['receptor', /^(?:DATOS\s*(?:FISCALES\s*)?DEL?\s*)?(?:RECEPTOR|CLIENTE|ADQUIRENTE|COMPRADOR)(?![A-Z])|^FACTURAR\s*A(?![A-Z])/],
  [
    'related',
    new RegExp(
      [
        String.raw`^(?:CFDIS?|DOCUMENTOS?|COMPROBANTES?)\s*(?:FISCALES\s*)?RELACIONADOS?(?![A-Z])`,
        String.raw`^TIPO\s*DE\s*RELACION(?![A-Z])`,
        String.raw`^UUID\s*RELACIONADOS?(?![A-Z])`,
      ].join('|'),
    ),
  ],
  ['concepts', /^CONCEPTOS?(?![A-Z])/],
  [
    'other',
    new RegExp(
      [
        String.raw`^(?:DATOS|INFORMACION)\s*` +
          String.raw`(?:ADICIONAL(?:ES)?|GENERALES|COMPLEMENTARI[AO]S?|DEL\s*(?:COMPROBANTE|CFDI|VEHICULO|DOCUMENTO))(?![A-Z])`,
        String.raw`^(?:OBSERVACIONES|TIMBRE\s*FISCAL(?:\s*DIGITAL)?|COMPLEMENTO|IMPORTE\s*CON\s*LETRA|TOTALES)(?![A-Z])`,
      ].join('|'),
    ),
  ],
];

/** Words of section and table headings: a value made only of them is never a name. */
export const HEADING_WORDS = new Set([
  'EMISOR',
  'RECEPTOR',
  'CLIENTE',
  'VENDEDOR',
  'PROVEEDOR',
  'ADQUIRENTE',
  'COMPRADOR',
  'DATOS',
  'DEL',
  'DE',
  'FISCALES',
  'ADICIONALES',
  'ADICIONAL',
  'GENERALES',
  'CONCEPTOS',
  'CONCEPTO',
  'INFORMACION',
  'COMPROBANTE',
  'CFDI',
  'FACTURA',
  'FACTURAR',
  'A',
  'RELACIONADOS',
  'RELACIONADO',
  'OBSERVACIONES',
  'TIMBRE',
  'FISCAL',
  'DIGITAL',
  'COMPLEMENTO',
  'TOTALES',
  'VEHICULO',
  'DOCUMENTO',
  'DOCUMENTOS',
  'ELECTRONICA',
  'ELECTRONICO',
  // Column headings of the concepts table.
  'CANTIDAD',
  'UNIDAD',
  'CLAVE',
  'DESCRIPCION',
  'VALOR',
  'UNITARIO',
  'IMPORTE',
  'PRECIO',
  'PRODUCTO',
  'SERVICIO',
  'DESCUENTO',
  'IVA',
  'TOTAL',
  'SUBTOTAL',
  'IMPUESTOS',
  'OBJETO',
  'IMP',
  'NO',
  'IDENTIFICACION',
  'MEDIDA',
  'PU',
  'SAT',
]);

export interface Section {
  kind: SectionKind;
  /** Offset of the heading line. */
  start: number;
  /** Offset right after the heading (and its ':'): inline content starts here. */
  contentStart: number;
  /** Offset of the next heading line, or the end of the text. */
  end: number;
}

/** Which section a (folded, trimmed) line heads, and where its heading ends. */
export function headingOf(line: string): { kind: SectionKind; length: number } | undefined {
  for (const [kind, re] of HEADINGS) {
    const m = re.exec(line);
    if (!m) continue;
    const rest = line.slice(m[0].length);
    // "EMISOR: ACME SA" heads a section inline; "EMISOR RFC …" or "CLIENTE FRECUENTE" does not.
    if (rest.trim() && !/^\s*[:\-–]/.test(rest)) return undefined;
    return { kind, length: m[0].length + (/^\s*[:\-–]/.exec(rest)?.[0].length ?? 0) };
  }
  return undefined;
}

const FRAME = /^[\s|_\-—–[\]()]+/;
const FRAME_END = /[\s|_\-—–[\]()]+$/;

/** `headingOf` for a line read off a heading bar, which may come framed by the bar's edges ("| RECEPTOR |", "- CONCEPTOS"). */
export function framedHeadingOf(line: string): { kind: SectionKind; length: number; lead: number } | undefined {
  const lead = line.length - line.replace(FRAME, '').length;
  const heading = headingOf(line.replace(FRAME, '').replace(FRAME_END, ''));
  return heading && { ...heading, lead };
}

/** The sections of a printed invoice, in order; text before the first heading is in none. */
export function findSections(t: TextView): Section[] {
  const out: Section[] = [];
  let offset = 0;
  for (const line of t.folded.split('\n')) {
    const heading = framedHeadingOf(line);
    if (heading) {
      if (out.length) out[out.length - 1].end = offset;
      out.push({ kind: heading.kind, start: offset, contentStart: offset + heading.lead + heading.length, end: t.folded.length });
    }
    offset += line.length + 1;
  }
  return out;
}

/** The part of the text a section holds, as a view of the same text (offsets kept). */
export function sectionView(t: TextView, s: Pick<Section, 'contentStart' | 'end'>): TextView {
  const keep = (text: string) =>
    text.slice(0, s.contentStart).replace(/[^\n]/g, ' ') + text.slice(s.contentStart, s.end) + text.slice(s.end).replace(/[^\n]/g, ' ');
  return { original: keep(t.original), folded: keep(t.folded) };
}
