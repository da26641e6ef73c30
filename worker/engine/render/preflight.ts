/**
 * The text-to-image preflight: whether a negative prompt will change the picture, decided without
 * drawing it. A render is fully decided before its first pixel (procedural.ts `prepareScene`: the
 * plan's layers as SVG, the subjects, the setting, the finish's switches and its seed), so two
 * preparations that agree give the same bytes. The preflight prepares the scene with and without
 * the negative prompt and compares them, which is what the job finds out afterwards by drawing the
 * scene twice (text-to-image.ts `renderTextToImageWithReport`): the two are tested to agree.
 *
 * A preparation costs a few milliseconds at 1024² (the SVG strings), a render half a second.
 */
import type { TextToImagePreflight, TextToImagePreflightInput } from '../../contract/image-preflight';
import { STYLES, type Style } from '../../contract/generation';
import { negativeTerms, omitsAnything, readNegativePrompt } from './negative';
import { finishFor } from './post';
import { prepareScene } from './procedural';
import type { RenderInput } from './compose';

/**
 * Seeds tried when the job has none yet (it will pick one at Start): a seed chooses the landscape a
 * lone subject stands in and places what is drawn, so "trees" may matter for one seed and not for
 * another. The negative prompt is said to be ignored only when it changes nothing for any of these.
 */
export const PREFLIGHT_SEEDS = [1, 2, 3, 4, 5, 6] as const;

/** Terms checked one by one at most (a longer negative prompt's further terms are not named). */
const MAX_TERMS_CHECKED = 24;

/** Which options the engine will ignore for this text-to-image job, and the negative prompt's terms it cannot use. */
export function preflightTextToImage(input: TextToImagePreflightInput): TextToImagePreflight {
  const negativePrompt = input.negativePrompt?.trim();
  if (!negativePrompt) return { ignoredOptions: [], unusedTerms: [] };
  const seeds = input.seed === undefined ? PREFLIGHT_SEEDS : [input.seed];
  const base = renderInputOf(input);
  const plain = seeds.map((seed) => fingerprint({ ...base, seed, negativePrompt: undefined }));
  /** Whether this negative prompt changes the picture for at least one of the seeds. */
  const changes = (negative: string) =>
    omitsAnything(readNegativePrompt(negative)) &&
    seeds.some((seed, i) => fingerprint({ ...base, seed, negativePrompt: negative }) !== plain[i]);

  const unknown = new Set(readNegativePrompt(negativePrompt).unknown);
  const unusedTerms: TextToImagePreflight['unusedTerms'] = [];
  const seen = new Set<string>();
  let checked = 0;
  for (const term of negativeTerms(negativePrompt)) {
    if (seen.has(term)) continue;
    seen.add(term);
    if (unknown.has(term)) unusedTerms.push({ term, reason: 'unknown' });
    else if (checked++ < MAX_TERMS_CHECKED && !changes(term)) unusedTerms.push({ term, reason: 'absent' });
  }
  return { ignoredOptions: changes(negativePrompt) ? [] : ['negativePrompt'], unusedTerms };
}

/** The renderer's input for a job's fields, as the engine's text-to-image producer builds it (engine/index.ts). */
function renderInputOf(input: TextToImagePreflightInput): RenderInput {
  // Tool styles outside the five draw the realistic way; a medium they name is still painted.
  const style: Style = (STYLES as readonly string[]).includes(input.style) ? (input.style as Style) : 'realistic';
  return { prompt: input.prompt, style, styleName: input.style, width: input.width, height: input.height };
}

/**
 * Everything that decides a render's bytes, as one string: equal strings, equal pictures. The medium
 * a photo tool paints afterwards depends on the prompt and style only, the same on both sides.
 */
export function fingerprint(input: RenderInput): string {
  const prepared = prepareScene(input);
  const { plan } = prepared;
  const { layers, ctx } = plan;
  const medium = prepared.look.medium !== undefined;
  return JSON.stringify([
    prepared.setting,
    prepared.setting === 'scene' ? [layers.sky, layers.soft, layers.land, layers.glow, layers.front].map((layer) => layer.toSvg()) : null,
    plan.water,
    ctx.horizon,
    ctx.scene,
    ctx.look,
    prepared.depth,
    // Sprites take grain only in the realistic style (sprites.ts `treat`).
    prepared.subjects.length > 0 && prepared.style === 'realistic' && prepared.spriteGrain,
    prepared.subjects,
    finishFor(plan, prepared.style, { medium, omit: prepared.negative.omit }),
    // The artistic brushwork's grain, and the finish's seed: the plan's next random number.
    prepared.style === 'artistic' && !medium && prepared.negative.omit.has('grain'),
    ctx.rand(),
  ]);
}
