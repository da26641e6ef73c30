import { msg } from '@lingui/core/macro';

import { QUICK_STYLE_TEXTS, STYLE_TEXTS } from '@worker/contract/style-texts';

/**
 * Style buttons append a description to the prompt, replacing the one they appended before (spec §4).
 * The reader sees it in the page's language (`shown`); the job is sent the contract's English
 * `suffix` in its place (see sendWithSuffix), which the offline renderer knows to leave out of its
 * subject lookup. The English texts live in the contract (zod-free); `shown` repeats each one as a
 * message, so English readers see exactly what is sent.
 */
const [realistic, artistic, anime, cartoon, abstract] = STYLE_TEXTS;
export const STYLE_OPTIONS = [
  { ...realistic, label: msg`Realistic`, shown: msg`photorealistic, natural light, fine detail` },
  { ...artistic, label: msg`Artistic`, shown: msg`painterly, expressive brush strokes, rich colour` },
  { ...anime, label: msg`Anime`, shown: msg`anime style, clean line art, vibrant cel shading` },
  { ...cartoon, label: msg`Cartoon`, shown: msg`cartoon illustration, bold outlines, playful colours` },
  { ...abstract, label: msg`Abstract`, shown: msg`abstract composition, bold geometric shapes` },
] as const;

const [details, painting, animeQuick, photo] = QUICK_STYLE_TEXTS;
export const QUICK_STYLES = [
  { ...details, label: msg`Enhance Details`, shown: msg`enhance details, sharpen, more clarity` },
  { ...painting, label: msg`Art Style`, shown: msg`turn into an oil painting` },
  { ...animeQuick, label: msg`Anime Style`, shown: msg`anime style, vivid colours` },
  { ...photo, label: msg`Realistic Photo`, shown: msg`realistic photo, natural colours` },
] as const;

/** Inspiration tags fill the prompt box in the page's language; the offline engine reads Chinese subjects too. */
export const INSPIRATION = [
  { label: msg`Landscape`, prompt: msg`Golden hour over snowy mountains and a calm lake, wide landscape` },
  { label: msg`Portrait`, prompt: msg`Portrait of a woman in soft window light, shallow depth of field` },
  { label: msg`Architecture`, prompt: msg`Modern city skyline at sunset, glass towers reflecting the sky` },
  { label: msg`Art`, prompt: msg`Abstract composition of flowing violet and gold shapes` },
  { label: msg`Sci-Fi`, prompt: msg`Neon cyberpunk city at night in the rain, flying lights` },
  { label: msg`Nature`, prompt: msg`Misty pine forest by a river at dawn` },
  { label: msg`Animals`, prompt: msg`A curious cat sitting in a blooming flower garden` },
  { label: msg`Creative`, prompt: msg`A ringed planet rising over a desert of purple dunes` },
] as const;

/** The ten spec §3 sizes, from the contract's zod-free module. */
export { SIZES as SIZE_OPTIONS } from '@worker/contract/sizes';
