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

/**
 * Per output index, `taps` source indices (clamped at the edges) and normalised weights, flat.
 * Rows with fewer taps are padded with zero weights, so the inner loops have one fixed length.
 */
function contributions(inSize: number, outSize: number, kernel: Kernel, antialias: boolean) {
  const { radius, weight } = KERNELS[kernel];
  const ratio = inSize / outSize;
  const stretch = antialias ? Math.max(1, ratio) : 1;
  const taps = Math.ceil(2 * radius * stretch) + 1;
  const indices = new Int32Array(outSize * taps);
  const weights = new Float64Array(outSize * taps);
  for (let o = 0; o < outSize; o++) {
    const centre = (o + 0.5) * ratio - 0.5;
    const start = Math.floor(centre - radius * stretch) + 1;
    const end = Math.min(start + taps - 1, Math.floor(centre + radius * stretch));
    let total = 0;
    for (let i = start; i <= end; i++) total += weights[o * taps + i - start] = weight((i - centre) / stretch);
    for (let k = 0; k < taps; k++) {
      weights[o * taps + k]! /= total;
      indices[o * taps + k] = Math.min(inSize - 1, Math.max(0, start + k));
    }
  }
  return { taps, indices, weights };
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
  const cols = contributions(inWidth, width, kernel, antialias);
  const rows = contributions(inHeight, height, kernel, antialias);
  const horizontal = new Float64Array(width * inHeight * 3);
  for (let y = 0; y < inHeight; y++) {
    const row = y * inWidth * 3;
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let k = x * cols.taps, end = k + cols.taps; k < end; k++) {
        const w = cols.weights[k]!;
        const i = row + cols.indices[k]! * 3;
        r += w * src[i]!;
        g += w * src[i + 1]!;
        b += w * src[i + 2]!;
      }
      const o = (y * width + x) * 3;
      horizontal[o] = r;
      horizontal[o + 1] = g;
      horizontal[o + 2] = b;
    }
  }
  const out = new Float32Array(width * height * 3);
  const stride = width * 3;
  for (let y = 0; y < height; y++) {
    const line = y * stride;
    for (let k = y * rows.taps, end = k + rows.taps; k < end; k++) {
      const w = rows.weights[k]!;
      if (w === 0) continue;
      const from = rows.indices[k]! * stride;
      for (let i = 0; i < stride; i++) out[line + i]! += w * horizontal[from + i]!;
    }
  }
  return out;
}

export function resize(image: Rgb8, width: number, height: number, kernel: Kernel, antialias = true): Rgb8 {
  const out = resizeFloat(image.data, image.width, image.height, width, height, kernel, antialias);
  return { data: Uint8Array.from(out, (v) => Math.min(255, Math.max(0, Math.round(v)))), width, height };
}
