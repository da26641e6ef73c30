/**
 * What face swap knows about a portrait before it edits it: the face's landmarks and frame, the
 * person matte (the same face-api and MediaPipe Selfie Segmentation models as the ID photo), and
 * soft masks derived from them — skin (colour model learnt from the cheeks), hair (person minus
 * face and skin, around and above the head, by a colour model learnt from the crown), the irises
 * (darkness-weighted centre inside each eye's landmark polygon) and the mouth.
 */
import { detectFaces } from '../vision';
import { humanFace } from '../vision/human-face';
import { keepConnectedTo, segmentPerson } from '../vision/segment';
import { boxBlur, guidedFilter } from '../tools/filters';
import { createPlane, encodeRaster, gaussianBlur, luminance, type Plane, type Raster } from '../tools/raster';
import { EngineInputError } from '../../contract/engine-operations';
import { LANDMARKS, faceFrame, maskFromSvg, pathOf, range, toFrame, toImage, type FaceFrame, type Point } from './geometry';

export interface Iris {
  centre: Point;
  radius: number;
}

export interface PortraitAnalysis {
  frame: FaceFrame;
  box: { x: number; y: number; width: number; height: number };
  /** Person (1) against background (0). */
  matte: Plane;
  /** The face inside the jaw line and up to the brows (eyes, nose, mouth, cheeks). */
  face: Plane;
  /** Skin likelihood on the person. */
  skin: Plane;
  /** Hair on the head (and falling beside it), soft. */
  hair: Plane;
  mouth: Plane;
  irises: [Iris, Iris];
  /** Frame v of the top of the head (hair included), of the brows and of the chin. */
  headTop: number;
  browLine: number;
  chin: number;
  /** Half width of the face at the cheeks, frame units. */
  halfWidth: number;
  /** Half width of the head (hair included) just above the brows, frame units: hats fit it. */
  crownHalfWidth: number;
  /** Mean colour of the hair found (0..1 RGB), or null when there is too little (bald, hat). */
  hairColour: [number, number, number] | null;
  skinColour: [number, number, number];
}

/** YCbCr (0..1 luma, chroma centred on 0). */
function ycc(r: number, g: number, b: number): [number, number, number] {
  return [0.299 * r + 0.587 * g + 0.114 * b, -0.168736 * r - 0.331264 * g + 0.5 * b, 0.5 * r - 0.418688 * g - 0.081312 * b];
}

interface ColourModel {
  mean: [number, number, number];
  sd: [number, number, number];
  rgb: [number, number, number];
  count: number;
}

/** Mean and spread of the pixels a weight plane selects, in YCbCr (for likelihoods) and RGB. */
function colourModel(image: Raster, weight: Plane): ColourModel {
  const sum = [0, 0, 0];
  const sq = [0, 0, 0];
  const rgb = [0, 0, 0];
  let total = 0;
  for (let p = 0; p < weight.data.length; p++) {
    const w = weight.data[p]!;
    if (w < 0.05) continue;
    const r = image.data[p * 3]!;
    const g = image.data[p * 3 + 1]!;
    const b = image.data[p * 3 + 2]!;
    const c = ycc(r, g, b);
    for (let k = 0; k < 3; k++) {
      sum[k]! += w * c[k]!;
      sq[k]! += w * c[k]! * c[k]!;
    }
    rgb[0]! += w * r;
    rgb[1]! += w * g;
    rgb[2]! += w * b;
    total += w;
  }
  const n = Math.max(total, 1e-6);
  const mean = sum.map((s) => s / n) as [number, number, number];
  const sd = sq.map((s, k) => Math.sqrt(Math.max(0, s / n - mean[k]! ** 2))) as [number, number, number];
  return { mean, sd, rgb: rgb.map((s) => s / n) as [number, number, number], count: total };
}

/** Gaussian likelihood of each pixel under a colour model; `spread` widens it, floors keep it sane. */
function likelihood(image: Raster, model: ColourModel, spread: number, floors: [number, number, number], lumaWeight = 1): Plane {
  const out = createPlane(image.width, image.height);
  const sd = model.sd.map((s, k) => Math.max(s * spread, floors[k]!));
  for (let p = 0; p < out.data.length; p++) {
    const c = ycc(image.data[p * 3]!, image.data[p * 3 + 1]!, image.data[p * 3 + 2]!);
    let d2 = 0;
    for (let k = 0; k < 3; k++) d2 += ((c[k]! - model.mean[k]!) / sd[k]!) ** 2 * (k === 0 ? lumaWeight : 1);
    out.data[p] = Math.exp(-0.5 * d2);
  }
  return out;
}

/** How far up from the eyes the person matte reaches (frame units): the top of the head or hair. */
function headTopOf(frame: FaceFrame, matte: Plane): number {
  let top = -0.6;
  for (let v = -0.6; v > -4; v -= 0.02) {
    let inside = 0;
    // A few columns across the crown, so one stray gap in the matte does not stop the scan.
    for (const u of [-0.3, 0, 0.3]) {
      const [x, y] = toImage(frame, u, v);
      const xi = Math.round(x);
      const yi = Math.round(y);
      if (xi >= 0 && yi >= 0 && xi < matte.width && yi < matte.height && matte.data[yi * matte.width + xi]! > 0.5) inside++;
    }
    if (inside === 0) break;
    top = v;
  }
  return top;
}

/** How far the person matte reaches left and right of the face's centre line at frame height v. */
function halfWidthAt(frame: FaceFrame, matte: Plane, v: number, fallback: number): number {
  const reach = (sign: number) => {
    let last = 0;
    for (let u = 0; u < 3; u += 0.02) {
      const [x, y] = toImage(frame, sign * u, v);
      const xi = Math.round(x);
      const yi = Math.round(y);
      if (xi < 0 || yi < 0 || xi >= matte.width || yi >= matte.height || matte.data[yi * matte.width + xi]! < 0.5) break;
      last = u;
    }
    return last;
  };
  const measured = (reach(-1) + reach(1)) / 2;
  return measured > fallback * 0.8 ? Math.min(measured, fallback * 1.6) : fallback;
}

/** The iris: the darkness-weighted centre inside the eye polygon, a radius from the eye's width. */
function irisOf(image: Raster, eye: Point[], eyeMask: Plane): Iris {
  const lum = luminance(image);
  let sx = 0;
  let sy = 0;
  let sw = 0;
  const xs = eye.map((p) => p[0]);
  const ys = eye.map((p) => p[1]);
  for (let y = Math.max(0, Math.floor(Math.min(...ys)) - 1); y <= Math.min(image.height - 1, Math.ceil(Math.max(...ys)) + 1); y++) {
    for (let x = Math.max(0, Math.floor(Math.min(...xs)) - 1); x <= Math.min(image.width - 1, Math.ceil(Math.max(...xs)) + 1); x++) {
      const p = y * image.width + x;
      const w = eyeMask.data[p]! * (1 - lum.data[p]!) ** 4;
      sx += w * x;
      sy += w * y;
      sw += w;
    }
  }
  const width = Math.hypot(eye[3]![0] - eye[0]![0], eye[3]![1] - eye[0]![1]);
  const centre: Point = sw > 0 ? [sx / sw, sy / sw] : [(eye[0]![0] + eye[3]![0]) / 2, (eye[0]![1] + eye[3]![1]) / 2];
  return { centre, radius: Math.max(1.2, width * 0.22) };
}

/**
 * How much each pixel's neighbourhood is as smooth as the cheeks (1) rather than textured like
 * strands of hair (0), from the local spread of luminance against the cheeks' own.
 */
function smoothLikeCheeks(lum: Plane, cheeks: Plane, radius: number): Plane {
  const sq: Plane = { width: lum.width, height: lum.height, data: lum.data.map((v) => v * v) };
  const mean = boxBlur(lum, radius);
  const meanSq = boxBlur(sq, radius);
  const spread = createPlane(lum.width, lum.height);
  for (let p = 0; p < spread.data.length; p++) spread.data[p] = Math.sqrt(Math.max(0, meanSq.data[p]! - mean.data[p]! ** 2));
  let sum = 0;
  let weight = 0;
  for (let p = 0; p < spread.data.length; p++) {
    sum += spread.data[p]! * cheeks.data[p]!;
    weight += cheeks.data[p]!;
  }
  const skin = Math.max(0.004, weight > 0 ? sum / weight : 0.02);
  const out = createPlane(lum.width, lum.height);
  for (let p = 0; p < out.data.length; p++) out.data[p] = Math.min(1, Math.max(0, (skin * 2.2 - spread.data[p]!) / (skin * 1.2)));
  return out;
}

/** 1 where `mask` > threshold is connected to a pixel where `seed` > 0.5 (4-neighbour flood fill), else 0. */
function connectedTo(mask: Plane, seed: Plane, threshold: number): Uint8Array {
  const { width, height, data } = mask;
  const keep = new Uint8Array(data.length);
  const stack: number[] = [];
  for (let p = 0; p < data.length; p++) {
    if (seed.data[p]! > 0.5 && data[p]! > threshold) {
      keep[p] = 1;
      stack.push(p);
    }
  }
  while (stack.length) {
    const p = stack.pop()!;
    const x = p % width;
    for (const q of [
      x > 0 ? p - 1 : -1,
      x < width - 1 ? p + 1 : -1,
      p >= width ? p - width : -1,
      p + width < height * width ? p + width : -1,
    ]) {
      if (q >= 0 && !keep[q] && data[q]! > threshold) {
        keep[q] = 1;
        stack.push(q);
      }
    }
  }
  // The soft rim just outside a kept region stays too.
  const out = new Uint8Array(keep);
  for (let p = 0; p < data.length; p++) {
    if (keep[p]) continue;
    const x = p % width;
    if (
      (x > 0 && keep[p - 1]) ||
      (x < width - 1 && keep[p + 1]) ||
      (p >= width && keep[p - width]) ||
      (p + width < data.length && keep[p + width])
    )
      out[p] = 1;
  }
  return out;
}

/** Frame v of the top of the head, the brows and the chin, and the face's half width at the cheeks. */
interface FaceLines {
  headTop: number;
  browLine: number;
  chin: number;
  halfWidth: number;
}

/**
 * Where hair can be: a head-sized ellipse from the crown to the chin, and bands beside the face
 * down to the shoulders for long hair; never the face itself (brows to jaw).
 */
function hairZone(frame: FaceFrame, matte: Plane, faceMask: Plane, { headTop, chin, halfWidth }: FaceLines): Plane {
  const { width, height } = faceMask;
  const halfHead = halfWidth + 0.55;
  const centreV = (headTop + chin) / 2;
  const halfHeight = (chin - headTop) / 2 + 0.1;
  const zone = createPlane(width, height);
  for (let p = 0; p < zone.data.length; p++) {
    const [u, v] = toFrame(frame, p % width, Math.floor(p / width));
    const e = (u / halfHead) ** 2 + ((v - centreV) / halfHeight) ** 2;
    let z = e < 1 ? 1 : Math.max(0, 1 - (e - 1) * 4);
    if (v > chin - 0.3 && Math.abs(u) > halfWidth * 0.75 && Math.abs(u) < halfHead + 0.4)
      z = Math.max(z, Math.max(0, 1 - (v - chin) / 2.2));
    // Under the jaw is the neck, not hair.
    if (v > chin - 0.45 && Math.abs(u) < halfWidth * 0.8)
      z *= Math.max(0, Math.min(1, (Math.abs(u) - halfWidth * 0.6) / (halfWidth * 0.2)));
    zone.data[p] = z * matte.data[p]! * (1 - faceMask.data[p]!);
  }
  return zone;
}

/**
 * The soft hair mask inside the zone: learnt from the crown's colour, kept where connected to the
 * crown, snapped to the photo's edges. Empty when too little hair shows to learn its colour.
 */
function hairMask(
  image: Raster,
  frame: FaceFrame,
  matte: Plane,
  zone: Plane,
  skinLikely: Plane,
  cheeks: Plane,
  { browLine, halfWidth }: FaceLines,
): { hair: Plane; hairModel: ColourModel; enough: boolean } {
  const { width, height } = image;
  // Hair colour from the crown (above the brows, not skin-coloured), then every zone pixel by it.
  const crown = createPlane(width, height);
  for (let p = 0; p < crown.data.length; p++) {
    const [, v] = toFrame(frame, p % width, Math.floor(p / width));
    crown.data[p] = v < browLine - 0.25 && matte.data[p]! > 0.6 ? zone.data[p]! * (skinLikely.data[p]! < 0.15 ? 1 : 0) : 0;
  }
  const hairModel = colourModel(image, crown);
  // A bald head or a hat leaves too little to learn from: no hair to recolour then.
  const enough = hairModel.count > frame.unit * frame.unit * 0.15;
  const hair = createPlane(width, height);
  const smoothness = smoothLikeCheeks(luminance(image), cheeks, Math.max(1, Math.round(frame.unit * 0.05)));
  if (enough) {
    const hairLikely = likelihood(image, hairModel, 2.2, [0.12, 0.025, 0.025], 0.2);
    for (let p = 0; p < hair.data.length; p++) {
      const [u, v] = toFrame(frame, p % width, Math.floor(p / width));
      // Well above the brows the person is hair unless it looks like skin (a bald crown): dark and
      // bright strands far from the mean colour stay in. Not on the forehead, where a shadowed
      // brow can look like neither.
      const line = Math.abs(u) < halfWidth * 0.8 ? browLine - 0.6 : browLine - 0.2;
      const crownHair = v < line ? matte.data[p]! * (1 - skinLikely.data[p]!) * Math.min(1, (line - v) * 6) : 0;
      // On the forehead, a fringe and the skin can share hue and brightness: there, hair is what has
      // the texture of strands, skin is what is as smooth as the cheeks.
      const forehead =
        Math.abs(u) < halfWidth * 0.8 && v > browLine - 0.3 && v < browLine + 0.1
          ? Math.min(1, 0.45 * smoothness.data[p]! + 0.6 * skinLikely.data[p]!)
          : 0;
      hair.data[p] = Math.min(
        1,
        zone.data[p]! * Math.max(crownHair, Math.min(1, hairLikely.data[p]! * 2.2) * (1 - 0.8 * skinLikely.data[p]!) * (1 - forehead)),
      );
    }
  }
  // Only hair connected to the crown: a collar or a scarf of the same colour below the jaw is not hair.
  const connected = connectedTo(hair, crown, 0.25);
  for (let p = 0; p < hair.data.length; p++) hair.data[p] = hair.data[p]! * connected[p]!;
  // Snap the soft mask to the photo's own edges (strands, the hairline).
  const guided = guidedFilter(luminance(image), gaussianBlur(hair, 0.6), Math.max(2, Math.round(frame.unit * 0.08)), 0.002);
  for (let p = 0; p < hair.data.length; p++)
    hair.data[p] = Math.min(1, Math.max(0, (guided.data[p]! - 0.2) * 1.6)) * (zone.data[p]! > 0.02 ? 1 : 0);
  return { hair, hairModel, enough };
}

/** Finds the largest face and derives every mask face swap uses. No face → EngineInputError. */
export async function analysePortrait(image: Raster): Promise<PortraitAnalysis> {
  const faces = await detectFaces(await encodeRaster(image));
  // A person's face only: the detector also finds faces on cats (vision/human-face.ts).
  const face = humanFace(faces.filter((f) => f.landmarks?.points?.length === 68));
  if (!face) throw new EngineInputError('NO_FACE_FOUND', 'No face found in the photo: upload a portrait where the face is clearly visible');
  const points = face.landmarks!.points as Point[];
  const frame = faceFrame(points);
  const { width, height } = image;
  const matte = keepConnectedTo(await segmentPerson(image), face.box);

  const jaw = range(points, LANDMARKS.jaw);
  const brows = [...range(points, LANDMARKS.rightBrow)].reverse().concat([...range(points, LANDMARKS.leftBrow)].reverse());
  const faceOutline = [...jaw, ...brows];
  const leftEye = range(points, LANDMARKS.leftEye);
  const rightEye = range(points, LANDMARKS.rightEye);
  const mouthOutline = range(points, LANDMARKS.outerLips);
  const inFrame = (p: Point) => toFrame(frame, p[0], p[1]);
  const browLine = Math.min(...brows.map((p) => inFrame(p)[1]));
  const chin = inFrame(points[8]!)[1];
  const halfWidth = (Math.abs(inFrame(points[1]!)[0]) + Math.abs(inFrame(points[15]!)[0])) / 2;
  const headTop = Math.min(headTopOf(frame, matte), browLine - 0.5);

  const [faceMask, eyesMask, leftEyeMask, rightEyeMask, mouth] = await Promise.all([
    maskFromSvg(width, height, `<path d="${pathOf(faceOutline)}" fill="#fff"/>`, frame.unit * 0.03),
    maskFromSvg(
      width,
      height,
      `<path d="${pathOf(leftEye)}" fill="#fff" stroke="#fff" stroke-width="${frame.unit * 0.12}"/><path d="${pathOf(rightEye)}" fill="#fff" stroke="#fff" stroke-width="${frame.unit * 0.12}"/>`,
      frame.unit * 0.03,
    ),
    maskFromSvg(width, height, `<path d="${pathOf(leftEye)}" fill="#fff"/>`),
    maskFromSvg(width, height, `<path d="${pathOf(rightEye)}" fill="#fff"/>`),
    maskFromSvg(width, height, `<path d="${pathOf(mouthOutline)}" fill="#fff"/>`, frame.unit * 0.02),
  ]);

  // Skin colour from the cheeks: inside the face, below the eyes, above the chin, off the eyes and mouth.
  const cheeks = createPlane(width, height);
  for (let p = 0; p < cheeks.data.length; p++) {
    const [, v] = toFrame(frame, p % width, Math.floor(p / width));
    cheeks.data[p] = v > 0.25 && v < chin - 0.25 ? faceMask.data[p]! * (1 - eyesMask.data[p]!) * (1 - mouth.data[p]!) : 0;
  }
  const skinModel = colourModel(image, cheeks);
  const skinLikely = likelihood(image, skinModel, 1.8, [0.05, 0.014, 0.014], 0.6);
  const skin = createPlane(width, height);
  for (let p = 0; p < skin.data.length; p++) skin.data[p] = skinLikely.data[p]! * matte.data[p]!;

  const lines: FaceLines = { headTop, browLine, chin, halfWidth };
  const zone = hairZone(frame, matte, faceMask, lines);
  const { hair, hairModel, enough } = hairMask(image, frame, matte, zone, skinLikely, cheeks, lines);

  return {
    frame,
    box: face.box,
    matte,
    face: faceMask,
    skin,
    hair,
    mouth,
    irises: [irisOf(image, leftEye, leftEyeMask), irisOf(image, rightEye, rightEyeMask)],
    headTop,
    browLine,
    chin,
    halfWidth,
    crownHalfWidth: halfWidthAt(frame, matte, browLine - 0.45, halfWidth + 0.12),
    hairColour: enough ? hairModel.rgb : null,
    skinColour: skinModel.rgb,
  };
}
