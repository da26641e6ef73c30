/**
 * Reads an image's real type and dimensions from its first bytes, without decoding it, so uploads
 * are judged by content (not by name or declared type) and decompression bombs — a tiny file whose
 * header claims a gigapixel canvas — are refused before any decoder allocates memory. Pure code: runs
 * on Workers and Node alike.
 */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';

export interface ImageInfo {
  type: ImageType;
  width: number;
  height: number;
}

/** The ASCII tag at `start` (chunk types, RIFF fourccs); the parsers here share it. */
export const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));
const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;

export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 8 && bytes[0] === 0x89 && ascii(bytes, 1, 3) === 'PNG' && bytes[4] === 0x0d && bytes[5] === 0x0a) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'image/webp';
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) return 'image/gif';
  return null;
}

function jpegSize(b: Uint8Array): [number, number] | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return [u16be(b, i + 7), u16be(b, i + 5)];
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    i += 2 + u16be(b, i + 2);
  }
  return null;
}

function webpSize(b: Uint8Array): [number, number] | null {
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8X' && b.length >= 30) return [u24le(b, 24) + 1, u24le(b, 27) + 1];
  if (chunk === 'VP8 ' && b.length >= 30) return [u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff];
  if (chunk === 'VP8L' && b.length >= 25) {
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
    return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
  }
  return null;
}

/** Type and dimensions from the header, or null when the bytes are not a well-formed image header. */
export function inspectImage(bytes: Uint8Array): ImageInfo | null {
  const type = sniffImageType(bytes);
  let size: [number, number] | null = null;
  if (type === 'image/png' && bytes.length >= 24 && ascii(bytes, 12, 4) === 'IHDR') size = [u32be(bytes, 16), u32be(bytes, 20)];
  else if (type === 'image/jpeg') size = jpegSize(bytes);
  else if (type === 'image/webp') size = webpSize(bytes);
  else if (type === 'image/gif' && bytes.length >= 10) size = [u16le(bytes, 6), u16le(bytes, 8)];
  if (!type || !size || size[0] < 1 || size[1] < 1) return null;
  return { type, width: size[0], height: size[1] };
}

export const EXTENSION: Record<ImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' };
