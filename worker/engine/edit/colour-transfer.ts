/**
 * Colour transfer between images in CIELAB: Reinhard, Ashikhmin, Gooch and Shirley, "Color Transfer
 * between Images" (IEEE CG&A 21(5), 2001). Each channel of the source is shifted and scaled so its
 * mean and standard deviation match the target's; a decorrelated opponent space lets the channels
 * be treated separately. The paper works in Ruderman's lαβ; CIELAB is the common substitute (same
 * opponent axes, and a lightness that is perceptually even), as in OpenCV-based implementations.
 *
 * Edits use it partially (`amount` < 1): a person or a pasted subject takes on some of the scene's
 * light and cast without losing its own colours (a full transfer would paint a face the colour of the
 * wall behind it).
 */
import type { Plane, Raster } from '../tools/raster';

const D65 = [0.95047, 1, 1.08883] as const;
const toLinear = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
const toGamma = (v: number) => (v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055);
const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 / 116) * t + 16 / 116);
const fInverse = (t: number) => (t ** 3 > 216 / 24389 ? t ** 3 : (116 * t - 16) / (24389 / 27));

/** sRGB (0..1) → CIELAB (L 0..100), D65. */
export function rgbToLab(r: number, g: number, b: number): [number, number, number] {
  const [lr, lg, lb] = [toLinear(r), toLinear(g), toLinear(b)];
  const x = (0.4124564 * lr + 0.3575761 * lg + 0.1804375 * lb) / D65[0];
  const y = (0.2126729 * lr + 0.7151522 * lg + 0.072175 * lb) / D65[1];
  const z = (0.0193339 * lr + 0.119192 * lg + 0.9503041 * lb) / D65[2];
  const [fx, fy, fz] = [f(x), f(y), f(z)];
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** CIELAB → sRGB (0..1, clamped). */
export function labToRgb(l: number, a: number, b: number): [number, number, number] {
  const fy = (l + 16) / 116;
  const x = fInverse(fy + a / 500) * D65[0];
  const y = fInverse(fy) * D65[1];
  const z = fInverse(fy - b / 200) * D65[2];
  const lr = 3.2404542 * x - 1.5371385 * y - 0.4985314 * z;
  const lg = -0.969266 * x + 1.8760108 * y + 0.041556 * z;
  const lb = 0.0556434 * x - 0.2040259 * y + 1.0572252 * z;
  const clamp = (v: number) => Math.min(1, Math.max(0, toGamma(Math.max(0, v))));
  return [clamp(lr), clamp(lg), clamp(lb)];
}

export interface LabStats {
  mean: [number, number, number];
  std: [number, number, number];
}

/** Mean and standard deviation of each Lab channel, over the pixels weighted by `weight` (all when absent). */
export function labStats(image: Raster, weight?: Plane): LabStats {
  const sum = [0, 0, 0];
  const squares = [0, 0, 0];
  let total = 0;
  const n = image.width * image.height;
  // Every other pixel in each direction is plenty for four moments, and keeps big rasters quick.
  const step = n > 250_000 ? 2 : 1;
  for (let y = 0; y < image.height; y += step) {
    for (let x = 0; x < image.width; x += step) {
      const p = y * image.width + x;
      const w = weight ? weight.data[p]! : 1;
      if (w <= 0.01) continue;
      const lab = rgbToLab(image.data[p * 3]!, image.data[p * 3 + 1]!, image.data[p * 3 + 2]!);
      for (let c = 0; c < 3; c++) {
        sum[c]! += lab[c]! * w;
        squares[c]! += lab[c]! * lab[c]! * w;
      }
      total += w;
    }
  }
  const mean = sum.map((s) => s / Math.max(total, 1e-6)) as [number, number, number];
  const std = squares.map((s, c) => Math.sqrt(Math.max(0, s / Math.max(total, 1e-6) - mean[c]! ** 2))) as [number, number, number];
  return { mean, std };
}

/**
 * Moves `image` (where `mask` > 0; everywhere without one) towards the target's statistics, by
 * `amount` per channel [L, a, b] (0 keeps it, 1 is the paper's full transfer): the mean shifts by
 * that share, and the spread scales by the same share of the ratio in log terms. In place.
 */
export function transferColour(image: Raster, source: LabStats, target: LabStats, amount: [number, number, number], mask?: Plane): void {
  const shift = [0, 1, 2].map((c) => (target.mean[c]! - source.mean[c]!) * amount[c]!);
  // A flat source (a grey wall) must not be blown up into noise: the spread ratio is bounded.
  const scale = [0, 1, 2].map((c) => Math.min(2, Math.max(0.5, target.std[c]! / Math.max(source.std[c]!, 1e-3))) ** amount[c]!);
  for (let p = 0; p < image.width * image.height; p++) {
    const m = mask ? mask.data[p]! : 1;
    if (m <= 0) continue;
    const r = image.data[p * 3]!;
    const g = image.data[p * 3 + 1]!;
    const b = image.data[p * 3 + 2]!;
    const lab = rgbToLab(r, g, b);
    for (let c = 0; c < 3; c++) lab[c] = (lab[c]! - source.mean[c]!) * scale[c]! + source.mean[c]! + shift[c]!;
    const out = labToRgb(lab[0], lab[1], lab[2]);
    image.data[p * 3] = r + (out[0] - r) * m;
    image.data[p * 3 + 1] = g + (out[1] - g) * m;
    image.data[p * 3 + 2] = b + (out[2] - b) * m;
  }
}
