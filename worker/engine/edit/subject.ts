/**
 * The person or thing a photo is of, as a soft matte: what an edit keeps in front of a new
 * background, and what it cuts out of a further upload to place into the first.
 *
 * A person is found as the ID photo and portrait tools find one: the face detector, then the selfie
 * segmenter's matte kept to the region joined to that face and pulled onto the hair's outline
 * (vision/segment.ts, tools/cutout.ts). Without a person's face, the segmenter's matte is used when
 * it marks a plausible part of the frame; otherwise (a cat, a cup) the subject is what differs from
 * the photo's borders: the boundary prior of Yang, Zhang, Lu, Ruan and Yang, "Saliency Detection via
 * Graph-Based Manifold Ranking" (CVPR 2013), in its simplest form — each side's colours are a
 * background model, a pixel's saliency is the product over the four sides of its distance from
 * them (so a subject that touches one side is still found by the other three) — thresholded by Otsu
 * (1979), the component nearest the centre kept, its holes filled, and the edge aligned to the photo
 * with a guided filter (He, Sun and Tang 2013).
 */
import { detectFaces } from '../vision';
import { humanFace } from '../vision/human-face';
import { keepConnectedTo, segmentPerson } from '../vision/segment';
import { refineMatte } from '../tools/cutout';
import { guidedFilter } from '../tools/filters';
import { createPlane, encodeRaster, luminance, type Plane, type Raster } from '../tools/raster';
import { rgbToLab } from './colour-transfer';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Subject {
  /** 1 on the subject, 0 on the background, at the image's size. */
  matte: Plane;
  /** Where the matte is above one half. */
  box: Box;
  /** A person's face, when there is one. */
  face: Box | null;
  /** Share of the frame the subject covers. */
  area: number;
}

/** A matte covering less than this share of the frame is nothing; more than MAX_AREA is the whole picture. */
const MIN_AREA = 0.02;
const MAX_AREA = 0.9;

/**
 * The photo's subject, or null when none can be told from the background. `refine` pulls a person's
 * matte onto the hair's own outline (tools/cutout.ts refineMatte): worth its seconds in front of a
 * plain colour, where a rim of the old wall shows; a drawn scene or a blur hides it.
 */
export async function findSubject(image: Raster, options: { refine?: boolean } = {}): Promise<Subject | null> {
  const long = Math.max(image.width, image.height);
  const faces = await detectFaces(await encodeRaster(image)).catch(() => []);
  const face = humanFace(faces);
  const segmented = await segmentPerson(image);
  if (face) {
    const joined = keepConnectedTo(segmented, face.box);
    const subject = describe(options.refine ? refineMatte(image, joined, Math.max(6, long / 40)) : joined, face.box);
    if (subject) return subject;
  }
  // No person's face: the segmenter's matte when it is confident about a region of plausible size
  // (a person seen from behind, a figure), else the boundary prior.
  const person = describe(segmented, null);
  if (person && person.area < 0.6 && confident(person.matte)) return person;
  // An animal's head (the detector finds cats' and dogs' faces, which humanFace turns away): the
  // head and a little around it, its edge taken from the photo. Colour contrast alone finds a cat's
  // eye in a close-up, not the cat.
  const animal = faces[0];
  if (animal) return describe(headMatte(image, animal.box), null);
  return describe(salientMatte(image), null);
}

/** A soft oval around a head's box, wider for ears and fur, snapped to the photo's edges. */
function headMatte(image: Raster, box: Box): Plane {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height * 0.45;
  const rx = box.width * 0.75;
  const ry = box.height * 0.8;
  const small = createPlane(image.width, image.height);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const d = Math.hypot((x - cx) / rx, (y - cy) / ry);
      small.data[y * image.width + x] = Math.min(1, Math.max(0, (1 - d) * 5));
    }
  }
  const radius = Math.max(2, Math.round(Math.max(image.width, image.height) / 60));
  return guidedFilter(luminance(image), small, radius, 0.01);
}

/** Most of the matte's mass is near 0 or 1: the segmenter saw a person rather than guessing. */
function confident(matte: Plane): boolean {
  let sure = 0;
  let some = 0;
  for (const v of matte.data) {
    if (v > 0.1) some++;
    if (v > 0.8) sure++;
  }
  return some > 0 && sure / some > 0.6;
}

function describe(matte: Plane, face: Box | null): Subject | null {
  let area = 0;
  let x0 = matte.width;
  let y0 = matte.height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < matte.height; y++) {
    for (let x = 0; x < matte.width; x++) {
      const v = matte.data[y * matte.width + x]!;
      area += v;
      if (v > 0.5) {
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x);
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y);
      }
    }
  }
  const share = area / matte.data.length;
  if (x1 < 0 || share < MIN_AREA || share > MAX_AREA) return null;
  return { matte, face, area: share, box: { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 } };
}

/** The boundary-prior matte at the image's size (see the module comment). */
export function salientMatte(image: Raster): Plane {
  // Work on a copy about 96 px across: colour statistics need no more, and the guided filter restores the edge.
  const k = Math.max(1, Math.max(image.width, image.height) / 96);
  const w = Math.max(8, Math.round(image.width / k));
  const h = Math.max(8, Math.round(image.height / k));
  const lab = new Float32Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const sx = Math.min(image.width - 1, Math.floor(((x + 0.5) * image.width) / w));
      const sy = Math.min(image.height - 1, Math.floor(((y + 0.5) * image.height) / h));
      const s = (sy * image.width + sx) * 3;
      lab.set(rgbToLab(image.data[s]!, image.data[s + 1]!, image.data[s + 2]!), (y * w + x) * 3);
    }
  }
  const band = Math.max(2, Math.round(Math.min(w, h) * 0.07));
  const sides: ((x: number, y: number) => boolean)[] = [
    (_x, y) => y < band,
    (_x, y) => y >= h - band,
    (x) => x < band,
    (x) => x >= w - band,
  ];
  const perSide = sides.map((inSide) => {
    const model = sideColours(lab, w, h, inSide);
    const distance = new Float32Array(w * h);
    for (let p = 0; p < w * h; p++) {
      let best = Number.POSITIVE_INFINITY;
      for (const c of model) {
        const d = Math.hypot(lab[p * 3]! - c[0], lab[p * 3 + 1]! - c[1], lab[p * 3 + 2]! - c[2]);
        if (d < best) best = d;
      }
      distance[p] = best;
    }
    const top = percentile(distance, 0.95) || 1;
    return distance.map((d) => Math.min(1, d / top));
  });
  // The product over the sides, leaving out each pixel's least salient side: a subject that runs off
  // one edge (a cat lying on the bottom of the frame) matches that side's colours and would vanish.
  const saliency = new Float32Array(w * h);
  for (let p = 0; p < w * h; p++) {
    const values = perSide.map((s) => s[p]!).sort((a, b) => a - b);
    saliency[p] = values[1]! * values[2]! * values[3]!;
  }
  const threshold = otsu(saliency);
  const mask = nearestCentreComponent(
    saliency.map((v) => (v > threshold ? 1 : 0)),
    w,
    h,
  );
  const small: Plane = { width: w, height: h, data: fillHoles(mask, w, h) };
  return upsampleGuided(small, image);
}

/** A few colours that describe one side's band (k-means, k = 3, seeded from the band's darkest, middle and lightest). */
function sideColours(lab: Float32Array, w: number, h: number, inSide: (x: number, y: number) => boolean): [number, number, number][] {
  const pixels: number[] = [];
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (inSide(x, y)) pixels.push(y * w + x);
  pixels.sort((a, b) => lab[a * 3]! - lab[b * 3]!);
  const pick = (t: number) => {
    const p = pixels[Math.min(pixels.length - 1, Math.floor(t * pixels.length))]!;
    return [lab[p * 3]!, lab[p * 3 + 1]!, lab[p * 3 + 2]!] as [number, number, number];
  };
  let centres = [pick(0.1), pick(0.5), pick(0.9)];
  for (let round = 0; round < 6; round++) {
    const sums = centres.map(() => [0, 0, 0, 0]);
    for (const p of pixels) {
      let best = 0;
      let bestD = Number.POSITIVE_INFINITY;
      centres.forEach((c, i) => {
        const d = (lab[p * 3]! - c[0]) ** 2 + (lab[p * 3 + 1]! - c[1]) ** 2 + (lab[p * 3 + 2]! - c[2]) ** 2;
        if (d < bestD) {
          bestD = d;
          best = i;
        }
      });
      const s = sums[best]!;
      s[0]! += lab[p * 3]!;
      s[1]! += lab[p * 3 + 1]!;
      s[2]! += lab[p * 3 + 2]!;
      s[3]!++;
    }
    centres = centres.map((c, i) => {
      const s = sums[i]!;
      return s[3]! > 0 ? [s[0]! / s[3]!, s[1]! / s[3]!, s[2]! / s[3]!] : c;
    });
  }
  return centres;
}

function percentile(values: Float32Array, q: number): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** Otsu's threshold on values in 0..1 (64 bins). */
function otsu(values: Float32Array): number {
  const bins = 64;
  const histogram = new Float64Array(bins);
  for (const v of values) histogram[Math.min(bins - 1, Math.floor(v * bins))]!++;
  let total = 0;
  for (let i = 0; i < bins; i++) total += i * histogram[i]!;
  let below = 0;
  let belowSum = 0;
  let best = 0;
  let bestVariance = -1;
  for (let i = 0; i < bins; i++) {
    below += histogram[i]!;
    belowSum += i * histogram[i]!;
    const above = values.length - below;
    if (below === 0 || above === 0) continue;
    const between = below * above * (belowSum / below - (total - belowSum) / above) ** 2;
    if (between > bestVariance) {
      bestVariance = between;
      best = i;
    }
  }
  return (best + 1) / bins;
}

/** The 4-connected component of the mask whose centroid is nearest the image centre (weighted by size). */
function nearestCentreComponent(mask: Float32Array, w: number, h: number): Float32Array {
  const label = new Int32Array(w * h).fill(-1);
  let best = -1;
  let bestScore = Number.NEGATIVE_INFINITY;
  let next = 0;
  for (let start = 0; start < w * h; start++) {
    if (!mask[start] || label[start]! >= 0) continue;
    const stack = [start];
    label[start] = next;
    let count = 0;
    let sx = 0;
    let sy = 0;
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % w;
      const y = (p - x) / w;
      count++;
      sx += x;
      sy += y;
      for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, y > 0 ? p - w : -1, y < h - 1 ? p + w : -1]) {
        if (q >= 0 && mask[q] && label[q]! < 0) {
          label[q] = next;
          stack.push(q);
        }
      }
    }
    const off = Math.hypot(sx / count / w - 0.5, sy / count / h - 0.5);
    const score = count / (w * h) - off * 0.5;
    if (score > bestScore) {
      bestScore = score;
      best = next;
    }
    next++;
  }
  return Float32Array.from(label, (l) => (l === best && best >= 0 ? 1 : 0));
}

/** Background pixels not reachable from the border are holes in the subject: filled. */
function fillHoles(mask: Float32Array, w: number, h: number): Float32Array {
  const outside = new Uint8Array(w * h);
  const stack: number[] = [];
  for (let x = 0; x < w; x++) stack.push(x, (h - 1) * w + x);
  for (let y = 0; y < h; y++) stack.push(y * w, y * w + w - 1);
  while (stack.length) {
    const p = stack.pop()!;
    if (outside[p] || mask[p]) continue;
    outside[p] = 1;
    const x = p % w;
    const y = (p - x) / w;
    if (x > 0) stack.push(p - 1);
    if (x < w - 1) stack.push(p + 1);
    if (y > 0) stack.push(p - w);
    if (y < h - 1) stack.push(p + w);
  }
  return Float32Array.from(mask, (v, p) => (v || !outside[p] ? 1 : 0));
}

/** A coarse matte at the image's size, its edge snapped to the photo's own edges by a guided filter. */
function upsampleGuided(small: Plane, image: Raster): Plane {
  const { width, height } = image;
  const up = createPlane(width, height);
  for (let y = 0; y < height; y++) {
    const fy = Math.min(small.height - 1, Math.max(0, ((y + 0.5) * small.height) / height - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(small.height - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(small.width - 1, Math.max(0, ((x + 0.5) * small.width) / width - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(small.width - 1, x0 + 1);
      const tx = fx - x0;
      const at = (xx: number, yy: number) => small.data[yy * small.width + xx]!;
      up.data[y * width + x] = (at(x0, y0) * (1 - tx) + at(x1, y0) * tx) * (1 - ty) + (at(x0, y1) * (1 - tx) + at(x1, y1) * tx) * ty;
    }
  }
  const radius = Math.max(2, Math.round(Math.max(width, height) / 60));
  const guided = guidedFilter(luminance(image), up, radius, 0.004);
  for (let i = 0; i < guided.data.length; i++) guided.data[i] = Math.min(1, Math.max(0, (guided.data[i]! - 0.5) * 2 + 0.5));
  return guided;
}
