import { describe, expect, it } from 'vitest';
import { psnr } from '../upscale/metrics';
import { createRaster, luminance, toRgb8, type Raster } from './raster';
import { damageMask, restorePhoto } from './restore';
import { damagePhoto } from './restore.damage';
import { fixture } from './test-support';

const rgb = (r: Raster) => ({ data: toRgb8(r), width: r.width, height: r.height });
const restore = async (image: Raster) => (await restorePhoto({ image, encoded: new Uint8Array(), params: {}, seed: 1 })).image;

describe('photo restoration', () => {
  for (const name of ['astronaut', 'coffee'] as const) {
    it(`brings a damaged ${name} measurably closer to the clean photo (PSNR)`, async () => {
      const { image: clean } = await fixture(name);
      const damaged = damagePhoto(clean, 3);
      const before = psnr(rgb(damaged), rgb(clean));
      const after = psnr(rgb(await restore(damaged)), rgb(clean));
      // Measured on these crops: astronaut 15.6 → 22.5 dB, coffee 18.5 → 23.6 dB.
      expect(after).toBeGreaterThan(before + 3);
    });
  }

  it('removes the scratches and dust from a plain print, and leaves most of a detailed photo alone', async () => {
    const plain = createRaster(200, 200, 0.5);
    const damaged = damagePhoto(plain, 5);
    // Marks are pixels far (> 0.25) from the print's tone; grain never gets that far.
    const marked = (r: Raster) => {
      const lum = luminance(r).data;
      const m = lum.reduce((a, b) => a + b, 0) / lum.length;
      return lum.filter((v) => Math.abs(v - m) > 0.25).length / lum.length;
    };
    expect(marked(damaged)).toBeGreaterThan(0.01);
    expect(marked(await restore(damaged))).toBeLessThan(marked(damaged) / 20);
    const { image: clean } = await fixture('astronaut');
    const mask = damageMask(luminance(clean)).data;
    expect(mask.reduce((a, b) => a + b, 0) / mask.length).toBeLessThan(0.08);
  });

  it('leaves a clean, full-range photo close to itself', async () => {
    const { image: clean } = await fixture('astronaut');
    expect(psnr(rgb(await restore(clean)), rgb(clean))).toBeGreaterThan(21);
  });
});
