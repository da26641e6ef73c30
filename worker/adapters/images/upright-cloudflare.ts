import { swapsSides } from '../../lib/images/exif';
import { inspectImage, type ImageType } from '../../lib/images/inspect';
import type { Logger } from '../../ports';
import type { UprightImages } from './upright-port';

/**
 * The slice of the Cloudflare Images binding (`env.IMAGES`) this adapter uses: decode and re-encode,
 * nothing else. Declared here to avoid a workers-types dependency; the avatar adapter's wider
 * `ImagesBindingLike` (avatar-cloudflare.ts) satisfies it.
 */
export interface UprightImagesBindingLike {
  input(stream: ReadableStream<Uint8Array>): {
    output(options: { format: 'image/jpeg' | 'image/png' | 'image/webp'; quality?: number; anim?: boolean }): Promise<{
      image(): ReadableStream<Uint8Array>;
    }>;
  };
}

/** Same format out as in (GIF never carries EXIF, it would become PNG); quality only for the lossy ones, PNG stays lossless. */
const OUTPUT: Record<ImageType, { format: 'image/jpeg' | 'image/png' | 'image/webp'; quality?: number }> = {
  'image/jpeg': { format: 'image/jpeg', quality: 92 },
  'image/webp': { format: 'image/webp', quality: 92 },
  'image/png': { format: 'image/png' },
  'image/gif': { format: 'image/png' },
};

function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/**
 * Workers: a plain re-encode through the Images binding. Cloudflare applies the EXIF orientation on
 * decode, always ("Color profiles and EXIF rotation are applied to the image even if the metadata is
 * discarded", image transformation docs; wrangler's local binding decodes with sharp `autoOrient`
 * too), and writes no Orientation tag out. So no `rotate`/`flip` is passed: on top of the tag they
 * would turn the photo a second time. A rotation that swaps the sides (5–8) is checked on the output
 * header; a binding that left it sideways is not trusted, and the source goes on unchanged (warned).
 */
export function createCloudflareUprightImages(images: UprightImagesBindingLike, log?: Logger): UprightImages {
  return {
    async upright(bytes, type, orientation) {
      const output = OUTPUT[type];
      const result = await images.input(streamOf(bytes)).output({ ...output, anim: false });
      const upright = new Uint8Array(await new Response(result.image()).arrayBuffer());
      const before = inspectImage(bytes);
      const after = inspectImage(upright);
      if (!after) throw new Error('the Images binding returned no image');
      if (before && swapsSides(orientation) && (after.width !== before.height || after.height !== before.width)) {
        log?.warn('the Images binding did not apply the EXIF orientation; the source goes to the provider as uploaded', { orientation });
        return { bytes, contentType: type };
      }
      return { bytes: upright, contentType: output.format };
    },
  };
}

/**
 * Without an Images binding (local `wrangler dev` without the dev environment) sources go to the
 * provider as uploaded, Orientation tag included. Warned once per isolate.
 */
export function createPassthroughUprightImages(log: Logger): UprightImages {
  let warned = false;
  return {
    async upright(bytes, type) {
      if (!warned) {
        warned = true;
        log.warn('no IMAGES binding: source images with an EXIF orientation go to the provider engine unrotated');
      }
      return { bytes, contentType: type };
    },
  };
}
