/**
 * The text-to-image preflight: before Start, which options the engine will ignore for this prompt.
 * The offline renderer leaves out what a negative prompt names only when the scene holds it, and
 * knows only the things it draws; the product says an ignored option is ignored before Start
 * (docs/decisions/058-negative-prompt-preflight.md). The vocabulary that decides it stays in the
 * engine: the request Worker asks the engine (`ImageEngine.preflight`), the engine service answers
 * on `POST /v1/preflight` (signed like `/v1/run`).
 *
 * Shared by the API route (`POST /api/generate-image/preflight`), the engine service and the engine.
 */
import * as z from 'zod';
import { MODELS } from './generation';
import { GENERATION_OPTIONS, OPTION_LIMITS } from './generation-options';
import { wholeNumber } from './numbers';
import { PROMPT_MAX } from './sizes';
import { multiline } from './text';
import { encodeMessage, say } from './messages';

/** The engine service's preflight endpoint (same HMAC signature as `/v1/run`). */
export const ENGINE_PREFLIGHT_PATH = '/v1/preflight';

/** Why a term of the negative prompt cannot be used: the engine draws no such thing, or this picture holds none. */
export const UNUSED_TERM_REASONS = ['unknown', 'absent'] as const;
export type UnusedTermReason = (typeof UNUSED_TERM_REASONS)[number];

/** What the engine is asked: the text-to-image job's own fields that decide what is drawn. */
export interface TextToImagePreflightInput {
  prompt: string;
  negativePrompt?: string;
  style: string;
  width: number;
  height: number;
  /** Absent: the job will pick one; the answer then holds for a sample of seeds. */
  seed?: number;
}

/** The answer when the engine honours every option it was given (a provider model reading the words itself). */
export const NOTHING_IGNORED: TextToImagePreflight = { ignoredOptions: [], unusedTerms: [] };

/** The engine service's request body (no defaults: the Worker sends every field it has). */
export const wirePreflightRequest = z.object({
  prompt: z.string().max(PROMPT_MAX),
  negativePrompt: z.string().max(OPTION_LIMITS.negativePromptMax).optional(),
  style: z.string().max(40),
  width: z.number().int().min(16).max(4096),
  height: z.number().int().min(16).max(4096),
  seed: z.number().int().min(OPTION_LIMITS.seed.min).max(OPTION_LIMITS.seed.max).optional(),
});

export const wirePreflightResponse = z.object({
  ignoredOptions: z.array(z.enum(GENERATION_OPTIONS)),
  unusedTerms: z.array(z.object({ term: z.string(), reason: z.enum(UNUSED_TERM_REASONS) })),
});
/**
 * The engine's answer: the options this job would set that the engine will not use (today only
 * `negativePrompt` can be), and the terms of the negative prompt it cannot act on, in the order written.
 */
export type TextToImagePreflight = z.infer<typeof wirePreflightResponse>;

/**
 * `POST /api/generate-image/preflight`: the fields of the generate request that decide what is
 * drawn, bounded as that route bounds them. Only what the preflight reads; the form may send more.
 */
export const imagePreflightRequest = z.object({
  prompt: multiline(z.string({ error: 'promptRequired' }))
    .trim()
    .min(1, 'promptRequired')
    .max(PROMPT_MAX, encodeMessage(say('promptTooLong', { max: PROMPT_MAX }))),
  negativePrompt: multiline(z.string()).trim().max(OPTION_LIMITS.negativePromptMax).optional(),
  style: z.string().trim().max(40).default('realistic'),
  width: wholeNumber('width', 256, 2048).default(1024),
  height: wholeNumber('height', 256, 2048).default(1024),
  seed: wholeNumber('seed', OPTION_LIMITS.seed.min, OPTION_LIMITS.seed.max).optional(),
  /** Variations take the next seeds: an option counts as ignored only when all of them ignore it. */
  count: wholeNumber('count', OPTION_LIMITS.count.min, OPTION_LIMITS.count.max).default(1),
  model: z.enum(MODELS).default('nano'),
});
export type ImagePreflightRequest = z.infer<typeof imagePreflightRequest>;

export const imagePreflightResponse = z
  .object({
    success: z.literal(true),
    ignoredOptions: z.array(z.enum(GENERATION_OPTIONS)).describe('Options this request sets that the engine will not use'),
    unusedTerms: z
      .array(
        z.object({
          term: z.string(),
          reason: z.enum(UNUSED_TERM_REASONS).describe('`unknown`: the engine draws no such thing; `absent`: this picture holds none'),
        }),
      )
      .describe('Terms of the negative prompt the engine cannot act on'),
  })
  .meta({ id: 'ImagePreflight' });
