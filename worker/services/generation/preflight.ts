import { ServiceError } from '../../contract/errors';
import { say } from '../../contract/messages';
import type { ImagePreflightRequest, TextToImagePreflight } from '../../contract/image-preflight';
import { EngineError } from './engine';
import type { ServiceContext } from '../context';

/**
 * Preflights one user (or one network, signed out) may ask for in five minutes. The workbench asks once per pause in typing
 * (400 ms), so a steady typist stays under one a second; a script asking in a loop is stopped
 * before it takes the engine from the renders.
 */
export const PREFLIGHTS_PER_USER = { limit: 300, windowSeconds: 300 };

/**
 * Before Start: the options a text-to-image request sets that its engine will not use, and the
 * negative prompt's terms it cannot act on. The engine's capability table says which options it
 * never honours; the engine's own preflight says which it cannot use for this prompt (the offline
 * renderer leaves out only what the scene holds). Variations use consecutive seeds: an option is
 * ignored only when every one of them ignores it.
 */
export async function preflightTextToImage(
  ctx: ServiceContext<'images' | 'limits'>,
  /** Who asks, for the rate limit: `user:<id>`, or `ip:<network>` for a signed-out visitor. */
  caller: string,
  request: ImagePreflightRequest,
): Promise<TextToImagePreflight> {
  const allowed = await ctx.limits.hit(`image-preflight:${caller}`, PREFLIGHTS_PER_USER);
  if (!allowed.allowed) throw new ServiceError('RATE_LIMITED', 'tooManyRequests', { retryAfter: allowed.retryAfterSeconds });
  const engine = ctx.images.forModel(request.model);
  if (!engine) throw new ServiceError('VALIDATION_FAILED', say('modelUnavailable', { model: request.model }), { field: 'model' });
  const negativePrompt = request.negativePrompt?.trim();
  if (!negativePrompt) return { ignoredOptions: [], unusedTerms: [] };
  if (engine.options && !engine.options.textToImage.includes('negativePrompt'))
    return { ignoredOptions: ['negativePrompt'], unusedTerms: [] };
  if (!engine.preflight) return { ignoredOptions: [], unusedTerms: [] };
  const { count: _count, model: _model, seed, ...frame } = request;
  const seeds = seed === undefined ? [undefined] : Array.from({ length: request.count }, (_, i) => seed + i);
  try {
    const answers = await Promise.all(
      seeds.map((s) => engine.preflight!({ ...frame, negativePrompt, ...(s === undefined ? {} : { seed: s }) })),
    );
    return everyAnswer(answers);
  } catch (error) {
    // A preflight that cannot be answered hides nothing from the job: its status still names what was ignored.
    if (error instanceof EngineError) throw new ServiceError('SERVICE_UNAVAILABLE', 'engineBusyShort', { retryAfter: 5 });
    throw error;
  }
}

/** What every answer agrees on: an option or a term counts as unused only if no seed uses it. */
function everyAnswer(answers: TextToImagePreflight[]): TextToImagePreflight {
  const [first, ...rest] = answers;
  if (!first) return { ignoredOptions: [], unusedTerms: [] };
  return {
    ignoredOptions: first.ignoredOptions.filter((option) => rest.every((answer) => answer.ignoredOptions.includes(option))),
    unusedTerms: first.unusedTerms.filter(({ term }) => rest.every((answer) => answer.unusedTerms.some((unused) => unused.term === term))),
  };
}
