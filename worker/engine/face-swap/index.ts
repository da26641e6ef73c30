/**
 * Face swap / avatar builder, offline (docs/decisions/017-face-swap.md). Image mode is a
 * face-anchored edit of the uploaded portrait: hair, eyes and beard recoloured or painted on
 * segmented regions, accessories drawn on the landmarks, the background replaced or blurred on the
 * person matte, then light, colour and style. Only the options listed in FACE_SWAP_OFFLINE
 * (contract/face-swap.ts) change the picture; the rest are words for a generative model.
 * Text mode draws an illustrated portrait from the choices (avatar.ts).
 */
import { cleanSelection, optionsByKey } from '../../contract/face-swap';
import { FACE_SWAP_ACCESSORY_COLOURS, FACE_SWAP_MORE_ACCESSORIES } from '../../contract/engine-operations';
import type { PhotoTool, Raster } from '../tools/raster';
import { accessorySvg, anchorsOf } from './accessories';
import { AppliedOptions } from './applied';
import { analysePortrait, type PortraitAnalysis } from './analysis';
import { composeEnvironment } from './background';
import { facialFeature, skinTexture } from './features';
import { drawOver, finishPortrait } from './finish';
import { toImage } from './geometry';
import { lightDirection, lightStyle, type Subject } from './grade';
import { EYE_COLOURS, HAIR_COLOURS, irisMask, paintBeard, recolour, rgbOf, type Rgb } from './recolour';

export type Selection = Record<string, string>;
export { renderAvatar } from './avatar';

/** The edits on the face itself (skin, details, eyes, hair, beard), in that order. */
async function editFace(image: Raster, analysis: PortraitAnalysis, s: Selection, seed: number, report: AppliedOptions): Promise<Raster> {
  let out = image;
  if (s.skin_texture_effect) out = report.step('skin_texture_effect', out, skinTexture(out, analysis, s.skin_texture_effect));
  if (s.facial_feature_details)
    out = report.step('facial_feature_details', out, facialFeature(out, analysis, s.facial_feature_details, seed));
  if (s.eye_color && EYE_COLOURS[s.eye_color])
    out = report.step(
      'eye_color',
      out,
      recolour(out, await irisMask(analysis, out.width, out.height), rgbOf(EYE_COLOURS[s.eye_color]!), 0.85),
    );
  const hairTarget = s.hair_color && HAIR_COLOURS[s.hair_color] ? rgbOf(HAIR_COLOURS[s.hair_color]!) : null;
  if (hairTarget) out = report.step('hair_color', out, recolour(out, analysis.hair, hairTarget));
  if (s.beard && s.beard !== 'clean_shaven') {
    const found = analysis.hairColour;
    const colour: Rgb = hairTarget ?? (found ? [found[0] * 0.75, found[1] * 0.68, found[2] * 0.62] : [0.22, 0.15, 0.1]);
    out = report.step('beard', out, await paintBeard(out, analysis, s.beard, colour, seed));
  }
  return out;
}

/** A face swap's picture and the options that changed it (see applied.ts). */
export interface FaceSwapResult {
  image: Raster;
  /** Option key → value, only for the options whose drawing changed the picture. */
  applied: Selection;
}

/**
 * The face-anchored edit of a portrait for the chosen options (values outside the catalogue are
 * ignored), with the options it applied. Throws EngineInputError NO_FACE_FOUND when the photo has no
 * face.
 */
export async function faceSwapEditReport(
  image: Raster,
  selection: Record<string, unknown>,
  seed: number,
  analysed?: PortraitAnalysis,
): Promise<FaceSwapResult> {
  const s = cleanSelection(selection as Record<string, string>);
  const report = new AppliedOptions(s);
  const analysis = analysed ?? (await analysePortrait(image));
  const { frame } = analysis;
  const faceCentre = toImage(frame, 0, (analysis.browLine + analysis.chin) / 2);
  const faceHeight = (analysis.chin - analysis.headTop) * frame.unit;
  const subject: Subject = { matte: analysis.matte, centre: faceCentre, size: faceHeight };

  let out = await editFace(image, analysis, s, seed, report);
  // The background, its blur and its effect are one composite: each chosen one that takes part in it.
  const environment = [
    'background',
    ...(s.background_blur && s.background_blur !== 'none' ? ['background_blur'] : []),
    ...(!s.background_blur && s.depth_of_field === 'shallow' ? ['depth_of_field'] : []),
    ...(s.background_effect && s.background_effect !== 'light_leak' ? ['background_effect'] : []),
  ];
  out = report.step(environment, out, await composeEnvironment(out, analysis.matte, s, seed, toImage(frame, 0, analysis.headTop + 0.6)));
  if (s.light_direction) out = report.step('light_direction', out, lightDirection(out, subject, s.light_direction));
  if (s.light_style) out = report.step('light_style', out, lightStyle(out, subject, s.light_style));
  // Colours a description gave its accessories ("a red baseball cap"): value:#rrggbb pairs.
  const colours = new Map(
    String(selection[FACE_SWAP_ACCESSORY_COLOURS] ?? '')
      .split(',')
      .map((pair) => pair.split(':') as [string, string]),
  );
  if (s.head_accessories)
    out = report.step(
      'head_accessories',
      out,
      await drawOver(out, accessorySvg(s.head_accessories, frame, anchorsOf(analysis), colours.get(s.head_accessories))),
    );
  // Further accessories a description named ("sunglasses and a cap"), catalogue values only.
  const accessories = optionsByKey.get('head_accessories')!.values.map((v) => v.value);
  for (const more of String(selection[FACE_SWAP_MORE_ACCESSORIES] ?? '').split(',')) {
    if (more && more !== s.head_accessories && accessories.includes(more))
      out = await drawOver(out, accessorySvg(more, frame, anchorsOf(analysis), colours.get(more)));
  }
  out = await finishPortrait(out, s, seed, { matte: analysis.matte, centre: faceCentre, faceHeight }, report);
  return { image: out, applied: report.options };
}

/** {@link faceSwapEditReport}'s picture alone. */
export async function faceSwapEdit(
  image: Raster,
  selection: Record<string, unknown>,
  seed: number,
  analysed?: PortraitAnalysis,
): Promise<Raster> {
  return (await faceSwapEditReport(image, selection, seed, analysed)).image;
}

/** The face swap tool as the engine dispatches it (tools/index.ts): params are the chosen options. */
export const faceSwap: PhotoTool = async ({ image, params, seed }) => {
  const selection: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) if (typeof value === 'string') selection[key] = value;
  return { image: await faceSwapEdit(image, selection, seed) };
};
