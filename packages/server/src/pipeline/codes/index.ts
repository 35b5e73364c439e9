import { sniffMime } from '../runOcr.js';
import { segments, valuesOf, view } from '../text.js';
import { LABELS } from '../extractors/labels.js';
import { qrOfImage, qrOfPdf } from './qr.js';

export { qrOfImage, qrOfPdf } from './qr.js';
export { parseSatQr, type SatQr } from './satQr.js';

export interface ExtractedCode {
  kind: 'qr' | 'barcode';
  value: string;
}

/** QR codes drawn on a file: PDFs (embedded or rendered), and images libvips decodes. */
export async function qrCodes(bytes: Uint8Array, mime: string): Promise<string[]> {
  const real = sniffMime(bytes, mime);
  if (real === 'application/pdf') return qrOfPdf(bytes);
  if (!real.startsWith('image/')) return [];
  const value = await qrOfImage(bytes);
  return value ? [value] : [];
}

/**
 * Codes printed as text that a QR or barcode on the same document carries: the SAT CFDI
 * verification URL (the QR of every printed CFDI) and a payment's línea de captura (the
 * barcode of tax receipts).
 */
export function codesFromText(text: string): ExtractedCode[] {
  const out: ExtractedCode[] = [];
  for (const m of text.matchAll(/https?:\/\/verificacfdi\.facturaelectronica\.sat\.gob\.mx\/default\.aspx\?\S+/gi)) {
    out.push({ kind: 'qr', value: m[0] });
  }
  // CFDI 3.2 QR content: ?re=…&rr=…&tt=…&id=…
  for (const m of text.matchAll(/\?re=[A-Z0-9&Ñ]{12,13}&rr=[A-Z0-9&Ñ]{12,13}&tt=[\d.]+&id=[0-9A-F-]{36}/gi)) {
    out.push({ kind: 'qr', value: m[0] });
  }
  const t = view(text);
  for (const v of valuesOf(segments(t, LABELS), 'linea_captura')) {
    const code = v.replace(/\s+/g, '');
    if (/^[A-Z0-9]{15,40}$/i.test(code)) out.push({ kind: 'barcode', value: code.toUpperCase() });
  }
  return out;
}

/**
 * QR codes and barcodes of a document (extraction-data endpoint): the QR codes drawn on it
 * (`qrCodes`, or the ones its processing already decoded), plus codes whose content the text
 * shows (see codesFromText). Not read: 1-D barcodes from pixels, a second QR code in one image.
 */
export async function extractCodes(bytes: Uint8Array, mime: string, text: string, decoded?: readonly string[]): Promise<ExtractedCode[]> {
  const found: ExtractedCode[] = [];
  for (const value of decoded ?? (await qrCodes(bytes, mime))) found.push({ kind: 'qr', value });
  found.push(...codesFromText(text ?? ''));
  const seen = new Set<string>();
  return found.filter((c) => {
    const key = `${c.kind}:${c.value}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
