/**
 * The last steps every face swap picture takes, photo or drawn avatar: accessories laid over, a
 * neon outline, the crop a shot type asks for, then artistic style, light and colour, drawn effects
 * and sensor grain.
 */
import { animeStyle } from '../tools/anime';
import { cyberpunk } from '../tools/cyberpunk';
import { oilPainting } from '../tools/oil-painting';
import { popArt } from '../tools/pop-art';
import { resizeRaster, type PhotoTool, type Plane, type Raster } from '../tools/raster';
import { sketch } from '../tools/sketch';
import { watercolor } from '../tools/watercolor';
import { type AppliedOptions, noReport } from './applied';
import { layerFromSvg, type Point } from './geometry';
import {
  ISO_GRAIN,
  atmosphere,
  exposure,
  grain,
  halftone,
  neonGlow,
  photoEffect,
  pixelArt,
  posterize,
  postProcessing,
  specialEffect,
  whiteBalance,
} from './grade';

type Selection = Record<string, string>;

const ARTISTIC: Record<string, PhotoTool> = {
  oil_painting: oilPainting,
  watercolor,
  anime: animeStyle,
  pop_art: popArt,
  pencil_sketch: sketch,
  cyberpunk,
};

/** Lays an SVG drawing (accessories) over the raster by its alpha. */
export async function drawOver(image: Raster, svg: string): Promise<Raster> {
  if (!svg) return image;
  const layer = await layerFromSvg(image.width, image.height, svg);
  const out = image.data.slice();
  for (let p = 0; p < layer.alpha.length; p++) {
    const a = layer.alpha[p]!;
    if (a <= 0) continue;
    for (let c = 0; c < 3; c++) out[p * 3 + c] = out[p * 3 + c]! * (1 - a) + layer.rgb[p * 3 + c]! * a;
  }
  return { width: image.width, height: image.height, data: out };
}

/** Shot types the photo can give by cropping around the face: how many face-heights fit the frame. */
const CROP: Record<string, number> = { extreme_close_up: 1.15, close_up: 1.7, head_shoulders: 2.4 };

async function cropToShot(image: Raster, centre: Point, faceHeight: number, shot: string): Promise<Raster> {
  const span = CROP[shot];
  if (!span) return image;
  const aspect = image.width / image.height;
  let h = Math.min(image.height, faceHeight * span);
  let w = h * aspect;
  if (w > image.width) {
    w = image.width;
    h = w / aspect;
  }
  if (w >= image.width * 0.97) return image;
  const left = Math.round(Math.min(image.width - w, Math.max(0, centre[0] - w / 2)));
  const top = Math.round(Math.min(image.height - h, Math.max(0, centre[1] - h * 0.45)));
  const cw = Math.round(w);
  const ch = Math.round(h);
  const crop = new Float32Array(cw * ch * 3);
  for (let y = 0; y < ch; y++)
    crop.set(image.data.subarray(((top + y) * image.width + left) * 3, ((top + y) * image.width + left + cw) * 3), y * cw * 3);
  // Back to the photo's size, so the creation keeps the size it was recorded with.
  return resizeRaster({ width: cw, height: ch, data: crop }, image.width, image.height);
}

/** Light, colour and the drawn effects over the whole picture, after the crop. */
async function finish(image: Raster, s: Selection, seed: number, report: AppliedOptions): Promise<Raster> {
  let out = image;
  const step = (key: string, next: Raster) => {
    out = report.step(key, out, next);
  };
  const artistic = s.artistic_style;
  if (artistic === 'pixel_art') step('artistic_style', pixelArt(out));
  else if (artistic && ARTISTIC[artistic])
    step('artistic_style', (await ARTISTIC[artistic]({ image: out, encoded: new Uint8Array(), params: {}, seed })).image);
  if (s.art_effect === 'halftone') step('art_effect', halftone(out));
  if (s.art_effect === 'posterized') step('art_effect', posterize(out));
  if (s.environment_atmosphere) step('environment_atmosphere', atmosphere(out, s.environment_atmosphere));
  if (s.white_balance) step('white_balance', whiteBalance(out, s.white_balance));
  if (s.exposure_mode) step('exposure_mode', exposure(out, s.exposure_mode));
  if (s.post_processing_style) step('post_processing_style', postProcessing(out, s.post_processing_style));
  if (s.background_effect === 'light_leak') step('background_effect', lightLeak(out));
  if (s.photo_effect) step('photo_effect', photoEffect(out, s.photo_effect, seed));
  if (s.special_effect) step('special_effect', await specialEffect(out, s.special_effect, seed));
  if (s.iso && ISO_GRAIN[s.iso]) step('iso', grain(out, ISO_GRAIN[s.iso]!, seed));
  return out;
}

/** Light leaking into the camera from the top-left corner: warm, additive, over everything. */
function lightLeak(image: Raster): Raster {
  const { width, height } = image;
  const out = image.data.slice();
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = Math.max(0, 1 - Math.hypot(x / width - 0.02, y / height - 0.08) * 1.5) ** 1.5;
      const p = (y * width + x) * 3;
      out[p] = Math.min(1, out[p]! + t * 0.55);
      out[p + 1] = Math.min(1, out[p + 1]! + t * 0.28);
      out[p + 2] = Math.min(1, out[p + 2]! + t * 0.1);
    }
  }
  return { width, height, data: out };
}

/** Neon outline, crop and finish (see the file's comment); `report` records what each step drew. */
export async function finishPortrait(
  image: Raster,
  s: Selection,
  seed: number,
  subject: { matte: Plane; centre: Point; faceHeight: number },
  report: AppliedOptions = noReport,
): Promise<Raster> {
  let out = image;
  if (s.art_effect === 'neon_glow') out = report.step('art_effect', out, neonGlow(out, subject.matte));
  if (s.shot_type) out = report.step('shot_type', out, await cropToShot(out, subject.centre, subject.faceHeight, s.shot_type));
  return finish(out, s, seed, report);
}
