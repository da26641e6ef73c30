import { AVATAR } from '../../contract/auth';
import { structurallyComplete } from '../../lib/images/complete';
import { stripMetadata } from '../../lib/images/strip-metadata';
import type { AvatarImages, Logger } from '../../ports';
import { AvatarDecodeError } from './avatar-port';

/**
 * The slice of the Cloudflare Images binding (`env.IMAGES`, `[env.production.images]` in
 * wrangler.toml) this adapter uses; declared here to avoid a workers-types dependency.
 * `input(stream).transform({...}).output({ format })` → result with `image()` (a byte stream).
 */
export interface ImagesBindingLike {
  input(stream: ReadableStream<Uint8Array>): ImageTransformerLike;
}
export interface ImageTransformerLike {
  transform(options: {
    width?: number;
    height?: number;
    fit?: 'scale-down' | 'contain' | 'cover' | 'crop' | 'pad';
    gravity?: 'auto' | 'center';
  }): ImageTransformerLike;
  output(options: {
    format: 'image/webp' | 'image/avif' | 'image/jpeg' | 'image/png';
    quality?: number;
    anim?: boolean;
  }): Promise<{ image(): ReadableStream<Uint8Array>; contentType(): string }>;
}

function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * Workers: the Images binding decodes and re-encodes (Workers have no image codec of their own).
 * `anim: false` keeps the first frame of an animated GIF/WebP; WebP output carries no EXIF.
 */
export function createCloudflareAvatarImages(images: ImagesBindingLike): AvatarImages {
  return {
    /** The binding decodes it (to a tiny WebP thumbnail, the cheapest full decode it offers); an ImagesError means it does not decode. */
    async decodes(bytes) {
      try {
        const result = await images
          .input(streamOf(bytes))
          .transform({ width: 16, height: 16, fit: 'scale-down' })
          .output({ format: 'image/webp', anim: false });
        return (await readAll(result.image())).length > 0;
      } catch {
        return false;
      }
    },
    async toAvatar(bytes) {
      let result: Awaited<ReturnType<ImageTransformerLike['output']>>;
      try {
        result = await images
          .input(streamOf(bytes))
          .transform({ width: AVATAR.outputSize, height: AVATAR.outputSize, fit: 'cover', gravity: 'center' })
          .output({ format: 'image/webp', quality: 85, anim: false });
      } catch (error) {
        // The binding throws an ImagesError (with a numeric code) for input it cannot decode.
        throw new AvatarDecodeError(`avatar did not decode: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
      return { bytes: await readAll(result.image()), contentType: 'image/webp' };
    },
  };
}

/**
 * Without an Images binding (local `wrangler dev`, which cannot reach Cloudflare Images) the avatar
 * is stored as uploaded with its metadata chunks removed, not resized. Warned once per isolate.
 */
export function createPassthroughAvatarImages(log: Logger): AvatarImages {
  let warned = false;
  return {
    // No decoder here: the container must at least be whole (chunks, CRCs, end marker), the check every runtime runs first.
    decodes: async (bytes, type) => structurallyComplete(bytes, type),
    async toAvatar(bytes, type) {
      if (!warned) {
        warned = true;
        log.warn('no IMAGES binding: avatars are stored metadata-stripped but not resized or re-encoded');
      }
      return { bytes: stripMetadata(bytes, type), contentType: type };
    },
  };
}
