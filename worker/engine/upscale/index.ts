/**
 * Super-resolution for the upscaler (issue 13, docs/decisions/012-upscaler-model.md): ESRGAN from
 * the `@upscalerjs/esrgan-*` npm packages on tfjs-wasm, run in overlapping tiles (bounded memory,
 * no seams), each tile back-projected onto the input, plus an optional face pass. Runs inside an
 * engine pool thread; the output is a PNG exactly `scale`× the EXIF-oriented input.
 */
import sharp, { type OutputInfo } from 'sharp';
import { EngineInputError, type EngineOutput, type UpscaleFactor } from '../operations';
import { backProject } from './back-projection';
import { enhanceFaces, type FaceBox } from './face';
import { loadModel, type ModelScale, type ModelVariant } from './model';
import { runTiled, type RgbImage } from './tiles';

export { FACE_ENHANCEMENT_DESCRIPTION } from './face';

/** Measured choice (decision 012): slim is within 0.2 dB of medium after back-projection at a third of the time. */
export const UPSCALE_MODEL: ModelVariant = 'slim';
export const FACE_MODEL: ModelVariant = 'medium';
/**
 * 128-px tiles with 24 px of context: the context covers the network's receptive field plus the
 * back-projection's reach (3 steps × ~4 px), so tiled output equals untiled (tiles.test.ts).
 */
export const TILE = { patch: 128, padding: 24 } as const;
export const BACK_PROJECTION_STEPS = 3;

export interface UpscaleOptions {
  scale: UpscaleFactor;
  faceEnhancement: boolean;
}

type FaceDetector = (image: Uint8Array) => Promise<{ box: FaceBox }[]>;

/** Face detection (worker/engine/vision) loads its models only when a face pass is asked for. */
let detector: Promise<FaceDetector> | undefined;
function faceDetector(): Promise<FaceDetector> {
  detector ??= import('../vision/index').then((vision) => vision.detectFaces);
  return detector;
}

/**
 * Passes per factor (decision 012, measured): the x4 and x8 models are weaker than chaining the x2
 * model (4×: x2→x2 +0.3 dB over x4; 8×: x2→x4 +0.9 dB over x8, which alone trails bicubic), and
 * every chain's largest pass is at most the largest 2× job, so the pixel budget bounds the time.
 */
export const PASSES: Record<UpscaleFactor, ModelScale[]> = { 2: [2], 4: [2, 2], 8: [2, 4] };

/** ESRGAN to `scale` by the passes above, tile by tile, each tile back-projected onto its own input. */
export async function superResolve(input: RgbImage, scale: UpscaleFactor, variant: ModelVariant = UPSCALE_MODEL): Promise<RgbImage> {
  let image = input;
  for (const pass of PASSES[scale]) {
    const model = await loadModel(variant, pass);
    image = await runTiled(
      image,
      pass,
      async (tile, w, h) => backProject(await model.run(tile, w, h), tile, w, h, pass, BACK_PROJECTION_STEPS),
      TILE,
    );
  }
  return image;
}

export async function upscale(image: Uint8Array, options: UpscaleOptions, detectFaces?: FaceDetector): Promise<EngineOutput> {
  const { scale } = options;
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(image).rotate().raw().toBuffer({ resolveWithObject: true });
  } catch {
    throw new EngineInputError('INVALID_IMAGE', 'the image could not be decoded');
  }
  const { width, height, channels } = decoded.info;
  const rgb = new Float32Array(width * height * 3);
  for (let i = 0, j = 0; i < width * height; i++, j += channels) {
    const grey = channels < 3;
    rgb[i * 3] = decoded.data[j]!;
    rgb[i * 3 + 1] = decoded.data[grey ? j : j + 1]!;
    rgb[i * 3 + 2] = decoded.data[grey ? j : j + 2]!;
  }
  const input: RgbImage = { data: rgb, width, height };
  const output = await superResolve(input, scale);

  if (options.faceEnhancement) {
    const detect = detectFaces ?? (await faceDetector());
    const faces = await detect(image);
    if (faces.length > 0)
      await enhanceFaces(
        input,
        output,
        scale,
        faces.map((f) => f.box),
        (crop) => superResolve(crop, scale, FACE_MODEL),
      );
  }

  const outWidth = width * scale;
  const outHeight = height * scale;
  const bytes = Uint8Array.from(output.data, (v) => Math.round(v));
  let png = sharp(bytes, { raw: { width: outWidth, height: outHeight, channels: 3 } });
  const hasAlpha = channels === 4 || channels === 2;
  if (hasAlpha) {
    // Transparency has no texture to invent: the alpha plane is enlarged with Lanczos.
    const alpha = await sharp(decoded.data, { raw: { width, height, channels } })
      .extractChannel((channels - 1) as 1 | 3)
      .resize(outWidth, outHeight, { kernel: 'lanczos3' })
      .raw()
      .toBuffer();
    png = png.joinChannel(alpha, { raw: { width: outWidth, height: outHeight, channels: 1 } });
  }
  return { bytes: new Uint8Array(await png.png().toBuffer()), contentType: 'image/png', width: outWidth, height: outHeight };
}
