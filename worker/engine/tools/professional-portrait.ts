/**
 * Professional portrait: the person cut out and set before a studio backdrop (a grey-blue paper
 * lit behind the head, falling off to the edges), skin smoothed on skin only, and a gentle studio
 * grade (soft S-curve, a touch of warmth, clarity).
 */
import { detectFaces } from '../vision';
import { humanFace } from '../vision/human-face';
import { keepConnectedTo, segmentPerson } from '../vision/segment';
import { compositeOver, decontaminate } from './cutout';
import { guidedFilter, scaleFor, smoothPreservingEdges } from './filters';
import { createPlane, createRaster, encodeRaster, gaussianBlur, luminance, type Plane, type PhotoTool, type Raster } from './raster';

const BACKDROP_CENTRE: [number, number, number] = [0.62, 0.66, 0.72];
const BACKDROP_EDGE: [number, number, number] = [0.2, 0.23, 0.29];

/** A studio paper backdrop: a soft light pool centred behind the head. */
export function studioBackdrop(width: number, height: number, light: { x: number; y: number }): Raster {
  const out = createRaster(width, height);
  const reach = Math.hypot(width, height) * 0.62;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = Math.min(1, Math.hypot(x - light.x, (y - light.y) * 0.9) / reach);
      const t = d * d * (3 - 2 * d);
      for (let c = 0; c < 3; c++) out.data[(y * width + x) * 3 + c] = BACKDROP_CENTRE[c]! + (BACKDROP_EDGE[c]! - BACKDROP_CENTRE[c]!) * t;
    }
  }
  return out;
}

/** Skin likelihood from YCbCr (the classic Cb/Cr box, softened), limited to the person. */
function skinMask(image: Raster, matte: Plane): Plane {
  const mask = createPlane(image.width, image.height);
  for (let p = 0; p < mask.data.length; p++) {
    const r = image.data[p * 3]! * 255;
    const g = image.data[p * 3 + 1]! * 255;
    const b = image.data[p * 3 + 2]! * 255;
    const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
    const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
    const inside = (v: number, lo: number, hi: number, soft: number) => Math.min(1, Math.max(0, Math.min(v - lo, hi - v) / soft + 0.5));
    mask.data[p] = inside(cb, 77, 127, 6) * inside(cr, 133, 173, 6) * matte.data[p]!;
  }
  return gaussianBlur(mask, 1.5);
}

/** Share of the face box the person matte covers: low when the "face" was a cat or a pattern. */
function coverage(matte: Plane, box: { x: number; y: number; width: number; height: number }): number {
  let sum = 0;
  let n = 0;
  for (let y = Math.max(0, Math.floor(box.y)); y < Math.min(matte.height, box.y + box.height); y++) {
    for (let x = Math.max(0, Math.floor(box.x)); x < Math.min(matte.width, box.x + box.width); x++, n++)
      sum += matte.data[y * matte.width + x]!;
  }
  return n ? sum / n : 0;
}

export const professionalPortrait: PhotoTool = async ({ image }) => {
  const s = scaleFor(image);
  const { width, height } = image;
  const faces = await detectFaces(await encodeRaster(image)).catch(() => []);
  // Only a person's face counts: the detector also finds cat heads (chelsea, 0.93), and the person
  // model then covers the cat (vision/human-face.ts).
  const face = humanFace(faces)?.box;
  // Without a face the person model guesses at cups and cats: keep the photo's own background then,
  // and give it the studio grade only (a full-width matte changes nothing below).
  const person = face ? keepConnectedTo(await segmentPerson(image), face) : null;
  const matte = person && face && coverage(person, face) > 0.7 ? person : createPlane(width, height, 1);
  const light = face ? { x: face.x + face.width / 2, y: face.y + face.height * 0.3 } : { x: width / 2, y: height * 0.35 };

  // Skin: edge-preserving smoothing blended in by the skin mask (eyes, brows, lips and hair keep detail).
  const smooth = smoothPreservingEdges(image, Math.max(2, Math.round(6 * s)), 0.0025);
  const skin = skinMask(image, matte);
  const retouched = createRaster(width, height);
  for (let p = 0; p < width * height; p++) {
    const w = skin.data[p]! * 0.75;
    for (let c = 0; c < 3; c++) retouched.data[p * 3 + c] = image.data[p * 3 + c]! + (smooth.data[p * 3 + c]! - image.data[p * 3 + c]!) * w;
  }

  const cutout = decontaminate(retouched, matte, Math.max(4, Math.max(width, height) / 80));
  const composed = compositeOver(cutout, matte, studioBackdrop(width, height, light));

  // Grade: soft S-curve, warm key, clarity (local contrast) on the person.
  const lum = luminance(composed);
  const base = guidedFilter(lum, lum, Math.max(3, Math.round(10 * s)), 0.01);
  const out = new Float32Array(composed.data.length);
  const warmth = [1.035, 1.0, 0.965];
  for (let p = 0; p < width * height; p++) {
    const clarity = (lum.data[p]! - base.data[p]!) * 0.35 * matte.data[p]!;
    for (let c = 0; c < 3; c++) {
      const v = Math.min(1, Math.max(0, composed.data[p * 3 + c]! + clarity));
      const curved = v + 0.12 * (v - 0.5) * (1 - Math.abs(2 * v - 1));
      out[p * 3 + c] = Math.min(1, Math.max(0, curved * warmth[c]!));
    }
  }
  return { image: { width, height, data: out } };
};
