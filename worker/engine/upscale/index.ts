/**
 * Super-resolution for the upscaler (docs/decisions/012-upscaler-model.md, 091): RDNs from the
 * `@upscalerjs/esrgan-*` npm packages on ONNX Runtime, run in overlapping tiles (bounded memory,
 * no seams), each tile back-projected onto the input, plus an optional face pass. Runs inside an
 * engine pool thread; the output is a PNG exactly `scale`× the EXIF-oriented input.
 */
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { EngineInputError, type EngineOutput, type UpscaleFactor } from '../../contract/engine-operations';
import { backProject, backProjectTiled } from './back-projection';
import { DEBLOCK_BELOW_QUALITY, deblock, jpegQuantisation } from './deblock';
import { enhanceFaces, type FaceBox } from './face';
import { loadModel, type ModelScale, type ModelVariant } from './model';
import { resizeFloat, toBytes } from './resample';
import { runTiled, type RgbImage, type TileOptions } from './tiles';

export { FACE_ENHANCEMENT_DESCRIPTION } from './face';

/**
 * Model of 2× and of every chain's large pass (decision 012): slim is within 0.2 dB of medium after
 * back-projection at a third of the time.
 */
export const UPSCALE_MODEL: ModelVariant = 'slim';
/** Faces are small and where people look: their large pass runs medium instead of slim. */
export const FACE_MODEL: ModelVariant = 'medium';
/**
 * 256-px tiles with 24 px of context: the context covers the network's receptive field plus the
 * back-projection's reach, so tiled output equals untiled at the seams (upscale.test.ts). Every
 * window pays for its context: a 304² window keeps 256², so the networks run on 1.41× the pixels they
 * deliver (128-px tiles: 1.89×). Larger tiles gain less and cost memory (on tfjs, medium x3 on a 304²
 * window peaked at ≈ 0.85 GB resident, on 432² at 1.8 GB).
 */
export const TILE = { patch: 256, padding: 24 } as const;
export const BACK_PROJECTION_STEPS = 10;

export interface UpscaleOptions {
  scale: UpscaleFactor;
  faceEnhancement: boolean;
  /** Shrink the upright input to this size first (the user chose to fit the factor's pixel budget). */
  fitTo?: { width: number; height: number };
}

/** Sharp operations that turn a stored pixel grid upright for an EXIF orientation (flop runs before rotate). */
function orient(image: Sharp, orientation: number | undefined): Sharp {
  switch (orientation) {
    case 2:
      return image.flop();
    case 3:
      return image.rotate(180);
    case 4:
      return image.flip();
    case 5:
      return image.flop().rotate(270);
    case 6:
      return image.rotate(90);
    case 7:
      return image.flop().rotate(90);
    case 8:
      return image.rotate(270);
    default:
      return image;
  }
}

/**
 * The upright input the networks see. A low-quality JPEG is deblocked first, on its stored pixel grid
 * where the 8×8 blocks are (deblock.ts: re-application of JPEG on shifted grids; enlarging would
 * turn the block edges into a grid); an input
 * the user chose to fit is then shrunk (Lanczos) to the planned size.
 */
export async function prepareInput(image: Uint8Array, fitTo?: { width: number; height: number }) {
  const jpeg = jpegQuantisation(image);
  let pipeline: Sharp;
  if (jpeg && jpeg.quality <= DEBLOCK_BELOW_QUALITY) {
    const { orientation } = await sharp(image).metadata();
    const stored = await sharp(image).toColourspace('srgb').removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const { width, height, channels } = stored.info;
    const rgb = new Uint8Array(width * height * 3);
    for (let i = 0, j = 0; i < width * height; i++, j += channels) {
      for (let c = 0; c < 3; c++) rgb[i * 3 + c] = stored.data[channels < 3 ? j : j + c]!;
    }
    const bytes = await deblock(rgb, width, height, jpeg.quality);
    pipeline = orient(sharp(bytes, { raw: { width, height, channels: 3 } }), orientation);
  } else {
    pipeline = sharp(image).rotate();
  }
  if (fitTo) pipeline = pipeline.resize(fitTo.width, fitTo.height, { fit: 'fill', kernel: 'lanczos3' });
  return {
    decoded: await pipeline.raw().toBuffer({ resolveWithObject: true }),
    deblocked: jpeg !== null && jpeg.quality <= DEBLOCK_BELOW_QUALITY,
  };
}

type FaceDetector = (image: Uint8Array) => Promise<{ box: FaceBox }[]>;

/** Face detection (worker/engine/vision) loads its models only when a face pass is asked for. */
let detector: Promise<FaceDetector> | undefined;
function faceDetector(): Promise<FaceDetector> {
  detector ??= import('../vision/index').then((vision) => vision.detectFaces);
  return detector;
}

/** One network pass of a chain. */
export interface Pass {
  variant: ModelVariant;
  /** The model that runs (x2, x3, x4, x8). */
  model: ModelScale;
  /** What the pass delivers: when the model enlarges more, its output is shrunk to this (antialiased bicubic). */
  scale: 2 | 4;
  /** Back-projection steps of each window onto the pass's own input (0: none). */
  backProjection: number;
}

export interface Plan {
  passes: Pass[];
  /** Steps of a last back-projection of the whole chained result onto the original input (0: none). */
  final: number;
}

/**
 * Plans per factor (decisions 012 and 091). 2×: slim x2, back-projected.
 * 4× and 8×: the first pass is the small one (a quarter / a sixteenth of the output pixels), and
 * its quality bounds the chain (with the true half-size image as its input the x2 pass would give
 * +4.2 dB at 4×), so it gets the best estimate there is: psnr-small, the PSNR-trained RDN, 12× slim's
 * arithmetic on that small image. The large pass is slim, not back-projected onto its own input (an
 * estimate, not a measurement); the whole result is back-projected onto the original input instead.
 * Held-out photos, gain over bicubic: 2× +1.28 dB, 4× +1.16 (medium x3 first: +0.88), 8× +0.95 (+0.68).
 */
export const PLANS: Record<UpscaleFactor, Plan> = {
  2: { passes: [{ variant: 'slim', model: 2, scale: 2, backProjection: BACK_PROJECTION_STEPS }], final: 0 },
  4: {
    passes: [
      { variant: 'psnr-small', model: 2, scale: 2, backProjection: BACK_PROJECTION_STEPS },
      { variant: 'slim', model: 2, scale: 2, backProjection: 0 },
    ],
    final: BACK_PROJECTION_STEPS,
  },
  8: {
    passes: [
      { variant: 'psnr-small', model: 2, scale: 2, backProjection: BACK_PROJECTION_STEPS },
      { variant: 'slim', model: 4, scale: 4, backProjection: 0 },
    ],
    final: BACK_PROJECTION_STEPS,
  },
};

/** The face pass's plan: the same passes, with FACE_MODEL where the plan runs slim. */
export const forFaces = (plan: Plan): Plan => ({
  ...plan,
  passes: plan.passes.map((pass) => (pass.variant === UPSCALE_MODEL ? { ...pass, variant: FACE_MODEL } : pass)),
});

/** ESRGAN to `scale` by the plan's passes, tile by tile, then the final back-projection onto `input`. */
export async function superResolve(
  input: RgbImage,
  scale: UpscaleFactor,
  plan: Plan = PLANS[scale],
  tiles: TileOptions = TILE,
): Promise<RgbImage> {
  const total = plan.passes.reduce((product, pass) => product * pass.scale, 1);
  if (total !== scale) throw new Error(`plan enlarges ${total}×, not ${scale}×`);
  let image = input;
  for (const pass of plan.passes) {
    const model = await loadModel(pass.variant, pass.model);
    image = await runTiled(
      image,
      pass.scale,
      async (tile, w, h) => {
        let sr = await model.run(tile, w, h);
        if (pass.model !== pass.scale) sr = resizeFloat(sr, w * pass.model, h * pass.model, w * pass.scale, h * pass.scale, 'bicubic');
        return backProject(sr, tile, w, h, pass.scale, pass.backProjection);
      },
      tiles,
    );
  }
  return plan.final > 0 ? backProjectTiled(image, input, scale, plan.final, tiles) : image;
}

export async function upscale(image: Uint8Array, options: UpscaleOptions, detectFaces?: FaceDetector): Promise<EngineOutput> {
  const { scale } = options;
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    ({ decoded } = await prepareInput(image, options.fitTo));
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
        (crop) => superResolve(crop, scale, forFaces(PLANS[scale])),
      );
  }

  const outWidth = width * scale;
  const outHeight = height * scale;
  const bytes = toBytes(output.data);
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
