import { describe, expect, it } from 'vitest';
import { compositeOver, decontaminate, refineMatte } from './cutout';
import { HAIR, hairOnWall, WALL } from './halo-fixture';
import { createRaster, type Plane } from './raster';

const { image, truth, coarse } = hairOnWall(240);
const distance = (data: Float32Array, i: number, c: readonly number[]) =>
  Math.hypot(data[i]! - c[0]!, data[i + 1]! - c[1]!, data[i + 2]! - c[2]!);

/**
 * Halo pixels: near the hair's edge (where either matte is partial), the composite's colour is closer
 * to the old wall than to both the hair and the new backdrop.
 */
function haloPixels(matte: Plane, backdrop: readonly number[]): number {
  const back = createRaster(image.width, image.height);
  for (let p = 0; p < image.width * image.height; p++) back.data.set(backdrop, p * 3);
  const out = compositeOver(decontaminate(image, matte, 4), matte, back);
  let halo = 0;
  for (let p = 0; p < truth.data.length; p++) {
    const partial = (m: Plane) => m.data[p]! > 0.02 && m.data[p]! < 0.98;
    if (!partial(coarse) && !partial(truth)) continue;
    const wall = distance(out.data, p * 3, WALL);
    if (wall < distance(out.data, p * 3, HAIR) && wall < distance(out.data, p * 3, backdrop)) halo++;
  }
  return halo;
}

describe('refineMatte (ID photo hair edges)', () => {
  // Measured on the 240 px fixture: 3057 → 85 halo pixels on red, 3047 → 79 on blue (radius 6).
  it.each([
    ['red', [0.8, 0.05, 0.05]],
    ['blue', [0.05, 0.2, 0.75]],
  ])('removes the light rim around dark hair on a %s backdrop', (_name, backdrop) => {
    const before = haloPixels(coarse, backdrop);
    const after = haloPixels(refineMatte(image, coarse, 6), backdrop);
    expect(before).toBeGreaterThan(2500);
    expect(after).toBeLessThan(before / 20);
  });

  it('brings the matte close to the true one at the edge and keeps the head and the wall as they were', () => {
    const refined = refineMatte(image, coarse, 6);
    let errorBefore = 0;
    let errorAfter = 0;
    let count = 0;
    for (let p = 0; p < truth.data.length; p++) {
      if (coarse.data[p]! < 0.02 && truth.data[p]! < 0.02) continue;
      if (coarse.data[p]! > 0.999 && truth.data[p]! > 0.999) continue;
      errorBefore += Math.abs(coarse.data[p]! - truth.data[p]!);
      errorAfter += Math.abs(refined.data[p]! - truth.data[p]!);
      count++;
    }
    // Mean alpha error at the edge: 0.371 → 0.075.
    expect(errorAfter / count).toBeLessThan(0.1);
    expect(errorBefore / count).toBeGreaterThan(0.3);
    const centre = (image.height / 2) * image.width + image.width / 2;
    expect(refined.data[centre]).toBe(1);
    expect(refined.data[0]).toBe(coarse.data[0]);
  });

  it('keeps the coarse matte where person and wall colours are too alike to tell apart', () => {
    const flat = createRaster(image.width, image.height, 0.5);
    expect(refineMatte(flat, coarse, 6).data).toEqual(coarse.data);
  });
});
