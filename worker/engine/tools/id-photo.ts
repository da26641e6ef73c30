/**
 * ID photo (spec §9 sizes, §5 colours): the largest face is found, the head framed as passport
 * rules ask (eye line at 45 % from the top, head about 62 % of the height, face centred), the person
 * cut out (the matte refined at the hair, cutout.ts) and set on exactly the requested colour, resized
 * to the exact pixels. The file states the density at which it prints at its labelled width
 * (contract/tools.ts `idPhotoDpi`).
 */
import sharp from 'sharp';
import { HEX_COLOUR, idPhotoDpi, idPhotoPixels } from '../../contract/tools';
import { EngineInputError } from '../../contract/engine-operations';
import { detectFaces } from '../vision';
import { humanFace } from '../vision/human-face';
import { keepConnectedTo, segmentPerson } from '../vision/segment';
import { compositeOver, decontaminate, refineMatte } from './cutout';
import { createRaster, encodeRaster, fromRgb8, toRgb8, type PhotoTool, type Raster } from './raster';

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
  // The segmenter's matte, pulled onto the hair's real outline (no rim of the old wall on the new colour).
  const matte = refineMatte(image, keepConnectedTo(await segmentPerson(image), face.box), Math.max(6, long / 40));
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
