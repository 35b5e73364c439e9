/**
 * pdf.js (inside unpdf) calls `ArrayBuffer.prototype.transferToFixedLength` (ES2024) while it
 * loads fonts; Node 20 lacks it and pdf.js then silently drops the rest of the page (text and
 * images vanish from the raster). Loaded before unpdf.
 */
import 'core-js/actual/array-buffer/transfer-to-fixed-length.js';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { getDocumentProxy, renderPageAsImage } from 'unpdf';

const require = createRequire(import.meta.url);

/**
 * The standard-font data pdf.js reads for non-embedded Helvetica: Arimo, metric-compatible
 * with Helvetica and Arial, under the file names pdf.js asks for. Without it pdf.js draws
 * Helvetica text with a fallback font squeezed into Helvetica's widths, which no printer does.
 */
function standardFontDir(): string {
  const dir = path.join(os.tmpdir(), 'vcase-corpus-standard-fonts-1');
  const arimo = path.dirname(require.resolve('@expo-google-fonts/arimo/package.json'));
  const files: [string, string][] = [
    ['LiberationSans-Regular.ttf', '400Regular/Arimo_400Regular.ttf'],
    ['LiberationSans-Bold.ttf', '700Bold/Arimo_700Bold.ttf'],
    ['LiberationSans-Italic.ttf', '400Regular_Italic/Arimo_400Regular_Italic.ttf'],
    ['LiberationSans-BoldItalic.ttf', '700Bold_Italic/Arimo_700Bold_Italic.ttf'],
  ];
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, source] of files) {
    const target = path.join(dir, name);
    if (!fs.existsSync(target)) fs.copyFileSync(path.join(arimo, source), target);
  }
  return `${dir}${path.sep}`;
}

let fontDir: string | undefined;

/** Each page of a PDF as an opaque 8-bit RGB PNG at `dpi` (white paper under the page). */
export async function rasterizePdf(pdf: Uint8Array, dpi: number): Promise<Buffer[]> {
  fontDir ??= standardFontDir();
  const doc = await getDocumentProxy(new Uint8Array(pdf), {
    standardFontDataUrl: fontDir,
    useSystemFonts: false,
    useWorkerFetch: false,
    verbosity: 0,
  });
  try {
    const pages: Buffer[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const png = await renderPageAsImage(doc, n, { canvasImport: () => import('@napi-rs/canvas'), scale: dpi / 72 });
      pages.push(await sharp(Buffer.from(png)).flatten({ background: '#ffffff' }).removeAlpha().png().toBuffer());
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}
