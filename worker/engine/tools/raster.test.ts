import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createPlane, decodeRaster, encodeRaster, gaussianBlur, grainTexture, hsvToRgb, rgbToHsv, sobel, toRgb8 } from './raster';

const photo = readFileSync(new URL('../../../tests/fixtures/photos/coffee.png', import.meta.url));

describe('raster primitives', () => {
  it('decodes and encodes a photo losslessly at 8 bits, with the DPI asked for', async () => {
    const raster = await decodeRaster(photo);
    expect([raster.width, raster.height]).toEqual([256, 256]);
    const png = await encodeRaster(raster, { density: 300 });
    const meta = await sharp(png).metadata();
    expect(meta.density).toBe(300);
    const original = await sharp(photo).removeAlpha().raw().toBuffer();
    expect(Buffer.from(toRgb8(await decodeRaster(png))).equals(original)).toBe(true);
  });

  it('shrinks an upload larger than the working size, keeping its aspect', async () => {
    const wide = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    const raster = await decodeRaster(wide, 200);
    expect([raster.width, raster.height]).toEqual([200, 100]);
  });

  it('blurs without changing the mean or darkening the border', () => {
    const plane = createPlane(40, 30, 0.5);
    for (let i = 0; i < plane.data.length; i += 7) plane.data[i] = 1;
    const mean = (d: Float32Array) => d.reduce((a, b) => a + b, 0) / d.length;
    const blurred = gaussianBlur(plane, 3);
    expect(mean(blurred.data)).toBeCloseTo(mean(plane.data), 2);
    const flat = gaussianBlur(createPlane(20, 20, 0.8), 4);
    expect(Math.min(...flat.data)).toBeCloseTo(0.8, 5);
  });

  it('finds a vertical edge with Sobel and none on a flat field', () => {
    const plane = createPlane(20, 20, 0);
    for (let y = 0; y < 20; y++) for (let x = 10; x < 20; x++) plane.data[y * 20 + x] = 1;
    const { magnitude } = sobel(plane);
    expect(magnitude.data[5 * 20 + 10]).toBeGreaterThan(0.9);
    expect(magnitude.data[5 * 20 + 3]).toBe(0);
  });

  it('round-trips HSV', () => {
    for (const rgb of [
      [1, 0, 0],
      [0.2, 0.6, 0.4],
      [0.9, 0.9, 0.1],
      [0.3, 0.3, 0.3],
    ] as [number, number, number][]) {
      const back = hsvToRgb(...rgbToHsv(...rgb));
      for (const [i, v] of back.entries()) expect(v).toBeCloseTo(rgb[i]!, 5);
    }
  });

  it('makes the same grain for the same seed and another for another seed', () => {
    const a = grainTexture(32, 32, 7);
    expect(grainTexture(32, 32, 7).data).toEqual(a.data);
    expect(grainTexture(32, 32, 8).data).not.toEqual(a.data);
    expect(Math.max(...a.data.map(Math.abs))).toBeCloseTo(0.04, 5);
  });
});
