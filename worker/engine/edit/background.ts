/**
 * A new background behind the photo's subject (contract/edit-instructions.ts `EditBackground`): a
 * plain colour, a studio backdrop, the old background blurred or adjusted, none (transparent), or a
 * scene the offline renderer draws from the prompt's scene words (render/procedural.ts). The subject
 * is laid over it by its matte, with the old background's colour taken out of its edges
 * (tools/cutout.ts), and — over a drawn scene — takes on a little of the scene's light by a partial
 * Reinhard colour transfer (colour-transfer.ts), as a photographer's subject is lit by its place.
 */
import sharp from 'sharp';
import type { EditAdjustment, EditBackground } from '../../contract/edit-instructions';
import { renderFromPrompt } from '../render/procedural';
import { compositeOver, decontaminate } from '../tools/cutout';
import { studioBackdrop } from '../tools/professional-portrait';
import { boxBlur } from '../tools/filters';
import { channel, createRaster, encodeRaster, fromRgb8, type Plane, type Raster } from '../tools/raster';
import { applyAdjustments } from './adjustments';
import { labStats, transferColour } from './colour-transfer';
import type { Box } from './subject';

export interface NewBackground {
  image: Raster;
  /** Set for a transparent background: the subject's matte becomes the picture's alpha. */
  alpha?: Plane;
}

/** How much of a drawn scene's light the subject takes on, per Lab channel (L, a, b). */
const SCENE_LIGHT: [number, number, number] = [0.12, 0.1, 0.1];

export async function replaceBackground(
  image: Raster,
  matte: Plane,
  background: EditBackground,
  seed: number,
  face: Box | null,
): Promise<NewBackground> {
  const { width, height } = image;
  const long = Math.max(width, height);
  if (background.kind === 'transparent') return { image, alpha: matte };
  if (background.kind === 'adjust') {
    // The subject as it is over its own background, adjusted ("make the background black and white").
    const adjustments = background.adjustments.filter((id): id is Exclude<EditAdjustment, 'mirror'> => id !== 'mirror');
    const adjusted = await rasterOf(await applyAdjustments(await encodeRaster(image), adjustments), width, height);
    return { image: compositeOver(image, matte, adjusted) };
  }
  // About what a phone's portrait mode does: a background you can still recognise, clearly out of focus.
  if (background.kind === 'blur') return { image: compositeOver(image, matte, blurBehind(image, matte, long * 0.022)) };
  const person = decontaminate(image, matte, Math.max(4, long / 80));
  if (background.kind === 'colour') return { image: compositeOver(person, matte, flat(width, height, background.hex)) };
  if (background.kind === 'studio') {
    const light = face ? { x: face.x + face.width / 2, y: face.y + face.height * 0.3 } : { x: width / 2, y: height * 0.35 };
    return { image: compositeOver(person, matte, studioBackdrop(width, height, light)) };
  }
  const drawn = await renderFromPrompt({ prompt: background.scene, style: 'realistic', width, height, seed });
  // A drawn scene behind a photographed person reads as a cut-out unless it is a little soft, as a
  // lens at portrait distance would have it; softer still when the prompt asks for a blur.
  const scene = await rasterOf(
    await sharp(drawn)
      .blur(Math.max(0.3, long * (background.blur ? 0.012 : 0.004)))
      .png()
      .toBuffer(),
    width,
    height,
  );
  transferColour(person, labStats(person, matte), labStats(scene), SCENE_LIGHT, matte);
  return { image: compositeOver(person, matte, scene) };
}

function flat(width: number, height: number, hex: string): Raster {
  const out = createRaster(width, height);
  const rgb = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  for (let p = 0; p < width * height; p++) out.data.set(rgb, p * 3);
  return out;
}

async function rasterOf(bytes: Uint8Array, width: number, height: number): Promise<Raster> {
  const { data, info } = await sharp(bytes)
    .resize(width, height, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return fromRgb8(data, info.width, info.height);
}

/**
 * The photo's own background blurred without the subject bleeding into it: normalised convolution
 * (Knutsson and Westin 1993) — the colours weighted by how surely each pixel is background are
 * blurred and divided by the blurred weight. Three box blurs stand in for the Gaussian (Wells 1986);
 * where the subject covers a whole window, a window three times wider fills in.
 */
function blurBehind(image: Raster, matte: Plane, sigma: number): Raster {
  const { width, height } = image;
  const n = width * height;
  // Squared: an edge pixel half person, half wall lends little of its colour to the wall.
  const weight: Plane = { width, height, data: matte.data.map((a) => (1 - a) ** 2) };
  const blur3 = (plane: Plane, radius: number) => boxBlur(boxBlur(boxBlur(plane, radius), radius), radius);
  const pass = (radius: number) => {
    const w = blur3(weight, radius);
    const colours = ([0, 1, 2] as const).map((c) => {
      const plane = channel(image, c);
      for (let p = 0; p < n; p++) plane.data[p] = plane.data[p]! * weight.data[p]!;
      return blur3(plane, radius);
    });
    return { w, colours };
  };
  const radius = Math.max(1, Math.round(sigma));
  const near = pass(radius);
  const far = pass(radius * 3);
  const out = createRaster(width, height);
  for (let p = 0; p < n; p++) {
    const use = near.w.data[p]! > 0.05 ? near : far;
    const w = Math.max(use.w.data[p]!, 1e-4);
    for (let c = 0; c < 3; c++) out.data[p * 3 + c] = Math.min(1, use.colours[c]!.data[p]! / w);
  }
  return out;
}
