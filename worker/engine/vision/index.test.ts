import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detectFaces } from './index';

const photo = (name: string) => new Uint8Array(readFileSync(new URL(`../../../tests/fixtures/photos/${name}`, import.meta.url)));

describe('detectFaces', () => {
  it("finds the astronaut's face with both eyes inside the box, eyes level", async () => {
    const faces = await detectFaces(photo('astronaut.png'));
    expect(faces.length).toBeGreaterThanOrEqual(1);
    const [face] = faces;
    const { box } = face!;
    const [lx, ly] = face!.landmarks!.leftEye!;
    const [rx, ry] = face!.landmarks!.rightEye!;
    for (const [x, y] of [
      [lx, ly],
      [rx, ry],
    ] as const) {
      expect(x).toBeGreaterThan(box.x);
      expect(x).toBeLessThan(box.x + box.width);
      expect(y).toBeGreaterThan(box.y);
      expect(y).toBeLessThan(box.y + box.height / 2 + box.height * 0.1);
    }
    expect(Math.abs(ly - ry)).toBeLessThan(box.height * 0.15);
  }, 60_000);

  it('reports boxes in the pixels of the EXIF-oriented image', async () => {
    const upright = await detectFaces(photo('astronaut.png'));
    // The same photo stored sideways with an EXIF orientation that turns it upright again.
    const sideways = await sharp(photo('astronaut.png')).rotate(-90).withMetadata({ orientation: 6 }).jpeg({ quality: 95 }).toBuffer();
    const oriented = await detectFaces(new Uint8Array(sideways));
    expect(oriented.length).toBeGreaterThanOrEqual(1);
    expect(Math.abs(oriented[0]!.box.x - upright[0]!.box.x)).toBeLessThan(upright[0]!.box.width * 0.2);
    expect(Math.abs(oriented[0]!.box.y - upright[0]!.box.y)).toBeLessThan(upright[0]!.box.height * 0.2);
  }, 60_000);

  it('finds no face in a flat image', async () => {
    const flat = await sharp({ create: { width: 200, height: 160, channels: 3, background: '#7a8b9c' } })
      .png()
      .toBuffer();
    expect(await detectFaces(new Uint8Array(flat))).toEqual([]);
  }, 60_000);
});

describe('the upscaler face pass with the real detector', () => {
  it("changes the astronaut's face and leaves the far corner alone", async () => {
    const { upscale } = await import('../upscale/index');
    const small = new Uint8Array(await sharp(photo('astronaut.png')).resize(128, 128).png().toBuffer());
    const [plain, enhanced] = await Promise.all([
      upscale(small, { scale: 2, faceEnhancement: false }),
      upscale(small, { scale: 2, faceEnhancement: true }),
    ]);
    const raw = (png: Uint8Array) => sharp(png).removeAlpha().raw().toBuffer();
    const [a, b] = await Promise.all([raw(plain.bytes), raw(enhanced.bytes)]);
    const [face] = await detectFaces(small);
    const diffIn = (x0: number, y0: number, w: number, h: number) => {
      let sum = 0;
      for (let y = y0; y < y0 + h; y++)
        for (let x = x0; x < x0 + w; x++)
          for (let c = 0; c < 3; c++) sum += Math.abs(a[(y * 256 + x) * 3 + c]! - b[(y * 256 + x) * 3 + c]!);
      return sum / (w * h * 3);
    };
    const { x, y, width, height } = face!.box;
    expect(diffIn(Math.round(x * 2), Math.round(y * 2), Math.round(width * 2), Math.round(height * 2))).toBeGreaterThan(1);
    expect(diffIn(0, 224, 32, 32)).toBe(0);
  }, 120_000);
});
