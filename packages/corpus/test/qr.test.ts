import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildInvoice } from '../src/cfdi/build.js';
import { satQrUrl } from '../src/cfdi/sat.js';
import { signInvoice } from '../src/cfdi/xml.js';
import { printInvoice } from '../src/corpus/documents.js';
import { createRng } from '../src/random.js';
import { rasterizePdf } from '../src/scan/raster.js';

async function decodePage(pdf: Buffer): Promise<string | undefined> {
  const [png] = await rasterizePdf(pdf, 150);
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
}

describe('the SAT verification QR', () => {
  const inv = buildInvoice(createRng('qr-test'), 'nuevo_complemento', { version: '4.0' });

  it.each(['A', 'B', 'C'] as const)('layout %s: decodes from the rendered page to the invoice URL', async (layout) => {
    const url = await decodePage(await printInvoice(inv, layout));
    expect(url).toBe(satQrUrl(inv));
    const q = new URL(url!).searchParams;
    expect(q.get('id')).toBe(inv.timbre.uuid);
    expect(q.get('re')).toBe(inv.emisor.rfc);
    expect(q.get('rr')).toBe(inv.receptor.rfc);
    expect(Number(q.get('tt'))).toBe(inv.total);
    expect(q.get('fe')).toBe(inv.sello.slice(-8));
  });

  it('a signer plugged in gives the seal the QR (fe) and the timbre carry', async () => {
    const seal = `${'A'.repeat(336)}XyZ12+/=`;
    const signed = signInvoice(inv, (xml) => {
      expect(xml).toContain('Sello=""');
      expect(xml).not.toContain('TimbreFiscalDigital');
      return xml.replace('Sello=""', `Sello="${seal}"`);
    });
    expect(signed.sello).toBe(seal);
    expect(new URL(satQrUrl(signed)).searchParams.get('fe')).toBe('XyZ12+/=');
  });
});
