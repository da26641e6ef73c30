/**
 * Editing on the offline engine: the prompt is read into instructions by the contract's rules
 * (contract/edit-instructions.ts, the same reading the server refuses by before any charge), and
 * exactly those are carried out, in this order: further uploads composed into the first
 * (compose.ts), a new background behind the subject (background.ts), a style painted by its photo
 * tool (worker/engine/tools), then colour and light adjustments (adjustments.ts), the whole blended
 * with the source by `strength`. A prompt with nothing the engine can do is refused here too: there
 * is no fallback that changes a photo without being asked. Deterministic for the same input.
 */
import sharp from 'sharp';
import { EngineInputError } from '../../contract/engine-operations';
import { type EditInstructions, editDoesSomething, readEditInstructions } from '../../contract/edit-instructions';
import { applyTool } from '../tools';
import { decodeRaster, encodeRaster, type Plane } from '../tools/raster';
import { applyAdjustments } from './adjustments';
import { replaceBackground } from './background';
import { composeUploads } from './compose';
import { findSubject } from './subject';

export interface EditOperation {
  prompt: string;
  style: string;
  images: Uint8Array[];
  width?: number;
  height?: number;
  seed?: number;
  /** 0..1: how far the result moves from the source (0 keeps the source, 1 or absent is the whole edit). */
  strength?: number;
}

export async function editImages(input: EditOperation): Promise<Uint8Array> {
  if (input.images.length === 0) throw new EngineInputError('INVALID_IMAGE', 'invalid input: no source image');
  const plan = readEditInstructions(input.prompt, { style: input.style, uploads: input.images.length });
  if (!editDoesSomething(plan))
    throw new EngineInputError(
      'UNSUPPORTED_OPERATION',
      'the prompt asks for nothing the offline engine can do (see contract/edit-instructions.ts)',
    );
  const width = input.width ?? 1024;
  const height = input.height ?? 1024;
  const seed = input.seed ?? 1;
  const [first, ...others] = input.images;
  const source = await decodable(() => sharp(first).rotate().resize(width, height, { fit: 'cover' }).removeAlpha().png().toBuffer());
  const work = await subjectWork(source, others, plan, seed);
  let current = work.bytes;
  let alpha = work.alpha;
  if (plan.style) current = await sized((await applyTool(plan.style, current, {}, seed)).bytes, width, height);
  current = await applyAdjustments(current, plan.adjustments);
  if (input.strength !== undefined && input.strength < 1) current = await blend(source, current, input.strength, width, height);
  // A mirrored picture has a mirrored matte.
  if (alpha && plan.adjustments.includes('mirror')) alpha = mirrored(alpha);
  return alpha ? withAlpha(current, alpha, input.strength ?? 1, width, height) : new Uint8Array(current);
}

/**
 * Composition and background, the work that needs the subject's matte; the source unchanged when the
 * prompt asks for neither. Works at the tools' size (at most TOOL_MAX_SIDE) and hands back PNG bytes
 * at the edit's size.
 */
async function subjectWork(
  source: Buffer,
  others: Uint8Array[],
  plan: EditInstructions,
  seed: number,
): Promise<{ bytes: Buffer; alpha?: Plane }> {
  if (others.length === 0 && !plan.background) return { bytes: source };
  const { width, height } = await sharp(source).metadata();
  const scene = await decodeRaster(source);
  const subject = await findSubject(scene);
  let image = scene;
  let matte = subject?.matte;
  if (others.length > 0) {
    const checked = await Promise.all(others.map((bytes) => decodable(() => sharp(bytes).rotate().png().toBuffer())));
    ({ image, matte } = await composeUploads(
      scene,
      subject,
      checked.map((b) => new Uint8Array(b)),
      plan.side,
    ));
  }
  let alpha: Plane | undefined;
  if (plan.background) {
    if (!matte) throw new EngineInputError('UNSUPPORTED_OPERATION', 'no person or subject found to keep in front of a new background');
    ({ image, alpha } = await replaceBackground(image, matte, plan.background, seed, subject?.face ?? null));
  }
  return { bytes: await sized(await encodeRaster(image), width!, height!), alpha };
}

function mirrored(plane: Plane): Plane {
  const out = new Float32Array(plane.data.length);
  for (let y = 0; y < plane.height; y++)
    for (let x = 0; x < plane.width; x++) out[y * plane.width + x] = plane.data[y * plane.width + plane.width - 1 - x]!;
  return { ...plane, data: out };
}

/** PNG bytes at exactly width × height (tools work at most TOOL_MAX_SIDE wide). */
async function sized(bytes: Uint8Array, width: number, height: number): Promise<Buffer> {
  const meta = await sharp(bytes).metadata();
  if (meta.width === width && meta.height === height) return Buffer.from(bytes);
  return sharp(bytes).resize(width, height, { fit: 'fill', kernel: 'lanczos3' }).png().toBuffer();
}

/** `source` moved `strength` of the way to `edited`, pixel by pixel (both are drawn at width×height). */
async function blend(source: Buffer, edited: Buffer, strength: number, width: number, height: number): Promise<Buffer> {
  const raw = (png: Buffer) => sharp(png).resize(width, height, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const [from, to] = await Promise.all([raw(source), raw(edited)]);
  const out = Buffer.alloc(from.length);
  for (let i = 0; i < from.length; i++) out[i] = Math.round(from[i]! + (to[i]! - from[i]!) * strength);
  return sharp(out, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** The subject's matte as the picture's alpha (a transparent background), faded in by `strength`. */
async function withAlpha(png: Buffer, matte: Plane, strength: number, width: number, height: number): Promise<Uint8Array> {
  const alpha8 = Uint8Array.from(matte.data, (a) => Math.round((1 - strength * (1 - a)) * 255));
  const alpha = await sharp(alpha8, { raw: { width: matte.width, height: matte.height, channels: 1 } })
    .resize(width, height, { fit: 'fill' })
    // A one-channel raw input comes back as three channels unless one is taken out again.
    .extractChannel(0)
    .raw()
    .toBuffer();
  const rgb = await sharp(png).resize(width, height, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  return new Uint8Array(
    await sharp(rgb, { raw: { width, height, channels: 3 } })
      .joinChannel(alpha, { raw: { width, height, channels: 1 } })
      .png()
      .toBuffer(),
  );
}

/** Bytes that passed the upload check but still do not decode are the input's fault: no retry. */
export async function decodable<T>(decode: () => Promise<T>): Promise<T> {
  try {
    return await decode();
  } catch (error) {
    throw new EngineInputError('INVALID_IMAGE', `invalid image: ${error instanceof Error ? error.message : String(error)}`);
  }
}
