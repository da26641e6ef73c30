import sharp, { type Sharp } from 'sharp';
import { EngineError, isStyle, type EditInput, type EngineImage, type ImageEngine, type TextToImageInput } from '../../services/generation/engine';
import { renderFromPrompt } from './local/procedural';

/**
 * The offline engine (embedded default, Node only): text-to-image through the procedural renderer,
 * editing through real image operations chosen from the prompt's words and the quick style.
 * Deterministic for the same input and seed.
 */
export function createLocalEngine(): ImageEngine {
  return {
    name: 'local',
    async textToImage(input: TextToImageInput): Promise<EngineImage> {
      // Tool styles outside the five (logo, id-photo…) map to the closest look.
      const style = isStyle(input.style) ? input.style : input.style === 'logo' ? 'abstract' : 'realistic';
      const bytes = await renderFromPrompt({ prompt: input.prompt, style, width: input.width, height: input.height, seed: input.seed });
      return { bytes, contentType: 'image/png' };
    },
    async edit(input: EditInput): Promise<EngineImage> {
      if (input.images.length === 0) throw new EngineError('invalid input: no source image', false);
      return { bytes: await editImages(input), contentType: 'image/png' };
    },
  };
}

type Op = (image: Sharp) => Sharp;

/** Prompt words and quick styles → image operations. Each match is its own pipeline step. */
const OPERATIONS: [RegExp, Op][] = [
  [/black and white|black & white|monochrome|grayscale|greyscale|黑白/i, (s) => s.grayscale()],
  [/sepia|vintage|retro|old photo|復古|懷舊/i, (s) => s.grayscale().tint({ r: 112, g: 66, b: 20 }).modulate({ brightness: 1.05 })],
  [/sketch|pencil|line art|素描/i, (s) => s.grayscale().convolve({ width: 3, height: 3, kernel: [-1, -1, -1, -1, 8, -1, -1, -1, -1] }).negate().normalise()],
  [/anime|cartoon|comic|動漫|卡通/i, (s) => s.median(5).modulate({ saturation: 1.6, brightness: 1.05 }).sharpen({ sigma: 1.5 })],
  [/oil|painting|painterly|油畫/i, (s) => s.median(7).modulate({ saturation: 1.3 }).sharpen({ sigma: 0.8 })],
  [/watercolou?r|水彩/i, (s) => s.blur(2.5).modulate({ saturation: 1.2, brightness: 1.08 })],
  [/pop art|warhol|普普/i, (s) => s.modulate({ saturation: 2.2 }).linear(1.4, -30).median(3)],
  [/cyberpunk|neon|賽博/i, (s) => s.tint({ r: 255, g: 40, b: 220 }).modulate({ saturation: 1.8, brightness: 1.1 }).linear(1.25, -20)],
  [/warm|sunset|golden|溫暖/i, (s) => s.recomb([[1.15, 0.05, 0], [0, 1.02, 0], [0, 0, 0.85]])],
  [/cool|cold|icy|winter|冷/i, (s) => s.recomb([[0.88, 0, 0], [0, 1, 0.05], [0, 0.05, 1.18]])],
  [/bright|lighter|明亮/i, (s) => s.modulate({ brightness: 1.2 })],
  [/dark|moody|night|暗/i, (s) => s.modulate({ brightness: 0.75 }).linear(1.1, -10)],
  [/vivid|saturat|colorful|colourful|鮮豔/i, (s) => s.modulate({ saturation: 1.5 })],
  [/blur|soft|dreamy|柔和/i, (s) => s.blur(3)],
  [/sharpen|enhance|detail|清晰|細節/i, (s) => s.sharpen({ sigma: 1.6 }).modulate({ saturation: 1.1 })],
  [/realistic|photo|restore|修復/i, (s) => s.normalise().sharpen({ sigma: 1 })],
  [/mirror|flip|鏡像/i, (s) => s.flop()],
  [/invert|negative|反轉/i, (s) => s.negate({ alpha: false })],
];

const QUICK_STYLE: Record<string, string> = { artistic: 'oil painting', anime: 'anime', cartoon: 'cartoon', abstract: 'pop art vivid', realistic: 'enhance detail' };

async function editImages(input: EditInput): Promise<Uint8Array> {
  const width = input.width ?? 1024;
  const height = input.height ?? 1024;
  const wanted = `${input.prompt} ${QUICK_STYLE[input.style] ?? input.style}`;
  let current = await composeSources(input.images.map((i) => i.bytes), width, height);
  let applied = 0;
  // sharp applies operations in its own order within one pipeline, so each step is its own pipeline.
  for (const [pattern, op] of OPERATIONS) {
    if (!pattern.test(wanted)) continue;
    current = await op(sharp(current)).png().toBuffer();
    applied++;
  }
  if (applied === 0) current = await sharp(current).normalise().sharpen({ sigma: 1 }).modulate({ saturation: 1.15 }).png().toBuffer();
  return new Uint8Array(current);
}

/** One image: resized to the output size. Several: the first is the scene, the others inset along the bottom. */
async function composeSources(sources: Uint8Array[], width: number, height: number): Promise<Buffer> {
  const [first, ...rest] = sources;
  const scene = await sharp(first).rotate().resize(width, height, { fit: 'cover' }).removeAlpha().png().toBuffer();
  if (rest.length === 0) return scene;
  const tile = Math.round(Math.min(width / (rest.length + 1), height / 3));
  const overlays = await Promise.all(
    rest.map(async (bytes, i) => ({
      input: await sharp(bytes).rotate().resize(tile, tile, { fit: 'cover' }).png().toBuffer(),
      left: Math.max(0, Math.round(((i + 1) * width) / (rest.length + 1) - tile / 2)),
      top: height - tile - Math.round(height * 0.05),
    })),
  );
  return sharp(scene).composite(overlays).png().toBuffer();
}
