/**
 * What every PNG the engine hands back says about itself (print size and colour), in one place.
 *
 * - **Resolution:** 72 dpi unless the producer asks for more (ID photos print at 300). libvips
 *   otherwise writes its default of 1 px/mm (25.4 dpi), so print and layout programs sized a 768 px
 *   creation at 30 inches.
 * - **Colour:** every output is sRGB (the engine decodes and works in sRGB), so each says so with
 *   the PNG `sRGB` chunk (plus `gAMA`, which the PNG spec asks to accompany it), the same way for
 *   every file, instead of some carrying an input's ICC profile and others nothing.
 * - **Greyscale:** a result whose pixels are all grey (a sketch, a black-and-white edit) is stored as
 *   a greyscale PNG: a third of the size, and it opens as what it is.
 *
 * The metadata is written by rewriting the chunks after `IHDR`, without decoding the image again.
 */
import sharp from 'sharp';
import { pngChunk as chunk, concat } from '../lib/images/strip-metadata';

/** The resolution written into outputs that ask for none. */
export const OUTPUT_DPI = 72;

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Chunks that describe resolution or colour space: dropped, then written once by {@link setPngMetadata}. */
const REPLACED = new Set(['pHYs', 'sRGB', 'iCCP', 'gAMA', 'cHRM']);

export const isPng = (bytes: Uint8Array) => bytes.length > 8 && SIGNATURE.every((b, i) => bytes[i] === b);

/** The chunks of a PNG as [type, start, end) ranges over the whole chunk; null when it is not a well-formed PNG. */
function chunksOf(png: Uint8Array): { type: string; start: number; end: number }[] | null {
  if (!isPng(png)) return null;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const chunks: { type: string; start: number; end: number }[] = [];
  let offset = 8;
  while (offset + 12 <= png.length) {
    const length = view.getUint32(offset);
    const end = offset + 12 + length;
    if (end > png.length) return null;
    const type = String.fromCharCode(...png.subarray(offset + 4, offset + 8));
    chunks.push({ type, start: offset, end });
    offset = end;
    if (type === 'IEND') break;
  }
  return chunks[0]?.type === 'IHDR' ? chunks : null;
}

/** The DPI a PNG's `pHYs` chunk states, or null when it states none (or no unit). */
export function pngDpi(png: Uint8Array): number | null {
  const phys = chunksOf(png)?.find((c) => c.type === 'pHYs');
  if (!phys || png[phys.start + 16] !== 1) return null;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return Math.round(view.getUint32(phys.start + 8) * 0.0254);
}

/** `IHDR`'s colour type: 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA. */
export const pngColourType = (png: Uint8Array) => (chunksOf(png) ? png[25]! : null);

/**
 * Writes `dpi` (as `pHYs`, pixels per metre) and sRGB (`sRGB` perceptual + `gAMA` 1/2.2) right after
 * `IHDR`, replacing any resolution or colour-space chunk already there. Anything that is not a PNG
 * comes back unchanged.
 */
export function setPngMetadata(png: Uint8Array, options: { dpi?: number } = {}): Uint8Array {
  const chunks = chunksOf(png);
  if (!chunks) return png;
  const perMetre = Math.round((options.dpi ?? OUTPUT_DPI) / 0.0254);
  const phys = new Uint8Array(9);
  new DataView(phys.buffer).setUint32(0, perMetre);
  new DataView(phys.buffer).setUint32(4, perMetre);
  phys[8] = 1;
  const gama = new Uint8Array(4);
  new DataView(gama.buffer).setUint32(0, 45455);
  const added = [chunk('sRGB', new Uint8Array([0])), chunk('gAMA', gama), chunk('pHYs', phys)];
  const kept = chunks.filter((c) => !REPLACED.has(c.type));
  return concat([
    png.subarray(0, 8),
    png.subarray(kept[0]!.start, kept[0]!.end),
    ...added,
    ...kept.slice(1).map((c) => png.subarray(c.start, c.end)),
  ]);
}

/** True when every pixel of interleaved 8-bit samples has equal R, G and B (`channels` 3 or 4). */
export function allGrey(data: Uint8Array, channels: number): boolean {
  if (channels < 3) return true;
  for (let i = 0; i < data.length; i += channels) if (data[i] !== data[i + 1] || data[i] !== data[i + 2]) return false;
  return true;
}

/**
 * An engine output made final: greyscale when all its pixels are grey, then {@link setPngMetadata}.
 * Non-PNG bytes (an SVG logo) pass through. `greyCheck: false` skips the decode the grey test needs
 * (a 16 MP upscale of a colour photo cannot come out grey, and decoding it costs a few hundred ms).
 */
export async function finishPngOutput(bytes: Uint8Array, options: { dpi?: number; greyCheck?: boolean } = {}): Promise<Uint8Array> {
  const colourType = pngColourType(bytes);
  if (colourType === null) return bytes;
  let png = bytes;
  if ((colourType === 2 || colourType === 6) && options.greyCheck !== false) {
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    if (info.channels >= 3 && allGrey(data, info.channels)) png = await greyPng(data, info.width, info.height, info.channels);
  }
  return setPngMetadata(png, options);
}

/** Interleaved 8-bit RGB(A) samples whose pixels are all grey → a grey (+ alpha) PNG. */
export async function greyPng(data: Uint8Array, width: number, height: number, channels: number): Promise<Uint8Array> {
  const alpha = channels === 4;
  const grey = new Uint8Array(width * height * (alpha ? 2 : 1));
  for (let p = 0, o = 0; p < data.length; p += channels) {
    grey[o++] = data[p]!;
    if (alpha) grey[o++] = data[p + 3]!;
  }
  const image = sharp(Buffer.from(grey), { raw: { width, height, channels: alpha ? 2 : 1 } }).toColourspace('b-w');
  return new Uint8Array(await image.png({ compressionLevel: 6 }).toBuffer());
}
