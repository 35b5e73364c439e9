import QRCode from 'qrcode';
import type { Pdf } from './doc.js';

/** The QR modules of `content` (error correction M, as CFDI printers use). */
export function qrModules(content: string): { size: number; dark: (x: number, y: number) => boolean } {
  const qr = QRCode.create(content, { errorCorrectionLevel: 'M' });
  const { size, data } = qr.modules as unknown as { size: number; data: Uint8Array };
  return { size, dark: (x, y) => data[y * size + x] === 1 };
}

/**
 * The QR drawn as vector squares (most CFDI-to-PDF tools draw it so): one filled rectangle per
 * run of dark modules in a row, inside a white quiet zone of 4 modules.
 */
export function drawVectorQr(doc: Pdf, content: string, x: number, y: number, side: number) {
  const { size, dark } = qrModules(content);
  const cell = side / (size + 8);
  doc.rect(x, y, side, side).fill('#fff');
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!dark(col, row)) continue;
      let run = 1;
      while (col + run < size && dark(col + run, row)) run++;
      doc.rect(x + (col + 4) * cell, y + (row + 4) * cell, run * cell, cell);
      col += run - 1;
    }
  }
  doc.fill('#000');
}

/** The QR as a PNG (PAC portals embed it as an image). */
export function qrPng(content: string, pixelsPerModule = 4): Promise<Buffer> {
  return QRCode.toBuffer(content, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: pixelsPerModule });
}
