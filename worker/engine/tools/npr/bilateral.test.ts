import { describe, expect, it } from 'vitest';
import { iteratedBilateral } from './bilateral';

describe('iterated bilateral', () => {
  it('smooths noise inside a region and keeps the step between regions', () => {
    const width = 40;
    const height = 20;
    const data = new Float32Array(width * height * 3);
    const random = (p: number) => (Math.imul(p + 3 * 7919, 2654435761) >>> 0) / 2 ** 32 - 0.5;
    for (let p = 0; p < width * height; p++) data.fill((p % width < 20 ? 30 : 70) + 2 * random(p), p * 3, p * 3 + 3);
    const out = iteratedBilateral(data, width, height, { sigmaS: 2, sigmaR: 6, iterations: 3 });
    const spread = (from: number, to: number) => {
      let min = Infinity;
      let max = -Infinity;
      for (let y = 5; y < 15; y++) {
        for (let x = from; x < to; x++) {
          min = Math.min(min, out[(y * width + x) * 3]!);
          max = Math.max(max, out[(y * width + x) * 3]!);
        }
      }
      return max - min;
    };
    expect(spread(3, 16)).toBeLessThan(1);
    expect(out[(10 * width + 19) * 3]).toBeLessThan(33);
    expect(out[(10 * width + 20) * 3]).toBeGreaterThan(67);
  });
});
