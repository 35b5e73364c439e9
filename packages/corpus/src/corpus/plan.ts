import type { PlateState } from '../data/states.js';
import type { InvoiceKind } from '../cfdi/model.js';
import type { ScanFormat } from '../expected.js';

/** One scan of a page: format, resolution, and whether it gets scanner defects. */
export interface ScanSpec {
  format: ScanFormat;
  dpi: 150 | 200 | 300;
  clean?: boolean;
  /** Part of the quick corpus. */
  quick?: boolean;
}

export type CfdiLayout = 'A' | 'B' | 'C';

export interface InvoiceSubject {
  family: 'cfdi';
  name: string;
  kind: InvoiceKind;
  version: '3.3' | '4.0';
  encoding: 'UTF-8' | 'ISO-8859-1';
  bom?: boolean;
  quick?: boolean;
  /** Printed renderings: layout, options, and the scans of each. */
  prints: { layout: CfdiLayout; printXml?: boolean; cliente?: boolean; quick?: boolean; scans: ScanSpec[] }[];
}

export interface CardSubject {
  family: 'tarjeta' | 'tenencia';
  name: string;
  state: PlateState['code'];
  /** The text-layer PDF is written too. */
  pdf: boolean;
  quick?: boolean;
  scans: ScanSpec[];
}

export interface IneSubject {
  family: 'ine';
  name: string;
  sides: { side: 'front' | 'back'; pdf: boolean; quick?: boolean; scans: ScanSpec[] }[];
}

export type Subject = InvoiceSubject | CardSubject | IneSubject;

const s = (format: ScanFormat, dpi: ScanSpec['dpi'], extra: Partial<ScanSpec> = {}): ScanSpec => ({ format, dpi, ...extra });
const inv = (
  n: number,
  kind: InvoiceKind,
  version: '3.3' | '4.0',
  encoding: 'UTF-8' | 'ISO-8859-1',
  prints: InvoiceSubject['prints'],
  extra: Partial<InvoiceSubject> = {},
): InvoiceSubject => ({
  family: 'cfdi',
  name: `cfdi-${String(n).padStart(2, '0')}-${kind.replace(/_/g, '-')}-${version.replace('.', '')}`,
  kind,
  version,
  encoding,
  prints,
  ...extra,
});

/**
 * The corpus: every subject once, each output flagged when it belongs to the quick corpus too
 * (so the quick corpus is a subset of the full one, byte for byte). 200 dpi dominates the scans,
 * as it is what offices scan at.
 */
export const PLAN: readonly Subject[] = [
  inv(
    1,
    'nuevo_complemento',
    '4.0',
    'UTF-8',
    [
      { layout: 'A', quick: true, scans: [s('png', 200, { quick: true }), s('tiff_g4', 300)] },
      { layout: 'C', scans: [s('jpeg', 200)] },
    ],
    { quick: true },
  ),
  inv(2, 'nuevo_complemento', '3.3', 'ISO-8859-1', [{ layout: 'B', scans: [s('jpeg', 200), s('pdf_image', 200)] }]),
  inv(3, 'nuevo_complemento', '4.0', 'UTF-8', [{ layout: 'C', scans: [s('tiff_lzw8', 150), s('png', 200, { clean: true })] }], {
    bom: true,
  }),
  inv(4, 'nuevo_descripcion', '4.0', 'UTF-8', [
    { layout: 'B', quick: true, scans: [s('png', 150), s('jpeg', 300)] },
    { layout: 'A', scans: [s('tiff_g4', 200)] },
  ]),
  inv(5, 'nuevo_descripcion', '3.3', 'UTF-8', [{ layout: 'A', scans: [s('tiff_16a', 200), s('jpeg', 200)] }]),
  inv(6, 'nuevo_descripcion', '4.0', 'ISO-8859-1', [{ layout: 'C', scans: [s('png', 200)] }], { quick: true }),
  inv(7, 'usado', '4.0', 'UTF-8', [{ layout: 'A', scans: [s('jpeg', 200, { quick: true }), s('png', 300)] }]),
  inv(8, 'usado', '3.3', 'ISO-8859-1', [{ layout: 'B', scans: [s('tiff_g4', 200), s('png', 200)] }], { quick: true }),
  inv(9, 'usado_complemento', '4.0', 'UTF-8', [{ layout: 'C', scans: [s('pdf_image', 300), s('tiff_lzw8', 200, { quick: true })] }]),
  inv(10, 'usado_complemento', '3.3', 'UTF-8', [{ layout: 'A', scans: [s('png', 200)] }]),
  inv(
    11,
    'importado_complemento',
    '4.0',
    'UTF-8',
    [
      { layout: 'B', quick: true, scans: [s('png', 300), s('tiff_16a', 200, { quick: true })] },
      { layout: 'C', scans: [] },
    ],
    { quick: true },
  ),
  inv(12, 'importado_complemento', '3.3', 'ISO-8859-1', [{ layout: 'A', scans: [s('jpeg', 150), s('tiff_lzw8', 200)] }]),
  inv(13, 'importado_concepto', '4.0', 'UTF-8', [{ layout: 'C', quick: true, scans: [s('tiff_16a', 150), s('png', 200)] }], {
    quick: true,
  }),
  inv(14, 'importado_concepto', '3.3', 'UTF-8', [{ layout: 'B', scans: [s('png', 200), s('jpeg', 200)] }]),
  inv(
    15,
    'relacionado',
    '4.0',
    'UTF-8',
    [{ layout: 'C', printXml: true, quick: true, scans: [s('png', 200, { quick: true }), s('jpeg', 200)] }],
    { quick: true },
  ),
  inv(16, 'relacionado', '3.3', 'ISO-8859-1', [
    { layout: 'A', scans: [s('pdf_image', 200), s('png', 150)] },
    { layout: 'B', scans: [] },
  ]),
  inv(
    17,
    'servicio',
    '4.0',
    'UTF-8',
    [
      { layout: 'A', quick: true, scans: [s('png', 200), s('tiff_g4', 200, { quick: true })] },
      { layout: 'B', scans: [] },
    ],
    { quick: true },
  ),
  inv(18, 'servicio', '3.3', 'ISO-8859-1', [{ layout: 'B', scans: [s('jpeg', 200), s('tiff_lzw8', 300)] }]),
  inv(19, 'servicio', '4.0', 'UTF-8', [{ layout: 'C', printXml: true, scans: [s('tiff_g4', 200), s('png', 200)] }]),
  inv(20, 'servicio', '4.0', 'ISO-8859-1', [
    { layout: 'B', cliente: true, quick: true, scans: [s('pdf_image', 150), s('pdf_image', 200, { quick: true })] },
  ]),
  ...(['CMX', 'MEX', 'JAL', 'NLE', 'PUE'] as const).flatMap((state, i): CardSubject[] => [
    {
      family: 'tarjeta',
      name: `tarjeta-${state.toLowerCase()}-1`,
      state,
      pdf: true,
      quick: i < 2,
      scans: [s('png', 200, { quick: i === 2 }), s(i % 2 ? 'jpeg' : 'tiff_lzw8', 300)],
    },
    {
      family: 'tarjeta',
      name: `tarjeta-${state.toLowerCase()}-2`,
      state,
      pdf: i < 3,
      scans: [s((['jpeg', 'tiff_g4', 'pdf_image', 'png', 'tiff_16a'] as const)[i], 200, { quick: i === 3 })],
    },
    {
      family: 'tenencia',
      name: `tenencia-${state.toLowerCase()}-1`,
      state,
      pdf: true,
      quick: i === 1 || i === 2,
      scans: [s(i % 2 ? 'png' : 'jpeg', 200, { quick: i === 0 }), ...(i < 3 ? [s('tiff_g4', 300)] : [])],
    },
  ]),
  ...[1, 2, 3, 4, 5].map((n): IneSubject => ({
    family: 'ine',
    name: `ine-${n}`,
    sides: [
      {
        side: 'front',
        pdf: n <= 2,
        quick: n === 1,
        scans: [
          s((['png', 'jpeg', 'tiff_lzw8', 'pdf_image', 'png'] as const)[n - 1], 300, { quick: n === 2 }),
          ...(n % 2 ? [s('jpeg', 200)] : []),
        ],
      },
      { side: 'back', pdf: n === 3, scans: [s((['jpeg', 'png', 'tiff_16a', 'tiff_g4', 'jpeg'] as const)[n - 1], 300, { quick: n === 1 })] },
    ],
  })),
];
