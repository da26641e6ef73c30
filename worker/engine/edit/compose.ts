/**
 * Several uploads in one picture: the first is the scene; the subject of each further upload is cut
 * out (subject.ts), scaled, placed beside the scene's own subject on its ground line, matched to the
 * scene's colour and light, feathered, and laid behind the scene's subject where they overlap.
 *
 * - **Scale:** two people are drawn at the same head size (face boxes), as if stood side by side;
 *   otherwise a subject stands at 60 % of the scene subject's height, or half the frame.
 * - **Position:** behind the subjects already there (never covering them), where most of the new
 *   subject shows, in the half of the frame the prompt names if it does. A subject cut off by its
 *   photo's bottom edge (a head-and-shoulders portrait) is cut off by the frame's bottom edge too; a
 *   whole one stands on the ground line — the scene subject's feet, or near the bottom of the frame —
 *   with a soft contact shadow, or smaller and a little higher, further back, when that shows more of it.
 * - **Colour:** a partial Reinhard et al. (2001) transfer in Lab from the subject's own statistics to
 *   the scene's (colour-transfer.ts), so a subject shot indoors does not glow in a dusk scene.
 * - **Edge:** the matte is feathered by a Gaussian of about a pixel at the output size, and the old
 *   background's colour is taken out of the edge (tools/cutout.ts decontaminate).
 */
import sharp from 'sharp';
import { compositeOver, decontaminate } from '../tools/cutout';
import { createPlane, decodeRaster, fromRgb8, gaussianBlur, toRgb8, type Plane, type Raster } from '../tools/raster';
import { labStats, transferColour } from './colour-transfer';
import { type Box, findSubject, type Subject } from './subject';

/** How far a placed subject moves towards the scene's colour statistics, per Lab channel. */
const SCENE_MATCH: [number, number, number] = [0.45, 0.5, 0.5];

export interface Composition {
  image: Raster;
  /** Every subject in the picture: the scene's own and the placed ones. */
  matte: Plane;
}

interface Cutout {
  image: Raster;
  matte: Plane;
  face: Box | null;
  /** The subject runs off its photo's bottom edge (a portrait cut at the chest). */
  cutOff: boolean;
}

export async function composeUploads(
  scene: Raster,
  sceneSubject: Subject | null,
  uploads: Uint8Array[],
  side: 'left' | 'right' | null,
): Promise<Composition> {
  const { width, height } = scene;
  let image = scene;
  const matte = sceneSubject ? Float32Array.from(sceneSubject.matte.data) : new Float32Array(width * height);
  const sceneStats = labStats(scene);
  for (const bytes of uploads) {
    const cut = await cutOut(await decodeRaster(bytes, 1024));
    const placed = place(cut, sceneSubject, { width, height, data: matte }, side);
    const layer = await scaled(cut, placed.width, placed.height);
    transferColour(layer.image, labStats(layer.image, layer.matte), sceneStats, SCENE_MATCH, layer.matte);
    if (!cut.cutOff) image = withContactShadow(image, placed);
    image = paste(image, layer, placed);
    for (let y = 0; y < placed.height; y++) {
      for (let x = 0; x < placed.width; x++) {
        const tx = placed.x + x;
        const ty = placed.y + y;
        if (tx < 0 || ty < 0 || tx >= width || ty >= height) continue;
        const p = ty * width + tx;
        matte[p] = Math.max(matte[p]!, layer.matte.data[y * placed.width + x]!);
      }
    }
  }
  // The scene's own subject stays in front of everything placed beside it.
  if (sceneSubject) image = compositeOver(scene, sceneSubject.matte, image);
  return { image, matte: { width, height, data: matte } };
}

/** The upload's subject cropped to its box (a little margin), or its middle in a soft oval when none is found. */
async function cutOut(raster: Raster): Promise<Cutout> {
  const subject = await findSubject(raster);
  const matte = subject?.matte ?? oval(raster.width, raster.height);
  const box = subject?.box ?? { x: 0, y: 0, width: raster.width, height: raster.height };
  const margin = Math.round(Math.max(box.width, box.height) * 0.03);
  const x0 = Math.max(0, box.x - margin);
  const y0 = Math.max(0, box.y - margin);
  const x1 = Math.min(raster.width, box.x + box.width + margin);
  const y1 = Math.min(raster.height, box.y + box.height + margin);
  const clean = decontaminate(raster, matte, Math.max(3, Math.max(raster.width, raster.height) / 80));
  const w = x1 - x0;
  const h = y1 - y0;
  const image: Raster = { width: w, height: h, data: new Float32Array(w * h * 3) };
  const cropped = createPlane(w, h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const s = (y + y0) * raster.width + x + x0;
      cropped.data[y * w + x] = matte.data[s]!;
      for (let c = 0; c < 3; c++) image.data[(y * w + x) * 3 + c] = clean.data[s * 3 + c]!;
    }
  }
  const face = subject?.face ? { ...subject.face, x: subject.face.x - x0, y: subject.face.y - y0 } : null;
  return { image, matte: cropped, face, cutOff: Boolean(subject) && box.y + box.height >= raster.height - 2 };
}

/** A soft oval over the middle of the frame: the part of a photo kept when no subject can be told apart. */
function oval(width: number, height: number): Plane {
  const out = createPlane(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = Math.hypot((x - width / 2) / (width * 0.42), (y - height / 2) / (height * 0.45));
      out.data[y * width + x] = Math.min(1, Math.max(0, (1 - d) * 6));
    }
  }
  return out;
}

type Placement = Box;

/** The search grid's width in cells: placement needs no finer a view of who stands where. */
const GRID = 64;
/** Sizes tried, from the natural one down: the first where this much of the subject shows wins. */
const SCALES = [1, 0.85, 0.72, 0.61, 0.52, 0.44];
const SHOWS_ENOUGH = 0.8;

/**
 * Where the cut-out goes in the scene, and at what size (see the module comment). Every placement is
 * behind what is already there, so the search looks for the one that shows most of the new subject:
 * the natural size first, then smaller ones standing a little further back (higher on the ground,
 * as perspective has it), each slid along the frame (within the half the prompt names, if any).
 */
function place(cut: Cutout, sceneSubject: Subject | null, taken: Plane, side: 'left' | 'right' | null): Placement {
  const { width, height } = taken;
  let natural: number;
  if (sceneSubject?.face && cut.face) natural = sceneSubject.face.height / cut.face.height;
  else if (sceneSubject) natural = (0.6 * sceneSubject.box.height) / cut.image.height;
  else natural = (0.5 * height) / cut.image.height;
  natural = Math.min(natural, (0.95 * height) / cut.image.height, (0.6 * width) / cut.image.width);
  const sceneFeet =
    sceneSubject && sceneSubject.box.y + sceneSubject.box.height < height - 2 ? sceneSubject.box.y + sceneSubject.box.height : null;
  const groundBase = sceneFeet ?? Math.round(height * 0.94);
  const cell = width / GRID;
  const grid = coarse(taken, cell);
  let best: { at: Placement; shown: number } | null = null;
  for (const f of SCALES) {
    const w = Math.max(1, Math.round(cut.image.width * natural * f));
    const h = Math.max(1, Math.round(cut.image.height * natural * f));
    // A subject cut off by its photo's bottom stays cut off by the frame's; a whole one stands further back.
    const ground = cut.cutOff ? height : Math.max(h, groundBase - (1 - f) * 0.3 * height);
    const shape = coarse(cut.matte, cut.matte.width / Math.max(1, Math.round(w / cell)));
    let total = 0;
    for (const v of shape.data) total += v;
    const gy = Math.round((ground - h) / cell);
    for (let gx = -Math.floor(shape.width / 3); gx <= grid.width - Math.ceil((shape.width * 2) / 3); gx++) {
      const centre = (gx + shape.width / 2) * cell;
      if ((side === 'left' && centre > width / 2) || (side === 'right' && centre < width / 2)) continue;
      let shown = 0;
      for (let y = 0; y < shape.height; y++) {
        for (let x = 0; x < shape.width; x++) {
          const tx = gx + x;
          const ty = gy + y;
          if (tx < 0 || ty < 0 || tx >= grid.width || ty >= grid.height) continue;
          shown += shape.data[y * shape.width + x]! * (1 - grid.data[ty * grid.width + tx]!);
        }
      }
      const at = { x: Math.round(gx * cell), y: Math.round(ground - h), width: w, height: h };
      // Shown area in scene pixels: a bigger subject showing as much wins over a smaller one.
      if (!best || shown * f * f > best.shown) best = { at, shown: shown * f * f };
      if (total > 0 && shown / total >= SHOWS_ENOUGH) return at;
    }
  }
  return best!.at;
}

/** A plane averaged over square cells of `cell` pixels. */
function coarse(plane: Plane, cell: number): Plane {
  const w = Math.max(1, Math.round(plane.width / cell));
  const h = Math.max(1, Math.round(plane.height / cell));
  const out = createPlane(w, h);
  const counts = new Float32Array(w * h);
  for (let y = 0; y < plane.height; y++) {
    const cy = Math.min(h - 1, Math.floor((y * h) / plane.height));
    for (let x = 0; x < plane.width; x++) {
      const c = cy * w + Math.min(w - 1, Math.floor((x * w) / plane.width));
      out.data[c]! += plane.data[y * plane.width + x]!;
      counts[c]!++;
    }
  }
  for (let i = 0; i < out.data.length; i++) out.data[i]! /= Math.max(1, counts[i]!);
  return out;
}

/** The cut-out at its placed size (sharp's Lanczos), its matte feathered by about a pixel. */
async function scaled(cut: Cutout, width: number, height: number): Promise<{ image: Raster; matte: Plane }> {
  const resize = (data: Uint8Array, w: number, h: number, channels: 1 | 3) => {
    const resized = sharp(data, { raw: { width: w, height: h, channels } }).resize(width, height, { fit: 'fill', kernel: 'lanczos3' });
    // A one-channel raw input comes back as three channels unless one is taken out again.
    return (channels === 1 ? resized.extractChannel(0) : resized).raw().toBuffer();
  };
  const matte8 = Uint8Array.from(cut.matte.data, (v) => Math.round(v * 255));
  const [rgb, alpha] = await Promise.all([
    resize(toRgb8(cut.image), cut.image.width, cut.image.height, 3),
    resize(matte8, cut.matte.width, cut.matte.height, 1),
  ]);
  const matte = gaussianBlur({ width, height, data: Float32Array.from(alpha, (v) => v / 255) }, 0.8);
  return { image: fromRgb8(rgb, width, height), matte };
}

function paste(scene: Raster, layer: { image: Raster; matte: Plane }, at: Placement): Raster {
  const out = { width: scene.width, height: scene.height, data: Float32Array.from(scene.data) };
  for (let y = 0; y < at.height; y++) {
    for (let x = 0; x < at.width; x++) {
      const tx = at.x + x;
      const ty = at.y + y;
      if (tx < 0 || ty < 0 || tx >= scene.width || ty >= scene.height) continue;
      const a = layer.matte.data[y * at.width + x]!;
      if (a <= 0) continue;
      const p = (ty * scene.width + tx) * 3;
      const q = (y * at.width + x) * 3;
      for (let c = 0; c < 3; c++) out.data[p + c] = out.data[p + c]! * (1 - a) + layer.image.data[q + c]! * a;
    }
  }
  return out;
}

/** A soft shadow on the ground where a whole subject stands (an ellipse under its feet). */
function withContactShadow(scene: Raster, at: Placement): Raster {
  const out = { width: scene.width, height: scene.height, data: Float32Array.from(scene.data) };
  const cx = at.x + at.width / 2;
  const cy = at.y + at.height;
  const rx = at.width * 0.45;
  const ry = Math.max(2, at.height * 0.035);
  for (let y = Math.max(0, Math.floor(cy - ry * 3)); y < Math.min(scene.height, cy + ry * 3); y++) {
    for (let x = Math.max(0, Math.floor(cx - rx * 1.5)); x < Math.min(scene.width, cx + rx * 1.5); x++) {
      const d = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2;
      const dark = 0.35 * Math.exp(-d);
      const p = (y * scene.width + x) * 3;
      for (let c = 0; c < 3; c++) out.data[p + c] = out.data[p + c]! * (1 - dark);
    }
  }
  return out;
}
