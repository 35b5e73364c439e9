import { PARSED_DATA_KEYS } from '@vcase/shared';

/** Families of the corpus: what the accuracy report groups by. */
export const FAMILIES = ['cfdi_xml', 'cfdi_pdf', 'cfdi_scan', 'tarjeta', 'ine', 'tenencia'] as const;
export type Family = (typeof FAMILIES)[number];

/** Raster and container formats of the scans. */
export const SCAN_FORMATS = ['png', 'jpeg', 'tiff_g4', 'tiff_lzw8', 'tiff_16a', 'pdf_image'] as const;
export type ScanFormat = (typeof SCAN_FORMATS)[number];
export type Format = 'xml' | 'pdf' | ScanFormat;

/** What the pipeline should read from one document (`<name>.expected.json`). */
export interface Expected {
  family: Family;
  /** How the document is laid out (CFDI layout A/B/C, the state's card, …). */
  layout: string;
  format: Format;
  dpi?: number;
  /** The document type the pipeline should answer. */
  type: 'invoice' | 'certificate_title' | 'ine' | 'tax_payment';
  /** parsed_data keys (operator-surface §5) and their exact values. */
  fields: Record<string, unknown>;
  /** Vocabulary keys the document does not hold: any value there is spurious. */
  absent: string[];
}

export const VOCABULARY: readonly string[] = PARSED_DATA_KEYS;

/**
 * The vocabulary keys a document does not hold: all but its fields and `unscored` (keys it
 * holds in a form the vocabulary does not fix, e.g. a folio printed as separate serie and number).
 */
export function absentKeys(fields: Record<string, unknown>, unscored: readonly string[] = []): string[] {
  for (const key of Object.keys(fields)) if (!VOCABULARY.includes(key)) throw new Error(`not a vocabulary key: ${key}`);
  return VOCABULARY.filter((k) => !(k in fields) && !unscored.includes(k));
}

export function expected(e: Omit<Expected, 'absent'>, unscored: readonly string[] = []): Expected {
  const { family, layout, format, dpi, type, fields } = e;
  return { family, layout, format, ...(dpi ? { dpi } : {}), type, fields, absent: absentKeys(fields, unscored) };
}
