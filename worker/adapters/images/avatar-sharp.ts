import sharp from 'sharp';
import { AVATAR } from '../../contract/auth';
import type { AvatarImages } from '../../ports';
import { AVATAR_INPUT_LIMITS, AvatarDecodeError } from './avatar-port';
import { sharpSlots } from './sharp-slots';

/**
 * Node (embedded server, tests): sharp decodes the first frame only (an animated GIF/WebP becomes a
 * still), applies the EXIF orientation, cover-crops to a square and encodes WebP. sharp writes no
 * metadata unless asked to, so EXIF/GPS/XMP are gone. `limitInputPixels` is a second guard behind
 * the header check in the service.
 */
/** Decoding any upload is bounded: the header check refuses more before this (decompression bombs). */
const DECODE_MAX_PIXELS = 100_000_000;

export function createSharpAvatarImages(): AvatarImages {
  return {
    /**
     * A full decode of the first frame: `failOn: 'truncated'` turns libjpeg's "premature end of
     * data" and libpng's truncated-IDAT warnings (which would otherwise decode to grey) into errors.
     */
    async decodes(bytes) {
      try {
        await sharpSlots(() => sharp(bytes, { failOn: 'truncated', limitInputPixels: DECODE_MAX_PIXELS, animated: false }).stats());
        return true;
      } catch {
        return false;
      }
    },
    async toAvatar(bytes) {
      try {
        const output = await sharpSlots(() =>
          sharp(bytes, { limitInputPixels: AVATAR_INPUT_LIMITS.maxPixels, animated: false, failOn: 'truncated' })
            .autoOrient()
            .resize(AVATAR.outputSize, AVATAR.outputSize, { fit: 'cover', position: 'centre' })
            .webp({ quality: 85 })
            .toBuffer(),
        );
        return { bytes: new Uint8Array(output), contentType: 'image/webp' };
      } catch (error) {
        throw new AvatarDecodeError(`avatar did not decode: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
    },
  };
}
