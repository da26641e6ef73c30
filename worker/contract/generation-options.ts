/**
 * The workbench's advanced options and variations (spec §3 Generation options: negative prompt,
 * count, strength, seed, steps, guidance scale, sampler). Zod-free data: the API's schemas
 * (generation.ts), the engines' capability tables and the workbench's form are all built from it.
 * docs/decisions/035-generation-options-and-variations.md has the reasoning.
 */

/** The options an engine may honour or ignore; the status names the ignored ones (`ignoredOptions`). */
export const GENERATION_OPTIONS = ['negativePrompt', 'seed', 'strength', 'steps', 'cfgScale', 'sampler'] as const;
export type GenerationOption = (typeof GENERATION_OPTIONS)[number];

/** Samplers a diffusion engine may offer. No engine this product runs exposes one today, so every engine reports it ignored. */
export const SAMPLERS = ['euler', 'euler_a', 'dpmpp_2m', 'ddim'] as const;
export type Sampler = (typeof SAMPLERS)[number];

/** Spec §7/§9 defaults: 20 steps; guidance 7 for text-to-image, 7.5 for image editing. */
export const OPTION_DEFAULTS = {
  steps: 20,
  cfgScaleTextToImage: 7,
  cfgScaleEdit: 7.5,
  /** The workbench's starting strength for an edit; the API leaves it to the engine when absent. */
  strength: 0.75,
  count: 1,
} as const;

export const OPTION_LIMITS = {
  steps: { min: 1, max: 100 },
  cfgScale: { min: 0, max: 30 },
  strength: { min: 0, max: 1 },
  seed: { min: 0, max: 2 ** 31 - 1 },
  count: { min: 1, max: 4 },
  negativePromptMax: 2000,
} as const;

/** What a job was asked to do beyond prompt, style and size; stored on the job and on its record. */
export interface GenerationTuning {
  negativePrompt?: string;
  steps?: number;
  cfgScale?: number;
  strength?: number;
  sampler?: Sampler;
}

/** The options one engine honours, per kind of work (`edit` = image-to-image). */
export interface OptionSupport {
  textToImage: readonly GenerationOption[];
  edit: readonly GenerationOption[];
}

/**
 * The options a job set that its engine does not honour. Steps and guidance count only when they
 * differ from the defaults (every job carries them; an untouched default is not the user's choice).
 */
export function ignoredOptions(
  work: 'textToImage' | 'edit',
  tuning: GenerationTuning,
  support: OptionSupport | undefined,
): GenerationOption[] {
  const honoured = new Set<GenerationOption>(support?.[work] ?? []);
  const cfgDefault = work === 'edit' ? OPTION_DEFAULTS.cfgScaleEdit : OPTION_DEFAULTS.cfgScaleTextToImage;
  const set: Record<GenerationOption, boolean> = {
    negativePrompt: Boolean(tuning.negativePrompt?.trim()),
    // Every job has a seed; an engine without seeds gives a different picture each time.
    seed: true,
    strength: tuning.strength !== undefined && work === 'edit',
    steps: tuning.steps !== undefined && tuning.steps !== OPTION_DEFAULTS.steps,
    cfgScale: tuning.cfgScale !== undefined && tuning.cfgScale !== cfgDefault,
    sampler: tuning.sampler !== undefined,
  };
  return GENERATION_OPTIONS.filter((option) => set[option] && !honoured.has(option));
}
