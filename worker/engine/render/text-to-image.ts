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
import { equalBytes } from '../../lib/bytes';
import { omitsAnything } from './negative';
import { renderScene, type RenderedScene } from './procedural';

/** Renders a prompt, painted in its medium, to PNG bytes of exactly width×height; same input → same bytes. */
export async function renderTextToImage(input: RenderInput): Promise<Uint8Array> {
  return (await renderPainted(input)).png;
}

/**
 * {@link renderTextToImage}, and whether a negative prompt it was given changed nothing: it names
 * nothing the renderer knows ("low quality"), or only what this scene does not hold ("submarine" in a
 * meadow). Then the picture is the one without it, byte for byte, and the job says the option was
 * ignored. Known terms are checked by drawing the scene once more without them (the medium is
 * painted after, from the scene alone, so comparing scenes is enough).
 */
export async function renderTextToImageWithReport(input: RenderInput): Promise<{ png: Uint8Array; negativePromptIgnored: boolean }> {
  const scene = await renderScene(input);
  let negativePromptIgnored = false;
  if (input.negativePrompt?.trim()) {
    negativePromptIgnored =
      !omitsAnything(scene.negative) || equalBytes((await renderScene({ ...input, negativePrompt: undefined })).png, scene.png);
  }
  return { png: (await painted(scene, input)).png, negativePromptIgnored };
}

/** {@link renderTextToImage} with what went into the picture (procedural.ts `RenderedScene`). */
export async function renderPainted(input: RenderInput): Promise<RenderedScene> {
  return painted(await renderScene(input), input);
}

async function painted(scene: RenderedScene, input: RenderInput): Promise<RenderedScene> {
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
