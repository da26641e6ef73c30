/**
 * The descriptions the workbench's style buttons append to the prompt (spec §4 style selection).
 * Plain data without zod, shared by the web page (web/src/features/workbench/styles.ts adds the
 * translated labels) and the offline renderer, which takes them out before it looks for subjects:
 * "natural light" is not a ginger root and "brush strokes" not a toothbrush.
 */
export const STYLE_TEXTS = [
  { id: 'realistic', suffix: 'photorealistic, natural light, fine detail' },
  { id: 'artistic', suffix: 'painterly, expressive brush strokes, rich colour' },
  { id: 'anime', suffix: 'anime style, clean line art, vibrant cel shading' },
  { id: 'cartoon', suffix: 'cartoon illustration, bold outlines, playful colours' },
  { id: 'abstract', suffix: 'abstract composition, bold geometric shapes' },
] as const;

/** The quick-style chips of image mode, in the order the page shows them. */
export const QUICK_STYLE_TEXTS = [
  { id: 'realistic', suffix: 'enhance details, sharpen, more clarity' },
  { id: 'artistic', suffix: 'turn into an oil painting' },
  { id: 'anime', suffix: 'anime style, vivid colours' },
  { id: 'realistic', suffix: 'realistic photo, natural colours' },
] as const;
