import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLocalEngine } from '../../adapters/images/local-engine';
import { FACE_SWAP_OFFLINE, FACE_SWAP_OPTIONS } from '../../contract/face-swap';
import type { EngineOperation } from '../../contract/engine-operations';
import { EngineInputError } from '../../contract/engine-operations';
import { decodeRaster, type Raster } from '../tools/raster';
import { analysePortrait, type PortraitAnalysis } from './analysis';
import { renderAvatar } from './avatar';
import { faceFrame } from './geometry';
import { faceSwapEdit, faceSwapEditReport } from './index';
import { HAIR_COLOURS, rgbOf } from './recolour';

const photo = new Uint8Array(readFileSync(new URL('../../../tests/fixtures/photos/astronaut.png', import.meta.url)));
let image: Raster;
let analysis: PortraitAnalysis;

beforeAll(async () => {
  image = await decodeRaster(photo);
  analysis = await analysePortrait(image);
}, 120_000);

/** Pixels that changed by more than `threshold` (0..1 per channel, max over channels). */
function changed(a: Raster, b: Raster, threshold = 0.12): Uint8Array {
  const out = new Uint8Array(a.width * a.height);
  for (let p = 0; p < out.length; p++) {
    let d = 0;
    for (let c = 0; c < 3; c++) d = Math.max(d, Math.abs(a.data[p * 3 + c]! - b.data[p * 3 + c]!));
    out[p] = d > threshold ? 1 : 0;
  }
  return out;
}

/** Centroid of the changed pixels inside a box. */
function centroid(mask: Uint8Array, width: number, box: { x0: number; y0: number; x1: number; y1: number }): [number, number, number] {
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (let y = Math.max(0, Math.floor(box.y0)); y < box.y1; y++) {
    for (let x = Math.max(0, Math.floor(box.x0)); x < box.x1; x++) {
      if (mask[y * width + x]) {
        sx += x;
        sy += y;
        n++;
      }
    }
  }
  return [sx / n, sy / n, n];
}

describe('face swap: accessories follow the landmarks', () => {
  async function glassesCentres(source: Raster, found: PortraitAnalysis) {
    const out = await faceSwapEdit(source, { head_accessories: 'round_glasses' }, 1, found);
    const mask = changed(source, out);
    const { eyes, unit } = found.frame;
    // Each lens, searched in a box around its eye (the temples and bridge lie outside it).
    return eyes.map(([x, y]) => ({
      eye: [x, y] as const,
      lens: centroid(mask, source.width, { x0: x - unit * 0.36, y0: y - unit * 0.36, x1: x + unit * 0.36, y1: y + unit * 0.4 }),
      unit,
    }));
  }

  it('centres each lens of the glasses on its eye, within 15 % of the eye distance', async () => {
    for (const { eye, lens, unit } of await glassesCentres(image, analysis)) {
      expect(lens[2]).toBeGreaterThan(unit); // a visible frame was drawn
      expect(Math.hypot(lens[0] - eye[0], lens[1] - eye[1])).toBeLessThan(unit * 0.15);
    }
  });

  it('tilts the glasses with the head: the lens line follows the eye line within 3°', async () => {
    // The same portrait turned 14°: the detector finds the tilted eyes, the glasses follow them.
    const turned = await decodeRaster(new Uint8Array(await sharp(photo).rotate(14, { background: '#cfc8c8' }).png().toBuffer()));
    const found = await analysePortrait(turned);
    const [left, right] = await glassesCentres(turned, found);
    const eyeAngle = (found.frame.angle * 180) / Math.PI;
    const lensAngle = (Math.atan2(right!.lens[1] - left!.lens[1], right!.lens[0] - left!.lens[0]) * 180) / Math.PI;
    expect(Math.abs(eyeAngle - 14)).toBeLessThan(4);
    expect(Math.abs(lensAngle - eyeAngle)).toBeLessThan(3);
  }, 60_000);

  it('builds the face frame from the eye landmarks: unit = eye distance, angle = eye line', () => {
    const points = Array.from({ length: 68 }, (): [number, number] => [0, 0]);
    for (let i = 36; i <= 41; i++) points[i] = [100, 100];
    for (let i = 42; i <= 47; i++) points[i] = [140, 130];
    const frame = faceFrame(points);
    expect(frame.unit).toBeCloseTo(50);
    expect(frame.angle).toBeCloseTo(Math.atan2(30, 40));
    expect(frame.origin).toEqual([120, 115]);
  });
});

describe('face swap: recolouring stays on its region', () => {
  it('turns the hair blue inside the hair mask and leaves everything outside the person untouched', async () => {
    const out = await faceSwapEdit(image, { hair_color: 'blue' }, 1, analysis);
    const target = rgbOf(HAIR_COLOURS.blue!);
    let inside = 0;
    let before = [0, 0, 0];
    let after = [0, 0, 0];
    let outsideMax = 0;
    for (let p = 0; p < image.width * image.height; p++) {
      if (analysis.hair.data[p]! > 0.8) {
        inside++;
        for (let c = 0; c < 3; c++) {
          before[c]! += image.data[p * 3 + c]!;
          after[c]! += out.data[p * 3 + c]!;
        }
      }
      if (analysis.matte.data[p]! < 0.02 && analysis.hair.data[p]! === 0) {
        for (let c = 0; c < 3; c++) outsideMax = Math.max(outsideMax, Math.abs(out.data[p * 3 + c]! - image.data[p * 3 + c]!));
      }
    }
    before = before.map((v) => v / inside);
    after = after.map((v) => v / inside);
    expect(inside).toBeGreaterThan(analysis.frame.unit ** 2); // a real hair region was found
    // Brown hair (red > blue) became blue (blue > red), towards the target's hue.
    expect(before[0]!).toBeGreaterThan(before[2]!);
    expect(after[2]!).toBeGreaterThan(after[0]! + 0.1);
    expect(Math.sign(after[2]! - after[0]!)).toBe(Math.sign(target[2] - target[0]));
    expect(outsideMax).toBe(0);
  });

  it('keeps every beard off the lips: no beard pixel inside the lip contour (landmarks 48–59)', async () => {
    const lips = analysis.frame.points.slice(48, 60);
    const inLips = (x: number, y: number) => {
      let inside = false;
      for (let i = 0, j = lips.length - 1; i < lips.length; j = i++) {
        const [xi, yi] = lips[i]!;
        const [xj, yj] = lips[j]!;
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
      }
      return inside;
    };
    const onLips: string[] = [];
    for (const style of FACE_SWAP_OFFLINE.beard!) {
      const mask = changed(image, await faceSwapEdit(image, { beard: style }, 3, analysis), 0.06);
      let area = 0;
      let painted = 0;
      for (let p = 0; p < mask.length; p++) {
        if (!inLips((p % image.width) + 0.5, Math.floor(p / image.width) + 0.5)) continue;
        area++;
        painted += mask[p]!;
      }
      expect(area).toBeGreaterThan(100);
      if (painted > 0) onLips.push(`${style}: ${painted}/${area}`);
    }
    expect(onLips).toEqual([]);
  }, 60_000);

  it('keeps the strands of hair turned a light colour: fine contrast at least 38 % of the original', async () => {
    // Fine contrast: each pixel's distance from its 5×5 neighbourhood, relative to the hair's brightness.
    const strands = (r: Raster) => {
      const lum = (p: number) => 0.2126 * r.data[p * 3]! + 0.7152 * r.data[p * 3 + 1]! + 0.0722 * r.data[p * 3 + 2]!;
      let sum = 0;
      let total = 0;
      for (let y = 2; y < r.height - 2; y++) {
        for (let x = 2; x < r.width - 2; x++) {
          const p = y * r.width + x;
          if (analysis.hair.data[p]! < 0.95) continue;
          let local = 0;
          for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) local += lum(p + dy * r.width + dx);
          sum += Math.abs(lum(p) - local / 25);
          total += lum(p);
        }
      }
      return sum / total;
    };
    const original = strands(image);
    for (const colour of ['pink', 'platinum']) {
      const out = await faceSwapEdit(image, { hair_color: colour }, 1, analysis);
      expect(strands(out) / original, colour).toBeGreaterThan(0.38);
    }
  });

  it('puts the iris colour inside the eyes only', async () => {
    const out = await faceSwapEdit(image, { eye_color: 'green' }, 1, analysis);
    const mask = changed(image, out, 0.04);
    let changedPixels = 0;
    let far = 0;
    for (let p = 0; p < mask.length; p++) {
      if (!mask[p]) continue;
      changedPixels++;
      const x = p % image.width;
      const y = Math.floor(p / image.width);
      const near = analysis.irises.some((iris) => Math.hypot(x - iris.centre[0], y - iris.centre[1]) <= iris.radius + 1.5);
      if (!near) far++;
    }
    expect(changedPixels).toBeGreaterThan(4);
    expect(far).toBe(0);
  });
});

describe('face swap: what the offline engine applies, and only that', () => {
  const same = (a: Raster, b: Raster) => a.data.length === b.data.length && a.data.every((v, i) => v === b.data[i]);

  it('changes the picture for every value it lists as applied offline', async () => {
    const unchanged: string[] = [];
    for (const [key, values] of Object.entries(FACE_SWAP_OFFLINE)) {
      if (key === 'shot_type') continue; // below: the fixture is already a close-up
      for (const value of values!) {
        const { image: out, applied } = await faceSwapEditReport(image, { [key]: value }, 3, analysis);
        // Changed, and reported as applied by the step that drew it.
        if (same(image, out) || applied[key] !== value) unchanged.push(`${key}=${value}`);
      }
    }
    expect(unchanged).toEqual([]);
  }, 240_000);

  it('crops a wider photo to each shot type it lists, tighter for closer shots, around the face', async () => {
    // The fixture on a wide border: the face is small in the frame, as in a half-length portrait.
    const wide = await decodeRaster(
      new Uint8Array(await sharp(photo).extend({ top: 160, bottom: 400, left: 280, right: 280, background: '#cfc8c8' }).png().toBuffer()),
    );
    const found = await analysePortrait(wide);
    let previous = Infinity;
    for (const shot of FACE_SWAP_OFFLINE.shot_type!) {
      const out = await faceSwapEdit(wide, { shot_type: shot }, 3, found);
      expect([out.width, out.height]).toEqual([wide.width, wide.height]);
      expect(same(wide, out)).toBe(false);
      // Zoomed in: the eyes are further apart in the result; closer shots zoom more.
      const again = await analysePortrait(out);
      expect(again.frame.unit).toBeGreaterThan(found.frame.unit * 1.3);
      if (shot !== 'extreme_close_up') expect(again.frame.unit).toBeLessThan(previous);
      previous = again.frame.unit;
      expect(Math.abs(again.frame.origin[0] - wide.width / 2)).toBeLessThan(wide.width * 0.12);
    }
  }, 120_000);

  it('leaves the picture exactly as it was for the options it only writes into the prompt', async () => {
    const changedBy: string[] = [];
    for (const option of FACE_SWAP_OPTIONS) {
      for (const { value } of option.values) {
        if (FACE_SWAP_OFFLINE[option.key]?.includes(value)) continue;
        const { image: out, applied } = await faceSwapEditReport(image, { [option.key]: value }, 3, analysis);
        if (!same(image, out) || Object.keys(applied).length) changedBy.push(`${option.key}=${value}`);
      }
    }
    expect(changedBy).toEqual([]);
  }, 120_000);

  it('reports as applied only what it drew: a laughing expression and curly hair on a photo are not', async () => {
    const asked = { expression: 'laughing', hair_style: 'curly', hair_color: 'blue' };
    const { image: out, applied } = await faceSwapEditReport(image, asked, 3, analysis);
    expect(same(image, out)).toBe(false);
    expect(applied).toEqual({ hair_color: 'blue' });
    // Nothing it can draw: nothing applied, the photo as it was (the server refuses such a job first).
    const nothing = await faceSwapEditReport(image, { expression: 'laughing', hair_style: 'curly' }, 3, analysis);
    expect(nothing.applied).toEqual({});
    expect(same(image, nothing.image)).toBe(true);
  }, 60_000);

  it("refuses a photo without a face as the input's fault (the job is refunded, not retried)", async () => {
    const flat = await decodeRaster(
      new Uint8Array(
        await sharp({ create: { width: 200, height: 160, channels: 3, background: '#7a8b9c' } })
          .png()
          .toBuffer(),
      ),
    );
    await expect(faceSwapEdit(flat, { hair_color: 'red' }, 1)).rejects.toBeInstanceOf(EngineInputError);
    await expect(faceSwapEdit(flat, { hair_color: 'red' }, 1)).rejects.toMatchObject({ code: 'NO_FACE_FOUND' });
  }, 60_000);

  it("refuses a cat's face: the detector finds one on chelsea, but it is no person's", async () => {
    const cat = await decodeRaster(new Uint8Array(readFileSync(new URL('../../../tests/fixtures/photos/chelsea.png', import.meta.url))));
    await expect(faceSwapEdit(cat, { hair_color: 'red' }, 1)).rejects.toMatchObject({ code: 'NO_FACE_FOUND' });
  }, 60_000);
});

describe('face swap text mode offline: an illustrated avatar from the chosen options', () => {
  const prompt = (options: Record<string, string>) => options;

  it('draws at exactly the requested size, the same for the same seed', async () => {
    const a = await renderAvatar(prompt({ hair_color: 'red', head_accessories: 'round_glasses' }), 320, 400, 9);
    const b = await renderAvatar(prompt({ hair_color: 'red', head_accessories: 'round_glasses' }), 320, 400, 9);
    expect(Buffer.compare(Buffer.from(a), Buffer.from(b))).toBe(0);
    const meta = await sharp(a).metadata();
    expect([meta.width, meta.height]).toEqual([320, 400]);
  }, 60_000);

  it('follows the options: the hair above the forehead takes the chosen colour', async () => {
    const size = 300;
    const crownColour = async (hair: string) => {
      const bytes = await renderAvatar(prompt({ hair_color: hair, hair_style: 'short_crop' }), size, size, 2);
      // Frame: eyes at 42 % height, one unit = 15 % of the side; the crown hair is ~1.4 units above the eyes.
      const { data } = await sharp(bytes)
        .extract({ left: size / 2 - 3, top: Math.round(size * 0.42 - size * 0.15 * 1.45), width: 6, height: 6 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const mean = [0, 1, 2].map((c) => [...data].filter((_, i) => i % 3 === c).reduce((s, v) => s + v, 0) / 36 / 255);
      return mean;
    };
    const green = await crownColour('green');
    const blonde = await crownColour('blonde');
    expect(green[1]!).toBeGreaterThan(green[0]! + 0.1);
    expect(blonde[0]!).toBeGreaterThan(blonde[2]! + 0.15);
  }, 60_000);

  it('puts on the glasses the words ask for ("with glasses", 戴眼鏡, sunglasses, 墨鏡), and none otherwise', async () => {
    const size = 300;
    // What the offline engine is asked to draw for a text-mode description (the local engine adapter).
    const drawnFor = async (description: string) => {
      let asked: EngineOperation | undefined;
      const local = createLocalEngine({
        run: async (op) => {
          asked = op;
          return {
            bytes: await renderAvatar((op as { selection: Record<string, string> }).selection, size, size, 2),
            contentType: 'image/png',
            width: size,
            height: size,
          };
        },
      });
      const { bytes } = await local.textToImage({
        operation: { op: 'avatar', description, selection: { hair_style: 'short_crop' } },
        style: 'realistic',
        width: size,
        height: size,
        seed: 2,
        model: 'nano',
      });
      return { selection: (asked as { selection: Record<string, string> }).selection, raster: await decodeRaster(bytes) };
    };
    // Frame: eyes at 42 % height, 0.15 of the side apart; the band across both eyes and the bridge.
    const unit = size * 0.15;
    const band = { x0: size / 2 - unit * 1.1, y0: size * 0.42 - unit * 0.4, x1: size / 2 + unit * 1.1, y1: size * 0.42 + unit * 0.4 };
    const plain = await drawnFor('a friendly face');
    expect(plain.selection.head_accessories).toBeUndefined();
    for (const [words, kind] of [
      ['a young woman with glasses', 'square_glasses'],
      ['戴眼鏡的男生', 'square_glasses'],
      ['wearing sunglasses', 'sunglasses'],
      ['戴墨鏡', 'sunglasses'],
    ] as const) {
      const worn = await drawnFor(words);
      expect(worn.selection.head_accessories, words).toBe(kind);
      const [, , n] = centroid(changed(plain.raster, worn.raster), size, band);
      expect(n, words).toBeGreaterThan(unit * 3);
    }
  }, 60_000);

  it('draws hair as strands: textured on the crown, and falling down (not across) beside the face', async () => {
    const size = 400;
    const unit = size * 0.15;
    const [cx, cy] = [size / 2, size * 0.42];
    for (const style of ['long_straight', 'shoulder_length', 'short_crop']) {
      const { data } = await sharp(await renderAvatar({ hair_style: style, hair_color: 'pink' }, size, size, 4))
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const l = (x: number, y: number) => data[Math.round(y) * size + Math.round(x)]! / 255;
      // The crown: a flat fill has no spread of brightness; strands with roots and highlights do.
      const crown: number[] = [];
      for (let y = cy - unit * 1.6; y < cy - unit * 1.3; y++) for (let x = cx - unit * 0.5; x < cx + unit * 0.5; x++) crown.push(l(x, y));
      const mean = crown.reduce((a, b) => a + b, 0) / crown.length;
      const sd = Math.sqrt(crown.reduce((a, b) => a + (b - mean) ** 2, 0) / crown.length);
      expect(sd, style).toBeGreaterThan(0.055);
      if (style === 'short_crop') continue;
      // Long hair beside the face, below the eyes: strands hang down, so brightness changes across
      // them (x) several times more than along them (y).
      let across = 0;
      let along = 0;
      for (let y = cy + unit * 0.6; y < cy + unit * 1.4; y++) {
        for (let x = cx - unit * 1.45; x < cx - unit * 1.15; x++) {
          across += Math.abs(l(x + 1, y) - l(x, y));
          along += Math.abs(l(x, y + 1) - l(x, y));
        }
      }
      expect(across, style).toBeGreaterThan(15);
      expect(across / along, style).toBeGreaterThan(2.5);
    }
  }, 60_000);
});
