import type { Orientation } from '../../lib/images/exif';
import { sniffImageType, type ImageType } from '../../lib/images/inspect';
import { exifOrientation } from '../../lib/images/strip-metadata';
import { EngineError, type EditInput, type ImageEngine } from './port';

type SourceImage = EditInput['images'][number];

/**
 * Turns a source image upright: its EXIF orientation (2–8, the mirrored ones too) applied to the
 * pixels, re-encoded without an orientation tag, so a provider engine sees what the user saw.
 * Uploads keep their pixels and an Orientation-only EXIF block (decision 010): Workers have no codec.
 * sharp on Node, the Cloudflare Images binding on Workers (worker/adapters/images/upright-*.ts).
 * Called only for orientation ≠ 1 ({@link withUprightSources}), so ordinary uploads cost nothing.
 */
export interface UprightImages {
  upright(bytes: Uint8Array, type: ImageType, orientation: Orientation): Promise<SourceImage>;
}

/**
 * A provider engine (Gemini, Workers AI) whose edit sources are turned upright first: providers get
 * raw pixels and may ignore the tag, where browsers, sharp and the local engine honour it. The one
 * place this happens (provider-engines.ts wraps every provider engine); text-to-image has no sources.
 */
export function withUprightSources(engine: ImageEngine, images: UprightImages): ImageEngine {
  return {
    name: engine.name,
    ...(engine.options ? { options: engine.options } : {}),
    textToImage: (input) => engine.textToImage(input),
    ...(engine.preflight ? { preflight: engine.preflight.bind(engine) } : {}),
    edit: async (input) => engine.edit({ ...input, images: await Promise.all(input.images.map((image) => uprightSource(image, images))) }),
  };
}

async function uprightSource(image: SourceImage, images: UprightImages): Promise<SourceImage> {
  const type = sniffImageType(image.bytes);
  const orientation = type ? exifOrientation(image.bytes, type) : 1;
  if (!type || orientation === 1) return image;
  try {
    return await images.upright(image.bytes, type, orientation);
  } catch (error) {
    // The upload decoded when it was accepted, so this is the decoder's trouble (retried), not the user's.
    const detail = error instanceof Error ? error.message : String(error);
    throw new EngineError(`server error: could not turn the source image upright (${detail})`, true);
  }
}
