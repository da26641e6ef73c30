/**
 * ID photo (spec §2 sizes, §5 colours): the largest face is found, the head framed as passport
 * rules ask (eye line at 45 % from the top, head about 62 % of the height, face centred), the person
 * cut out (the matte refined at the hair, cutout.ts, then made solid inside: {@link idPhotoMatte}) and
 * set on exactly the requested colour, resized to the exact pixels: the labelled size at 300 DPI, the
 * density the file states, so it prints at its labelled width and height (contract/tools.ts `ID_PHOTO_SIZES`).
 */
import sharp from 'sharp';
import { HEX_COLOUR, idPhotoDpi, idPhotoPixels } from '../../contract/tools';
import { EngineInputError } from '../../contract/engine-operations';
import { detectFaces } from '../vision';
import { humanFace } from '../vision/human-face';
import { keepConnectedTo, segmentPerson } from '../vision/segment';
import { boxMean, compositeOver, decontaminate, refineMatte } from './cutout';
import { createPlane, createRaster, encodeRaster, fromRgb8, toRgb8, type Plane, type PhotoTool, type Raster } from './raster';

export const NO_FACE_MESSAGE = 'No face found in the photo. Please upload a clear, front-facing photo.';
/** Where the eyes sit (fraction of the height from the top) and how tall the head is (chin to crown). */
const EYE_LINE = 0.45;
const HEAD_SHARE = 0.62;

const rgbOf = (hex: string): [number, number, number] =>
  [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];

export const idPhoto: PhotoTool = async ({ image, params }) => {
  const colour =
    typeof params.backgroundColor === 'string' && HEX_COLOUR.test(params.backgroundColor)
      ? params.backgroundColor.toLowerCase()
      : '#ffffff';
  const sizeId = typeof params.size === 'string' ? params.size : 'oneInch';
  const size = idPhotoPixels(sizeId);
  // Detect on the working raster itself, so coordinates need no conversion.
  // The largest face that is a person's: a cat's head is "no face" here (vision/human-face.ts).
  const face = humanFace(await detectFaces(await encodeRaster(image)));
  if (!face?.landmarks?.leftEye || !face.landmarks.rightEye) throw new EngineInputError('NO_FACE_FOUND', NO_FACE_MESSAGE);
  const [lx, ly] = face.landmarks.leftEye;
  const [rx, ry] = face.landmarks.rightEye;
  const eyeX = (lx + rx) / 2;
  const eyeY = (ly + ry) / 2;
  const chinY = face.landmarks.chin?.[1] ?? face.box.y + face.box.height;
  // The crown is about as far above the eyes as the chin is below them (plus hair): head ≈ 2.1 × eye-to-chin.
  const headHeight = Math.max(face.box.height, (chinY - eyeY) * 2.1);

  const long = Math.max(image.width, image.height);
  const matte = await idPhotoMatte(image, face.box);
  const person = decontaminate(image, matte, Math.max(4, long / 80));
  const background = createRaster(image.width, image.height);
  const bg = rgbOf(colour);
  for (let p = 0; p < image.width * image.height; p++) background.data.set(bg, p * 3);
  const composite = compositeOver(person, matte, background);

  // Crop window in source pixels: output pixels per source pixel = (HEAD_SHARE × out height) / head height.
  const k = (HEAD_SHARE * size.height) / headHeight;
  const cropW = size.width / k;
  const cropH = size.height / k;
  const left = Math.round(eyeX - cropW / 2);
  const top = Math.round(eyeY - EYE_LINE * cropH);
  const framed = await frame(composite, { left, top, width: Math.round(cropW), height: Math.round(cropH) }, size, colour);
  return { image: framed, density: idPhotoDpi(sizeId) };
};

/**
 * The person's alpha for an ID photo: the segmenter's matte kept to the region joined to the face,
 * pulled onto the hair's real outline (refineMatte: no rim of the old wall on the new colour), then
 * {@link solidInterior}: opaque everywhere inside the silhouette, soft only in a narrow band at it.
 */
export async function idPhotoMatte(image: Raster, faceBox: { x: number; y: number; width: number; height: number }): Promise<Plane> {
  const long = Math.max(image.width, image.height);
  const coarse = keepConnectedTo(await segmentPerson(image), faceBox);
  const refined = refineMatte(image, coarse, Math.max(6, long / 40));
  return solidInterior(coarse, refined, outlineBand(image.width, image.height));
}

/** Half-width of the soft band along the outline, in pixels: 4 px on a 640 px photo, 10 on 1536. */
export const outlineBand = (width: number, height: number) => Math.max(2, Math.round(Math.max(width, height) / 160));

/**
 * A matte with no holes and a soft edge only at the outline. The segmenter leaves low-alpha patches
 * on cheeks and in hair whose colour is near the wall's, and the colour refinement cuts more of them
 * (dark hair before a dark crowd), where the new backdrop showed through the face. The silhouette
 * is the segmenter's `coarse` matte binarised at 0.5 with its holes filled: the background is what
 * a flood fill from the image border reaches through non-person pixels (4-connected), everything it
 * does not reach is inside (hole filling by reconstruction, Soille, "Morphological Image Analysis",
 * 2003, §6.3.7). Pixels farther than `band` from the silhouette's outline become 1 inside and 0
 * outside; within the band the `soft` (refined) matte keeps its anti-aliased values.
 */
export function solidInterior(coarse: Plane, soft: Plane, band: number): Plane {
  const { width, height } = coarse;
  const data = coarse.data;
  const n = width * height;
  const outside = new Uint8Array(n);
  const stack: number[] = [];
  const seed = (p: number) => {
    if (!outside[p] && data[p]! < 0.5) {
      outside[p] = 1;
      stack.push(p);
    }
  };
  for (let x = 0; x < width; x++) {
    seed(x);
    seed((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    seed(y * width);
    seed(y * width + width - 1);
  }
  while (stack.length) {
    const p = stack.pop()!;
    const x = p % width;
    if (x > 0) seed(p - 1);
    if (x < width - 1) seed(p + 1);
    if (p >= width) seed(p - width);
    if (p + width < n) seed(p + width);
  }
  const filled = new Float32Array(n);
  for (let p = 0; p < n; p++) filled[p] = outside[p] ? 0 : 1;
  // Share of the (2·band+1)² square around each pixel that is inside: 1 = deep inside, 0 = far outside.
  const share = boxShare(filled, width, height, band);
  const out = createPlane(width, height);
  for (let p = 0; p < n; p++) out.data[p] = share[p]! >= 1 ? 1 : share[p]! <= 0 ? 0 : soft.data[p]!;
  return out;
}

/** Mean of `plane` over the (2r+1)² square around each pixel (clipped at the border). */
function boxShare(plane: Float32Array, width: number, height: number, r: number): Float32Array {
  const mean = boxMean(plane, width, height, r);
  // Rounded so float error does not keep a deep-inside pixel just below 1.
  for (let p = 0; p < mean.length; p++) mean[p] = Math.round(mean[p]! * 1e6) / 1e6;
  return mean;
}

/**
 * Cuts the window out of the composite (padding with the background colour where the window leaves
 * the photo) and resizes it to the exact output pixels with Lanczos.
 */
async function frame(
  source: Raster,
  window: { left: number; top: number; width: number; height: number },
  size: { width: number; height: number },
  colour: string,
): Promise<Raster> {
  const pad = {
    left: Math.max(0, -window.left),
    top: Math.max(0, -window.top),
    right: Math.max(0, window.left + window.width - source.width),
    bottom: Math.max(0, window.top + window.height - source.height),
  };
  // Two pipelines: sharp would run `extend` after `resize` within one.
  const padded = await sharp(Buffer.from(toRgb8(source)), { raw: { width: source.width, height: source.height, channels: 3 } })
    .extend({ ...pad, background: colour })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { data, info } = await sharp(padded.data, { raw: { width: padded.info.width, height: padded.info.height, channels: 3 } })
    .extract({ left: window.left + pad.left, top: window.top + pad.top, width: window.width, height: window.height })
    .resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return fromRgb8(data, info.width, info.height);
}
