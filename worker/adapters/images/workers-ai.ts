import type { EditInput, EngineImage, ImageEngine, TextToImageInput } from './port';
import { NOTHING_IGNORED } from '../../contract/image-preflight';
import { EngineError } from './port';
import { base64ToBytes } from '../../lib/bytes';
import { engineImageTypeOf, providerError, readAllBytes, styleGuidance } from './provider-errors';
import { negativePromptOf, providerPrompt } from './provider-prompt';

/** The slice of the Workers AI binding (`env.AI`) this engine uses; declared here to avoid workers-types. */
export interface AiBindingLike {
  run(model: string, inputs: Record<string, unknown>): Promise<unknown>;
}

export interface WorkersAiEngineOptions {
  ai: AiBindingLike;
  /** Text-to-image model; default FLUX.1 [schnell]. */
  textModel?: string;
  /** Image-to-image model; default Stable Diffusion 1.5 img2img. */
  editModel?: string;
}

export const DEFAULT_TEXT_MODEL = '@cf/black-forest-labs/flux-1-schnell';
export const DEFAULT_EDIT_MODEL = '@cf/runwayml/stable-diffusion-v1-5-img2img';

/** FLUX schnell is distilled for few steps; the model refuses more than 8 (a larger request is capped). */
const FLUX_STEPS = 4;
const FLUX_MAX_STEPS = 8;
/** The model's documented prompt limit. */
const PROMPT_MAX = 2048;
/** Stable Diffusion (text-to-image and img2img): num_steps max 20; strength 1 would discard the source image entirely. */
const SD_STEPS = 20;
const SD_MAX_STEPS = 20;
const SD_GUIDANCE = 7.5;
const EDIT_STRENGTH = 0.7;
const DEFAULT_NEGATIVE = 'blurry, low quality, distorted, deformed, watermark, text artifacts';

/**
 * Cloudflare Workers AI through the `AI` binding: FLUX (or any Stable Diffusion text-to-image model)
 * for text-to-image and Stable Diffusion img2img for edits.
 */
export function createWorkersAiEngine(options: WorkersAiEngineOptions): ImageEngine {
  const textModel = options.textModel ?? DEFAULT_TEXT_MODEL;
  const editModel = options.editModel ?? DEFAULT_EDIT_MODEL;

  async function run(model: string, inputs: Record<string, unknown>): Promise<EngineImage> {
    let result: unknown;
    try {
      result = await options.ai.run(model, inputs);
    } catch (error) {
      throw engineErrorFromAi(error);
    }
    return imageFromResult(result);
  }

  const flux = /flux/i.test(textModel);
  return {
    name: `workers-ai:${textModel}`,
    // FLUX takes no guidance scale (a negative prompt becomes an "Avoid:" line); no model here offers a sampler.
    options: {
      textToImage: flux ? ['negativePrompt', 'seed', 'steps'] : ['negativePrompt', 'seed', 'steps', 'cfgScale'],
      edit: ['negativePrompt', 'seed', 'strength', 'steps', 'cfgScale'],
    },
    // The model reads the negative prompt ("Avoid: …") itself: nothing in it is known to be ignored.
    preflight: async () => NOTHING_IGNORED,

    async textToImage(input: TextToImageInput): Promise<EngineImage> {
      const negativePrompt = (negativePromptOf(input.operation) ?? input.tuning?.negativePrompt)?.trim();
      const guidance = [`Style: ${styleGuidance(input.style)}.`];
      if (negativePrompt) guidance.push(`Avoid: ${negativePrompt}.`);
      const prompt = fitPrompt(providerPrompt(input.operation), guidance.join(' '));
      if (flux) {
        // FLUX schnell on Workers AI takes only prompt, steps and seed (no size, no negative prompt): always 1024².
        return run(textModel, { prompt, steps: clampSteps(input.tuning?.steps, FLUX_STEPS, FLUX_MAX_STEPS), seed: input.seed });
      }
      return run(textModel, {
        prompt,
        negative_prompt: negativePrompt || DEFAULT_NEGATIVE,
        width: input.width,
        height: input.height,
        num_steps: clampSteps(input.tuning?.steps, SD_STEPS, SD_MAX_STEPS),
        guidance: input.tuning?.cfgScale ?? SD_GUIDANCE,
        seed: input.seed,
      });
    },

    async edit(input: EditInput): Promise<EngineImage> {
      // img2img takes exactly one source image: the first upload is the one edited, the others are ignored.
      const source = input.images[0];
      if (!source) throw new EngineError('invalid input: no source image', false);
      return run(editModel, {
        prompt: fitPrompt(providerPrompt(input.operation), `Style: ${styleGuidance(input.style)}.`),
        negative_prompt: input.tuning?.negativePrompt?.trim() || DEFAULT_NEGATIVE,
        image: Array.from(source.bytes),
        strength: input.tuning?.strength ?? EDIT_STRENGTH,
        num_steps: clampSteps(input.tuning?.steps, SD_STEPS, SD_MAX_STEPS),
        guidance: input.tuning?.cfgScale ?? SD_GUIDANCE,
        ...(input.width && input.height ? { width: input.width, height: input.height } : {}),
        seed: input.seed,
      });
    },
  };
}

/** The user's steps within what the model accepts, else the model's default. */
const clampSteps = (steps: number | undefined, fallback: number, max: number) => Math.min(max, Math.max(1, steps ?? fallback));

/** User prompt first, then our guidance; the user's text is cut, never the guidance, to fit 2048 chars. */
function fitPrompt(userPrompt: string, guidance: string): string {
  const room = PROMPT_MAX - guidance.length - 1;
  return `${userPrompt.trim().slice(0, Math.max(0, room))}\n${guidance}`;
}

/** FLUX answers `{ image: base64 }` (JPEG); Stable Diffusion models answer a byte stream (PNG). */
async function imageFromResult(result: unknown): Promise<EngineImage> {
  let bytes: Uint8Array | undefined;
  if (result instanceof ReadableStream) bytes = await readAllBytes(result as ReadableStream<Uint8Array>);
  else if (result instanceof Uint8Array) bytes = result;
  else if (result instanceof ArrayBuffer) bytes = new Uint8Array(result);
  else if (result instanceof Response) bytes = new Uint8Array(await result.arrayBuffer());
  else if (result && typeof result === 'object' && typeof (result as { image?: unknown }).image === 'string') {
    try {
      bytes = base64ToBytes((result as { image: string }).image);
    } catch {
      throw new EngineError('no image returned by Workers AI (undecodable base64)', false);
    }
  }
  if (!bytes || bytes.length === 0) throw new EngineError('no image returned by Workers AI', false);
  const contentType = engineImageTypeOf(bytes);
  if (!contentType) throw new EngineError('no image returned by Workers AI (unrecognised image data)', false);
  return { bytes, contentType };
}

/**
 * The binding throws `InferenceUpstreamError` whose message is `"<internal code>: <description>"`
 * (Workers AI error table) or the raw upstream text. Codes first, then words.
 */
export function engineErrorFromAi(error: unknown): EngineError {
  const text = error instanceof Error ? error.message : String(error);
  const code = Number(/(?:^|\s)(\d{4}):/.exec(text)?.[1] ?? NaN);

  // The NSFW filter can surface under several codes; its wording is the reliable signal.
  if (/nsfw|unsafe|safety/i.test(text)) return providerError('blocked by safety policy (NSFW content)', false, text);
  // 3036: daily free allocation used up — retrying within the job's lifetime cannot succeed.
  if (code === 3036 || /daily free allocation|neurons/i.test(text))
    return providerError('quota exceeded: Workers AI daily allocation used up', false, text);
  if (code === 3040 || /capacity|\b429\b|too many requests|rate.?limit/i.test(text))
    return providerError('rate limit: Workers AI capacity temporarily exceeded', true, text);
  if (code === 3007 || code === 3008 || /timeout|timed out|\b408\b/i.test(text))
    return providerError('timed out at Workers AI', true, text);
  if ([3023, 3041, 5016, 5018].includes(code) || /\b40[13]\b|not allowed|unauthori[sz]ed|forbidden/i.test(text)) {
    return providerError('unauthorized: Workers AI refused this account or model', false, text);
  }
  if (code === 5007 || code === 3042 || /no such model|model name is invalid/i.test(text)) {
    return providerError('server error: Workers AI model misconfigured', false, text);
  }
  if ([3003, 3006, 5004].includes(code) || /\b400\b|\b413\b|invalid|bad request|too large/i.test(text)) {
    return providerError('invalid input rejected by Workers AI', false, text);
  }
  return providerError('server error at Workers AI', true, text);
}
