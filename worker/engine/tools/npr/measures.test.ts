import { describe, expect, it } from 'vitest';
import { createRaster, type Raster } from '../raster';
import { medianAbsLaplacian, regionMask, rgb555Count, ssimGray, strongEdgeCorrelation } from './measures';

/** A left/right split (dark | light) with optional per-pixel noise. */
function split(noise = 0, seed = 1): Raster {
  const r = createRaster(64, 64);
  const random = (p: number) => (Math.imul(p + seed * 7919, 2654435761) >>> 0) / 2 ** 32 - 0.5;
  for (let p = 0; p < 64 * 64; p++) {
    const v = (p % 64 < 32 ? 0.2 : 0.8) + noise * random(p);
    r.data.fill(v, p * 3, p * 3 + 3);
  }
  return r;
}

describe('npr measures', () => {
  it('counts RGB555 colours', () => {
    expect(rgb555Count(split())).toBe(2);
    expect(rgb555Count(split(0.2))).toBeGreaterThan(10);
  });

  it('median |Laplacian| inside regions sees noise, not the edge between them', () => {
    const clean = split();
    const mask = regionMask(clean);
    expect(mask[32 * 64 + 32]).toBe(0);
    expect(mask[32 * 64 + 10]).toBe(1);
    expect(medianAbsLaplacian(clean, mask)).toBe(0);
    expect(medianAbsLaplacian(split(0.1), mask)).toBeGreaterThan(0.02);
  });

  it('SSIM is 1 for the same picture and lower for a noisy one', () => {
    expect(ssimGray(split(), split())).toBeCloseTo(1, 5);
    expect(ssimGray(split(0.05), split(0.3, 9))).toBeLessThan(0.9);
  });

  it('strong-edge correlation is high when the edge is kept and low when it is gone', () => {
    const flat = createRaster(64, 64, 0.5);
    expect(strongEdgeCorrelation(split(0.02), split())).toBeGreaterThan(0.9);
    expect(strongEdgeCorrelation(split(0.02), flat)).not.toBeGreaterThan(0.1);
  });
});
