/**
 * Text-to-image on the offline engine: the procedural scene (procedural.ts), then, when the prompt
 * or the style names a medium the photo tools paint (looks.ts: oil, watercolour, pencil sketch,
 * pop art, cyberpunk), that tool's own algorithm over the scene (worker/engine/tools), as it would
 * paint a photo. Kept apart from procedural.ts because the tools use the renderer themselves
 * (the face swap's backgrounds): the scene must not depend on the tools.
 */
import sharp from 'sharp';
import { applyTool } from '../tools';
import type { RenderInput } from './compose';
import { renderScene, type RenderedScene } from './procedural';

/** Renders a prompt, painted in its medium, to PNG bytes of exactly width×height; same input → same bytes. */
export async function renderTextToImage(input: RenderInput): Promise<Uint8Array> {
  return (await renderPainted(input)).png;
}

/** {@link renderTextToImage} with what went into the picture (procedural.ts `RenderedScene`). */
export async function renderPainted(input: RenderInput): Promise<RenderedScene> {
  const scene = await renderScene(input);
  if (!scene.look.medium) return scene;
  const { width, height } = await sharp(scene.png).metadata();
  const painted = await applyTool(scene.look.medium, scene.png, {}, input.seed ?? 0);
  // Tools work at most TOOL_MAX_SIDE wide; the picture keeps the size it was asked for.
  const png =
    painted.width === width && painted.height === height
      ? painted.bytes
      : new Uint8Array(await sharp(painted.bytes).resize(width, height, { fit: 'fill', kernel: 'lanczos3' }).png().toBuffer());
  return { ...scene, png };
}
