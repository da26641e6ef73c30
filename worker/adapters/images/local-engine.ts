import { asRaster, type EngineOutput } from '../../engine/operations';
import type { EngineImage, ImageEngine, OfflineEngine } from '../../services/generation/engine';

/**
 * The `local` model (embedded default): text-to-image through the procedural renderer, editing
 * through real image operations — both run by the offline engine (worker/engine) in its
 * worker-thread pool or its service, never on the request thread. Deterministic for the same seed.
 */
export function createLocalEngine(offline: OfflineEngine): ImageEngine {
  const image = (output: EngineOutput): EngineImage => {
    const { bytes, contentType } = asRaster(output);
    return { bytes, contentType };
  };
  return {
    name: 'local',
    textToImage: async (input) =>
      image(
        await offline.run({
          op: 'text-to-image',
          prompt: input.prompt,
          negativePrompt: input.negativePrompt,
          style: input.style,
          width: input.width,
          height: input.height,
          seed: input.seed,
        }),
      ),
    edit: async (input) =>
      image(
        await offline.run({
          op: 'edit',
          prompt: input.prompt,
          style: input.style,
          images: input.images.map((i) => i.bytes),
          width: input.width,
          height: input.height,
          seed: input.seed,
        }),
      ),
  };
}
