/**
 * Non-local means (Buades, Coll & Morel 2005, "A non-local algorithm for image denoising", CVPR):
 * each pixel becomes the weighted mean of the pixels in a search window whose surrounding patches
 * look alike, so film grain averages out while edges and texture, which repeat along themselves,
 * stay. Patch distances are taken on L* (where grain lives and the eye judges it) and the same
 * weights average a* and b*, so colour follows the luminance edges. One pass per search offset,
 * the patch sums from a running box filter: O(pixels × offsets) whatever the patch size.
 */
import { boxBlur } from '../filters';
import type { Lab } from './lab';

/** Robust noise level of L*: the median absolute horizontal difference (texture inflates it a little). */
export function noiseSigma(lab: Lab): number {
  const { width, height, L } = lab;
  // Every other row is plenty for a median.
  const diffs = new Float32Array((width - 1) * Math.ceil(height / 2));
  let k = 0;
  for (let y = 0; y < height; y += 2) for (let x = 0; x < width - 1; x++) diffs[k++] = Math.abs(L[y * width + x + 1]! - L[y * width + x]!);
  diffs.sort();
  return (diffs[Math.floor(diffs.length / 2)]! * 1.4826) / Math.SQRT2;
}

/** exp(−x) for x in 0..EXP_RANGE, tabulated: the weights are the inner loop's only transcendental. */
const EXP_RANGE = 8;
const EXP_STEPS = 2048;
const EXP_TABLE = Float32Array.from({ length: EXP_STEPS + 1 }, (_, k) => Math.exp((-k * EXP_RANGE) / EXP_STEPS));

export function nonLocalMeans(lab: Lab, sigma: number, { search = 3, patch = 1, strength = 0.9 } = {}): Lab {
  const { width, height, L, a, b } = lab;
  const n = width * height;
  const scale = EXP_STEPS / ((strength * sigma) ** 2 + 1e-6) / EXP_RANGE;
  // Two patches of pure noise differ by 2σ² on average: that much is no difference at all.
  const floor = 2 * sigma * sigma;
  const sumW = new Float32Array(n);
  const sumL = new Float32Array(n);
  const sumA = new Float32Array(n);
  const sumB = new Float32Array(n);
  const maxW = new Float32Array(n);
  const diff = new Float32Array(n);
  const plane = { width, height, data: diff };
  // Each offset in one half-plane serves both pixels of a pair (the weight is symmetric).
  for (let dy = 0; dy <= search; dy++) {
    for (let dx = -search; dx <= search; dx++) {
      if (dy === 0 && dx <= 0) continue;
      const x0 = Math.max(0, -dx);
      const x1 = Math.min(width, width - dx);
      diff.fill(0);
      for (let y = 0; y < height - dy; y++) {
        const row = y * width;
        const other = (y + dy) * width + dx;
        for (let x = x0; x < x1; x++) {
          const d = L[row + x]! - L[other + x]!;
          diff[row + x] = d * d;
        }
      }
      const dist = boxBlur(plane, patch).data;
      for (let y = 0; y < height - dy; y++) {
        const row = y * width;
        const other = (y + dy) * width + dx;
        for (let x = x0; x < x1; x++) {
          const i = row + x;
          const j = other + x;
          const k = (dist[i]! - floor) * scale;
          if (k >= EXP_STEPS) continue;
          const w = k <= 0 ? 1 : EXP_TABLE[k | 0]!;
          sumW[i]! += w;
          sumL[i]! += w * L[j]!;
          sumA[i]! += w * a[j]!;
          sumB[i]! += w * b[j]!;
          sumW[j]! += w;
          sumL[j]! += w * L[i]!;
          sumA[j]! += w * a[i]!;
          sumB[j]! += w * b[i]!;
          if (w > maxW[i]!) maxW[i] = w;
          if (w > maxW[j]!) maxW[j] = w;
        }
      }
    }
  }
  const out: Lab = { width, height, L: new Float32Array(n), a: new Float32Array(n), b: new Float32Array(n) };
  for (let i = 0; i < n; i++) {
    // The pixel itself counts as much as its best match (Buades et al.'s rule).
    const self = maxW[i]! > 0 ? maxW[i]! : 1;
    const total = sumW[i]! + self;
    out.L[i] = (sumL[i]! + self * L[i]!) / total;
    out.a[i] = (sumA[i]! + self * a[i]!) / total;
    out.b[i] = (sumB[i]! + self * b[i]!) / total;
  }
  return out;
}
