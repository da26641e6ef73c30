import { appliedOffline, faceSwapValue } from './face-swap';
import { FACE_SWAP_ACCESSORY_COLOURS, FACE_SWAP_MORE_ACCESSORIES } from './engine-operations';

/**
 * Face swap's image mode on the offline engine reads options, not prose: a description typed by
 * hand ("wearing black sunglasses and a red baseball cap", 「戴墨鏡和紅色棒球帽」) used to reach it as
 * no options at all, and the photo came back unchanged. Here the words the engine can act on, in
 * English and Traditional Chinese, become the catalogue's options; everything else stays words for a
 * generative model. Only values the offline engine applies (FACE_SWAP_OFFLINE) are produced.
 */

interface Rule {
  key: string;
  value: string;
  /** Matched against the lower-cased description. */
  pattern: RegExp;
}

const rule = (key: string, value: string, pattern: RegExp): Rule => ({ key, value, pattern });

/** Accessories: several may be worn at once (the first is the option, the rest are drawn too). */
const ACCESSORIES: Rule[] = [
  rule('head_accessories', 'sunglasses', /\bsun ?glasses\b|\bshades\b|墨鏡|太陽眼鏡/),
  rule('head_accessories', 'round_glasses', /\bround(?:-rimmed)? (?:eye)?glasses\b|圓框眼鏡|圓眼鏡/),
  rule('head_accessories', 'square_glasses', /\b(?:square|rectangular)(?:-rimmed)? (?:eye)?glasses\b|方框眼鏡/),
  rule('head_accessories', 'baseball_cap', /\b(?:baseball )?cap\b|棒球帽|鴨舌帽/),
  rule('head_accessories', 'beanie', /\bbeanie\b|\bknit(?:ted)? hat\b|\bwool(?:l)?(?:en|y) hat\b|毛線帽|毛帽/),
  rule('head_accessories', 'fedora', /\bfedora\b|\btrilby\b|紳士帽|禮帽/),
  rule('head_accessories', 'flower_crown', /\b(?:flower|floral) crown\b|花冠|花環/),
  rule('head_accessories', 'crown', /(?<!flower |floral )\bcrown\b|皇冠|王冠/),
  rule('head_accessories', 'headband', /\bhead ?band\b|髮帶|頭帶/),
  rule('head_accessories', 'headphones', /\bhead ?phones\b|\bheadset\b|耳罩式耳機|耳機/),
  rule('head_accessories', 'earrings', /\bearrings?\b|耳環/),
];
/** Plain "glasses" / 眼鏡 when no other kind was named. */
const PLAIN_GLASSES = rule('head_accessories', 'square_glasses', /\b(?:eye)?glasses\b|\bspectacles\b|眼鏡/);

/** Colour words (en, zh-Hant) → the catalogue's hair and eye colour values. */
const COLOURS: [en: string, zh: string, hair: string | null, eyes: string | null][] = [
  ['jet black|black', '黑色|黑', 'black', null],
  ['dark brown', '深棕色|深棕|深褐色', 'dark_brown', 'dark_brown'],
  ['brown|brunette', '棕色|棕|褐色|咖啡色', 'brown', 'brown'],
  ['chestnut', '栗色', 'chestnut', null],
  ['auburn', '赤褐色', 'auburn', null],
  ['red|ginger|copper', '紅色|紅', 'red', null],
  ['platinum(?: blonde?)?', '白金色|白金', 'platinum', null],
  ['blonde?|golden', '金色|金', 'blonde', null],
  ['silver|grey|gray', '銀灰色|銀色|灰色|灰', 'grey', 'grey'],
  ['white', '白色|白', 'white', null],
  ['pink', '粉紅色|粉紅|粉色', 'pink', null],
  ['blue', '藍色|藍', 'blue', 'blue'],
  ['green', '綠色|綠', 'green', 'green'],
  ['purple|violet', '紫色|紫', 'purple', 'violet'],
  ['hazel', '榛色', null, 'hazel'],
  ['amber', '琥珀色', null, 'amber'],
];
const colourRules: Rule[] = COLOURS.flatMap(([en, zh, hair, eyes]) => [
  ...(hair ? [rule('hair_color', hair, new RegExp(`\\b(?:${en})(?:[- ]\\w+)? hair\\b|(?:${zh})(?:的)?(?:頭髮|髮色|短髮|長髮|捲髮)`))] : []),
  ...(eyes ? [rule('eye_color', eyes, new RegExp(`\\b(?:${en}) eyes\\b|(?:${zh})(?:的)?(?:眼睛|眼珠|瞳孔)`))] : []),
]);

/** Single-choice options, first match wins per key (more specific phrases first). */
const SINGLE: Rule[] = [
  ...colourRules,
  rule('beard', 'full_beard', /\bfull beard\b|落腮鬍|大鬍子/),
  rule('beard', 'long_beard', /\blong beard\b|長鬍子|長鬍鬚/),
  rule('beard', 'goatee', /\bgoatee\b|山羊鬍/),
  rule('beard', 'moustache', /\bmou?stache\b|八字鬍|小鬍子/),
  rule('beard', 'stubble', /\bstubble\b|鬍渣/),
  rule('beard', 'short_beard', /\bbeard\b|鬍子|鬍鬚/),
  rule('facial_feature_details', 'freckles', /\bfreckles\b|雀斑/),
  rule('facial_feature_details', 'rosy_cheeks', /\brosy cheeks\b|紅潤的臉頰|腮紅/),
  rule('background', 'neon_city', /\bneon(?:-lit)? city\b|霓虹城市/),
  rule('background', 'city_street', /\bcity street\b|\bstreet\b|街道|街頭/),
  rule('background', 'beach', /\bbeach\b|海灘|沙灘/),
  rule('background', 'forest', /\bforest\b|\bwoods\b|森林/),
  rule('background', 'mountains', /\bmountains?\b|山景|高山/),
  rule('background', 'snow', /\bsnowy landscape\b|雪景/),
  rule('background', 'garden', /\bgarden\b|花園/),
  rule('background', 'office', /\boffice\b|辦公室/),
  rule('background', 'library', /\blibrary\b|圖書館/),
  rule('background', 'cafe', /\bcaf[eé]\b|\bcoffee shop\b|咖啡廳|咖啡館/),
  rule('background', 'space', /\bouter space\b|\bin space\b|外太空|太空/),
  rule('background', 'studio_white', /\bwhite (?:backdrop|background)\b|白色背景/),
  rule('background', 'studio_black', /\bblack (?:backdrop|background)\b|黑色背景/),
  rule('background', 'studio_grey', /\bgr[ae]y (?:backdrop|background)\b|灰色背景/),
  rule('artistic_style', 'oil_painting', /\boil painting\b|油畫/),
  rule('artistic_style', 'watercolor', /\bwatercolou?r\b|水彩/),
  rule('artistic_style', 'anime', /\banime\b|\bmanga\b|動漫|動畫風/),
  rule('artistic_style', 'pop_art', /\bpop art\b|普普|波普/),
  rule('artistic_style', 'pencil_sketch', /\b(?:pencil )?sketch\b|素描/),
  rule('artistic_style', 'cyberpunk', /\bcyberpunk\b|賽博朋克|電馭叛客/),
  rule('artistic_style', 'pixel_art', /\bpixel art\b|像素風|像素藝術/),
  rule('photo_effect', 'black_and_white', /\bblack and white\b|\bb&w\b|\bmonochrome\b|黑白/),
  rule('photo_effect', 'sepia', /\bsepia\b|懷舊褐色|深褐色調/),
  rule('photo_effect', 'vignette', /\bvignette\b|暗角/),
  rule('light_style', 'golden_hour', /\bgolden hour\b|黃金時刻|夕陽光/),
  rule('light_style', 'neon', /\bneon light(?:ing|s)?\b|霓虹燈光/),
  rule('light_style', 'candlelight', /\bcandle ?light\b|燭光/),
  rule('background_blur', 'moderate', /\bblur(?:red)? (?:the )?background\b|\bbackground blur\b|背景模糊|背景虛化/),
  rule('special_effect', 'snow', /\bfalling snow\b|下雪/),
  rule('special_effect', 'rain', /\brain\b|下雨/),
  rule('special_effect', 'sparkles', /\bsparkles?\b|閃光|亮片/),
];

const MORE_ACCESSORIES_PARAM = FACE_SWAP_MORE_ACCESSORIES;

/** Colour words an accessory can be drawn in (en, zh-Hant) → the colour. */
const ACCESSORY_COLOURS: [RegExp, string, string][] = [
  [/\b(?:red|crimson)\b|紅色|紅/, '#c62828', 'red'],
  [/\bblack\b|黑色|黑/, '#1d1d1f', 'black'],
  [/\bwhite\b|白色|白/, '#eeeeee', 'white'],
  [/\b(?:navy|blue)\b|藍色|藍/, '#1e4fa3', 'blue'],
  [/\bgreen\b|綠色|綠/, '#2e7d32', 'green'],
  [/\byellow\b|黃色|黃/, '#f2c230', 'yellow'],
  [/\borange\b|橙色|橘色/, '#ef6c00', 'orange'],
  [/\bpink\b|粉紅色|粉紅|粉色/, '#e76fa0', 'pink'],
  [/\b(?:purple|violet)\b|紫色|紫/, '#6a3fa0', 'purple'],
  [/\b(?:gr[ae]y|silver)\b|灰色|銀色|灰/, '#8a8a8a', 'grey'],
  [/\bbrown\b|棕色|咖啡色|褐色/, '#6d4c41', 'brown'],
  [/\b(?:gold|golden)\b|金色/, '#d4a017', 'gold'],
];

/** The colour named just before an accessory's words ("a red baseball cap", 「紅色棒球帽」), if any. */
function colourBefore(text: string, pattern: RegExp): string | undefined {
  const match = new RegExp(pattern.source, 'g').exec(text);
  if (!match) return undefined;
  // The words right before it, up to the previous "and", comma or other accessory.
  const before =
    text
      .slice(Math.max(0, match.index - 16), match.index)
      .split(/\band\b|,|，|、|和|與|跟/)
      .pop() ?? '';
  return ACCESSORY_COLOURS.find(([word]) => word.test(before))?.[1];
}

export interface DescriptionOptions {
  /** The options the words name (only values the offline engine applies). */
  selection: Record<string, string>;
  /** Further accessories named after the first. */
  moreAccessories: string[];
  /** Colours named for accessories: value → #rrggbb. */
  accessoryColours: Record<string, string>;
}

/** The options a hand-typed description names, for the offline engine (see the module comment). */
export function optionsFromDescription(description: string): DescriptionOptions {
  const text = description.toLowerCase();
  const selection: Record<string, string> = {};
  for (const r of SINGLE) if (!selection[r.key] && r.pattern.test(text)) selection[r.key] = r.value;
  const accessories = ACCESSORIES.filter((r) => r.pattern.test(text)).map((r) => r.value);
  // "black sunglasses" is not also plain glasses; "glasses" alone is.
  if (!accessories.some((a) => a.endsWith('glasses')) && PLAIN_GLASSES.pattern.test(text)) accessories.push(PLAIN_GLASSES.value);
  // "flower crown" is not also a crown.
  const worn = accessories.filter((a, i) => accessories.indexOf(a) === i && !(a === 'crown' && accessories.includes('flower_crown')));
  if (worn[0]) selection.head_accessories = worn[0];
  for (const [key, value] of Object.entries(selection))
    if (!appliedOffline(key, value) || !faceSwapValue(key, value)) delete selection[key];
  const accessoryColours: Record<string, string> = {};
  for (const r of [...ACCESSORIES, PLAIN_GLASSES]) {
    if (!worn.includes(r.value) || accessoryColours[r.value]) continue;
    const colour = colourBefore(text, r.pattern);
    if (colour) accessoryColours[r.value] = colour;
  }
  return { selection, moreAccessories: worn.slice(1).filter((a) => appliedOffline('head_accessories', a)), accessoryColours };
}

/**
 * The engine's parameters for a face swap: the options chosen on the page win; the description
 * fills the options left blank (and adds further accessories when none was chosen).
 */
export function faceSwapEngineParams(description: string, chosen: Record<string, string>): Record<string, string> {
  const found = optionsFromDescription(description);
  const params: Record<string, string> = { ...found.selection, ...chosen };
  const more = chosen.head_accessories ? [] : found.moreAccessories;
  if (more.length) params[MORE_ACCESSORIES_PARAM] = more.join(',');
  // Colours only for accessories the words brought in: a chosen option's own phrase ("wearing a
  // golden crown") is part of the compiled description and must not recolour it.
  const fromWords = chosen.head_accessories ? [] : [params.head_accessories, ...more];
  const colours = Object.entries(found.accessoryColours).filter(([value]) => fromWords.includes(value));
  if (colours.length) params[FACE_SWAP_ACCESSORY_COLOURS] = colours.map(([value, hex]) => `${value}:${hex}`).join(',');
  return params;
}

/** Whether the offline engine would change the photo for these parameters. */
export const offlineApplies = (params: Record<string, string>) =>
  Object.entries(params).some(([key, value]) => appliedOffline(key, value)) || Boolean(params[MORE_ACCESSORIES_PARAM]);

/**
 * What the offline engine will apply, as one line for the record ("Applied offline: wearing dark
 * sunglasses, wearing a baseball cap (red)."), in the catalogue's English phrases like the rest
 * of the compiled prompt; empty when nothing applies.
 */
export function appliedOfflineLine(params: Record<string, string>): string {
  const colours = new Map((params[FACE_SWAP_ACCESSORY_COLOURS] ?? '').split(',').map((pair) => pair.split(':') as [string, string]));
  const phrase = (key: string, value: string) => {
    const text = faceSwapValue(key, value)?.phrase;
    const hex = key === 'head_accessories' ? colours.get(value) : undefined;
    const colour = ACCESSORY_COLOURS.find(([, h]) => h === hex)?.[2];
    return text && (colour ? `${text} (${colour})` : text);
  };
  const phrases = [
    ...Object.entries(params)
      .filter(([key, value]) => appliedOffline(key, value))
      .map(([key, value]) => phrase(key, value)),
    ...(params[MORE_ACCESSORIES_PARAM] ?? '')
      .split(',')
      .filter(Boolean)
      .map((value) => phrase('head_accessories', value)),
  ].filter(Boolean);
  return phrases.length ? `Applied offline: ${phrases.join(', ')}.` : '';
}
