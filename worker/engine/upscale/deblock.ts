/**
 * JPEG deblocking for the upscaler's pre-processing. A strongly compressed JPEG is made of 8×8 blocks
 * whose edges show as small steps; super-resolution takes those steps for detail and enlarges them
 * into a visible grid. Before enlarging, a low-quality JPEG gets a deblocking pass (in the manner of
 * the H.264 loop filter): at each block boundary, a step that is small for the file's quantisation
 * and sits between two flat sides is spread over the four pixels around the boundary; real edges
 * (large steps, or busy sides) are left alone.
 */
import type { RgbImage } from './tiles';

/** The IJG standard luminance quantisation table (quality 50), in the file's zig-zag order. */
const STANDARD_LUMA_ZIGZAG = [
  16, 11, 12, 14, 12, 10, 16, 14, 13, 14, 18, 17, 16, 19, 24, 40, 26, 24, 22, 22, 24, 49, 35, 37, 29, 40, 58, 51, 61, 60, 57, 51, 56, 55,
  64, 72, 92, 78, 64, 68, 87, 69, 55, 56, 80, 109, 81, 87, 95, 98, 103, 104, 103, 62, 77, 113, 121, 112, 100, 120, 92, 101, 103, 99,
];

/** What the file's first quantisation table says about it. */
export interface JpegQuantisation {
  /** The IJG quality (1–100) that would give this table; an estimate for other encoders. */
  quality: number;
  /** The DC step of the luminance table: how coarse the block averages are. */
  dcStep: number;
}

/**
 * Reads the luminance quantisation table of a baseline or progressive JPEG and estimates its quality
 * (the inverse of the IJG scaling). Null when the bytes are not a JPEG or carry no table. Only reads
 * within the buffer; every segment step moves forward.
 */
export function jpegQuantisation(bytes: Uint8Array): JpegQuantisation | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let i = 2;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01 || marker === 0xff) {
      i += marker === 0xff ? 1 : 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return null; // image data reached without a table
    const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    if (length < 2) return null;
    if (marker === 0xdb) {
      let j = i + 4;
      const end = Math.min(bytes.length, i + 2 + length);
      while (j < end) {
        const precision = bytes[j]! >> 4;
        const id = bytes[j]! & 15;
        const size = precision ? 128 : 64;
        if (j + 1 + size > end) return null;
        if (id === 0) {
          const table = Array.from({ length: 64 }, (_, k) =>
            precision ? (bytes[j + 1 + 2 * k]! << 8) | bytes[j + 2 + 2 * k]! : bytes[j + 1 + k]!,
          );
          // Mean scaling against the standard table, in percent, then the IJG quality formula inverted.
          const scale = (table.reduce((sum, q, k) => sum + (q * 100) / STANDARD_LUMA_ZIGZAG[k]!, 0) / 64) | 0;
          const quality = scale <= 0 ? 100 : scale <= 100 ? Math.round((200 - scale) / 2) : Math.round(5000 / scale);
          return { quality: Math.max(1, Math.min(100, quality)), dcStep: table[0]! };
        }
        j += 1 + size;
      }
    }
    i += 2 + length;
  }
  return null;
}

/** At or below this estimated quality a JPEG's blocks show once enlarged (measured in deblock.test.ts). */
export const DEBLOCK_BELOW_QUALITY = 60;

/** Rec. 601 luma of pixel `p` (RGB floats). */
const lumaAt = (d: Float32Array, p: number) => 0.299 * d[p * 3]! + 0.587 * d[p * 3 + 1]! + 0.114 * d[p * 3 + 2]!;

/**
 * Spreads small block-boundary steps over the boundary's four pixels, vertical boundaries first,
 * then horizontal ones, in place. `dcStep` (the luminance DC quantisation step) sets what counts as
 * small: a step up to about one DC step is what rounding the block averages produces.
 */
export function deblock(image: RgbImage, dcStep: number): RgbImage {
  const { data, width, height } = image;
  const alpha = Math.max(4, dcStep * 1.2);
  const beta = Math.max(2, dcStep * 0.35);
  // One boundary between p1 p0 | q0 q1 (pixel indices): filtered when the step is small and both sides flat.
  const filter = (p1: number, p0: number, q0: number, q1: number) => {
    const a1 = lumaAt(data, p1);
    const a0 = lumaAt(data, p0);
    const b0 = lumaAt(data, q0);
    const b1 = lumaAt(data, q1);
    if (Math.abs(b0 - a0) >= alpha || Math.abs(a0 - a1) >= beta || Math.abs(b1 - b0) >= beta) return;
    for (let c = 0; c < 3; c++) {
      const step = data[q0 * 3 + c]! - data[p0 * 3 + c]!;
      // A linear ramp across the four pixels in place of the step.
      data[p1 * 3 + c]! += step / 8;
      data[p0 * 3 + c]! += (3 * step) / 8;
      data[q0 * 3 + c]! -= (3 * step) / 8;
      data[q1 * 3 + c]! -= step / 8;
    }
  };
  for (let y = 0; y < height; y++) {
    for (let x = 8; x + 1 < width; x += 8) {
      const row = y * width;
      filter(row + x - 2, row + x - 1, row + x, row + x + 1);
    }
  }
  for (let y = 8; y + 1 < height; y += 8) {
    for (let x = 0; x < width; x++) filter((y - 2) * width + x, (y - 1) * width + x, y * width + x, (y + 1) * width + x);
  }
  return image;
}

/**
 * How much the 8×8 grid shows: the mean luma step across block boundaries divided by the mean step
 * between neighbours inside blocks (about 1 for an image without blocks, larger the more they show).
 */
export function blockiness(image: RgbImage): number {
  const { data, width, height } = image;
  let across = 0;
  let acrossCount = 0;
  let inside = 0;
  let insideCount = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 1; x < width; x++) {
      const d = Math.abs(lumaAt(data, y * width + x) - lumaAt(data, y * width + x - 1));
      if (x % 8 === 0) {
        across += d;
        acrossCount++;
      } else {
        inside += d;
        insideCount++;
      }
    }
  }
  for (let y = 1; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = Math.abs(lumaAt(data, y * width + x) - lumaAt(data, (y - 1) * width + x));
      if (y % 8 === 0) {
        across += d;
        acrossCount++;
      } else {
        inside += d;
        insideCount++;
      }
    }
  }
  return across / acrossCount / (inside / insideCount || 1);
}
