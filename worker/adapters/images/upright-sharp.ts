import sharp from 'sharp';
import { UPLOAD } from '../../contract/generation';
import { sharpSlots } from './sharp-slots';
import type { UprightImages } from './upright-port';

/**
 * Node (embedded server, tests): sharp's `autoOrient()` applies the EXIF orientation (rotations and
 * mirrors) and, with no `withMetadata()`, writes no tag back. The format is kept (JPEG and WebP at
 * quality 92, PNG lossless; a GIF carries no EXIF, so it never gets here) and only the first frame
 * is decoded. Uploads are bounded before this (UPLOAD.maxPixels), this is a second guard.
 */
export function createSharpUprightImages(): UprightImages {
  return {
    upright: (bytes, type) =>
      sharpSlots(async () => {
        const pipeline = sharp(bytes, { limitInputPixels: UPLOAD.maxPixels, animated: false }).autoOrient();
        if (type === 'image/jpeg') return { bytes: new Uint8Array(await pipeline.jpeg({ quality: 92 }).toBuffer()), contentType: type };
        if (type === 'image/webp') return { bytes: new Uint8Array(await pipeline.webp({ quality: 92 }).toBuffer()), contentType: type };
        return { bytes: new Uint8Array(await pipeline.png().toBuffer()), contentType: 'image/png' as const };
      }),
  };
}
