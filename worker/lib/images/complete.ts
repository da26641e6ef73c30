/**
 * Whether an image's container is whole: every chunk/segment/block is within the file and the
 * format's end marker is reached. A truncated upload (cut-off transfer, broken phone export) fails
 * here on every runtime, before any decoder runs and before anything is charged; the full decode
 * check (port `avatarImages.decodes`) then proves the pixel data itself decodes. Pure code; sizes
 * read unsigned, offsets bounded, every loop moves forward (fuzzed in parsers.fuzz.test.ts).
 */
import { ascii, type ImageType } from './inspect';
import { crc32 } from './strip-metadata';

const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
const u32le = (b: Uint8Array, i: number) => (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0;

/** IHDR first, at least one IDAT, IEND reached, every chunk's CRC right. */
function pngComplete(b: Uint8Array): boolean {
  let i = 8;
  let sawData = false;
  for (let index = 0; i + 12 <= b.length; index += 1) {
    const length = u32be(b, i);
    const type = ascii(b, i + 4, 4);
    const end = i + 12 + length;
    if (end > b.length) return false;
    if (index === 0 && type !== 'IHDR') return false;
    if (u32be(b, end - 4) !== crc32(b.subarray(i + 4, end - 4))) return false;
    if (type === 'IDAT') sawData = true;
    if (type === 'IEND') return sawData;
    i = end;
  }
  return false;
}

/**
 * Segments are whole up to the first scan, and an EOI marker follows it. Entropy-coded data never
 * holds FF D9 (a data FF is stuffed as FF 00), so finding it means the scans ended; bytes after EOI
 * (some phones append their own trailer there) are allowed.
 */
function jpegComplete(b: Uint8Array): boolean {
  let i = 2;
  let sawFrame = false;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return false;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      i += 2;
      continue;
    }
    if (marker === 0xd9) return false; // end of image before any scan
    const length = (b[i + 2]! << 8) | b[i + 3]!;
    if (length < 2 || i + 2 + length > b.length) return false;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) sawFrame = true;
    if (marker === 0xda) {
      if (!sawFrame) return false;
      for (let k = i + 2 + length; k + 1 < b.length; k += 1) if (b[k] === 0xff && b[k + 1] === 0xd9) return true;
      return false;
    }
    i += 2 + length;
  }
  return false;
}

/** The RIFF size fits the file, and the chunks inside it tile it exactly with an image chunk among them. */
function webpComplete(b: Uint8Array): boolean {
  if (b.length < 20) return false;
  const riffEnd = 8 + u32le(b, 4);
  if (riffEnd > b.length) return false;
  let i = 12;
  let sawImage = false;
  while (i + 8 <= riffEnd) {
    const type = ascii(b, i, 4);
    const size = u32le(b, i + 4);
    const end = i + 8 + size + (size & 1);
    if (i + 8 + size > riffEnd) return false;
    if (type === 'VP8 ' || type === 'VP8L' || type === 'ANMF') sawImage = true;
    i = Math.min(end, riffEnd);
  }
  return sawImage && i === riffEnd;
}

/** Walks the block structure to the trailer (0x3B), with at least one image descriptor. */
function gifComplete(b: Uint8Array): boolean {
  if (b.length < 13) return false;
  const packed = b[10]!;
  let i = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  let sawImage = false;
  const skipSubBlocks = (at: number) => {
    while (at < b.length && b[at] !== 0) at += b[at]! + 1;
    return at < b.length ? at + 1 : -1;
  };
  while (i < b.length) {
    const introducer = b[i]!;
    if (introducer === 0x3b) return sawImage;
    if (introducer === 0x21) {
      i = skipSubBlocks(i + 2);
    } else if (introducer === 0x2c) {
      if (i + 10 > b.length) return false;
      const flags = b[i + 9]!;
      i = skipSubBlocks(i + 10 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0) + 1);
      sawImage = true;
    } else return false;
    if (i < 0) return false;
  }
  return false;
}

export function structurallyComplete(bytes: Uint8Array, type: ImageType): boolean {
  switch (type) {
    case 'image/png':
      return pngComplete(bytes);
    case 'image/jpeg':
      return jpegComplete(bytes);
    case 'image/webp':
      return webpComplete(bytes);
    case 'image/gif':
      return gifComplete(bytes);
  }
}
