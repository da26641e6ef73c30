/**
 * Image quality measures for the upscaler's tests and bench. Inputs are 8-bit RGB,
 * row-major, same size. As in the super-resolution literature, a border of `shave` pixels is left
 * out (every method guesses at the edge).
 */

export interface Rgb8 {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}

function assertSameSize(a: Rgb8, b: Rgb8) {
  if (a.width !== b.width || a.height !== b.height) throw new Error(`size mismatch: ${a.width}×${a.height} vs ${b.width}×${b.height}`);
}

/** Peak signal-to-noise ratio over R, G and B, in dB (Infinity when identical). */
export function psnr(a: Rgb8, b: Rgb8, shave = 0): number {
  assertSameSize(a, b);
  let sum = 0;
  let count = 0;
  for (let y = shave; y < a.height - shave; y++) {
    for (let x = shave; x < a.width - shave; x++) {
      const i = (y * a.width + x) * 3;
      for (let c = 0; c < 3; c++) {
        const d = a.data[i + c]! - b.data[i + c]!;
        sum += d * d;
      }
      count += 3;
    }
  }
  const mse = sum / count;
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
}

function luma(image: Rgb8, shave: number): { data: Float64Array; width: number; height: number } {
  const width = image.width - 2 * shave;
  const height = image.height - 2 * shave;
  const data = new Float64Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = ((y + shave) * image.width + x + shave) * 3;
      data[y * width + x] = 0.299 * image.data[i]! + 0.587 * image.data[i + 1]! + 0.114 * image.data[i + 2]!;
    }
  }
  return { data, width, height };
}

/** Separable 11-tap Gaussian (σ = 1.5) over the valid region, as in Wang et al. 2004. */
function blur(src: Float64Array, width: number, height: number): { data: Float64Array; width: number; height: number } {
  const radius = 5;
  const kernel = Array.from({ length: 2 * radius + 1 }, (_, k) => Math.exp(-((k - radius) ** 2) / (2 * 1.5 * 1.5)));
  const total = kernel.reduce((s, v) => s + v, 0);
  for (let k = 0; k < kernel.length; k++) kernel[k]! /= total;
  const w1 = width - 2 * radius;
  const h1 = height - 2 * radius;
  const rows = new Float64Array(w1 * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < w1; x++) {
      let s = 0;
      for (let k = 0; k < kernel.length; k++) s += kernel[k]! * src[y * width + x + k]!;
      rows[y * w1 + x] = s;
    }
  }
  const out = new Float64Array(w1 * h1);
  for (let y = 0; y < h1; y++) {
    for (let x = 0; x < w1; x++) {
      let s = 0;
      for (let k = 0; k < kernel.length; k++) s += kernel[k]! * rows[(y + k) * w1 + x]!;
      out[y * w1 + x] = s;
    }
  }
  return { data: out, width: w1, height: h1 };
}

/** Structural similarity of the luma (BT.601), Gaussian window, mean over the image; 1 = identical. */
export function ssim(a: Rgb8, b: Rgb8, shave = 0): number {
  assertSameSize(a, b);
  const x = luma(a, shave);
  const y = luma(b, shave);
  const n = x.data.length;
  const xx = new Float64Array(n);
  const yy = new Float64Array(n);
  const xy = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    xx[i] = x.data[i]! * x.data[i]!;
    yy[i] = y.data[i]! * y.data[i]!;
    xy[i] = x.data[i]! * y.data[i]!;
  }
  const [mx, my, sxx, syy, sxy] = [x.data, y.data, xx, yy, xy].map((d) => blur(d, x.width, x.height).data) as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  let sum = 0;
  for (let i = 0; i < mx.length; i++) {
    const vx = sxx[i]! - mx[i]! * mx[i]!;
    const vy = syy[i]! - my[i]! * my[i]!;
    const cov = sxy[i]! - mx[i]! * my[i]!;
    sum += ((2 * mx[i]! * my[i]! + c1) * (2 * cov + c2)) / ((mx[i]! ** 2 + my[i]! ** 2 + c1) * (vx + vy + c2));
  }
  return sum / mx.length;
}
