// The images port (DESIGN.md §1): engines for generation and the offline engine; adapters beside this file.
import type { ModelName } from '../../contract/generation';
import type { GenerationOption, GenerationTuning, OptionSupport } from '../../contract/generation-options';
import type { ImageOperation, TextOperation } from '../../contract/operations';
import type { EngineOperation, EngineOutput } from '../../contract/engine-operations';
import type { ReceiptDocument } from '../../contract/receipt-document';
import type { TextToImagePreflight, TextToImagePreflightInput } from '../../contract/image-preflight';

/**
 * What to make, as a typed operation (contract/operations.ts), never a prompt to be parsed: the
 * offline engine dispatches on it, a provider adapter compiles the words its model needs from it
 * (provider-prompt.ts).
 */
export interface TextToImageInput {
  operation: TextOperation;
  style: string;
  width: number;
  height: number;
  seed: number;
  model: ModelName;
  /** Negative prompt (also in a text-to-image operation), steps, guidance, sampler: each engine maps what it can. */
  tuning?: GenerationTuning;
}

export interface EditInput {
  operation: ImageOperation;
  style: string;
  images: { bytes: Uint8Array; contentType: string }[];
  width?: number;
  height?: number;
  seed: number;
  model: ModelName;
  /** Negative prompt, strength, steps, guidance, sampler: each engine maps what it can. */
  tuning?: GenerationTuning;
}

/** What an engine returns: an encoded image. Failures are thrown as {@link EngineError}. */
export interface EngineImage {
  bytes: Uint8Array;
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
  /** Options found to change nothing while the image was made (beyond the engine's `options` table). */
  ignoredOptions?: GenerationOption[];
}

/**
 * The images port (DESIGN.md §1): the offline `local` engine in embedded mode, Gemini or Workers AI
 * in production. One engine per model name; `available` drives GET /generate-image/models.
 */
export interface ImageEngine {
  readonly name: string;
  /** The advanced options this engine honours; the others are named on the job's status as ignored. */
  readonly options?: OptionSupport;
  textToImage(input: TextToImageInput): Promise<EngineImage>;
  edit(input: EditInput): Promise<EngineImage>;
  /**
   * Before Start: the options this engine will ignore for a text-to-image prompt beyond its
   * `options` table (the offline renderer cannot use a negative prompt naming nothing the scene
   * holds). Cheap, nothing is drawn. Absent: the `options` table is the whole answer.
   */
  preflight?(input: TextToImagePreflightInput): Promise<TextToImagePreflight>;
}

/**
 * The deterministic engine (worker/engine: renderer, edit operations, photo tools, upscaler) behind
 * one verb: the worker-thread pool in embedded mode, the engine service (HTTP) on Workers. Input
 * failures are thrown as `EngineInputError` (engine/operations.ts), anything else is retryable.
 */
export interface OfflineEngine {
  run(op: EngineOperation): Promise<EngineOutput>;
  /**
   * A receipt as a tagged PDF with its fonts embedded (decision 061): in process for `npm start`, the
   * engine service's `/v1/receipt-pdf` on Workers. Absent where the engine cannot draw one.
   */
  receiptPdf?(document: ReceiptDocument): Promise<Uint8Array>;
  /** The text-to-image preflight (engine/render/preflight.ts), answered without rendering. */
  preflight?(input: TextToImagePreflightInput): Promise<TextToImagePreflight>;
}

export interface ImageEngines {
  /** The engine behind a model name, or undefined when that model is not configured. */
  forModel(model: ModelName): ImageEngine | undefined;
  /** Upscaler and deterministic tools; undefined when this deployment has no offline engine. */
  readonly offline?: OfflineEngine;
  /**
   * Jobs the deployment runs at once (the pool's threads, or the engine fleet's flow-control
   * parallelism). The queue starts at most this many per runner and estimates waits from it.
   */
  readonly slots: number;
}

export { EngineBusyError, EngineError } from '../../contract/engine-operations';
