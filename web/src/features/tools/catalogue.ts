import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

export type ToolKind = 'restyle' | 'logo' | 'id-photo';

export interface Tool {
  /** Route id under /ai-tools/ (spec §2). */
  route: string;
  /** Tool id sent to the API (spec §9). */
  toolId: string;
  kind: ToolKind;
  title: MessageDescriptor;
  description: MessageDescriptor;
  icon: string;
  /** Fixed style prompt; `{extra}` is replaced by the user's optional notes. */
  template: string;
  style: string;
}

export const TOOLS: Tool[] = [
  { route: 'pop-art-portrait', toolId: 'pop-art-portrait', kind: 'restyle', icon: '🎨', style: 'artistic', title: msg`Pop art portrait`, description: msg`Bold Warhol-style colours and halftone punch.`, template: 'Turn this photo into a pop art portrait, bold saturated colours, comic halftone. {extra}' },
  { route: 'anime-style', toolId: 'anime-style', kind: 'restyle', icon: '✨', style: 'anime', title: msg`Anime style`, description: msg`Your photo as a clean, vibrant anime frame.`, template: 'Redraw this photo in anime style, clean line art, vivid cel shading. {extra}' },
  { route: 'oil-painting', toolId: 'oil-painting', kind: 'restyle', icon: '🖼️', style: 'artistic', title: msg`Oil painting`, description: msg`Rich brush strokes and painterly texture.`, template: 'Repaint this photo as a classic oil painting with visible brush strokes. {extra}' },
  { route: 'watercolor', toolId: 'watercolor', kind: 'restyle', icon: '💧', style: 'artistic', title: msg`Watercolor`, description: msg`Soft washes and delicate edges.`, template: 'Turn this photo into a soft watercolour painting. {extra}' },
  { route: 'sketch-style', toolId: 'sketch', kind: 'restyle', icon: '✏️', style: 'artistic', title: msg`Sketch`, description: msg`A pencil drawing of your photo.`, template: 'Turn this photo into a detailed pencil sketch, line art. {extra}' },
  { route: 'cyberpunk', toolId: 'cyberpunk', kind: 'restyle', icon: '🌃', style: 'artistic', title: msg`Cyberpunk`, description: msg`Neon glow and futuristic colour grading.`, template: 'Restyle this photo as cyberpunk, neon pink and cyan lighting. {extra}' },
  { route: 'professional-portrait', toolId: 'professional-portrait', kind: 'restyle', icon: '👔', style: 'realistic', title: msg`Professional portrait`, description: msg`A polished, well-lit headshot.`, template: 'Make this a professional portrait photo, enhance details, flattering light. {extra}' },
  { route: 'photo-restoration', toolId: 'restored-image', kind: 'restyle', icon: '🩹', style: 'restoration', title: msg`Photo restoration`, description: msg`Repair and sharpen old or faded photos.`, template: 'Restore this old photo, enhance details, sharpen, natural colours. {extra}' },
  { route: 'id-photo-generation', toolId: 'id-photo-generation', kind: 'id-photo', icon: '🪪', style: 'id-photo', title: msg`ID photo`, description: msg`Passport and visa sizes on a clean background.`, template: 'Make an ID photo, plain background, centred, realistic photo. {extra}' },
  { route: 'logo-generation', toolId: 'logo-generation', kind: 'logo', icon: '🔷', style: 'logo', title: msg`Logo generation`, description: msg`Describe your brand and get a logo idea.`, template: 'Logo design: {extra}. Minimal, abstract, bold shapes, flat colours.' },
  { route: 'face-swap', toolId: 'face-swap', kind: 'restyle', icon: '🧑‍🎨', style: 'realistic', title: msg`Avatar builder`, description: msg`Keep your likeness, change the look.`, template: 'Keep the identity and facial structure of the person, change only: {extra}' },
];

/** Spec §9 ID photo pixel sizes; background presets from spec §5. */
export const ID_PHOTO_SIZES = {
  oneInch: { width: 295, height: 413 },
  twoInch: { width: 413, height: 531 },
  passport: { width: 354, height: 472 },
  visa: { width: 354, height: 354 },
} as const;
export const ID_PHOTO_COLOURS = ['#ffffff', '#ff0000', '#0000ff', '#f0f0f0'] as const;

export const toolByRoute = (route: string) => TOOLS.find((t) => t.route === route);
