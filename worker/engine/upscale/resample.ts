/**
 * Reference resamplers for the bench and tests: bicubic (Keys, a = −0.5, as MATLAB's imresize and
 * Pillow) and Lanczos-3, separable, antialiased when shrinking (the kernel is stretched by the
 * factor). Written here because sharp's enlargement ignores its `kernel` option (cubic and lanczos3
 * gave byte-identical enlargements), so it cannot stand in as two different baselines.
 * The standard super-resolution degradation is this bicubic shrink (MATLAB `imresize`).
 */
import type { Rgb8 } from './metrics';

export type Kernel = 'bicubic' | 'lanczos3';

const KERNELS: Record<Kernel, { radius: number; weight(x: number): number }> = {
  bicubic: {
    radius: 2,
    weight(x) {
      const a = -0.5;
      const t = Math.abs(x);
      if (t <= 1) return (a + 2) * t ** 3 - (a + 3) * t ** 2 + 1;
      if (t < 2) return a * t ** 3 - 5 * a * t ** 2 + 8 * a * t - 4 * a;
      return 0;
    },
  },
  lanczos3: {
    radius: 3,
    weight(x) {
      if (x === 0) return 1;
      if (Math.abs(x) >= 3) return 0;
      const p = Math.PI * x;
      return (3 * Math.sin(p) * Math.sin(p / 3)) / (p * p);
    },
  },
};

/** Per output index: first source index and normalised weights (edges clamp). */
function contributions(inSize: number, outSize: number, kernel: Kernel, antialias: boolean) {
  const { radius, weight } = KERNELS[kernel];
  const ratio = inSize / outSize;
  const stretch = antialias ? Math.max(1, ratio) : 1;
  const result: { start: number; weights: Float64Array }[] = [];
  for (let o = 0; o < outSize; o++) {
    const centre = (o + 0.5) * ratio - 0.5;
    const start = Math.floor(centre - radius * stretch) + 1;
    const end = Math.floor(centre + radius * stretch);
    const weights = new Float64Array(end - start + 1);
    let total = 0;
    for (let i = start; i <= end; i++) total += weights[i - start] = weight((i - centre) / stretch);
    for (let k = 0; k < weights.length; k++) weights[k]! /= total;
    result.push({ start, weights });
  }
  return result;
}

/** Float resampling (no rounding), RGB interleaved: the building block of back-projection. */
export function resizeFloat(
  src: ArrayLike<number>,
  inWidth: number,
  inHeight: number,
  width: number,
  height: number,
  kernel: Kernel,
  antialias = true,
): Float32Array {
  const clampX = (x: number) => Math.min(inWidth - 1, Math.max(0, x));
  const clampY = (y: number) => Math.min(inHeight - 1, Math.max(0, y));
  const cols = contributions(inWidth, width, kernel, antialias);
  const rows = contributions(inHeight, height, kernel, antialias);
  const horizontal = new Float64Array(width * inHeight * 3);
  for (let y = 0; y < inHeight; y++) {
    for (let x = 0; x < width; x++) {
      const { start, weights } = cols[x]!;
      for (let c = 0; c < 3; c++) {
        let s = 0;
        for (let k = 0; k < weights.length; k++) s += weights[k]! * src[(y * inWidth + clampX(start + k)) * 3 + c]!;
        horizontal[(y * width + x) * 3 + c] = s;
      }
    }
  }
  const out = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const { start, weights } = rows[y]!;
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 3; c++) {
        let s = 0;
        for (let k = 0; k < weights.length; k++) s += weights[k]! * horizontal[(clampY(start + k) * width + x) * 3 + c]!;
        out[(y * width + x) * 3 + c] = s;
      }
    }
  }
  return out;
}

export function resize(image: Rgb8, width: number, height: number, kernel: Kernel, antialias = true): Rgb8 {
  const out = resizeFloat(image.data, image.width, image.height, width, height, kernel, antialias);
  return { data: Uint8Array.from(out, (v) => Math.min(255, Math.max(0, Math.round(v)))), width, height };
}
