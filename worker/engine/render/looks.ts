/**
 * The look a prompt or a style asks for, in two parts:
 *
 * - how the scene is drawn: one of the renderer's five styles. Words for one ("anime", "cartoon",
 *   卡通, "abstract") draw it that way; "realistic", "photo", 寫實 draw the realistic way, whose
 *   finish is photographic (light, depth of field, grain: post.ts, photo.ts);
 * - the medium it is then painted in, when the words name one the photo tools paint (oil,
 *   watercolour, pencil sketch, pop art, cyberpunk: worker/engine/tools): that tool's own algorithm
 *   over the rendered scene, as it would paint a photo (text-to-image.ts).
 *
 * Anime is drawn, not painted: the anime tool's cel bands are made for a photo's continuous tones,
 * and over the renderer's smooth skies they posterise into blotches, while the renderer draws anime
 * itself (cel shading and ink outlines on every shape).
 *
 * The prompt's words win over the chosen style (the user typed them); among them the first named
 * wins, as one picture has one medium. The workbench appends the style button's own text to the
 * prompt ("anime style, clean line art…"), which names the same look as the style.
 */
import type { EngineToolId } from '../../contract/engine-operations';
import type { Style as RenderStyle } from '../../contract/generation';
import { namesAny } from '../edit/prompt-words';

export type Medium = Extract<EngineToolId, 'oil-painting' | 'watercolor' | 'sketch' | 'pop-art-portrait' | 'cyberpunk'>;

export interface Look {
  /** How the scene is drawn. */
  style: RenderStyle;
  /** The medium it is painted in afterwards, if any. */
  medium?: Medium;
}

/** Words that name each medium, English and Traditional Chinese (as words: prompt-words.ts). */
const MEDIUMS: [Medium, readonly string[]][] = [
  ['oil-painting', ['oil painting', 'oil paint', 'oil on canvas', 'impasto', '油畫', '油彩']],
  ['watercolor', ['watercolor', 'watercolour', 'watercolors', 'watercolours', 'aquarelle', '水彩', '水彩畫']],
  // Not "pencil" or 鉛筆 alone: "a pencil on a desk" is a subject, not a medium.
  ['sketch', ['sketch', 'pencil sketch', 'pencil drawing', 'charcoal drawing', 'line drawing', '素描', '鉛筆畫', '速寫', '炭筆畫']],
  ['pop-art-portrait', ['pop art', 'pop-art', 'warhol', 'screen print', '普普', '普普風', '普普藝術', '波普']],
  ['cyberpunk', ['cyberpunk', 'cyber punk', '賽博龐克', '賽博朋克']],
];

/** Words that name one of the renderer's own styles. */
const DRAWN: [RenderStyle, readonly string[]][] = [
  [
    'realistic',
    [
      ...['realistic', 'photorealistic', 'hyperrealistic', 'photo', 'photograph', 'photography', 'photographic', 'cinematic'],
      ...['dslr', 'bokeh', 'depth of field', '35mm', 'raw photo', 'lifelike', 'real life'],
      ...['寫實', '照片', '攝影', '相片', '逼真', '電影感', '擬真'],
    ],
  ],
  ['anime', ['anime', 'manga', 'ghibli', 'cel shading', 'cel shaded', '動漫', '日本動畫', '動畫風', '漫畫']],
  ['cartoon', ['cartoon', 'cartoonish', 'comic', 'comics', '卡通', '卡通風']],
  ['artistic', ['painterly', 'impressionist', 'impressionism', 'brush strokes', 'expressive', '印象派', '筆觸', '繪畫風']],
  ['abstract', ['abstract', 'geometric', '抽象', '幾何']],
];

/** Every word that names a look: none of them is a subject ("pencil sketch" is no pencil, "photo" no camera). */
export const LOOK_PHRASES: readonly string[] = [...MEDIUMS, ...DRAWN].flatMap(([, words]) => words);

/** Where the text first names one of the phrases as a word (not the "photo" of "photon"), or -1. */
function firstNamed(text: string, phrases: readonly string[]): number {
  const lower = text.toLowerCase();
  const at = phrases.filter((phrase) => namesAny(text, [phrase])).map((phrase) => lower.indexOf(phrase.toLowerCase()));
  return at.length > 0 ? Math.min(...at.map((index) => Math.max(0, index))) : -1;
}

/** The first of the named things the text names, or undefined. */
function firstOf<T>(text: string, table: readonly [T, readonly string[]][]): T | undefined {
  return table
    .map(([value, words]) => ({ value, at: firstNamed(text, words) }))
    .filter((hit) => hit.at >= 0)
    .sort((a, b) => a.at - b.at)[0]?.value;
}

/**
 * The look for a prompt and a chosen style. `styleName` is the style as the request named it when
 * it is none of the five (a tool's style, "watercolor", "oil-painting"): a medium it names counts
 * as the style's.
 */
export function lookOf(prompt: string, style: RenderStyle, styleName?: string): Look {
  const drawn = firstOf(prompt, DRAWN) ?? style;
  const medium = firstOf(prompt, MEDIUMS) ?? (styleName ? firstOf(styleName.replace(/[-_]+/g, ' '), MEDIUMS) : undefined);
  return medium ? { style: drawn, medium } : { style: drawn };
}

/** Whether a look has the photographic finish: drawn the realistic way and painted in no medium. */
export const isPhotographic = (look: Look): boolean => look.style === 'realistic' && !look.medium;
