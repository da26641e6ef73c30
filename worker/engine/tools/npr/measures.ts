/**
 * Measures of how a stylised picture relates to its photo, used by the anime and oil-painting
 * property tests (and by hand while tuning). All take float RGB rasters (0..1).
 */
import { luminance, sobel, type Plane, type Raster } from '../raster';

/** Distinct colours after quantising each channel to 5 bits (RGB555): how flat the palette is. */
export function rgb555Count(raster: Raster): number {
  const seen = new Uint8Array(1 << 15);
  let n = 0;
  const q = (v: number) => (v <= 0 ? 0 : v >= 1 ? 31 : Math.floor(v * 32) & 31);
  for (let i = 0; i < raster.data.length; i += 3) {
    const key = (q(raster.data[i]!) << 10) | (q(raster.data[i + 1]!) << 5) | q(raster.data[i + 2]!);
    if (!seen[key]) {
      seen[key] = 1;
      n++;
    }
  }
  return n;
}

/** |4-neighbour Laplacian| of a plane (edges clamped). */
export function absLaplacian(plane: Plane): Float32Array {
  const { width, height, data } = plane;
  const out = new Float32Array(data.length);
  for (let y = 0; y < height; y++) {
    const up = Math.max(0, y - 1) * width;
    const down = Math.min(height - 1, y + 1) * width;
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const l = x > 0 ? p - 1 : p;
      const r = x < width - 1 ? p + 1 : p;
      out[p] = Math.abs(data[l]! + data[r]! + data[up + x]! + data[down + x]! - 4 * data[p]!);
    }
  }
  return out;
}

/**
 * Pixels away from the photo's strong edges: the Sobel magnitude of the input's luminance below
 * its `quantile`, and no such strong edge within `margin` pixels. "Inside regions".
 */
export function regionMask(photo: Raster, quantile = 0.8, margin = 2): Uint8Array {
  const mag = sobel(luminance(photo)).magnitude;
  const { width, height } = mag;
  const cut = Float32Array.from(mag.data).sort()[Math.floor(mag.data.length * quantile)]!;
  const mask = new Uint8Array(width * height).fill(1);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (mag.data[y * width + x]! < cut || mag.data[y * width + x]! <= 1e-6) continue;
      for (let dy = -margin; dy <= margin; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -margin; dx <= margin; dx++) {
          const xx = x + dx;
          if (xx >= 0 && xx < width) mask[yy * width + xx] = 0;
        }
      }
    }
  }
  return mask;
}

function median(values: number[]): number {
  const sorted = values.sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0;
}

/** Median |Laplacian| of the luminance over the pixels `mask` marks: fine texture left in regions. */
export function medianAbsLaplacian(raster: Raster, mask: Uint8Array): number {
  const lap = absLaplacian(luminance(raster));
  const picked: number[] = [];
  for (let i = 0; i < lap.length; i++) if (mask[i]) picked.push(lap[i]!);
  return median(picked);
}

/**
 * Mean SSIM of the luminance (Wang, Bovik, Sheikh, Simoncelli 2004) with 8×8 windows on a stride
 * of 4, C1 = (0.01)², C2 = (0.03)² for a 0..1 range.
 */
export function ssimGray(a: Raster, b: Raster, window = 8, stride = 4): number {
  const la = luminance(a).data;
  const lb = luminance(b).data;
  const { width, height } = a;
  const c1 = 0.01 ** 2;
  const c2 = 0.03 ** 2;
  let total = 0;
  let count = 0;
  for (let y0 = 0; y0 + window <= height; y0 += stride) {
    for (let x0 = 0; x0 + window <= width; x0 += stride) {
      let sa = 0;
      let sb = 0;
      let saa = 0;
      let sbb = 0;
      let sab = 0;
      for (let y = y0; y < y0 + window; y++) {
        for (let x = x0; x < x0 + window; x++) {
          const va = la[y * width + x]!;
          const vb = lb[y * width + x]!;
          sa += va;
          sb += vb;
          saa += va * va;
          sbb += vb * vb;
          sab += va * vb;
        }
      }
      const n = window * window;
      const ma = sa / n;
      const mb = sb / n;
      const va = saa / n - ma * ma;
      const vb = sbb / n - mb * mb;
      const cov = sab / n - ma * mb;
      total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2));
      count++;
    }
  }
  return total / count;
}

/**
 * How well the output keeps the photo's strong edges: Pearson correlation between the output's
 * Sobel magnitude and the photo's, over the photo's strongest `share` of edge pixels and an equal
 * number of its flattest pixels (so texture the output rightly dropped does not count against it).
 */
export function strongEdgeCorrelation(photo: Raster, out: Raster, share = 0.1): number {
  const a = sobel(luminance(photo)).magnitude.data;
  const b = sobel(luminance(out)).magnitude.data;
  const order = Array.from(a.keys()).sort((i, j) => a[i]! - a[j]!);
  const n = Math.floor(order.length * share);
  const picked = [...order.slice(0, n), ...order.slice(-n)];
  const xs = picked.map((i) => a[i]!);
  const ys = picked.map((i) => b[i]!);
  const mx = xs.reduce((s, v) => s + v, 0) / xs.length;
  const my = ys.reduce((s, v) => s + v, 0) / ys.length;
  let num = 0;
  let dx = 0;
  let dy = 0;
  for (let i = 0; i < xs.length; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my);
    dx += (xs[i]! - mx) ** 2;
    dy += (ys[i]! - my) ** 2;
  }
  return num / Math.sqrt(dx * dy);
}
