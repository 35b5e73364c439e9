import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';

export type Pdf = PDFKit.PDFDocument;

const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

/** Fonts a layout may name: DejaVu (embedded TrueType subsets) or the standard Helvetica. */
export interface Fonts {
  regular: string;
  bold: string;
  mono: string;
}

export const DEJAVU: Fonts = { regular: 'DejaVu', bold: 'DejaVu-Bold', mono: 'DejaVu-Mono' };
export const DEJAVU_CONDENSED: Fonts = { regular: 'DejaVu-Condensed', bold: 'DejaVu-Condensed-Bold', mono: 'DejaVu-Mono' };
/** The standard Helvetica (not embedded); its monospace text in embedded DejaVu Sans Mono, as portals mix them. */
export const HELVETICA: Fonts = { regular: 'Helvetica', bold: 'Helvetica-Bold', mono: 'DejaVu-Mono' };

function registerFonts(doc: Pdf) {
  doc.registerFont('DejaVu', path.join(FONT_DIR, 'DejaVuSans.ttf'));
  doc.registerFont('DejaVu-Bold', path.join(FONT_DIR, 'DejaVuSans-Bold.ttf'));
  doc.registerFont('DejaVu-Condensed', path.join(FONT_DIR, 'DejaVuSansCondensed.ttf'));
  doc.registerFont('DejaVu-Condensed-Bold', path.join(FONT_DIR, 'DejaVuSansCondensed-Bold.ttf'));
  doc.registerFont('DejaVu-Mono', path.join(FONT_DIR, 'DejaVuSansMono.ttf'));
  doc.registerFont('DejaVu-Serif-Bold', path.join(FONT_DIR, 'DejaVuSerif-Bold.ttf'));
}

/** A fixed date in the PDF's info: the same bytes on every run (pdfkit derives the file ID from it). */
const CREATED = new Date(Date.UTC(2025, 0, 15, 12, 0, 0));

export interface PdfOptions {
  /** Page size in points; default US letter (what Mexican printers default to). */
  size?: [number, number];
  title: string;
  author?: string;
}

/** Builds a one-or-more-page PDF with `draw` and answers its bytes. */
export async function renderPdf(opts: PdfOptions, draw: (doc: Pdf) => void | Promise<void>): Promise<Buffer> {
  const doc = new PDFDocument({
    size: opts.size ?? [612, 792],
    margin: 0,
    autoFirstPage: true,
    info: {
      Title: opts.title,
      Author: opts.author ?? '',
      Creator: 'vcase corpus',
      Producer: 'PDFKit',
      CreationDate: CREATED,
      ModDate: CREATED,
    },
  });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  await draw(doc);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** Text at a position, not flowing past `width` (one line unless `wrap`). */
export function text(
  doc: Pdf,
  value: string,
  x: number,
  y: number,
  o: { font: string; size: number; width?: number; wrap?: boolean; align?: 'left' | 'right' | 'center'; color?: string; lineGap?: number },
) {
  doc
    .font(o.font)
    .fontSize(o.size)
    .fillColor(o.color ?? '#000');
  doc.text(value, x, y, { width: o.width, align: o.align ?? 'left', lineBreak: o.wrap ?? !!o.width, lineGap: o.lineGap ?? 0 });
  return doc.y;
}

/** A filled header bar with a white title. */
export function bar(doc: Pdf, title: string, x: number, y: number, w: number, o: { font: string; size?: number; color?: string }) {
  const h = (o.size ?? 8) + 6;
  doc.rect(x, y, w, h).fill(o.color ?? '#1f3a5f');
  text(doc, title, x + 4, y + 3, { font: o.font, size: o.size ?? 8, color: '#fff', width: w - 8 });
  return y + h;
}

/** `Label: value` lines; answers the y below them. */
export function labeled(
  doc: Pdf,
  rows: [string, string][],
  x: number,
  y: number,
  w: number,
  o: { font: string; bold: string; size: number; gap?: number },
) {
  let at = y;
  for (const [label, value] of rows) {
    doc
      .font(o.bold)
      .fontSize(o.size)
      .fillColor('#000')
      .text(`${label} `, x, at, { continued: true, width: w })
      .font(o.font)
      .text(value, { width: w });
    at = doc.y + (o.gap ?? 1);
  }
  return at;
}
