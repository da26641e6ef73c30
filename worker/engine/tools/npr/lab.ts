/**
 * CIE L*a*b* (D65) for interleaved float RGB rasters: the colour space the anime tool smooths and
 * quantises in, because Euclidean distance there is close to perceived colour difference.
 */
import type { Raster } from '../raster';

const toLinear = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
const toGamma = (v: number) => (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055);
const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (t * 24389) / 27 / 116 + 16 / 116);
const fInv = (t: number) => (t * t * t > 216 / 24389 ? t * t * t : (116 * t - 16) / (24389 / 27));
const WX = 0.95047;
const WZ = 1.08883;

/** A 4096-entry table for sRGB → linear (inputs are 0..1 floats, mostly from 8-bit photos). */
const LINEAR = Float32Array.from({ length: 4097 }, (_, i) => toLinear(i / 4096));
const linear = (v: number) => LINEAR[Math.round(Math.min(1, Math.max(0, v)) * 4096)]!;

/** RGB (0..1) raster → interleaved L (0..100), a, b. */
export function rasterToLab(raster: Raster): Float32Array {
  const { data } = raster;
  const out = new Float32Array(data.length);
  for (let i = 0; i < data.length; i += 3) {
    const r = linear(data[i]!);
    const g = linear(data[i + 1]!);
    const b = linear(data[i + 2]!);
    const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / WX);
    const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
    const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / WZ);
    out[i] = 116 * y - 16;
    out[i + 1] = 500 * (x - y);
    out[i + 2] = 200 * (y - z);
  }
  return out;
}

/** One Lab colour → RGB (0..1, clamped). */
export function labToRgb(l: number, a: number, bb: number): [number, number, number] {
  const fy = (l + 16) / 116;
  const x = fInv(fy + a / 500) * WX;
  const y = fInv(fy);
  const z = fInv(fy - bb / 200) * WZ;
  const c = (v: number) => Math.min(1, Math.max(0, toGamma(Math.max(0, v))));
  return [c(3.2406 * x - 1.5372 * y - 0.4986 * z), c(-0.9689 * x + 1.8758 * y + 0.0415 * z), c(0.0557 * x - 0.204 * y + 1.057 * z)];
}

/** Interleaved Lab → RGB raster. */
export function labToRaster(lab: Float32Array, width: number, height: number): Raster {
  const out = new Float32Array(lab.length);
  for (let i = 0; i < lab.length; i += 3) {
    const [r, g, b] = labToRgb(lab[i]!, lab[i + 1]!, lab[i + 2]!);
    out[i] = r;
    out[i + 1] = g;
    out[i + 2] = b;
  }
  return { width, height, data: out };
}
