/**
 * The offline image engine's one vocabulary (DESIGN.md §1): every piece of image work is
 * one `EngineOperation`, answered by one `EngineOutput`. The same shapes cross the worker-thread
 * boundary (pool), the HTTP boundary (engine service) and the job pipeline, so they hold only
 * plain data: encoded image bytes, numbers and strings. Runtime-agnostic: no sharp, no tfjs here.
 */
import type { GenerationOption } from './generation-options';
import type { PhotoToolId as EngineToolId } from './tools';
import type { UpscaleFactor } from './upscale';

/** Tools the offline engine implements as real algorithms: the catalogue's photo tools (contract/tools.ts). */
export { PHOTO_TOOL_IDS as ENGINE_TOOL_IDS, type PhotoToolId as EngineToolId } from './tools';
export { UPSCALE_FACTORS, type UpscaleFactor } from './upscale';

/**
 * Face swap parameter naming accessories worn besides `head_accessories` (comma-separated catalogue
 * values): a description may name several ("sunglasses and a cap"); the catalogue option holds one.
 */
export const FACE_SWAP_MORE_ACCESSORIES = 'more_head_accessories';
/**
 * Face swap parameter giving accessories a colour a description named ("a red baseball cap"):
 * comma-separated `value:#rrggbb` pairs.
 */
export const FACE_SWAP_ACCESSORY_COLOURS = 'head_accessory_colours';

/** Tool parameters as the tool catalogue delivers them (e.g. ID photo `size`, `backgroundColor`). */
export type ToolParams = Record<string, string | number | boolean>;

/**
 * Dispatched by `op` with an exhaustive table (index.ts); nothing here is read back out of prose.
 * `text-to-image` and `edit` carry the user's own words (the procedural renderer and the edit
 * operations read them, as a model would); the others carry typed choices.
 */
export type EngineOperation =
  | { op: 'text-to-image'; prompt: string; negativePrompt?: string; style: string; width: number; height: number; seed: number }
  | { op: 'logo'; brief: string; width: number; height: number; seed: number }
  | { op: 'avatar'; selection: Record<string, string>; width: number; height: number; seed: number }
  /** `strength` 0..1: how far the result moves from the (first) source; absent = the whole edit. */
  | { op: 'edit'; prompt: string; style: string; images: Uint8Array[]; width?: number; height?: number; seed: number; strength?: number }
  /** A photo tool on one photo; face swap's image mode is the `face-swap` tool with the chosen options as params. */
  | { op: 'tool'; toolId: EngineToolId; image: Uint8Array; params: ToolParams; seed: number }
  | {
      op: 'upscale';
      image: Uint8Array;
      scale: UpscaleFactor;
      faceEnhancement: boolean;
      /**
       * Shrink the (upright) input to exactly this size before enlarging: the user asked to fit an
       * image that is too large for the factor into its pixel budget (contract/upscale.ts fitToUpscaleBudget).
       */
      fitTo?: { width: number; height: number };
    }
  // The vector original of an offline logo: the same drawing as `logo`, from the same brief, size
  // and seed, as SVG (outlined glyphs: no fonts needed to view it).
  | { op: 'logo-svg'; brief: string; width: number; height: number; seed: number };
export type EngineOp = EngineOperation['op'];

export interface EngineOutput {
  bytes: Uint8Array;
  contentType: 'image/png' | 'image/jpeg' | 'image/svg+xml';
  width: number;
  height: number;
  /**
   * Options the request set that turned out to change nothing, known only once the engine read them:
   * a negative prompt naming nothing the offline renderer draws. The job's status lists them as ignored.
   */
  ignoredOptions?: GenerationOption[];
}

/** What a job stores as its image: every operation but `logo-svg` answers with a raster image. */
export type RasterOutput = EngineOutput & { contentType: 'image/png' | 'image/jpeg' };

export function asRaster(output: EngineOutput): RasterOutput {
  if (output.contentType === 'image/svg+xml') throw new Error('the image engine answered a raster operation with SVG');
  return output as RasterOutput;
}

/**
 * A failure of the input, not of the machine (no face found, undecodable image): the job fails at
 * once and is refunded instead of being retried. `code` is stable for the UI; `message` is for people.
 */
export class EngineInputError extends Error {
  constructor(
    readonly code: 'NO_FACE_FOUND' | 'INVALID_IMAGE' | 'IMAGE_TOO_LARGE' | 'UNSUPPORTED_OPERATION' | 'UNCHANGED_OUTPUT',
    message: string,
  ) {
    super(message);
    this.name = 'EngineInputError';
  }
}

/**
 * A failure the provider reported. `retryable` failures (rate limits, 5xx, timeouts) are retried by
 * the queue; the rest fail the job at once (and refund it).
 */
export class EngineError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

/**
 * The engine has no free slot right now (its pool's queue is full, or the engine service answered
 * 429/503). Not a failure and not an attempt: the job goes back to the queue and runs later.
 */
export class EngineBusyError extends EngineError {
  constructor(
    message: string,
    /** When to try again, from the engine's `Retry-After`. */
    readonly retryAfterSeconds: number,
  ) {
    super(message, true);
    this.name = 'EngineBusyError';
  }
}
