/**
 * The look a prompt or a style asks for. A medium the photo tools already paint (oil, watercolour,
 * pencil sketch, anime, pop art, cyberpunk: worker/engine/tools) is painted by that tool over the
 * rendered scene, as a photo would be; "realistic" and "photo" ask for a photographic finish (light,
 * depth of field, grain: post.ts), not for nothing.
 *
 * The prompt's words win over the chosen style (the user typed them); among them the first named
 * wins, as one picture has one medium. The workbench appends the style button's own text to the
 * prompt ("anime style, clean line art…"), which names the same look as the style.
 */
import type { EngineToolId } from '../../contract/engine-operations';
import { namesAny } from '../edit/prompt-words';
import type { Style as RenderStyle } from '../../contract/generation';

export type Medium = Extract<EngineToolId, 'oil-painting' | 'watercolor' | 'sketch' | 'anime-style' | 'pop-art-portrait' | 'cyberpunk'>;

/** What the picture is finished with: a photo tool's medium, the photographic finish, or the style's own. */
export type Look = { medium: Medium } | { photographic: true } | { own: true };

/** Words that name each medium, English and Traditional Chinese (as words: prompt-words.ts). */
const MEDIUMS: [Medium, readonly string[]][] = [
  ['oil-painting', ['oil painting', 'oil paint', 'oil on canvas', 'impasto', '油畫', '油彩']],
  ['watercolor', ['watercolor', 'watercolour', 'watercolors', 'watercolours', 'aquarelle', '水彩', '水彩畫']],
  // Not "pencil" or 鉛筆 alone: "a pencil on a desk" is a subject, not a medium.
  [
    'sketch',
    [
      'sketch',
      'pencil sketch',
      'pencil drawing',
      'charcoal drawing',
      'graphite drawing',
      'line drawing',
      '素描',
      '鉛筆畫',
      '速寫',
      '炭筆畫',
    ],
  ],
  ['anime-style', ['anime', 'manga', 'ghibli', '動漫', '日本動畫', '動畫風', '漫畫']],
  ['pop-art-portrait', ['pop art', 'pop-art', 'warhol', 'screen print', '普普', '普普風', '普普藝術', '波普']],
  ['cyberpunk', ['cyberpunk', 'cyber punk', '賽博龐克', '賽博朋克', '賽博']],
];

/** Words that ask for a photograph. */
const PHOTOGRAPHIC = [
  ...['realistic', 'photorealistic', 'hyperrealistic', 'photo', 'photograph', 'photography', 'photographic', 'cinematic'],
  ...['dslr', 'bokeh', 'depth of field', '35mm', 'raw photo', 'film photo', 'lifelike', 'real life'],
  ...['寫實', '照片', '攝影', '相片', '真實', '逼真', '電影感', '擬真'],
];

/** Every word that names a look: none of them is a subject ("pencil sketch" is no pencil, "photo" no camera). */
export const LOOK_PHRASES: readonly string[] = [...MEDIUMS.flatMap(([, words]) => words), ...PHOTOGRAPHIC];

/** The chosen style's own look, when it is one of the tools' mediums. */
const STYLE_MEDIUM: Partial<Record<RenderStyle, Medium>> = { anime: 'anime-style' };

/** Where the text first names one of the phrases as a word (not the "photo" of "photon"), or -1. */
function firstNamed(text: string, phrases: readonly string[]): number {
  const lower = text.toLowerCase();
  const at = phrases.filter((phrase) => namesAny(text, [phrase])).map((phrase) => lower.indexOf(phrase.toLowerCase()));
  return at.length > 0 ? Math.min(...at.map((index) => Math.max(0, index))) : -1;
}

/**
 * The look for a prompt and a chosen style. `styleName` is the style as the request named it when
 * it is none of the five (a tool's style, "watercolor", "oil-painting"): a medium it names counts
 * as the style's.
 */
export function lookOf(prompt: string, style: RenderStyle, styleName?: string): Look {
  const named = MEDIUMS.map(([medium, words]) => ({ medium, at: firstNamed(prompt, words) }))
    .filter((hit) => hit.at >= 0)
    .sort((a, b) => a.at - b.at);
  const photoAt = firstNamed(prompt, PHOTOGRAPHIC);
  const medium = named[0];
  if (medium && (photoAt < 0 || medium.at < photoAt)) return { medium: medium.medium };
  if (photoAt >= 0) return { photographic: true };
  const namedByStyle = styleName ? MEDIUMS.find(([, words]) => firstNamed(styleName.replace(/[-_]+/g, ' '), words) >= 0)?.[0] : undefined;
  const own = namedByStyle ?? STYLE_MEDIUM[style];
  if (own) return { medium: own };
  return style === 'realistic' ? { photographic: true } : { own: true };
}
