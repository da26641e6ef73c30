import sharp from 'sharp';
import { expect } from 'vitest';
import type { Orientation } from '../../lib/images/exif';
import { stripMetadata } from '../../lib/images/strip-metadata';

/**
 * The photo as its owner sees it: 30×40, blue, a red band across the top 16 rows and a green
 * square in the top-left corner, so a turn, a flip or a mirror each leaves a different picture.
 */
const UPRIGHT = { width: 30, height: 40 } as const;
const RED = [255, 0, 0];
const GREEN = [0, 200, 0];
const BLUE = [32, 64, 255];
const shownColour = (x: number, y: number) => (x < 16 && y < 16 ? GREEN : y < 16 ? RED : BLUE);

/**
 * Where displayed pixel (x, y) sits in the stored pixels (w×h) for each EXIF orientation, straight
 * from the tag's definition (which stored row/column is the visual top/left), not from a decoder.
 */
const STORED_AT: Record<Orientation, (x: number, y: number, w: number, h: number) => [number, number]> = {
  1: (x, y) => [x, y],
  2: (x, y, w) => [w - 1 - x, y],
  3: (x, y, w, h) => [w - 1 - x, h - 1 - y],
  4: (x, y, _w, h) => [x, h - 1 - y],
  5: (x, y) => [y, x],
  6: (x, y, _w, h) => [y, h - 1 - x],
  7: (x, y, w, h) => [w - 1 - y, h - 1 - x],
  8: (x, y, w) => [w - 1 - y, x],
};

/**
 * A phone photo as an upload stores it: the sensor pixels (sideways for 5–8, mirrored for 2, 4, 5,
 * 7) tagged with `orientation` (6 by default, how phones store portraits) and stripped like every
 * upload, so only the Orientation tag is left. Shown upright it is {@link UPRIGHT}.
 */
export async function phonePhoto(format: 'jpeg' | 'png' | 'webp', orientation: Orientation = 6): Promise<Uint8Array> {
  const [w, h] = orientation >= 5 ? [UPRIGHT.height, UPRIGHT.width] : [UPRIGHT.width, UPRIGHT.height];
  const pixels = Buffer.alloc(w * h * 3);
  for (let y = 0; y < UPRIGHT.height; y += 1) {
    for (let x = 0; x < UPRIGHT.width; x += 1) {
      const [sx, sy] = STORED_AT[orientation](x, y, w, h);
      pixels.set(shownColour(x, y), (sy * w + sx) * 3);
    }
  }
  const image = sharp(pixels, { raw: { width: w, height: h, channels: 3 } })
    .withExif({ IFD0: { Copyright: 'owner' } })
    .withMetadata({ orientation });
  const bytes =
    format === 'jpeg'
      ? await image.jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).toBuffer()
      : format === 'webp'
        ? await image.webp({ lossless: true }).toBuffer()
        : await image.png().toBuffer();
  return stripMetadata(new Uint8Array(bytes), `image/${format}`);
}

/**
 * The bytes decode, read as stored (no auto-orientation), to the photo as its owner sees it:
 * 30×40, no orientation tag left for anyone to apply a second time, green in the top-left corner,
 * red along the rest of the top, blue below.
 */
export async function expectUpright(bytes: Uint8Array) {
  const metadata = await sharp(bytes).metadata();
  expect(metadata.orientation ?? 1).toBe(1);
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([UPRIGHT.width, UPRIGHT.height]);
  const near = (x: number, y: number) => {
    const at = (y * info.width + x) * 3;
    const actual = [...data.subarray(at, at + 3)];
    const expected = shownColour(x, y);
    return { at: [x, y], close: actual.every((v, k) => Math.abs(v - expected[k]!) < 48), actual, expected };
  };
  // Each corner region, and the middle of the band, in its own colour.
  for (const [x, y] of [
    [4, 4],
    [24, 6],
    [4, 34],
    [25, 35],
  ] as const) {
    expect(near(x, y)).toMatchObject({ close: true });
  }
}
