/**
 * Face enhancement: each detected face is super-resolved again by the larger ESRGAN (medium, 28
 * convolutions against slim's 12), then skin noise is smoothed (3×3 median) and edges — eyes, brows,
 * lips — are sharpened (unsharp mask), and the result is blended into the upscaled photo through a
 * feathered ellipse, so nothing outside the faces changes and no edge shows.
 */
import sharp from 'sharp';
import { toBytes } from './resample';
import type { RgbImage } from './tiles';

export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One sentence for the upscaler page (E3). */
export const FACE_ENHANCEMENT_DESCRIPTION =
  'Finds faces and redraws them with a larger AI model, then smooths skin noise and sharpens eyes and lips, blended softly into the photo.';

/** The face box grows by this much each side so hair line and chin are inside the pass; the mask feathers over it. */
const MARGIN = 0.25;
/** LR pixels of real context around the face crop for the model (tiles.ts explains why). */
const CONTEXT = 24;

export interface FaceRegion {
  /** Region in input pixels (clamped to the image). */
  left: number;
  top: number;
  width: number;
  height: number;
}

export function faceRegion(box: FaceBox, imageWidth: number, imageHeight: number): FaceRegion | null {
  // A detector's box is data from a model: anything not finite or not positive is skipped, not drawn.
  if (![box.x, box.y, box.width, box.height].every(Number.isFinite) || box.width <= 0 || box.height <= 0) return null;
  const left = Math.max(0, Math.floor(box.x - box.width * MARGIN));
  const top = Math.max(0, Math.floor(box.y - box.height * MARGIN));
  const right = Math.min(imageWidth, Math.ceil(box.x + box.width * (1 + MARGIN)));
  const bottom = Math.min(imageHeight, Math.ceil(box.y + box.height * (1 + MARGIN)));
  if (right - left < 8 || bottom - top < 8) return null;
  return { left, top, width: right - left, height: bottom - top };
}

function crop(image: RgbImage, left: number, top: number, width: number, height: number): Float32Array {
  const out = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y++)
    out.set(image.data.subarray(((top + y) * image.width + left) * 3, ((top + y) * image.width + left + width) * 3), y * width * 3);
  return out;
}

/** Median then unsharp mask, as two sharp pipelines (sharp orders operations itself within one). */
async function retouch(rgb: Float32Array, width: number, height: number): Promise<Uint8Array> {
  const raw = { width, height, channels: 3 as const };
  const bytes = toBytes(rgb);
  const smoothed = await sharp(bytes, { raw }).median(3).raw().toBuffer();
  return new Uint8Array(await sharp(smoothed, { raw }).sharpen({ sigma: 1.2, m1: 0.6, m2: 3 }).raw().toBuffer());
}

/**
 * Enhances every face of `input` inside `upscaled` (input × scale), in place; `resolve` is the
 * face-grade super-resolution (scale×). Returns how many faces were enhanced.
 */
export async function enhanceFaces(
  input: RgbImage,
  upscaled: RgbImage,
  scale: number,
  faces: FaceBox[],
  resolve: (lr: RgbImage) => Promise<RgbImage>,
): Promise<number> {
  let enhanced = 0;
  for (const box of faces) {
    const region = faceRegion(box, input.width, input.height);
    if (!region) continue;
    const x0 = Math.max(0, region.left - CONTEXT);
    const y0 = Math.max(0, region.top - CONTEXT);
    const x1 = Math.min(input.width, region.left + region.width + CONTEXT);
    const y1 = Math.min(input.height, region.top + region.height + CONTEXT);
    const sr = (await resolve({ data: crop(input, x0, y0, x1 - x0, y1 - y0), width: x1 - x0, height: y1 - y0 })).data;
    const windowWidth = (x1 - x0) * scale;
    const retouched = await retouch(sr, windowWidth, (y1 - y0) * scale);
    // Feathered ellipse over the region: full strength inside 60 % of the radius, fading to 0 at its edge.
    const W = region.width * scale;
    const H = region.height * scale;
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const dx = (x + 0.5 - W / 2) / (W / 2);
        const dy = (y + 0.5 - H / 2) / (H / 2);
        const r = Math.sqrt(dx * dx + dy * dy);
        if (r >= 1) continue;
        const t = Math.min(1, (1 - r) / 0.4);
        const alpha = t * t * (3 - 2 * t);
        const src = ((y + (region.top - y0) * scale) * windowWidth + x + (region.left - x0) * scale) * 3;
        const dst = ((region.top * scale + y) * upscaled.width + region.left * scale + x) * 3;
        for (let c = 0; c < 3; c++) upscaled.data[dst + c] = upscaled.data[dst + c]! * (1 - alpha) + retouched[src + c]! * alpha;
      }
    }
    enhanced++;
  }
  return enhanced;
}
