import { type GenerationOption, OPTION_DEFAULTS, OPTION_LIMITS, type Sampler } from '@worker/contract/generation-options';

/** The advanced options form's values and their checks (no UI here, so unit tests can load it). */
export type WorkbenchMode = 'text-to-image' | 'image-to-image';

/** The form's advanced options; numbers are kept as typed (strings) so a half-typed value is not rewritten under the cursor. */
export interface AdvancedOptionsValue {
  negativePrompt: string;
  /** Digits, or empty for a new random seed each run. */
  seed: string;
  /** Keep the seed for the next run; unlocked, a run's seed is not carried to the next one. */
  seedLocked: boolean;
  steps: string;
  cfgScale: string;
  strength: number;
  sampler: Sampler | '';
}

export const initialAdvancedOptions = (mode: WorkbenchMode): AdvancedOptionsValue => ({
  negativePrompt: '',
  seed: '',
  seedLocked: false,
  steps: String(OPTION_DEFAULTS.steps),
  cfgScale: String(mode === 'image-to-image' ? OPTION_DEFAULTS.cfgScaleEdit : OPTION_DEFAULTS.cfgScaleTextToImage),
  strength: OPTION_DEFAULTS.strength,
  sampler: '',
});

const WHOLE = /^\d{1,10}$/;
const DECIMAL = /^\d{1,6}(?:\.\d{1,4})?$/;

/** Which field is out of range, if any (the API checks the same and names the field in its 400). */
export function invalidOption(value: AdvancedOptionsValue): GenerationOption | null {
  const inRange = (text: string, pattern: RegExp, { min, max }: { min: number; max: number }) =>
    pattern.test(text.trim()) && Number(text) >= min && Number(text) <= max;
  if (value.seed.trim() && !inRange(value.seed, WHOLE, OPTION_LIMITS.seed)) return 'seed';
  if (!inRange(value.steps, WHOLE, OPTION_LIMITS.steps)) return 'steps';
  if (!inRange(value.cfgScale, DECIMAL, OPTION_LIMITS.cfgScale)) return 'cfgScale';
  if (value.negativePrompt.trim().length > OPTION_LIMITS.negativePromptMax) return 'negativePrompt';
  return null;
}

/** The request fields for the chosen options (JSON numbers; the edit form sends them as text). */
export function optionFields(value: AdvancedOptionsValue, mode: WorkbenchMode) {
  return {
    ...(value.negativePrompt.trim() ? { negativePrompt: value.negativePrompt.trim() } : {}),
    ...(value.seed.trim() ? { seed: Number(value.seed) } : {}),
    steps: Number(value.steps),
    cfgScale: Number(value.cfgScale),
    ...(mode === 'image-to-image' ? { strength: value.strength } : {}),
    ...(value.sampler ? { sampler: value.sampler } : {}),
  };
}
