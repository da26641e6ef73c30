import { msg } from '@lingui/core/macro';

/** Style buttons append a description to the prompt, replacing the one they appended before (spec §4). */
export const STYLE_OPTIONS = [
  { id: 'realistic', label: msg`Realistic`, suffix: 'photorealistic, natural light, fine detail' },
  { id: 'artistic', label: msg`Artistic`, suffix: 'painterly, expressive brush strokes, rich colour' },
  { id: 'anime', label: msg`Anime`, suffix: 'anime style, clean line art, vibrant cel shading' },
  { id: 'cartoon', label: msg`Cartoon`, suffix: 'cartoon illustration, bold outlines, playful colours' },
  { id: 'abstract', label: msg`Abstract`, suffix: 'abstract composition, bold geometric shapes' },
] as const;

export const QUICK_STYLES = [
  { id: 'realistic', label: msg`Enhance Details`, suffix: 'enhance details, sharpen, more clarity' },
  { id: 'artistic', label: msg`Art Style`, suffix: 'turn into an oil painting' },
  { id: 'anime', label: msg`Anime Style`, suffix: 'anime style, vivid colours' },
  { id: 'realistic', label: msg`Realistic Photo`, suffix: 'realistic photo, natural colours' },
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
