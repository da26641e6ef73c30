import { describe, expect, it } from 'vitest';
import { assign, choosePalette, modeFilter } from './kmeans-lab';

describe('k-means palette in Lab', () => {
  it('picks the fewest paints for a simple picture and gives each pixel its own colour', () => {
    // Three colours, slightly noisy.
    const colours = [
      [20, 0, 0],
      [60, 40, 30],
      [85, -20, 50],
    ];
    const n = 3000;
    const lab = new Float32Array(n * 3);
    for (let p = 0; p < n; p++) {
      const c = colours[p % 3]!;
      for (let i = 0; i < 3; i++) lab[p * 3 + i] = c[i]! + ((p * 7 + i * 13) % 5) * 0.2;
    }
    const palette = choosePalette(lab, 1);
    expect(palette.k).toBe(8);
    const labels = assign(lab, palette);
    // Every pixel's paint is its own colour (within 2 ΔE), never another's.
    for (let p = 0; p < n; p++) {
      const c = colours[p % 3]!;
      const l = labels[p]! * 3;
      const d = Math.hypot(palette.centres[l]! - c[0]!, palette.centres[l + 1]! - c[1]!, palette.centres[l + 2]! - c[2]!);
      expect(d).toBeLessThan(2);
    }
  });

  it('is the same for the same seed', () => {
    const lab = Float32Array.from({ length: 900 }, (_, i) => (i * 37) % 100);
    expect(choosePalette(lab, 5).centres).toEqual(choosePalette(lab, 5).centres);
  });

  it('majority filter removes a one-pixel island', () => {
    const labels = new Uint8Array(25);
    labels[12] = 1;
    expect(modeFilter(labels, 5, 5, 2)[12]).toBe(0);
  });
});
