/**
 * Edge-aware filters the photo tools share. All run in O(pixels) whatever the radius
 * (running sums / integral images), so a 1 MP photo stays well under a second per pass.
 */
import { channel, createPlane, gaussianBlur, luminance, mergeChannels, type Plane, type Raster } from './raster';

/** Mean over a (2r+1)² window, edges clamped by shrinking the window (running sums, O(n)). */
export function boxBlur(plane: Plane, radius: number): Plane {
  const { width, height, data } = plane;
  if (radius <= 0) return { width, height, data: data.slice() };
  const tmp = new Float32Array(data.length);
  const out = new Float32Array(data.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    let count = 0;
    for (let x = 0; x <= Math.min(radius, width - 1); x++, count++) sum += data[row + x]!;
    for (let x = 0; x < width; x++) {
      tmp[row + x] = sum / count;
      const add = x + radius + 1;
      const drop = x - radius;
      if (add < width) {
        sum += data[row + add]!;
        count++;
      }
      if (drop >= 0) {
        sum -= data[row + drop]!;
        count--;
      }
    }
  }
  for (let x = 0; x < width; x++) {
    let sum = 0;
    let count = 0;
    for (let y = 0; y <= Math.min(radius, height - 1); y++, count++) sum += tmp[y * width + x]!;
    for (let y = 0; y < height; y++) {
      out[y * width + x] = sum / count;
      const add = y + radius + 1;
      const drop = y - radius;
      if (add < height) {
        sum += tmp[add * width + x]!;
        count++;
      }
      if (drop >= 0) {
        sum -= tmp[drop * width + x]!;
        count--;
      }
    }
  }
  return { width, height, data: out };
}

const product = (a: Plane, b: Plane): Plane => ({ width: a.width, height: a.height, data: a.data.map((v, i) => v * b.data[i]!) });

/**
 * Guided filter (He, Sun & Tang 2010): smooths `input` while keeping the edges of `guide`. With the
 * photo's luminance as guide it is an edge-preserving smoother; with a coarse mask as input it
 * snaps the mask to the photo's edges (hair, shoulders). `epsilon` is the edge threshold in
 * variance units (0.01 ≈ edges of 0.1 in luminance survive).
 */
export function guidedFilter(guide: Plane, input: Plane, radius: number, epsilon: number): Plane {
  const meanI = boxBlur(guide, radius);
  const meanP = boxBlur(input, radius);
  const corrIP = boxBlur(product(guide, input), radius);
  const corrII = boxBlur(product(guide, guide), radius);
  const a = createPlane(guide.width, guide.height);
  const b = createPlane(guide.width, guide.height);
  for (let i = 0; i < a.data.length; i++) {
    const varI = corrII.data[i]! - meanI.data[i]! ** 2;
    const covIP = corrIP.data[i]! - meanI.data[i]! * meanP.data[i]!;
    a.data[i] = covIP / (varI + epsilon);
    b.data[i] = meanP.data[i]! - a.data[i]! * meanI.data[i]!;
  }
  const meanA = boxBlur(a, radius);
  const meanB = boxBlur(b, radius);
  const out = createPlane(guide.width, guide.height);
  for (let i = 0; i < out.data.length; i++) out.data[i] = meanA.data[i]! * guide.data[i]! + meanB.data[i]!;
  return out;
}

/** Edge-preserving smoothing of a colour raster, each channel guided by the photo's luminance. */
export function smoothPreservingEdges(raster: Raster, radius: number, epsilon: number, guide: Plane = luminance(raster)): Raster {
  const smooth = (c: 0 | 1 | 2) => guidedFilter(guide, channel(raster, c), radius, epsilon);
  return mergeChannels(smooth(0), smooth(1), smooth(2));
}

/**
 * Kuwahara filter: each pixel takes the mean colour of whichever of its four overlapping
 * quadrants is most uniform (lowest luminance variance). Flattens texture into brush-like patches
 * while keeping edges crisp, the classic painterly abstraction. Integral images make it O(n).
 */
export function kuwahara(raster: Raster, radius: number): Raster {
  const { width, height, data } = raster;
  const lum = luminance(raster).data;
  const stride = width + 1;
  // Integral images of R, G, B, L and L² with a zero row and column in front.
  const sums = Array.from({ length: 5 }, () => new Float64Array(stride * (height + 1)));
  for (let y = 0; y < height; y++) {
    const row = [0, 0, 0, 0, 0];
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const l = lum[p]!;
      const values = [data[p * 3]!, data[p * 3 + 1]!, data[p * 3 + 2]!, l, l * l];
      for (let k = 0; k < 5; k++) {
        row[k]! += values[k]!;
        sums[k]![(y + 1) * stride + x + 1] = sums[k]![y * stride + x + 1]! + row[k]!;
      }
    }
  }
  const rect = (k: number, x0: number, y0: number, x1: number, y1: number) => {
    const s = sums[k]!;
    return s[(y1 + 1) * stride + x1 + 1]! - s[y0 * stride + x1 + 1]! - s[(y1 + 1) * stride + x0]! + s[y0 * stride + x0]!;
  };
  const out = new Float32Array(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let best = Infinity;
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [-1, -1],
        [1, -1],
        [-1, 1],
        [1, 1],
      ] as const) {
        const x0 = Math.max(0, Math.min(x, x + dx * radius));
        const x1 = Math.min(width - 1, Math.max(x, x + dx * radius));
        const y0 = Math.max(0, Math.min(y, y + dy * radius));
        const y1 = Math.min(height - 1, Math.max(y, y + dy * radius));
        const n = (x1 - x0 + 1) * (y1 - y0 + 1);
        const mean = rect(3, x0, y0, x1, y1) / n;
        const variance = rect(4, x0, y0, x1, y1) / n - mean * mean;
        if (variance < best) {
          best = variance;
          r = rect(0, x0, y0, x1, y1) / n;
          g = rect(1, x0, y0, x1, y1) / n;
          b = rect(2, x0, y0, x1, y1) / n;
        }
      }
      const p = (y * width + x) * 3;
      out[p] = r;
      out[p + 1] = g;
      out[p + 2] = b;
    }
  }
  return { width, height, data: out };
}

/**
 * Extended difference of Gaussians (Winnemöller 2012): a stylised line drawing of a luminance
 * plane, 1 on paper and toward 0 on lines. `sigma` sets the line scale, `sharpness` the ink
 * contrast; thin, continuous strokes instead of a noisy gradient map.
 */
export function xdog(lum: Plane, sigma: number, { k = 1.6, tau = 0.98, epsilon = -0.02, sharpness = 60 } = {}): Plane {
  const g1 = gaussianBlur(lum, sigma);
  const g2 = gaussianBlur(lum, sigma * k);
  const out = createPlane(lum.width, lum.height);
  for (let i = 0; i < out.data.length; i++) {
    const d = g1.data[i]! - tau * g2.data[i]!;
    out.data[i] = d >= epsilon ? 1 : 1 + Math.tanh(sharpness * (d - epsilon));
  }
  return out;
}

/** Removes ink specks: dark pixels (value < threshold) in a connected group smaller than `minArea` become paper. */
export function removeSpecks(lines: Plane, minArea: number, threshold = 0.5): Plane {
  const { width, height, data } = lines;
  const out = { width, height, data: data.slice() };
  const seen = new Uint8Array(data.length);
  const stack: number[] = [];
  const group: number[] = [];
  for (let start = 0; start < data.length; start++) {
    if (seen[start] || data[start]! >= threshold) continue;
    group.length = 0;
    stack.push(start);
    seen[start] = 1;
    while (stack.length) {
      const p = stack.pop()!;
      group.push(p);
      const x = p % width;
      const y = (p - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const q = ny * width + nx;
          if (!seen[q] && data[q]! < threshold) {
            seen[q] = 1;
            stack.push(q);
          }
        }
      }
    }
    if (group.length < minArea) for (const p of group) out.data[p] = 1;
  }
  return out;
}

/** Grayscale dilation of dark ink (min filter over a square), thickening lines by `radius` px. */
export function thickenInk(lines: Plane, radius: number): Plane {
  const { width, height, data } = lines;
  const tmp = new Float32Array(data.length);
  const out = new Float32Array(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let m = 1;
      for (let k = Math.max(0, x - radius); k <= Math.min(width - 1, x + radius); k++) m = Math.min(m, data[y * width + k]!);
      tmp[y * width + x] = m;
    }
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let m = 1;
      for (let k = Math.max(0, y - radius); k <= Math.min(height - 1, y + radius); k++) m = Math.min(m, tmp[k * width + x]!);
      out[y * width + x] = m;
    }
  }
  return { width, height, data: out };
}

/** A working-scale factor so the longer side is at most `maxSide` (filters' radii scale with it). */
export const scaleFor = (raster: { width: number; height: number }, reference = 1024) => Math.max(raster.width, raster.height) / reference;
