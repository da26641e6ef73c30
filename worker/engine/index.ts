/**
 * The offline engine's one entry point: every piece of image work — procedural
 * text-to-image, edit operations, photo tools, super-resolution — is one {@link EngineOperation}.
 * Node only (sharp, tfjs): the pool's worker threads (pool.ts) and the engine service (service.ts)
 * call this; the Worker bundle never imports it.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { STYLES, type Style } from '../contract/generation';
import { UPSCALE } from '../contract/upscale';
import { decodable, editImages } from './edit';
import {
  EngineInputError,
  type EngineOp,
  type EngineOperation,
  type EngineOutput,
  type UpscaleFactor,
} from '../contract/engine-operations';
import { renderTextToImageWithReport } from './render/text-to-image';
import { applyTool } from './tools';
import { logoSvg, renderLogo } from './logo';
import { renderAvatar } from './face-swap';
import { finishPngOutput, OUTPUT_DPI, pngDpi } from './png-output';

export * from '../contract/engine-operations';

/** Output budget of the upscaler (contract/upscale.ts): the upload route refuses first; this guards direct callers. */
const UPSCALE_MAX_OUTPUT_PIXELS = UPSCALE.maxOutputPixels;

type UpscaleModule = {
  upscale(
    image: Uint8Array,
    options: { scale: UpscaleFactor; faceEnhancement: boolean; fitTo?: { width: number; height: number } },
  ): Promise<Uint8Array | EngineOutput>;
};

/**
 * The ESRGAN upscaler (worker/engine/upscale) is loaded on first use: tfjs is heavy, and a thread
 * that never upscales should not pay for it. A module that exists but fails to load is an error.
 */
const optional = new Map<string, Promise<unknown>>();
function optionalModule<T>(relative: string): Promise<T | null> {
  let loaded = optional.get(relative);
  if (!loaded) {
    const present = existsSync(fileURLToPath(new URL(relative, import.meta.url)));
    loaded = present ? import(/* @vite-ignore */ relative) : Promise.resolve(null);
    optional.set(relative, loaded);
  }
  return loaded as Promise<T | null>;
}

/** The logo generator draws from the user's own description of the brand. */
const logoInput = (op: { brief: string; width: number; height: number; seed: number }) => ({
  description: op.brief,
  width: op.width,
  height: op.height,
  seed: op.seed,
});

/** The photo an operation works on, if it has one (the output must differ from it). */
const inputPhoto = (op: EngineOperation): Uint8Array | undefined =>
  op.op === 'tool' || op.op === 'upscale' ? op.image : op.op === 'edit' ? op.images[0] : undefined;

/**
 * A paid result may never be the input unchanged: when the output has the input's size and the same
 * pixels (upright, as RGBA), the operation applied nothing, and it fails with UNCHANGED_OUTPUT (an
 * input refusal: the job fails at once and is refunded).
 */
export async function assertChanged(input: Uint8Array, output: EngineOutput): Promise<void> {
  if (output.contentType === 'image/svg+xml') return;
  const decode = (bytes: Uint8Array) => sharp(bytes).rotate().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const after = await decode(output.bytes);
  const before = await decode(input).catch(() => null);
  if (!before || before.info.width !== after.info.width || before.info.height !== after.info.height) return;
  if (before.data.equals(after.data))
    throw new EngineInputError('UNCHANGED_OUTPUT', 'the result is identical to the input photo: nothing was applied');
}

export async function runEngineOperation(op: EngineOperation): Promise<EngineOutput> {
  const output = await produce(op);
  const input = inputPhoto(op);
  if (input) await assertChanged(input, output);
  if (output.contentType !== 'image/png') return output;
  // Every PNG leaves with the same print size, colour space and greyscale rule (png-output.ts); a
  // photo tool keeps the DPI it wrote (encodeRaster: ID photos print at 300).
  const dpi = op.op === 'tool' ? (pngDpi(output.bytes) ?? OUTPUT_DPI) : OUTPUT_DPI;
  const greyCheck = op.op !== 'upscale' || (await sharp(op.image).metadata()).channels === 1;
  return { ...output, bytes: await finishPngOutput(output.bytes, { dpi, greyCheck }) };
}

type Producers = { [K in EngineOp]: (op: Extract<EngineOperation, { op: K }>) => Promise<EngineOutput> };

const png = (bytes: Uint8Array, width: number, height: number): EngineOutput => ({ bytes, contentType: 'image/png', width, height });

/** One producer per operation: a new `op` fails to compile until it has its entry here. */
const PRODUCERS: Producers = {
  'text-to-image': async (op) => {
    // Tool styles outside the five (id-photo, restoration…) draw the realistic way; a medium they name
    // (watercolor, oil-painting) is still painted.
    const style: Style = (STYLES as readonly string[]).includes(op.style) ? (op.style as Style) : 'realistic';
    const { png: bytes, negativePromptIgnored } = await renderTextToImageWithReport({
      prompt: op.prompt,
      negativePrompt: op.negativePrompt,
      style,
      styleName: op.style,
      width: op.width,
      height: op.height,
      seed: op.seed,
    });
    const output = png(bytes, op.width, op.height);
    return negativePromptIgnored ? { ...output, ignoredOptions: ['negativePrompt'] } : output;
  },
  logo: async (op) => png(await renderLogo(logoInput(op)), op.width, op.height),
  // Face swap's text mode: an illustrated avatar from the chosen options.
  avatar: async (op) => png(await renderAvatar(op.selection, op.width, op.height, op.seed), op.width, op.height),
  edit: async (op) => describe(await editImages(op)),
  tool: async (op) => {
    await assertDecodes(op.image);
    return applyTool(op.toolId, op.image, op.params, op.seed);
  },
  upscale: async (op) => {
    const meta = await decodable(() => sharp(op.image).metadata());
    const { width = 0, height = 0 } = op.fitTo ?? meta;
    if (width * height * op.scale * op.scale > UPSCALE_MAX_OUTPUT_PIXELS) {
      throw new EngineInputError(
        'IMAGE_TOO_LARGE',
        `image too large: ${width}×${height} at ${op.scale}× exceeds ${UPSCALE_MAX_OUTPUT_PIXELS / 1e6} MP`,
      );
    }
    await assertDecodes(op.image);
    const upscaler = await optionalModule<UpscaleModule>('./upscale/index.ts');
    if (upscaler)
      return describe(await upscaler.upscale(op.image, { scale: op.scale, faceEnhancement: op.faceEnhancement, fitTo: op.fitTo }));
    const bytes = await decodable(() =>
      sharp(op.image)
        .resize(width * op.scale, height * op.scale, { kernel: 'lanczos3' })
        .png()
        .toBuffer(),
    );
    return png(new Uint8Array(bytes), width * op.scale, height * op.scale);
  },
  'logo-svg': async (op) => ({
    bytes: new TextEncoder().encode(logoSvg(logoInput(op))),
    contentType: 'image/svg+xml',
    width: op.width,
    height: op.height,
  }),
};

function produce(op: EngineOperation): Promise<EngineOutput> {
  const producer = Object.hasOwn(PRODUCERS, op.op) ? (PRODUCERS[op.op] as (op: EngineOperation) => Promise<EngineOutput>) : undefined;
  if (!producer) throw new EngineInputError('UNSUPPORTED_OPERATION', `unsupported operation ${(op as { op: string }).op}`);
  return producer(op);
}

/**
 * Uploads were judged by their headers only; a photo whose data is broken is the input's fault, so it
 * is refused here as EngineInputError (fail at once, refund) whatever module would have decoded it.
 * Shrinking to 8×8 still decodes every byte (JPEG shrink-on-load keeps it cheap).
 */
async function assertDecodes(image: Uint8Array) {
  await decodable(() => sharp(image).resize(8, 8, { fit: 'fill' }).raw().toBuffer());
}

/** Bytes (or a module's own output) → an {@link EngineOutput} with the decoded size. */
async function describe(result: Uint8Array | EngineOutput): Promise<EngineOutput> {
  if (!(result instanceof Uint8Array)) return result;
  const meta = await sharp(result).metadata();
  return {
    bytes: result,
    contentType: meta.format === 'jpeg' ? 'image/jpeg' : 'image/png',
    width: meta.width ?? 0,
    height: meta.height ?? 0,
  };
}
