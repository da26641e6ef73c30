/**
 * Removes metadata (EXIF with GPS position, XMP, comments, text chunks) from an uploaded image by
 * dropping container chunks, without re-encoding: pixels stay byte-identical and it runs on Workers,
 * where no image codec is available. Colour profiles are kept so colours do not shift, and the EXIF
 * Orientation tag survives alone (a minimal EXIF block) so portrait phone photos stay upright.
 *
 * The bytes come from the client: every size is read unsigned, every offset is bounded by the
 * input, every loop step moves forward, and the output is at most the input plus one minimal EXIF
 * block ({@link MAX_GROWTH} bytes). Fuzzed in parsers.fuzz.test.ts.
 */
import { hasExifPrefix, orientationTiff, readOrientation, type Orientation } from './exif';
import { ascii, type ImageType } from './inspect';

/** The most stripping can add: a re-written Orientation-only EXIF block plus its container framing. */
export const MAX_GROWTH = 64;

const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
const u32le = (b: Uint8Array, i: number) => (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0;

/** The parts one after another in one new array. */
export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

import { crc32, pngChunk } from '../../contract/png-chunk';

export { crc32, pngChunk };

// caBX: a C2PA manifest (ours on a re-uploaded result, or another tool's), which names where the picture came from.
const PNG_DROP = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME', 'caBX']);

function stripPng(b: Uint8Array): Uint8Array {
  const parts = [b.subarray(0, 8)];
  let i = 8;
  while (i + 12 <= b.length) {
    const length = u32be(b, i);
    const type = ascii(b, i + 4, 4);
    const end = i + 12 + length; // ≥ i + 12: always moves forward; a huge length ends the walk below
    if (end > b.length) break;
    if (type === 'eXIf') {
      const orientation = readOrientation(b.subarray(i + 8, i + 8 + length));
      if (orientation !== 1) parts.push(pngChunk('eXIf', orientationTiff(orientation)));
    } else if (!PNG_DROP.has(type)) parts.push(b.subarray(i, end));
    i = end;
    if (type === 'IEND') break;
  }
  return concat(parts);
}

/** APP1 segment "Exif\0\0" + a TIFF blob holding only Orientation. */
function jpegOrientationSegment(orientation: Orientation): Uint8Array {
  const tiff = orientationTiff(orientation);
  const length = 2 + 6 + tiff.length;
  return concat([new Uint8Array([0xff, 0xe1, length >> 8, length & 0xff, 0x45, 0x78, 0x69, 0x66, 0, 0]), tiff]);
}

function stripJpeg(b: Uint8Array): Uint8Array {
  const parts = [b.subarray(0, 2)];
  let orientationKept = false;
  let i = 2;
  while (i + 2 <= b.length && b[i] === 0xff) {
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte before a marker
      continue;
    }
    // Markers without a length: TEM, RSTn, SOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      parts.push(b.subarray(i, i + 2));
      i += 2;
      continue;
    }
    // Start of scan (the rest is image data) or end of image: keep the rest as is.
    if (marker === 0xda || marker === 0xd9 || i + 4 > b.length) break;
    const length = (b[i + 2]! << 8) | b[i + 3]!;
    if (length < 2) break; // malformed: a decoder refuses it too; stop walking, keep the rest
    const end = Math.min(i + 2 + length, b.length);
    const isApp = marker >= 0xe1 && marker <= 0xef;
    if (marker === 0xe1 && !orientationKept && hasExifPrefix(b, i + 4)) {
      const orientation = readOrientation(b.subarray(i + 4, end));
      if (orientation !== 1) parts.push(jpegOrientationSegment(orientation));
      orientationKept = true;
    }
    // APP1 = EXIF/XMP, APP11 = C2PA (JUMBF), APP13 = Photoshop/IPTC, COM = comments. Keep APP2 (ICC profile) and APP14 (Adobe colour transform).
    const drop = (isApp && marker !== 0xe2 && marker !== 0xee) || marker === 0xfe;
    if (!drop) parts.push(b.subarray(i, end));
    i = end;
  }
  parts.push(b.subarray(i));
  return concat(parts);
}

function stripWebp(b: Uint8Array): Uint8Array {
  const chunks: Uint8Array[] = [];
  let vp8x: Uint8Array | undefined;
  let exifKept = false;
  // The RIFF size bounds the walk too: bytes after the RIFF container are not part of the image.
  const limit = Math.min(b.length, 8 + u32le(b, 4));
  let i = 12;
  while (i + 8 <= limit) {
    const type = ascii(b, i, 4);
    const size = u32le(b, i + 4); // unsigned: a size ≥ 2³¹ must never make the offset go backwards
    const end = Math.min(i + 8 + size + (size & 1), limit); // ≥ i + 8: always moves forward
    if (type === 'EXIF') {
      const orientation = readOrientation(b.subarray(i + 8, end));
      if (orientation !== 1) {
        const tiff = orientationTiff(orientation); // 26 bytes: even, no padding byte
        chunks.push(concat([new Uint8Array([0x45, 0x58, 0x49, 0x46, tiff.length, 0, 0, 0]), tiff]));
        exifKept = true;
      }
    } else if (type !== 'XMP ' && type !== 'C2PA') {
      const chunk = b.slice(i, end);
      if (type === 'VP8X') vp8x = chunk;
      chunks.push(chunk);
    }
    i = end;
  }
  // VP8X flags say which optional chunks follow: XMP (0x04) is gone, EXIF (0x08) only if kept.
  if (vp8x && vp8x.length > 8) vp8x[8] = (vp8x[8]! & ~0x0c) | (exifKept ? 0x08 : 0);
  const body = concat(chunks);
  const header = new Uint8Array(12);
  header.set(b.subarray(0, 12));
  new DataView(header.buffer).setUint32(4, body.length + 4, true);
  return concat([header, body]);
}

/** Skips a chain of GIF data sub-blocks starting at `i`; returns the index after the terminator. */
function skipSubBlocks(b: Uint8Array, i: number): number {
  while (i < b.length && b[i] !== 0) i += b[i]! + 1;
  return i + 1;
}

function stripGif(b: Uint8Array): Uint8Array {
  // Comment extensions (0x21 0xFE) are the metadata carrier in GIF; everything else is kept.
  const parts: Uint8Array[] = [];
  const packed = b[10] ?? 0;
  let i = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  parts.push(b.subarray(0, i));
  while (i < b.length) {
    const start = i;
    const introducer = b[i]!;
    if (introducer === 0x3b) {
      parts.push(b.subarray(i, i + 1));
      break;
    }
    if (introducer === 0x21) {
      const label = b[i + 1];
      i = skipSubBlocks(b, i + 2);
      if (label !== 0xfe) parts.push(b.subarray(start, i));
    } else if (introducer === 0x2c) {
      const flags = b[i + 9] ?? 0;
      i += 10 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
      i = skipSubBlocks(b, i + 1); // + 1: LZW minimum code size
      parts.push(b.subarray(start, i));
    } else {
      parts.push(b.subarray(i));
      break;
    }
  }
  return concat(parts);
}

export function stripMetadata(bytes: Uint8Array, type: ImageType): Uint8Array {
  switch (type) {
    case 'image/png':
      return stripPng(bytes);
    case 'image/jpeg':
      return stripJpeg(bytes);
    case 'image/webp':
      return stripWebp(bytes);
    case 'image/gif':
      return stripGif(bytes);
  }
}

/** The EXIF orientation an upload declares (1 when none), so callers can report displayed sizes. */
export function exifOrientation(b: Uint8Array, type: ImageType): Orientation {
  if (type === 'image/jpeg') {
    let i = 2;
    while (i + 4 <= b.length && b[i] === 0xff) {
      const marker = b[i + 1]!;
      if (marker === 0xff) {
        i += 1;
        continue;
      }
      if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
        i += 2;
        continue;
      }
      if (marker === 0xda || marker === 0xd9) return 1;
      const length = (b[i + 2]! << 8) | b[i + 3]!;
      if (length < 2) return 1;
      if (marker === 0xe1 && hasExifPrefix(b, i + 4)) return readOrientation(b.subarray(i + 4, Math.min(i + 2 + length, b.length)));
      i += 2 + length;
    }
    return 1;
  }
  const tiff = type === 'image/png' ? findPngExif(b) : type === 'image/webp' ? findWebpExif(b) : undefined;
  return tiff ? readOrientation(tiff) : 1;
}

function findPngExif(b: Uint8Array): Uint8Array | undefined {
  for (let i = 8; i + 12 <= b.length; ) {
    const length = u32be(b, i);
    if (ascii(b, i + 4, 4) === 'eXIf') return b.subarray(i + 8, Math.min(i + 8 + length, b.length));
    i += 12 + length;
  }
  return undefined;
}

function findWebpExif(b: Uint8Array): Uint8Array | undefined {
  for (let i = 12; i + 8 <= b.length; ) {
    const size = u32le(b, i + 4);
    if (ascii(b, i, 4) === 'EXIF') return b.subarray(i + 8, Math.min(i + 8 + size, b.length));
    i += 8 + size + (size & 1);
  }
  return undefined;
}
