/**
 * sRGB ↔ CIE L*a*b* (D65 white, CIE 1976). Colour casts are judged and removed in Lab: a* and b* are
 * the red–green and yellow–blue opponent axes, 0 for a neutral gray at any lightness, so "the cast
 * is gone" is a number (mean b* of the picture), and L* is the lightness that contrast works on.
 */
import type { Raster } from '../raster';

/** L* (0..100), a*, b* planes of one picture. */
export interface Lab {
  width: number;
  height: number;
  L: Float32Array;
  a: Float32Array;
  b: Float32Array;
}

/** sRGB transfer curve, value 0..1 → linear light, as a 4096-entry table (fast enough for 2 MP). */
const TABLE = 4096;
const toLinearTable = new Float32Array(TABLE + 1);
for (let i = 0; i <= TABLE; i++) {
  const v = i / TABLE;
  toLinearTable[i] = v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}
const toLinear = (v: number) => {
  const t = (v < 0 ? 0 : Math.min(v, 1)) * TABLE;
  const i = Math.floor(t);
  return i >= TABLE ? toLinearTable[TABLE]! : toLinearTable[i]! + (toLinearTable[i + 1]! - toLinearTable[i]!) * (t - i);
};
const fromLinearTable = new Float32Array(TABLE * 4 + 1);
for (let i = 0; i <= TABLE * 4; i++) {
  const v = i / (TABLE * 4);
  fromLinearTable[i] = v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055;
}
const fromLinear = (v: number) => {
  if (v < 0.0031308) return v <= 0 ? 0 : 12.92 * v;
  const t = Math.min(v, 1) * TABLE * 4;
  const i = Math.floor(t);
  return i >= TABLE * 4 ? 1 : fromLinearTable[i]! + (fromLinearTable[i + 1]! - fromLinearTable[i]!) * (t - i);
};

const WHITE = [0.95047, 1, 1.08883] as const;
const EPS = 216 / 24389;
const KAPPA = 24389 / 27;
const f = (t: number) => (t > EPS ? Math.cbrt(t) : (KAPPA * t + 16) / 116);
const fInv = (t: number) => (t ** 3 > EPS ? t ** 3 : (116 * t - 16) / KAPPA);

export function rgbToLab(raster: Raster): Lab {
  const n = raster.width * raster.height;
  const L = new Float32Array(n);
  const a = new Float32Array(n);
  const b = new Float32Array(n);
  const d = raster.data;
  for (let p = 0; p < n; p++) {
    const r = toLinear(d[p * 3]!);
    const g = toLinear(d[p * 3 + 1]!);
    const bl = toLinear(d[p * 3 + 2]!);
    const fx = f((0.4124564 * r + 0.3575761 * g + 0.1804375 * bl) / WHITE[0]);
    const fy = f(0.2126729 * r + 0.7151522 * g + 0.072175 * bl);
    const fz = f((0.0193339 * r + 0.119192 * g + 0.9503041 * bl) / WHITE[2]);
    L[p] = 116 * fy - 16;
    a[p] = 500 * (fx - fy);
    b[p] = 200 * (fy - fz);
  }
  return { width: raster.width, height: raster.height, L, a, b };
}

/** Back to sRGB 0..1, out-of-gamut colours clipped per channel. */
export function labToRgb(lab: Lab): Raster {
  const n = lab.width * lab.height;
  const out = new Float32Array(n * 3);
  for (let p = 0; p < n; p++) {
    const fy = (lab.L[p]! + 16) / 116;
    const x = WHITE[0] * fInv(fy + lab.a[p]! / 500);
    const y = fInv(fy);
    const z = WHITE[2] * fInv(fy - lab.b[p]! / 200);
    const rgb = [
      3.2404542 * x - 1.5371385 * y - 0.4985314 * z,
      -0.969266 * x + 1.8760108 * y + 0.041556 * z,
      0.0556434 * x - 0.2040259 * y + 1.0572252 * z,
    ];
    for (let c = 0; c < 3; c++) {
      const v = fromLinear(Math.max(0, rgb[c]!));
      out[p * 3 + c] = v < 0 ? 0 : Math.min(v, 1);
    }
  }
  return { width: lab.width, height: lab.height, data: out };
}

/** Mean L*, a*, b* of a picture (what the cast tests measure). */
export function meanLab(raster: Raster): [number, number, number] {
  const lab = rgbToLab(raster);
  let L = 0;
  let a = 0;
  let b = 0;
  for (let p = 0; p < lab.L.length; p++) {
    L += lab.L[p]!;
    a += lab.a[p]!;
    b += lab.b[p]!;
  }
  const n = lab.L.length;
  return [L / n, a / n, b / n];
}
