/**
 * Cyberpunk and watercolour held to what their names promise, measured on every held-out photo
 * (tests/fixtures/photos/held-out; never the gallery photos the looks are tuned on by eye).
 *
 * Cyberpunk: the colourful pixels sit on the two neon poles, magenta-pink and teal-cyan; contrast
 * goes up; skin-coloured pixels go pink, not violet.
 * Watercolour: photographic texture gone inside the washes, pigment pooled at wash borders, paper
 * showing in the lights, and dark (night) photos keep their colour and contrast instead of turning
 * into grey mush.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cyberpunk } from './cyberpunk';
import { decodeRaster, gaussianBlur, luminance, type Plane, type PhotoTool, type Raster, rgbToHsv } from './raster';
import { correlation, mean } from './test-support';

const DIR = new URL('../../../tests/fixtures/photos/held-out/', import.meta.url);
const PHOTOS = readdirSync(DIR)
  .filter((f) => f.endsWith('.jpg'))
  .sort();

async function heldOut(name: string): Promise<Raster> {
  return decodeRaster(new Uint8Array(readFileSync(new URL(name, DIR))), 384);
}

async function apply(tool: PhotoTool, image: Raster): Promise<Raster> {
  return (await tool({ image, encoded: new Uint8Array(), params: {}, seed: 7 })).image;
}

const pixels = (r: Raster) => Array.from({ length: r.width * r.height }, (_, p) => p);
const hsv = (r: Raster, p: number) => rgbToHsv(r.data[p * 3]!, r.data[p * 3 + 1]!, r.data[p * 3 + 2]!);
const std = (values: number[]) => {
  const m = mean(values);
  return Math.sqrt(mean(values.map((v) => (v - m) ** 2)));
};
const highPass = (plane: Plane, sigma: number) => {
  const blurred = gaussianBlur(plane, sigma).data;
  return plane.data.map((v, i) => v - blurred[i]!);
};

describe('cyberpunk on the held-out photos', () => {
  it('puts the colourful pixels on magenta-pink and teal-cyan, both present', async () => {
    for (const name of PHOTOS) {
      const out = await apply(cyberpunk, await heldOut(name));
      const hues = pixels(out)
        .map((p) => hsv(out, p))
        .filter(([, s, v]) => s >= 0.35 && v >= 0.2)
        .map(([h]) => h * 360);
      const magenta = mean(hues.map((h) => (h >= 280 && h <= 340 ? 1 : 0)));
      const teal = mean(hues.map((h) => (h >= 160 && h <= 200 ? 1 : 0)));
      console.log(`cyberpunk ${name}: magenta ${(magenta * 100).toFixed(0)} % teal ${(teal * 100).toFixed(0)} % of ${hues.length}`);
      // Measured magenta 12–76 %, teal 11–80 %, together 50–92 % (the old split-tone grade: magenta
      // 0–6 %, teal 7–49 %, together 7–49 %; the motorcycle is lowest, its chromatic fringe is off-palette).
      expect.soft(hues.length, name).toBeGreaterThan(out.width * out.height * 0.1);
      expect.soft(magenta, name).toBeGreaterThanOrEqual(0.1);
      expect.soft(teal, name).toBeGreaterThanOrEqual(0.1);
      expect.soft(magenta + teal, name).toBeGreaterThanOrEqual(0.5);
    }
  });

  it('raises local contrast, keeps the overall tonal range and the picture', async () => {
    const gains: number[] = [];
    for (const name of PHOTOS) {
      const image = await heldOut(name);
      const out = await apply(cyberpunk, image);
      const [before, after] = [luminance(image), luminance(out)];
      // Local contrast: the RMS of luminance around its 6-px surroundings (what makes a night shot punchy).
      const local = (plane: Plane) => Math.sqrt(mean(highPass(plane, 6).map((v) => v * v)));
      const [spread0, spread1] = [std([...before.data]), std([...after.data])];
      const r = correlation(before.data, after.data);
      console.log(
        `cyberpunk ${name}: local contrast ${local(before).toFixed(3)} → ${local(after).toFixed(3)}, spread ${spread0.toFixed(3)} → ${spread1.toFixed(3)}, r ${r.toFixed(2)}`,
      );
      gains.push(local(after) / local(before));
      expect.soft(local(after), name).toBeGreaterThan(local(before) * 0.97);
      // Coloured highlights cannot be as bright as white ones, so the overall spread may dip a little.
      expect.soft(spread1, name).toBeGreaterThan(spread0 * 0.85);
      expect.soft(r, name).toBeGreaterThan(0.85);
    }
    // Measured 1.00 (squirrel: its bright leaves turn teal and cannot stay white) to 1.20; the old grade 0.75–0.83.
    expect(mean(gains)).toBeGreaterThan(1.1);
  });

  it('lights skin-coloured pixels pink, not violet (no purple corpses)', async () => {
    let skin = 0;
    let violet = 0;
    for (const name of PHOTOS) {
      const image = await heldOut(name);
      const out = await apply(cyberpunk, image);
      for (const p of pixels(image)) {
        const [h, s, v] = hsv(image, p);
        if (h * 360 < 8 || h * 360 > 45 || s < 0.2 || s > 0.6 || v < 0.35) continue;
        skin++;
        const [ho] = hsv(out, p);
        if (ho * 360 > 240 && ho * 360 < 305) violet++;
      }
    }
    console.log(`cyberpunk skin-coloured pixels: ${skin}, violet after ${((violet / skin) * 100).toFixed(1)} %`);
    expect(skin).toBeGreaterThan(2000);
    // Measured 6.2 % (the old grade 10.8 %).
    expect(violet / skin).toBeLessThan(0.1);
  });
});
