/**
 * Anime and oil painting held to measured properties on every held-out photo (never the gallery
 * photos they are tuned on by eye):
 * - anime: at most 0.4× the photo's RGB555 colours, its strong edges kept, grays gray, blacks black;
 * - oil: fine texture inside regions (median |Laplacian| away from strong edges) down ≥ 40 %, and
 *   the picture still the photo's (grayscale SSIM ≥ 0.3).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { animeStyle } from './anime';
import { medianAbsLaplacian, regionMask, rgb555Count, ssimGray, strongEdgeCorrelation } from './npr/measures';
import { oilPainting } from './oil-painting';
import { decodeRaster, luminance, type Raster } from './raster';

const DIR = new URL('../../../tests/fixtures/photos/held-out/', import.meta.url);
const PHOTOS = readdirSync(DIR).filter((f) => f.endsWith('.jpg'));

async function photo(file: string) {
  const encoded = new Uint8Array(readFileSync(new URL(file, DIR)));
  return { image: await decodeRaster(encoded, 384), encoded };
}

const chroma = (r: Raster, p: number) =>
  Math.max(r.data[p * 3]!, r.data[p * 3 + 1]!, r.data[p * 3 + 2]!) - Math.min(r.data[p * 3]!, r.data[p * 3 + 1]!, r.data[p * 3 + 2]!);

describe('anime on the held-out photos', () => {
  it.each(PHOTOS)('%s: few flat colours, strong edges kept, grays gray, blacks black', async (file) => {
    const input = await photo(file);
    const out = (await animeStyle({ ...input, params: {}, seed: 7 })).image;
    const { image } = input;
    expect(rgb555Count(out)).toBeLessThanOrEqual(0.4 * rgb555Count(image));
    expect(strongEdgeCorrelation(image, out)).toBeGreaterThan(0.5);
    const lum = luminance(image).data;
    const outLum = luminance(out).data;
    const gray: number[] = [];
    const black: number[] = [];
    for (let p = 0; p < lum.length; p++) {
      if (chroma(image, p) < 0.04 && lum[p]! > 0.15) gray.push(p);
      if (lum[p]! < 0.06) black.push(p);
    }
    // Near-neutral pixels stay near-neutral (a white wall is not tinted pink).
    if (gray.length > 200) expect(gray.reduce((s, p) => s + chroma(out, p), 0) / gray.length).toBeLessThan(0.08);
    // Near-black pixels stay dark.
    if (black.length > 200) expect(black.reduce((s, p) => s + outLum[p]!, 0) / black.length).toBeLessThan(0.12);
  });
});

describe('oil painting on the held-out photos', () => {
  it.each(PHOTOS)('%s: texture inside regions flattened, the photo still recognisable', async (file) => {
    const input = await photo(file);
    const out = (await oilPainting({ ...input, params: {}, seed: 7 })).image;
    const mask = regionMask(input.image);
    expect(medianAbsLaplacian(out, mask)).toBeLessThanOrEqual(0.6 * medianAbsLaplacian(input.image, mask));
    expect(ssimGray(input.image, out)).toBeGreaterThanOrEqual(0.3);
  });
});
