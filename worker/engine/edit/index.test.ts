import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readEditInstructions, STRONG_SCENES } from '../../contract/edit-instructions';
import { isUnknownScene, parsePromptScene } from '../render/scene';
import { createRaster, encodeRaster } from '../tools/raster';
import { labStats, transferColour } from './colour-transfer';
import { editImages } from './index';

const fixture = (path: string) => new Uint8Array(readFileSync(new URL(`../../../tests/fixtures/photos/${path}`, import.meta.url)));
const astronaut = fixture('astronaut.png');

interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Mean absolute difference (0..255) of two images over a region, both drawn at width × height. */
async function meanDifference(a: Uint8Array, b: Uint8Array, width: number, height: number, region?: Region): Promise<number> {
  const raw = (bytes: Uint8Array) => sharp(bytes).resize(width, height, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const [x, y] = await Promise.all([raw(a), raw(b)]);
  const r = region ?? { x: 0, y: 0, width, height };
  let sum = 0;
  for (let row = r.y; row < r.y + r.height; row++)
    for (let col = r.x; col < r.x + r.width; col++)
      for (let c = 0; c < 3; c++) sum += Math.abs(x[(row * width + col) * 3 + c]! - y[(row * width + col) * 3 + c]!);
  return sum / (r.width * r.height * 3);
}

// The 256 × 256 astronaut fixture: wall and rocket right of her head, and her face (checked by eye).
const WALL: Region = { x: 180, y: 10, width: 70, height: 150 };
const FACE: Region = { x: 55, y: 70, width: 70, height: 70 };

describe('offline edits', () => {
  it('puts her in front of the night city skyline the prompt names: the background changes, her face does not', async () => {
    const out = await editImages({
      prompt: 'Put her in front of a night city skyline',
      style: 'realistic',
      images: [astronaut],
      width: 256,
      height: 256,
    });
    // Before the background was read, this prompt gave a colour grade: ≈ 28–38 everywhere.
    expect(await meanDifference(astronaut, out, 256, 256, WALL)).toBeGreaterThan(90);
    expect(await meanDifference(astronaut, out, 256, 256, FACE)).toBeLessThan(20);
  });

  it('keeps the face and replaces the wall for a plain colour, a blur and no background', async () => {
    const edit = (prompt: string) => editImages({ prompt, style: 'realistic', images: [astronaut], width: 256, height: 256 });
    const white = await edit('white background');
    const whitePage = createRaster(256, 256, 245 / 255);
    expect(await meanDifference(await encodeRaster(whitePage), white, 256, 256, WALL)).toBeLessThan(6);
    expect(await meanDifference(astronaut, white, 256, 256, FACE)).toBeLessThan(12);
    // The rocket's edges are gone in a blurred background.
    const blurred = await edit('blur the background');
    // Local contrast (a Laplacian's spread) on the wall and the rocket.
    const edges = async (bytes: Uint8Array) => {
      const { data } = await sharp(bytes)
        .resize(256, 256, { fit: 'fill' })
        .greyscale()
        .convolve({ width: 3, height: 3, kernel: [0, -1, 0, -1, 4, -1, 0, -1, 0], offset: 128 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      let sum = 0;
      for (let y = WALL.y; y < WALL.y + WALL.height; y++)
        for (let x = WALL.x; x < WALL.x + WALL.width; x++) sum += Math.abs(data[y * 256 + x]! - 128);
      return sum / (WALL.width * WALL.height);
    };
    expect(await edges(blurred)).toBeLessThan((await edges(astronaut)) * 0.6);
    const transparent = await edit('remove the background');
    const alpha = await sharp(transparent).extractChannel(3).raw().toBuffer({ resolveWithObject: true });
    const alphaAt = (r: Region) => {
      let sum = 0;
      for (let y = r.y; y < r.y + r.height; y++) for (let x = r.x; x < r.x + r.width; x++) sum += alpha.data[y * alpha.info.width + x]!;
      return sum / (r.width * r.height);
    };
    expect(alphaAt(WALL)).toBeLessThan(40);
    expect(alphaAt(FACE)).toBeGreaterThan(245);
  });

  it('carries out nothing it was not asked for: a prompt with nothing it can do is refused, not sharpened', async () => {
    await expect(
      editImages({ prompt: 'a medieval knight', style: 'realistic', images: [astronaut], width: 64, height: 64 }),
    ).rejects.toMatchObject({
      code: 'UNSUPPORTED_OPERATION',
    });
  });

  it('reads "knight" as a knight, not as a night scene', async () => {
    const meanLuma = async (bytes: Uint8Array) => (await sharp(bytes).greyscale().stats()).channels[0]!.mean;
    const knight = await editImages({ prompt: 'a medieval knight, warmer', style: 'none', images: [astronaut], width: 128, height: 128 });
    const night = await editImages({ prompt: 'the same photo at night', style: 'none', images: [astronaut], width: 128, height: 128 });
    expect(await meanLuma(night)).toBeLessThan((await meanLuma(knight)) * 0.9);
  });

  it('cuts the second upload’s subject out instead of pasting its photo as a rectangle', async () => {
    const scene = fixture('held-out/building.jpg');
    const { width = 0, height = 0 } = await sharp(scene).metadata();
    const out = await editImages({
      prompt: 'put them together',
      style: 'realistic',
      images: [scene, fixture('held-out/athlete.jpg')],
      width,
      height,
    });
    const [a, b] = await Promise.all([scene, out].map((bytes) => sharp(bytes).removeAlpha().raw().toBuffer()));
    let changed = 0;
    let x0 = width;
    let y0 = height;
    let x1 = 0;
    let y1 = 0;
    for (let p = 0; p < width * height; p++) {
      const d = Math.abs(a![p * 3]! - b![p * 3]!) + Math.abs(a![p * 3 + 1]! - b![p * 3 + 1]!) + Math.abs(a![p * 3 + 2]! - b![p * 3 + 2]!);
      if (d < 60) continue;
      changed++;
      x0 = Math.min(x0, p % width);
      x1 = Math.max(x1, p % width);
      y0 = Math.min(y0, Math.floor(p / width));
      y1 = Math.max(y1, Math.floor(p / width));
    }
    // Something of a fair size was placed, and it fills well under its bounding box: a figure, not a tile.
    expect(changed / (width * height)).toBeGreaterThan(0.02);
    expect(changed / ((x1 - x0 + 1) * (y1 - y0 + 1))).toBeLessThan(0.75);
  });

  it('moves a subject’s Lab statistics towards the scene’s by the share asked (Reinhard et al. 2001)', () => {
    const bluish = createRaster(8, 8);
    const orange = createRaster(8, 8);
    for (let p = 0; p < 64; p++) {
      bluish.data.set([0.2, 0.3, 0.7 + (p % 4) * 0.05], p * 3);
      orange.data.set([0.9, 0.5 - (p % 4) * 0.05, 0.1], p * 3);
    }
    const before = labStats(bluish);
    const target = labStats(orange);
    transferColour(bluish, before, target, [0.5, 0.5, 0.5]);
    const after = labStats(bluish);
    for (let c = 0; c < 3; c++) expect(after.mean[c]!).toBeCloseTo((before.mean[c]! + target.mean[c]!) / 2, 0);
  });

  it('draws every scene a background can name: the renderer reads each scene word', () => {
    for (const word of STRONG_SCENES) {
      const background = readEditInstructions(`in front of the ${word}`).background;
      expect(background?.kind, word).toBe('scene');
      expect(isUnknownScene(parsePromptScene(background?.kind === 'scene' ? background.scene : '')), word).toBe(false);
    }
  });
});
