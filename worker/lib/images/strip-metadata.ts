/**
 * Removes metadata (EXIF with GPS position, XMP, comments, text chunks) from an uploaded image by
 * dropping container chunks, without re-encoding: pixels stay byte-identical and it runs on Workers,
 * where no image codec is available. Colour profiles are kept so colours do not shift.
 */
import type { ImageType } from './inspect';

const ascii = (b: Uint8Array, s: number, n: number) => String.fromCharCode(...b.subarray(s, s + n));

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const PNG_DROP = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

function stripPng(b: Uint8Array): Uint8Array {
  const parts = [b.subarray(0, 8)];
  let i = 8;
  while (i + 12 <= b.length) {
    const length = ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
    const type = ascii(b, i + 4, 4);
    const end = i + 12 + length;
    if (end > b.length) break;
    if (!PNG_DROP.has(type)) parts.push(b.subarray(i, end));
    i = end;
    if (type === 'IEND') break;
  }
  return concat(parts);
}

function stripJpeg(b: Uint8Array): Uint8Array {
  const parts = [b.subarray(0, 2)];
  let i = 2;
  while (i + 4 <= b.length && b[i] === 0xff) {
    const marker = b[i + 1]!;
    if (marker === 0xda) {
      parts.push(b.subarray(i)); // start of scan: the rest is image data
      return concat(parts);
    }
    const length = (b[i + 2]! << 8) | b[i + 3]!;
    const end = i + 2 + length;
    const isApp = marker >= 0xe1 && marker <= 0xef;
    // APP1 = EXIF/XMP, APP13 = Photoshop/IPTC, COM = comments. Keep APP2 (ICC profile) and APP14 (Adobe colour transform).
    const drop = (isApp && marker !== 0xe2 && marker !== 0xee) || marker === 0xfe;
    if (!drop) parts.push(b.subarray(i, end));
    i = end;
  }
  parts.push(b.subarray(i));
  return concat(parts);
}

function stripWebp(b: Uint8Array): Uint8Array {
  const chunks: Uint8Array[] = [];
  let i = 12;
  while (i + 8 <= b.length) {
    const type = ascii(b, i, 4);
    const size = b[i + 4]! | (b[i + 5]! << 8) | (b[i + 6]! << 16) | (b[i + 7]! << 24);
    const end = Math.min(i + 8 + size + (size & 1), b.length);
    if (type !== 'EXIF' && type !== 'XMP ') {
      const chunk = b.slice(i, end);
      // VP8X flags say which optional chunks follow: clear the EXIF (0x08) and XMP (0x04) bits.
      if (type === 'VP8X') chunk[8] = chunk[8]! & ~0x0c;
      chunks.push(chunk);
    }
    i = end;
  }
  const body = concat(chunks);
  const header = new Uint8Array(12);
  header.set(b.subarray(0, 12));
  const riffSize = body.length + 4;
  header[4] = riffSize & 0xff;
  header[5] = (riffSize >> 8) & 0xff;
  header[6] = (riffSize >> 16) & 0xff;
  header[7] = (riffSize >>> 24) & 0xff;
  return concat([header, body]);
}

function stripGif(b: Uint8Array): Uint8Array {
  // GIF comment and application extensions other than animation looping are rare carriers; keep as is
  // except comment extensions (0x21 0xFE), walking the block structure.
  const parts: Uint8Array[] = [];
  const packed = b[10]!;
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
      const label = b[i + 1]!;
      i += 2;
      while (i < b.length && b[i] !== 0) i += b[i]! + 1;
      i += 1;
      if (label !== 0xfe) parts.push(b.subarray(start, i));
    } else if (introducer === 0x2c) {
      const flags = b[i + 9]!;
      i += 10 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
      i += 1; // LZW minimum code size
      while (i < b.length && b[i] !== 0) i += b[i]! + 1;
      i += 1;
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
