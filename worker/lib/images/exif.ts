/**
 * Just enough EXIF (TIFF) to read and re-write the Orientation tag. Uploads lose every other tag
 * (GPS, camera serials, owner names) but keep Orientation, so a portrait phone photo — stored
 * sideways with Orientation=6 — still shows upright everywhere (browsers, sharp's `rotate()`), and
 * its pixels are never re-encoded. Sizes and offsets in the blob come from the client: every read is
 * bounds-checked and unsigned. Pure code: runs on Workers and Node alike.
 */

/** TIFF tag 0x0112. 1 = upright; 5–8 swap width and height when applied. */
export type Orientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

const ORIENTATION_TAG = 0x0112;
const EXIF_PREFIX = [0x45, 0x78, 0x69, 0x66, 0, 0]; // "Exif\0\0"

export const hasExifPrefix = (b: Uint8Array, at = 0) => EXIF_PREFIX.every((byte, k) => b[at + k] === byte);

/** Orientation from a TIFF blob (optionally after "Exif\0\0"), or 1 when absent or malformed. */
export function readOrientation(blob: Uint8Array): Orientation {
  const tiff = hasExifPrefix(blob) ? blob.subarray(6) : blob;
  if (tiff.length < 8) return 1;
  const little = tiff[0] === 0x49 && tiff[1] === 0x49;
  const big = tiff[0] === 0x4d && tiff[1] === 0x4d;
  if (!little && !big) return 1;
  const u16 = (i: number) => (little ? tiff[i]! | (tiff[i + 1]! << 8) : (tiff[i]! << 8) | tiff[i + 1]!);
  const u32 = (i: number) =>
    little
      ? (tiff[i]! | (tiff[i + 1]! << 8) | (tiff[i + 2]! << 16) | (tiff[i + 3]! << 24)) >>> 0
      : ((tiff[i]! << 24) | (tiff[i + 1]! << 16) | (tiff[i + 2]! << 8) | tiff[i + 3]!) >>> 0;
  if (u16(2) !== 42) return 1;
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return 1;
  const count = u16(ifd);
  for (let k = 0; k < count; k += 1) {
    const entry = ifd + 2 + 12 * k;
    if (entry + 12 > tiff.length) return 1;
    if (u16(entry) !== ORIENTATION_TAG) continue;
    // SHORT (type 3), count 1: the value sits in the first two bytes of the value field.
    const value = u16(entry + 2) === 3 ? u16(entry + 8) : 1;
    return value >= 1 && value <= 8 ? (value as Orientation) : 1;
  }
  return 1;
}

/** A 26-byte big-endian TIFF blob holding only the Orientation tag. */
export function orientationTiff(orientation: Orientation): Uint8Array {
  // "MM", 42, IFD at 8 | 1 entry | tag 0x0112, SHORT, count 1, value | next IFD 0
  return new Uint8Array([0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0]);
}

/** Whether applying the orientation swaps the displayed width and height. */
export const swapsSides = (orientation: Orientation) => orientation >= 5;
