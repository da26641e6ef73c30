import { dispatchOperation, type ImageOperation, type OperationTable, type TextOperation } from '../../contract/operations';
import { asRaster, type EngineOperation, type EngineOutput } from '../../contract/engine-operations';
import { faceSwapEngineParams } from '../../contract/face-swap-words';
import type { EditInput, EngineImage, ImageEngine, OfflineEngine, TextToImageInput } from './port';

type Frame = Pick<TextToImageInput, 'style' | 'width' | 'height' | 'seed'>;
type EditFrame = Omit<EditInput, 'operation' | 'model'>;

/** Each text operation as the offline engine's operation: typed choices stay typed (no prompt to parse). */
const TEXT_OPERATIONS = (f: Frame): OperationTable<TextOperation, EngineOperation> => ({
  'text-to-image': (op) => ({ op: 'text-to-image', prompt: op.prompt, negativePrompt: op.negativePrompt, ...f }),
  logo: (op) => ({ op: 'logo', brief: op.brief, width: f.width, height: f.height, seed: f.seed }),
  // The drawn avatar also wears what the words ask for ("with glasses", 「戴墨鏡」): the chosen
  // options win, the description fills the rest (face-swap-words.ts), as in image mode.
  avatar: (op) => ({
    op: 'avatar',
    selection: faceSwapEngineParams(op.description, op.selection),
    width: f.width,
    height: f.height,
    seed: f.seed,
  }),
});

/** Each photo operation on the first upload (the tools and face swap take one photo; edit takes them all). */
const IMAGE_OPERATIONS = (f: EditFrame): OperationTable<ImageOperation, EngineOperation> => {
  const images = f.images.map((i) => i.bytes);
  return {
    edit: (op) => ({
      op: 'edit',
      prompt: op.prompt,
      style: f.style,
      images,
      width: f.width,
      height: f.height,
      seed: f.seed,
      ...(f.tuning?.strength !== undefined ? { strength: f.tuning.strength } : {}),
    }),
    'face-swap': (op) => ({ op: 'tool', toolId: 'face-swap', image: images[0]!, params: op.selection, seed: f.seed }),
    tool: (op) => ({ op: 'tool', toolId: op.toolId, image: images[0]!, params: op.params, seed: f.seed }),
  };
};

/**
 * The `local` model (embedded default): text-to-image through the procedural renderer (or the logo
 * generator, or the avatar drawing), editing through real image operations — all run by the offline
 * engine (worker/engine) in its worker-thread pool or its service, never on the request thread.
 * Deterministic for the same seed.
 */
export function createLocalEngine(offline: OfflineEngine): ImageEngine {
  const image = (output: EngineOutput): EngineImage => {
    const { bytes, contentType, ignoredOptions } = asRaster(output);
    return ignoredOptions?.length ? { bytes, contentType, ignoredOptions } : { bytes, contentType };
  };
  return {
    name: 'local',
    // A drawing, not a diffusion model: no steps, guidance or sampler. The negative prompt (text-to-image
    // only) leaves out what it names that the renderer draws: subjects by name or kind, and the scene's
    // trees, mountains, water, clouds, sun, moon, buildings, people, birds, flowers, snow…
    // (engine/render/negative.ts). Strength blends an edit with its source.
    options: { textToImage: ['negativePrompt', 'seed'], edit: ['seed', 'strength'] },
    textToImage: async ({ operation, style, width, height, seed }) =>
      image(await offline.run(dispatchOperation(TEXT_OPERATIONS({ style, width, height, seed }), operation))),
    edit: async ({ operation, model: _model, ...frame }) => image(await offline.run(dispatchOperation(IMAGE_OPERATIONS(frame), operation))),
    ...(offline.preflight ? { preflight: offline.preflight.bind(offline) } : {}),
  };
}
