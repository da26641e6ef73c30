import sharp, { type Sharp } from 'sharp';
import { EngineInputError, type EngineToolId } from '../../contract/engine-operations';
import { applyTool } from '../tools';
import { phrasePattern } from './prompt-words';

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

type Op = (image: Sharp) => Sharp;

/**
 * A style the prompt names is painted by that photo tool's real algorithm (worker/engine/tools);
 * the first style named wins, as one picture has one medium.
 */
const STYLE_TOOLS: [readonly string[], EngineToolId][] = [
  [['anime', 'cartoon', 'comic', 'manga', '動漫', '卡通', '漫畫'], 'anime-style'],
  [['sketch', 'pencil', 'line art', 'drawing', '素描', '鉛筆'], 'sketch'],
  [['watercolor', 'watercolour', '水彩'], 'watercolor'],
  [['oil painting', 'oil', 'painting', 'painterly', '油畫'], 'oil-painting'],
  [['pop art', 'warhol', '普普'], 'pop-art-portrait'],
  [['cyberpunk', 'neon', '賽博', '霓虹'], 'cyberpunk'],
];
const STYLE_PATTERNS = STYLE_TOOLS.map(([phrases, toolId]) => [phrasePattern(phrases), toolId] as const);

/**
 * Prompt words and quick styles → adjustments, matched as whole words (prompt-words.ts: a
 * "medieval knight" is not a night scene). Each match is its own pipeline step.
 */
const OPERATIONS: [readonly string[], Op][] = [
  [['black and white', 'black & white', 'monochrome', 'grayscale', 'greyscale', '黑白'], (s) => s.grayscale()],
  [
    ['sepia', 'vintage', 'retro', 'old photo', '復古', '懷舊'],
    (s) => s.grayscale().tint({ r: 112, g: 66, b: 20 }).modulate({ brightness: 1.05 }),
  ],
  [
    ['warm', 'warmer', 'sunset', 'golden', '溫暖'],
    (s) =>
      s.recomb([
        [1.15, 0.05, 0],
        [0, 1.02, 0],
        [0, 0, 0.85],
      ]),
  ],
  [
    ['cool', 'cooler', 'cold', 'icy', 'winter', '冷'],
    (s) =>
      s.recomb([
        [0.88, 0, 0],
        [0, 1, 0.05],
        [0, 0.05, 1.18],
      ]),
  ],
  [['bright', 'brighter', 'lighter', '明亮'], (s) => s.modulate({ brightness: 1.2 })],
  [['dark', 'darker', 'moody', 'night', '暗'], (s) => s.modulate({ brightness: 0.75 }).linear(1.1, -10)],
  [['vivid', 'saturated', 'saturation', 'colorful', 'colourful', '鮮豔'], (s) => s.modulate({ saturation: 1.5 })],
  [['blur', 'blurry', 'soft', 'dreamy', '柔和'], (s) => s.blur(3)],
  [['sharpen', 'sharper', 'enhance', 'details', 'detail', '清晰', '細節'], (s) => s.sharpen({ sigma: 1.6 }).modulate({ saturation: 1.1 })],
  [['realistic', 'photo', 'restore', '修復'], (s) => s.normalise().sharpen({ sigma: 1 })],
  [['mirror', 'flip', '鏡像'], (s) => s.flop()],
  [['invert', 'negative', '反轉'], (s) => s.negate({ alpha: false })],
];
const PATTERNS = OPERATIONS.map(([phrases, op]) => [phrasePattern(phrases), op] as const);

const QUICK_STYLE: Record<string, string> = {
  artistic: 'oil painting',
  anime: 'anime',
  cartoon: 'cartoon',
  abstract: 'pop art vivid',
  realistic: 'enhance detail',
};

/**
 * Editing on the offline engine: real image operations chosen from the prompt's words and the quick
 * style, applied to the first image (the others inset). Deterministic for the same input.
 */
export async function editImages(input: EditOperation): Promise<Uint8Array> {
  if (input.images.length === 0) throw new EngineInputError('INVALID_IMAGE', 'invalid input: no source image');
  const width = input.width ?? 1024;
  const height = input.height ?? 1024;
  const wanted = `${input.prompt} ${QUICK_STYLE[input.style] ?? input.style}`;
  const source = await composeSources(input.images, width, height);
  let current = source;
  let applied = 0;
  const style = STYLE_PATTERNS.find(([pattern]) => pattern.test(wanted));
  if (style) {
    const styled = await applyTool(style[1], current, {}, input.seed ?? 1);
    // Tools work at most TOOL_MAX_SIDE wide; the edit keeps the size it was asked for.
    current =
      styled.width === width && styled.height === height
        ? Buffer.from(styled.bytes)
        : await sharp(styled.bytes).resize(width, height, { fit: 'fill', kernel: 'lanczos3' }).png().toBuffer();
    applied++;
  }
  // sharp applies operations in its own order within one pipeline, so each step is its own pipeline.
  for (const [pattern, op] of PATTERNS) {
    if (!pattern.test(wanted)) continue;
    current = await op(sharp(current)).png().toBuffer();
    applied++;
  }
  if (applied === 0) current = await sharp(current).normalise().sharpen({ sigma: 1 }).modulate({ saturation: 1.15 }).png().toBuffer();
  if (input.strength !== undefined && input.strength < 1) current = await blend(source, current, input.strength, width, height);
  return new Uint8Array(current);
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

/** One image: resized to the output size. Several: the first is the scene, the others inset along the bottom. */
async function composeSources(sources: Uint8Array[], width: number, height: number): Promise<Buffer> {
  const [first, ...rest] = sources;
  const scene = await decodable(() => sharp(first).rotate().resize(width, height, { fit: 'cover' }).removeAlpha().png().toBuffer());
  if (rest.length === 0) return scene;
  const tile = Math.round(Math.min(width / (rest.length + 1), height / 3));
  const overlays = await Promise.all(
    rest.map(async (bytes, i) => ({
      input: await decodable(() => sharp(bytes).rotate().resize(tile, tile, { fit: 'cover' }).png().toBuffer()),
      left: Math.max(0, Math.round(((i + 1) * width) / (rest.length + 1) - tile / 2)),
      top: height - tile - Math.round(height * 0.05),
    })),
  );
  return sharp(scene).composite(overlays).png().toBuffer();
}

/** Bytes that passed the upload check but still do not decode are the input's fault: no retry. */
export async function decodable<T>(decode: () => Promise<T>): Promise<T> {
  try {
    return await decode();
  } catch (error) {
    throw new EngineInputError('INVALID_IMAGE', `invalid image: ${error instanceof Error ? error.message : String(error)}`);
  }
}
