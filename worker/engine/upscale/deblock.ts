/**
 * JPEG deblocking for the upscaler's pre-processing. A strongly compressed JPEG is made of 8×8 blocks
 * whose edges show as small steps; super-resolution takes those steps for detail and enlarges them
 * into a visible grid (32-px squares at 4×, over faces too). Before enlarging, a low-quality JPEG is
 * deblocked by re-applying JPEG on shifted grids (Nosratinia, "Enhancement of JPEG-compressed
 * images by re-application of JPEG", J. VLSI Signal Processing 27, 2001): the decoded picture is
 * compressed again at its own quality with the block grid moved by (dx, dy), decoded, moved back,
 * and the 16 versions (dx, dy ∈ {0, 2, 4, 6}) averaged. Each version keeps what the file's
 * quantisation can say and drops what it cannot, at a different place; their mean has no grid.
 */
import sharp from 'sharp';
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

/** The grid shifts averaged: every second pixel of the 8×8 block in each direction. */
const SHIFTS = [0, 2, 4, 6];

/**
 * Deblocks decoded JPEG pixels (`channels` 3, 8-bit, on the file's stored grid, where its blocks
 * are) by re-application of JPEG at `quality` on shifted grids, and returns the mean. The picture is
 * mirrored by up to 6 px at its top left so each shift has real-looking pixels there.
 */
export async function deblock(rgb: Uint8Array, width: number, height: number, quality: number): Promise<Uint8Array> {
  const sum = new Uint32Array(width * height * 3);
  const raw = { width, height, channels: 3 as const };
  for (const dy of SHIFTS) {
    for (const dx of SHIFTS) {
      const shifted = await sharp(rgb, { raw })
        .extend({ left: dx, top: dy, extendWith: 'mirror' })
        .jpeg({ quality, chromaSubsampling: '4:2:0' })
        .toBuffer();
      const back = await sharp(shifted).extract({ left: dx, top: dy, width, height }).raw().toBuffer();
      for (let i = 0; i < sum.length; i++) sum[i]! += back[i]!;
    }
  }
  const count = SHIFTS.length * SHIFTS.length;
  const mean = new Uint8Array(sum.length);
  for (let i = 0; i < sum.length; i++) mean[i] = Math.round(sum[i]! / count);
  return mean;
}

/**
 * How much a grid of `period` pixels shows: the mean luma step across the grid's lines divided by the
 * mean step across the other lines of a finer `baseline` grid (about 1 for an image without blocks,
 * larger the more they show). `period` 8 with `baseline` 1 measures a JPEG's own blocks; after a 4×
 * enlargement the blocks are 32 px and each input pixel is 4, and a super-resolution network leaves
 * its own small pattern at every input pixel's edge, so 32 against 4 measures the blocks alone.
 */
export function blockiness(image: RgbImage, period = 8, baseline = 1): number {
  const { data, width, height } = image;
  let across = 0;
  let acrossCount = 0;
  let inside = 0;
  let insideCount = 0;
  const add = (position: number, d: number) => {
    if (position % period === 0) {
      across += d;
      acrossCount++;
    } else if (position % baseline === 0) {
      inside += d;
      insideCount++;
    }
  };
  for (let y = 0; y < height; y++) {
    for (let x = 1; x < width; x++) add(x, Math.abs(lumaAt(data, y * width + x) - lumaAt(data, y * width + x - 1)));
  }
  for (let y = 1; y < height; y++) {
    for (let x = 0; x < width; x++) add(y, Math.abs(lumaAt(data, y * width + x) - lumaAt(data, (y - 1) * width + x)));
  }
  return across / acrossCount / (inside / insideCount || 1);
}
