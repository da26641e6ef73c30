/**
 * Photo restoration of an old, damaged print:
 * 1. Scratches and dust: pixels that stand out from their 5×5 median by far more than the photo's
 *    own noise (robust estimate), in thin or small groups, are marked…
 * 2. …and inpainted by normalized convolution (the mean of the known pixels around, widening until
 *    every hole is filled), which follows the surrounding tones without inventing detail.
 * 3. Edge-preserving denoise (guided filter).
 * 4. Colour: per-channel levels from robust percentiles remove the yellow/sepia cast and the fading.
 * 5. A gentle local-contrast lift (unsharp mask on luminance).
 */
import { boxBlur, guidedFilter, scaleFor } from './filters';
import { channel, createPlane, gaussianBlur, luminance, mergeChannels, type Plane, type PhotoTool, type Raster } from './raster';

/** 5×5 median of a plane (sorting 25 values; fine at the tools' working size). */
function median5(plane: Plane): Plane {
  const { width, height, data } = plane;
  const out = createPlane(width, height);
  const window = new Float32Array(25);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let n = 0;
      for (let dy = -2; dy <= 2; dy++) {
        const yy = y + dy < 0 ? 0 : y + dy >= height ? height - 1 : y + dy;
        for (let dx = -2; dx <= 2; dx++) {
          const xx = x + dx < 0 ? 0 : x + dx >= width ? width - 1 : x + dx;
          window[n++] = data[yy * width + xx]!;
        }
      }
      window.sort();
      out.data[y * width + x] = window[12]!;
    }
  }
  return out;
}

/** Where the photo is damaged: outliers against the local median, beyond the noise level. */
export function damageMask(lum: Plane): Plane {
  const med = median5(lum);
  const residual = lum.data.map((v, i) => Math.abs(v - med.data[i]!));
  // Noise from the median absolute residual (robust: scratches are a small fraction of pixels).
  const sorted = Float32Array.from(residual).sort();
  const noise = sorted[Math.floor(sorted.length * 0.5)]! * 1.4826;
  const threshold = Math.max(0.1, noise * 6);
  // Busy places (text, stars, fabric folds) have large residuals of their own: there a mark must also
  // stand out from the local spread of the median image, or real detail would be painted over.
  const meanMed = boxBlur(med, 3);
  const meanSq = boxBlur({ ...med, data: med.data.map((v) => v * v) }, 3);
  const mask = createPlane(lum.width, lum.height);
  for (let i = 0; i < mask.data.length; i++) {
    const localStd = Math.sqrt(Math.max(0, meanSq.data[i]! - meanMed.data[i]! ** 2));
    mask.data[i] = residual[i]! > Math.max(threshold, localStd * 1.6) ? 1 : 0;
  }
  // Grow by one pixel: a scratch's soft shoulders are damaged too.
  const grown = boxBlur(mask, 1);
  for (let i = 0; i < mask.data.length; i++) mask.data[i] = grown.data[i]! > 0.05 ? 1 : 0;
  return mask;
}

/** Fills masked pixels with the weighted mean of known ones around, widening the window until none is left. */
export function inpaint(raster: Raster, mask: Plane): Raster {
  const known = createPlane(mask.width, mask.height);
  for (let i = 0; i < known.data.length; i++) known.data[i] = 1 - mask.data[i]!;
  const planes = [0, 1, 2].map((c) => channel(raster, c as 0 | 1 | 2));
  for (const sigma of [1.5, 3, 6, 12]) {
    const weight = gaussianBlur(known, sigma);
    const filled = planes.map((plane) => gaussianBlur({ ...plane, data: plane.data.map((v, i) => v * known.data[i]!) }, sigma));
    let left = 0;
    for (let i = 0; i < known.data.length; i++) {
      if (known.data[i]! === 1) continue;
      if (weight.data[i]! > 0.02) {
        for (let c = 0; c < 3; c++) planes[c]!.data[i] = filled[c]!.data[i]! / weight.data[i]!;
        known.data[i] = 1;
      } else left++;
    }
    if (left === 0) break;
  }
  return mergeChannels(planes[0]!, planes[1]!, planes[2]!);
}

function percentile(values: Float32Array, q: number): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.floor(q * (sorted.length - 1))]!;
}

export const restorePhoto: PhotoTool = async ({ image }) => {
  const s = scaleFor(image);
  const lum = luminance(image);
  const repaired = inpaint(image, damageMask(lum));
  const guide = luminance(repaired);
  const radius = Math.max(1, Math.round(2 * s));
  const planes = [0, 1, 2].map((c) => guidedFilter(guide, channel(repaired, c as 0 | 1 | 2), radius, 0.0025));
  // Levels per channel from robust percentiles: undoes fading and a colour cast together.
  const levels = planes.map((plane) => [percentile(plane.data, 0.005), percentile(plane.data, 0.995)] as const);
  // Each channel's range moves most of the way to the full range: enough to undo fading and a cast,
  // not so much that a naturally soft photo is blown into a harsh one.
  const stretched = planes.map((plane, c) => {
    const [lo, hi] = levels[c]!;
    const targetLo = lo + (0.01 - lo) * 0.8;
    const targetHi = hi + (0.98 - hi) * 0.8;
    // Capped: a nearly uniform picture (fog, a plain wall) must not have its grain blown up.
    const gain = Math.min(2, (targetHi - targetLo) / Math.max(0.05, hi - lo));
    const mid = (lo + hi) / 2;
    const targetMid = (targetLo + targetHi) / 2;
    return { ...plane, data: plane.data.map((v) => targetMid + (v - mid) * gain) };
  });
  // No grey-world balance: it would turn a ginger cat gray. Per-channel levels already remove a cast
  // that lifted or lowered a whole channel, which is what ageing does.
  const merged = mergeChannels(stretched[0]!, stretched[1]!, stretched[2]!);
  // Local contrast: unsharp mask on luminance, added equally to the three channels.
  const l = luminance(merged);
  const blurred = gaussianBlur(l, 2.5 * Math.max(0.6, s));
  const out = new Float32Array(merged.data.length);
  for (let p = 0; p < l.data.length; p++) {
    const detail = (l.data[p]! - blurred.data[p]!) * 0.25;
    for (let c = 0; c < 3; c++) out[p * 3 + c] = Math.min(1, Math.max(0, merged.data[p * 3 + c]! + detail));
  }
  return { image: { width: image.width, height: image.height, data: out } };
};
