/**
 * The photo tools one real algorithm each, dispatched by tool id. Every tool is a
 * {@link PhotoTool}: decoded once into a float raster, encoded once (with the DPI a tool asks for).
 * The engine (worker/engine/index.ts) calls {@link applyTool} inside a pool thread or the engine
 * service; the workbench's edits reuse the style tools when a prompt names a style (edit/index.ts).
 */
import { faceSwap } from '../face-swap';
import { EngineInputError, type EngineOutput, type EngineToolId, type ToolParams } from '../../contract/engine-operations';
import { animeStyle } from './anime';
import { cyberpunk } from './cyberpunk';
import { idPhoto } from './id-photo';
import { oilPainting } from './oil-painting';
import { popArt } from './pop-art';
import { professionalPortrait } from './professional-portrait';
import { decodeRaster, encodeRaster, type PhotoTool } from './raster';
import { restorePhoto } from './restore';
import { sketch } from './sketch';
import { watercolor } from './watercolor';

export const PHOTO_TOOLS: Record<EngineToolId, PhotoTool> = {
  'pop-art-portrait': popArt,
  'anime-style': animeStyle,
  'oil-painting': oilPainting,
  'professional-portrait': professionalPortrait,
  watercolor,
  sketch,
  cyberpunk,
  'restored-image': restorePhoto,
  'id-photo-generation': idPhoto,
  'face-swap': faceSwap,
};

/** Runs one photo tool on encoded image bytes and returns a PNG. */
export async function applyTool(toolId: EngineToolId, image: Uint8Array, params: ToolParams, seed: number): Promise<EngineOutput> {
  const tool = PHOTO_TOOLS[toolId];
  if (!tool) throw new EngineInputError('UNSUPPORTED_OPERATION', `unknown photo tool ${toolId}`);
  const raster = await decodeRaster(image);
  const result = await tool({ image: raster, encoded: image, params, seed });
  const bytes = await encodeRaster(result.image, { density: result.density });
  return { bytes, contentType: 'image/png', width: result.image.width, height: result.image.height };
}
