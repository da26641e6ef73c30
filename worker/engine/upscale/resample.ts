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

/** Taps of one axis: per output index, `taps` source offsets (clamped at the edges, times 3 for RGB) and normalised weights, flat. */
interface Contributions {
  taps: number;
  offsets: Int32Array;
  weights: Float64Array;
}

/** The few axis sizes a job uses (one per tile shape) come back every window and every back-projection step. */
const contributionCache = new Map<string, Contributions>();

/**
 * Rows with fewer taps are padded with zero weights, so the inner loops have one fixed length; `taps`
 * is the most any row needs (a tap whose weight is zero at every row is not kept).
 */
function contributions(inSize: number, outSize: number, kernel: Kernel, antialias: boolean): Contributions {
  const key = `${inSize}:${outSize}:${kernel}:${antialias}`;
  const cached = contributionCache.get(key);
  if (cached) return cached;
  const { radius, weight } = KERNELS[kernel];
  const ratio = inSize / outSize;
  const stretch = antialias ? Math.max(1, ratio) : 1;
  const reach = radius * stretch;
  const centre = (o: number) => (o + 0.5) * ratio - 0.5;
  let taps = 1;
  for (let o = 0; o < outSize; o++) taps = Math.max(taps, Math.floor(centre(o) + reach) - Math.floor(centre(o) - reach));
  const offsets = new Int32Array(outSize * taps);
  const weights = new Float64Array(outSize * taps);
  for (let o = 0; o < outSize; o++) {
    const start = Math.floor(centre(o) - reach) + 1;
    const end = Math.floor(centre(o) + reach);
    let total = 0;
    for (let i = start; i <= end; i++) total += weights[o * taps + i - start] = weight((i - centre(o)) / stretch);
    for (let k = 0; k < taps; k++) {
      weights[o * taps + k]! /= total;
      offsets[o * taps + k] = Math.min(inSize - 1, Math.max(0, start + k)) * 3;
    }
  }
  const result = { taps, offsets, weights };
  if (contributionCache.size > 64) contributionCache.clear();
  contributionCache.set(key, result);
  return result;
}

/** Horizontal pass: every input row resampled to `width` RGB pixels, into `out` (width × rows × 3). */
function resampleRows(src: ArrayLike<number>, inWidth: number, rows: number, width: number, cols: Contributions, out: Float64Array) {
  const { taps, offsets, weights } = cols;
  for (let y = 0; y < rows; y++) {
    const row = y * inWidth * 3;
    let o = y * width * 3;
    for (let x = 0, k = 0; x < width; x++, o += 3) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const end = k + taps; k < end; k++) {
        const w = weights[k]!;
        const i = row + offsets[k]!;
        r += w * src[i]!;
        g += w * src[i + 1]!;
        b += w * src[i + 2]!;
      }
      out[o] = r;
      out[o + 1] = g;
      out[o + 2] = b;
    }
  }
}

/** Vertical pass: rows of `horizontal` (stride floats each) combined into `height` rows of `out`. */
function resampleColumns(horizontal: Float64Array, stride: number, height: number, rows: Contributions, out: Float32Array) {
  const { taps, offsets, weights } = rows;
  for (let y = 0; y < height; y++) {
    const line = y * stride;
    const first = (offsets[y * taps]! / 3) * stride;
    const w0 = weights[y * taps]!;
    for (let i = 0; i < stride; i++) out[line + i] = w0 * horizontal[first + i]!;
    for (let k = y * taps + 1, end = y * taps + taps; k < end; k++) {
      const w = weights[k]!;
      if (w === 0) continue;
      const from = (offsets[k]! / 3) * stride;
      for (let i = 0; i < stride; i++) out[line + i]! += w * horizontal[from + i]!;
    }
  }
}

/**
 * A resampler from `inWidth` × `inHeight` to `width` × `height` (RGB interleaved floats, no rounding),
 * with its taps and its intermediate buffer made once: back-projection runs the same two sizes every
 * step. Writes into `out` when given (it must not be `src`).
 */
export function resampler(inWidth: number, inHeight: number, width: number, height: number, kernel: Kernel, antialias = true) {
  const cols = contributions(inWidth, width, kernel, antialias);
  const rows = contributions(inHeight, height, kernel, antialias);
  const horizontal = new Float64Array(width * inHeight * 3);
  return (src: ArrayLike<number>, out: Float32Array = new Float32Array(width * height * 3)): Float32Array => {
    resampleRows(src, inWidth, inHeight, width, cols, horizontal);
    resampleColumns(horizontal, width * 3, height, rows, out);
    return out;
  };
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
  return resampler(inWidth, inHeight, width, height, kernel, antialias)(src);
}

/**
 * Floats rounded and clamped to bytes, in a plain loop: `Uint8Array.from` with a mapping function
 * goes through the iterator protocol and measured over 100× slower (seconds on a budget-sized image).
 */
export function toBytes(values: ArrayLike<number>): Uint8Array {
  const bytes = new Uint8Array(values.length);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Math.min(255, Math.max(0, Math.round(values[i]!)));
  return bytes;
}

export function resize(image: Rgb8, width: number, height: number, kernel: Kernel, antialias = true): Rgb8 {
  const out = resizeFloat(image.data, image.width, image.height, width, height, kernel, antialias);
  return { data: toBytes(out), width, height };
}
