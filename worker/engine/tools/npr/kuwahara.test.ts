import { describe, expect, it } from 'vitest';
import { createRaster } from '../raster';
import { anisotropicKuwahara, structureField } from './kuwahara';

describe('anisotropic Kuwahara', () => {
  it('finds the edge direction: along a vertical edge the tangent is vertical and anisotropy high', () => {
    const r = createRaster(32, 32);
    for (let p = 0; p < 32 * 32; p++) if (p % 32 >= 16) r.data.fill(1, p * 3, p * 3 + 3);
    const field = structureField(r, 2);
    const p = 16 * 32 + 16;
    expect(Math.abs(field.ty[p]!)).toBeGreaterThan(0.99);
    expect(field.anisotropy[p]).toBeGreaterThan(0.9);
  });

  it('flattens noise inside regions and keeps the edge between them sharp', () => {
    const r = createRaster(48, 48);
    const random = (p: number) => (Math.imul(p + 11 * 7919, 2654435761) >>> 0) / 2 ** 32 - 0.5;
    for (let p = 0; p < 48 * 48; p++) r.data.fill((p % 48 < 24 ? 0.25 : 0.75) + 0.1 * random(p), p * 3, p * 3 + 3);
    const out = anisotropicKuwahara(r, { radius: 4 });
    const rough = (img: typeof r) => {
      let sum = 0;
      for (let y = 10; y < 38; y++)
        for (let x = 4; x < 18; x++) sum += Math.abs(img.data[(y * 48 + x) * 3]! - img.data[(y * 48 + x + 1) * 3]!);
      return sum;
    };
    expect(rough(out)).toBeLessThan(rough(r) * 0.4);
    expect(out.data[(24 * 48 + 22) * 3]!).toBeLessThan(0.35);
    expect(out.data[(24 * 48 + 25) * 3]!).toBeGreaterThan(0.65);
  });
});
