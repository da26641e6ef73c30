import { describe, expect, it } from 'vitest';
import { createPlane } from '../raster';
import { inkLines } from './xdog';

describe('XDoG ink lines', () => {
  it('draws ink along an edge and leaves flat paper and tiny specks clean', () => {
    const lum = createPlane(40, 40, 0.8);
    for (let y = 0; y < 40; y++) for (let x = 20; x < 40; x++) lum.data[y * 40 + x] = 0.2;
    lum.data[5 * 40 + 5] = 0.6; // one dark pixel: a speck, not a line
    const ink = inkLines(lum, 1, 8);
    let onEdge = 1;
    for (let x = 17; x < 23; x++) onEdge = Math.min(onEdge, ink.data[20 * 40 + x]!);
    expect(onEdge).toBeLessThan(0.3);
    expect(ink.data[20 * 40 + 8]).toBe(1);
    expect(ink.data[5 * 40 + 5]).toBe(1);
  });
});
