import { msg } from '@lingui/core/macro';

import { QUICK_STYLE_TEXTS, STYLE_TEXTS } from '../../../../worker/contract/style-texts';

/**
 * Style buttons append a description to the prompt, replacing the one they appended before (spec §4).
 * The texts live in the contract (zod-free) so the offline renderer can leave them out of its subject lookup.
 */
const [realistic, artistic, anime, cartoon, abstract] = STYLE_TEXTS;
export const STYLE_OPTIONS = [
  { ...realistic, label: msg`Realistic` },
  { ...artistic, label: msg`Artistic` },
  { ...anime, label: msg`Anime` },
  { ...cartoon, label: msg`Cartoon` },
  { ...abstract, label: msg`Abstract` },
] as const;

const [details, painting, animeQuick, photo] = QUICK_STYLE_TEXTS;
export const QUICK_STYLES = [
  { ...details, label: msg`Enhance Details` },
  { ...painting, label: msg`Art Style` },
  { ...animeQuick, label: msg`Anime Style` },
  { ...photo, label: msg`Realistic Photo` },
] as const;

export const INSPIRATION = [
  { label: msg`Landscape`, prompt: 'Golden hour over snowy mountains and a calm lake, wide landscape' },
  { label: msg`Portrait`, prompt: 'Portrait of a woman in soft window light, shallow depth of field' },
  { label: msg`Architecture`, prompt: 'Modern city skyline at sunset, glass towers reflecting the sky' },
  { label: msg`Art`, prompt: 'Abstract composition of flowing violet and gold shapes' },
  { label: msg`Sci-Fi`, prompt: 'Neon cyberpunk city at night in the rain, flying lights' },
  { label: msg`Nature`, prompt: 'Misty pine forest by a river at dawn' },
  { label: msg`Animals`, prompt: 'A curious cat sitting in a blooming flower garden' },
  { label: msg`Creative`, prompt: 'A ringed planet rising over a desert of purple dunes' },
] as const;

/** The ten spec §3 sizes, from the contract's zod-free module. */
export { SIZES as SIZE_OPTIONS } from '../../../../worker/contract/sizes';
