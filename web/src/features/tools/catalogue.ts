import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { TOOL_CATALOGUE, type ToolDefinition, type ToolId } from '@worker/contract/tools';

/**
 * The tool pages, drawn from the server's catalogue (worker/contract/tools.ts: inputs, templates,
 * engines). Only presentation lives here: each tool's name and pitch in both languages.
 */
export interface Tool extends ToolDefinition {
  title: MessageDescriptor;
  description: MessageDescriptor;
}

const PRESENTATION: Record<ToolId, Pick<Tool, 'title' | 'description'>> = {
  'pop-art-portrait': {
    title: msg`Pop art portrait`,
    description: msg`Four loud inks, halftone dots and bold outlines, like a screen print.`,
  },
  'anime-style': { title: msg`Anime style`, description: msg`Flat cel colours and clean ink lines, like a frame of an anime.` },
  'oil-painting': { title: msg`Oil painting`, description: msg`Brush strokes that follow the shapes, with relief and canvas.` },
  watercolor: { title: msg`Watercolor`, description: msg`Soft washes, pooled edges and paper texture.` },
  sketch: { title: msg`Sketch`, description: msg`A pencil drawing with hatching in the shadows.` },
  cyberpunk: { title: msg`Cyberpunk`, description: msg`Teal shadows, magenta light and neon glow.` },
  'professional-portrait': { title: msg`Professional portrait`, description: msg`A studio backdrop, even skin and flattering light.` },
  'restored-image': { title: msg`Photo restoration`, description: msg`Removes scratches and dust, noise and a faded yellow cast.` },
  'id-photo-generation': {
    title: msg`ID photo`,
    description: msg`Framed by your face, on the background colour you choose, at print size.`,
  },
  'logo-generation': { title: msg`Logo generation`, description: msg`Describe your brand and get a logo idea.` },
  'face-swap': { title: msg`Avatar builder`, description: msg`Keep your likeness, change the look.` },
};

export const TOOLS: Tool[] = TOOL_CATALOGUE.map((definition) => ({ ...definition, ...PRESENTATION[definition.id] }));

export const toolByRoute = (route: string) => TOOLS.find((t) => t.route === route);

/** The upscaler has its own page (/image-upscaler) but belongs with the tools wherever they are listed. */
export const UPSCALER_CARD = {
  title: msg`Image upscaler`,
  description: msg`Enlarge a photo 2×, 4× or 8× with sharp detail and an optional face pass.`,
};
