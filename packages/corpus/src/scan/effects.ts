import sharp from 'sharp';
import type { Rng } from '../random.js';

/** Mild, repeatable scanner defects. */
export interface ScanEffects {
  /** Degrees, |angle| < 1. */
  rotate?: number;
  /** Gaussian blur sigma (0.3–0.8 reads as a slightly soft scan). */
  blur?: number;
  /** Share of pixels given speckle noise (0–0.003: dust, not snow). */
  noise?: number;
}

/** A mild set of effects, or none (`clean`). */
export function someEffects(rng: Rng, clean: boolean): ScanEffects {
  if (clean) return {};
  return {
    rotate: rng.chance(0.7) ? Math.round((rng.float() * 1.6 - 0.8) * 100) / 100 : undefined,
    blur: rng.chance(0.5) ? 0.4 + Math.round(rng.float() * 30) / 100 : undefined,
    noise: rng.chance(0.6) ? 0.0008 + Math.round(rng.float() * 20) / 10000 : undefined,
  };
}

/**
 * The page as a scanner returns it: turned slightly on white, softened, with speckles drawn
 * from `rng` (so the same page gets the same defects on every run). Answers an RGB PNG.
 */
export async function applyEffects(png: Buffer, effects: ScanEffects, rng: Rng): Promise<Buffer> {
  let img = sharp(png);
  if (effects.rotate) img = img.rotate(effects.rotate, { background: '#ffffff' });
  if (effects.blur) img = img.blur(effects.blur);
  if (!effects.noise) return img.png().toBuffer();
  const { data, info } = await img.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels = info.width * info.height;
  const count = Math.floor(pixels * effects.noise);
  for (let i = 0; i < count; i++) {
    const at = rng.int(0, pixels - 1) * info.channels;
    const shade = rng.chance(0.5) ? rng.int(60, 150) : rng.int(215, 255);
    for (let c = 0; c < info.channels; c++) data[at + c] = shade;
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .png()
    .toBuffer();
}
