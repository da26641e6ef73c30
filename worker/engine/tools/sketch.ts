/**
 * Pencil sketch: the classic colour-dodge of the gray photo by its blurred inverse (light paper,
 * graphite where tones change), plus hatching strokes that build up in the dark tones and a paper
 * grain. Denoised first so the paper stays clean. Output is grayscale.
 */
import { guidedFilter, scaleFor } from './filters';
import { createPlane, gaussianBlur, grainTexture, grayToRaster, luminance, type Plane, type PhotoTool } from './raster';

/** Noise smeared along a diagonal: pencil hatching lines (dx = ±1 per row). */
function hatching(width: number, height: number, seed: number, length: number, direction: 1 | -1): Plane {
  let state = (seed * 2654435761) >>> 0 || 1;
  const noise = new Float32Array(width * height);
  for (let i = 0; i < noise.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    noise[i] = (state >>> 0) / 4294967296 < 0.5 ? 0 : 1;
  }
  const out = createPlane(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let n = 0;
      for (let k = -length; k <= length; k++) {
        const yy = y + k;
        const xx = x + k * direction;
        if (yy < 0 || yy >= height || xx < 0 || xx >= width) continue;
        sum += noise[yy * width + xx]!;
        n++;
      }
      out.data[y * width + x] = n ? sum / n : 0.5;
    }
  }
  // Stretch around 0.5 so strokes read as lines rather than gray haze.
  for (let i = 0; i < out.data.length; i++) out.data[i] = Math.min(1, Math.max(0, (out.data[i]! - 0.5) * 3 + 0.5));
  return out;
}

export const sketch: PhotoTool = async ({ image, seed }) => {
  const s = scaleFor(image);
  const lum = luminance(image);
  const clean = guidedFilter(lum, lum, Math.max(1, Math.round(2 * s)), 0.0015);
  const inverse = createPlane(lum.width, lum.height);
  for (let i = 0; i < inverse.data.length; i++) inverse.data[i] = 1 - clean.data[i]!;
  const blurred = gaussianBlur(inverse, 7 * Math.max(0.5, s));
  const tone = gaussianBlur(clean, 2.5 * Math.max(0.5, s));
  const length = Math.max(3, Math.round(9 * s));
  const hatchA = hatching(lum.width, lum.height, seed, length, 1);
  const hatchB = hatching(lum.width, lum.height, seed + 1, length, -1);
  const paper = grainTexture(lum.width, lum.height, seed, 2 * Math.max(0.5, s), 0.035);
  const out = createPlane(lum.width, lum.height);
  for (let i = 0; i < out.data.length; i++) {
    const dodge = Math.min(1, clean.data[i]! / Math.max(1e-3, 1 - blurred.data[i]!));
    let v = dodge ** 2.2;
    // Hatching only where the photo is dark: one direction in mid shadows, cross-hatching deeper.
    const dark = 1 - tone.data[i]!;
    const a = Math.max(0, Math.min(1, (dark - 0.45) / 0.3));
    const b = Math.max(0, Math.min(1, (dark - 0.65) / 0.25));
    v *= 1 - 0.28 * a * (1 - hatchA.data[i]!);
    v *= 1 - 0.3 * b * (1 - hatchB.data[i]!);
    out.data[i] = Math.min(1, Math.max(0, v * 0.97 + 0.03 + paper.data[i]!));
  }
  return { image: grayToRaster(out) };
};
