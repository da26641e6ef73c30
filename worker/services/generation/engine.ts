import { STYLES, type ModelName, type Style } from '../../contract/generation';

export interface TextToImageInput {
  prompt: string;
  negativePrompt?: string;
  style: string;
  width: number;
  height: number;
  seed: number;
  model: ModelName;
}

export interface EditInput {
  prompt: string;
  style: string;
  images: { bytes: Uint8Array; contentType: string }[];
  width?: number;
  height?: number;
  seed: number;
  model: ModelName;
}

/** What an engine returns: an encoded image. Failures are thrown as {@link EngineError}. */
export interface EngineImage {
  bytes: Uint8Array;
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
}

/**
 * The images port (DESIGN.md §1): the offline `local` engine in embedded mode, Gemini or Workers AI
 * in production. One engine per model name; `available` drives GET /generate-image/models.
 */
export interface ImageEngine {
  readonly name: string;
  textToImage(input: TextToImageInput): Promise<EngineImage>;
  edit(input: EditInput): Promise<EngineImage>;
}

export interface ImageEngines {
  /** The engine behind a model name, or undefined when that model is not configured. */
  forModel(model: ModelName): ImageEngine | undefined;
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

export const isStyle = (style: string): style is Style => (STYLES as readonly string[]).includes(style);
