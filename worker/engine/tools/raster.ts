/**
 * The photo tools' shared pixel vocabulary. A tool decodes once into a float RGB
 * {@link Raster}, works on planes and rasters with these primitives, and encodes once. Floats in
 * 0..1 keep filters composable without clipping or rounding between steps; 1 MP of RGB floats is
 * 12 MB, well inside a pool thread's budget.
 *
 * Only what more than one tool needs lives here; a tool's own kernels stay in its file.
 */
import sharp from 'sharp';
import { OUTPUT_DPI, setPngMetadata } from '../png-output';

/** Interleaved RGB, row-major, each sample 0..1. */
export interface Raster {
  width: number;
  height: number;
  data: Float32Array;
}

/** One channel (luminance, a mask, an edge map), row-major. */
export interface Plane {
  width: number;
  height: number;
  data: Float32Array;
}

/**
 * The tools work on at most this many pixels per side: big enough for a 1024-px creation, small
 * enough that the slowest tool stays in seconds on one core. Larger uploads are shrunk first.
 */
export const TOOL_MAX_SIDE = 1536;

export function createRaster(width: number, height: number, fill = 0): Raster {
  return { width, height, data: new Float32Array(width * height * 3).fill(fill) };
}

export function createPlane(width: number, height: number, fill = 0): Plane {
  return { width, height, data: new Float32Array(width * height).fill(fill) };
}

/**
 * Encoded bytes → a raster, upright (EXIF orientation applied), alpha flattened onto white (a
 * transparent PNG is a cut-out whose hidden pixels are noise), shrunk to `maxSide`.
 */
export async function decodeRaster(bytes: Uint8Array, maxSide = TOOL_MAX_SIDE): Promise<Raster> {
  const { data, info } = await sharp(bytes, { limitInputPixels: 60_000_000 })
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const out = new Float32Array(info.width * info.height * 3);
  for (let i = 0; i < out.length; i++) out[i] = data[i]! / 255;
  return { width: info.width, height: info.height, data: out };
}

/** 8-bit RGB bytes of a raster (clamped, rounded). */
export function toRgb8(raster: Raster): Uint8Array {
  const out = new Uint8Array(raster.data.length);
  for (let i = 0; i < out.length; i++) out[i] = Math.round(clamp01(raster.data[i]!) * 255);
  return out;
}

export function fromRgb8(data: Uint8Array | Uint8ClampedArray, width: number, height: number): Raster {
  const out = new Float32Array(width * height * 3);
  for (let i = 0; i < out.length; i++) out[i] = data[i]! / 255;
  return { width, height, data: out };
}

/**
 * A raster as an RGB PNG that states sRGB and `density` DPI (72 unless the tool asks: ID photos
 * print at 300; png-output.ts). Always RGB: these bytes also feed the face detector and the edit
 * chain; the engine stores an all-grey final result as greyscale (runEngineOperation).
 */
export async function encodeRaster(raster: Raster, options: { density?: number } = {}): Promise<Uint8Array> {
  const image = sharp(Buffer.from(toRgb8(raster)), { raw: { width: raster.width, height: raster.height, channels: 3 } });
  return setPngMetadata(new Uint8Array(await image.png({ compressionLevel: 6 }).toBuffer()), { dpi: options.density ?? OUTPUT_DPI });
}

export const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** Rec. 709 luma of each pixel. */
export function luminance(raster: Raster): Plane {
  const { width, height, data } = raster;
  const out = new Float32Array(width * height);
  for (let p = 0, i = 0; p < out.length; p++, i += 3) out[p] = 0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!;
  return { width, height, data: out };
}

/** One channel (0 R, 1 G, 2 B) as a plane. */
export function channel(raster: Raster, c: 0 | 1 | 2): Plane {
  const out = new Float32Array(raster.width * raster.height);
  for (let p = 0; p < out.length; p++) out[p] = raster.data[p * 3 + c]!;
  return { width: raster.width, height: raster.height, data: out };
}

/** Three planes back into a raster. */
export function mergeChannels(r: Plane, g: Plane, b: Plane): Raster {
  const out = new Float32Array(r.width * r.height * 3);
  for (let p = 0; p < r.data.length; p++) {
    out[p * 3] = r.data[p]!;
    out[p * 3 + 1] = g.data[p]!;
    out[p * 3 + 2] = b.data[p]!;
  }
  return { width: r.width, height: r.height, data: out };
}

/** A gray plane as an RGB raster. */
export function grayToRaster(plane: Plane): Raster {
  return mergeChannels(plane, plane, plane);
}

function gaussianKernel(sigma: number): Float32Array {
  const radius = Math.max(1, Math.ceil(sigma * 3));
  const kernel = new Float32Array(radius * 2 + 1);
  let sum = 0;
  for (let i = -radius; i <= radius; i++) sum += kernel[i + radius] = Math.exp(-(i * i) / (2 * sigma * sigma));
  for (let i = 0; i < kernel.length; i++) kernel[i]! /= sum;
  return kernel;
}

/** Separable Gaussian blur of a plane; edges clamp (no dark vignette from zero padding). */
export function gaussianBlur(plane: Plane, sigma: number): Plane {
  const { width, height, data } = plane;
  if (sigma <= 0) return { width, height, data: data.slice() };
  const kernel = gaussianKernel(sigma);
  const radius = (kernel.length - 1) / 2;
  const tmp = new Float32Array(data.length);
  const out = new Float32Array(data.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      let acc = 0;
      for (let k = -radius; k <= radius; k++) {
        const xx = x + k < 0 ? 0 : x + k >= width ? width - 1 : x + k;
        acc += data[row + xx]! * kernel[k + radius]!;
      }
      tmp[row + x] = acc;
    }
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let acc = 0;
      for (let k = -radius; k <= radius; k++) {
        const yy = y + k < 0 ? 0 : y + k >= height ? height - 1 : y + k;
        acc += tmp[yy * width + x]! * kernel[k + radius]!;
      }
      out[y * width + x] = acc;
    }
  }
  return { width, height, data: out };
}

/** Gaussian blur of each channel of a raster. */
export function blurRaster(raster: Raster, sigma: number): Raster {
  return mergeChannels(
    gaussianBlur(channel(raster, 0), sigma),
    gaussianBlur(channel(raster, 1), sigma),
    gaussianBlur(channel(raster, 2), sigma),
  );
}

/** Sobel gradient magnitude (0..~1.4 for a 0..1 plane) and direction in radians. */
export function sobel(plane: Plane): { magnitude: Plane; angle: Plane } {
  const { width, height, data } = plane;
  const magnitude = new Float32Array(data.length);
  const angle = new Float32Array(data.length);
  const at = (x: number, y: number) => data[(y < 0 ? 0 : y >= height ? height - 1 : y) * width + (x < 0 ? 0 : x >= width ? width - 1 : x)]!;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const gx = at(x + 1, y - 1) + 2 * at(x + 1, y) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x - 1, y) - at(x - 1, y + 1);
      const gy = at(x - 1, y + 1) + 2 * at(x, y + 1) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x, y - 1) - at(x + 1, y - 1);
      magnitude[y * width + x] = Math.hypot(gx, gy) / 4;
      angle[y * width + x] = Math.atan2(gy, gx);
    }
  }
  return { magnitude: { width, height, data: magnitude }, angle: { width, height, data: angle } };
}

/** RGB (0..1) → HSV with hue in 0..1. */
export function rgbToHsv(r: number, g: number, b: number): [number, number, number] {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  let h = 0;
  if (d > 0) {
    if (max === r) h = ((g - b) / d + 6) % 6;
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
    h /= 6;
  }
  return [h, max === 0 ? 0 : d / max, max];
}

export function hsvToRgb(h: number, s: number, v: number): [number, number, number] {
  const i = Math.floor(h * 6);
  const f = h * 6 - i;
  const p = v * (1 - s);
  const q = v * (1 - f * s);
  const t = v * (1 - (1 - f) * s);
  switch (((i % 6) + 6) % 6) {
    case 0:
      return [v, t, p];
    case 1:
      return [q, v, p];
    case 2:
      return [p, v, t];
    case 3:
      return [p, q, v];
    case 4:
      return [t, p, v];
    default:
      return [v, p, q];
  }
}

/** Per-pixel mix: out = a·(1−t) + b·t, t from a plane (a mask) or a constant. */
export function mix(a: Raster, b: Raster, t: Plane | number): Raster {
  const out = new Float32Array(a.data.length);
  for (let p = 0, i = 0; p < a.width * a.height; p++, i += 3) {
    const w = typeof t === 'number' ? t : t.data[p]!;
    out[i] = a.data[i]! + (b.data[i]! - a.data[i]!) * w;
    out[i + 1] = a.data[i + 1]! + (b.data[i + 1]! - a.data[i + 1]!) * w;
    out[i + 2] = a.data[i + 2]! + (b.data[i + 2]! - a.data[i + 2]!) * w;
  }
  return { width: a.width, height: a.height, data: out };
}

/** Resize with sharp's Lanczos (for masks and working copies at another scale). */
export async function resizeRaster(raster: Raster, width: number, height: number): Promise<Raster> {
  const { data, info } = await sharp(Buffer.from(toRgb8(raster)), { raw: { width: raster.width, height: raster.height, channels: 3 } })
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return fromRgb8(data, info.width, info.height);
}

/**
 * Paper / canvas grain: value noise at a few octaves around 0 (±amplitude), seeded, so the same
 * seed gives the same sheet. Used by sketch, watercolor and oil painting.
 */
export function grainTexture(width: number, height: number, seed: number, scale = 3, amplitude = 0.04): Plane {
  let state = seed >>> 0 || 1;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const white = createPlane(width, height);
  for (let i = 0; i < white.data.length; i++) white.data[i] = next() - 0.5;
  const fine = gaussianBlur(white, scale * 0.35);
  const coarse = gaussianBlur(white, scale * 1.5);
  const out = createPlane(width, height);
  let max = 1e-6;
  for (let i = 0; i < out.data.length; i++) {
    const v = fine.data[i]! + 2.5 * coarse.data[i]!;
    out.data[i] = v;
    max = Math.max(max, Math.abs(v));
  }
  for (let i = 0; i < out.data.length; i++) out.data[i] = (out.data[i]! / max) * amplitude;
  return out;
}

/** What every photo tool receives: the decoded photo, its original bytes (for the face and person models), the catalogue's parameters and the job's seed. */
export interface ToolInput {
  image: Raster;
  encoded: Uint8Array;
  params: Record<string, string | number | boolean>;
  seed: number;
}

/** What a tool returns; `density` (DPI) is written into the PNG (ID photos print at 300). */
export interface ToolResult {
  image: Raster;
  density?: number;
}

/** The one shape of a photo tool (worker/engine/tools/index.ts dispatches by tool id). */
export type PhotoTool = (input: ToolInput) => Promise<ToolResult>;
