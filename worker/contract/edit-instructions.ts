/**
 * What an edit prompt asks of the offline engine, read once by the same rules on the server (which
 * refuses, before any credit moves, a prompt the engine cannot carry out) and in the engine (which
 * carries out exactly what was read). A generative model takes free text; the offline engine does a
 * closed set of things, so its prompt is read into these, in English and Traditional Chinese:
 *
 * - a new **background** behind the person or subject: a plain colour, a blur, none (transparent),
 *   a studio backdrop, a scene the offline renderer draws from the prompt's scene words ("a night
 *   city skyline", 「海灘」), or the old background made darker, brighter, greyer…;
 * - a **style**, painted by that photo tool (anime, sketch, watercolour, oil, pop art, cyberpunk,
 *   restoration);
 * - **colour and light** adjustments (black and white, sepia, warmer, cooler, brighter, darker,
 *   more contrast, more vivid, soft blur, sharpen, mirror, invert);
 * - **composition** of two to five uploads (the subjects of the others placed into the first).
 *
 * The prompt is cut into clauses (at punctuation and at "and", "then", 和, 然後 … outside the phrases
 * above, so "black and white" stays one). A clause the engine reads nothing in is either filler
 * ("please", 「這張照片」) or something it cannot do ("make her smile", "remove the rocket", "add a
 * dragon"): such a clause is `notDoable`, and the server refuses the whole prompt naming it
 * (docs/decisions/044-offline-edit-promises.md). Zod-free and runtime-agnostic: the Worker imports it.
 */
import type { EngineToolId } from './engine-operations';
import { CJK, phrasePattern, type PhraseMatcher } from './prompt-words';

/** Colour and light adjustments, applied in this order (worker/engine/edit/adjustments.ts). */
export const EDIT_ADJUSTMENTS = [
  'greyscale',
  'sepia',
  'warm',
  'cool',
  'bright',
  'dark',
  'contrast',
  'vivid',
  'soft',
  'sharpen',
  'realistic',
  'mirror',
  'invert',
] as const;
export type EditAdjustment = (typeof EDIT_ADJUSTMENTS)[number];

/** The photo tools an edit can paint with (the first one a prompt names wins: one picture, one medium). */
export type EditStyle = Extract<
  EngineToolId,
  'anime-style' | 'sketch' | 'watercolor' | 'oil-painting' | 'pop-art-portrait' | 'cyberpunk' | 'restored-image'
>;

export type EditBackground =
  | { kind: 'transparent' }
  | { kind: 'blur' }
  | { kind: 'studio' }
  | { kind: 'colour'; hex: string }
  /** `scene`: the words the offline renderer draws (renderFromPrompt); `blur`: softer than the default. */
  | { kind: 'scene'; scene: string; blur: boolean }
  /** The photo's own background with these adjustments ("make the background darker"). */
  | { kind: 'adjust'; adjustments: EditAdjustment[] };

export interface EditInstructions {
  background: EditBackground | null;
  style: EditStyle | null;
  adjustments: EditAdjustment[];
  /** Two or more uploads: the subjects of the others are placed into the first. */
  compose: boolean;
  /** Where the placed subjects go when the prompt says ("on the left", 「右邊」). */
  side: 'left' | 'right' | null;
  /** Clauses the offline engine cannot carry out, as the user wrote them. */
  notDoable: string[];
}

type Phrases = readonly string[];

/** Styles, in order of precedence. "neon" alone is the cyberpunk look; in a background it is a neon city. */
const STYLES: [Phrases, EditStyle][] = [
  [['anime', 'cartoon', 'comic', 'manga', 'cel shading', '動漫', '卡通', '漫畫', '動畫風'], 'anime-style'],
  [['sketch', 'pencil', 'line art', 'drawing', 'charcoal', '素描', '鉛筆', '線稿'], 'sketch'],
  [['watercolor', 'watercolour', 'watercolors', 'watercolours', '水彩'], 'watercolor'],
  [['oil painting', 'oil', 'painting', 'painterly', 'impasto', 'brush strokes', 'brushstrokes', '油畫'], 'oil-painting'],
  [['pop art', 'warhol', 'halftone', 'abstract', '普普', '波普'], 'pop-art-portrait'],
  [['cyberpunk', 'neon', 'synthwave', '賽博', '賽博朋克', '霓虹', '電馭叛客'], 'cyberpunk'],
  [['restore', 'restored', 'restoration', 'repair', 'repaired', 'fix scratches', '修復', '修補', '老照片修復'], 'restored-image'],
];

const ADJUSTMENTS: Record<EditAdjustment, Phrases> = {
  greyscale: ['black and white', 'b&w', 'monochrome', 'grayscale', 'greyscale', '黑白', '灰階'],
  sepia: ['sepia', 'vintage', 'retro', 'old photo', 'nostalgic', '復古', '懷舊', '老照片'],
  warm: ['warm', 'warmer', 'warmth', 'sunset', 'golden', 'golden hour', '溫暖', '暖色', '暖色調', '暖'],
  cool: ['cool', 'cooler', 'cold', 'colder', 'icy', 'winter', 'wintry', '冷', '冷色', '冷色調', '冰冷'],
  bright: ['bright', 'brighter', 'brighten', 'lighter', 'lighten', '明亮', '調亮', '變亮', '提亮'],
  dark: ['dark', 'darker', 'darken', 'moody', 'night', 'nighttime', 'dim', 'dimmer', '暗', '調暗', '變暗', '夜晚', '晚上'],
  contrast: ['contrast', 'dramatic', '對比', '對比度'],
  vivid: ['vivid', 'vibrant', 'saturated', 'saturation', 'colorful', 'colourful', '鮮豔', '鮮艷', '飽和'],
  soft: ['blur', 'blurred', 'blurry', 'soft', 'softer', 'dreamy', '柔和', '模糊', '夢幻'],
  sharpen: [
    'sharpen',
    'sharper',
    'sharp',
    'enhance',
    'enhanced',
    'details',
    'detail',
    'clarity',
    'crisp',
    'crisper',
    'hd',
    '清晰',
    '細節',
    '銳化',
  ],
  realistic: ['realistic', 'photorealistic', 'natural', '寫實', '自然'],
  mirror: ['mirror', 'mirrored', 'flip', 'flipped', '鏡像', '翻轉'],
  invert: ['invert', 'inverted', 'negative', '反轉', '負片'],
};

/** Words that point at the background: a clause with one is about the background. */
const BACKGROUND_WORDS: Phrases = [
  'background',
  'backgrounds',
  'backdrop',
  'bg',
  'behind her',
  'behind him',
  'behind them',
  'behind me',
  'behind it',
  'in front of',
  'against',
  'scenery',
  'surroundings',
  'setting',
  'environment',
  'location',
  '背景',
  '背後',
  '身後',
  '後面',
  '前面',
  '前方',
  '場景',
];
const TRANSPARENT: Phrases = [
  'transparent',
  'cut out',
  'cutout',
  'cut-out',
  'no background',
  'without background',
  '去背',
  '透明',
  '摳圖',
  '去背景',
];
/** Removal verbs: with a background word they make it transparent; without, they ask for something the engine cannot do. */
const REMOVE: Phrases = ['remove', 'erase', 'delete', 'get rid of', 'take out', 'drop', '去除', '移除', '刪除', '去掉', '拿掉', '刪掉'];
const BACKGROUND_BLUR: Phrases = [
  'blur',
  'blurred',
  'blurry',
  'bokeh',
  'defocus',
  'defocused',
  'out of focus',
  'depth of field',
  'soft focus',
  '模糊',
  '虛化',
  '景深',
  '散景',
];
const STUDIO: Phrases = ['studio', 'plain', 'solid', 'seamless', '攝影棚', '棚拍', '素色', '純色'];

/** Colours a background can be painted (#rrggbb), English and Traditional Chinese. */
const COLOURS: [Phrases, string][] = [
  [['white', '白色', '白'], '#f5f5f5'],
  [['black', '黑色', '黑'], '#111111'],
  [['grey', 'gray', '灰色', '灰'], '#8a8d91'],
  [['red', '紅色', '紅'], '#c62828'],
  [['blue', '藍色', '藍'], '#1e5fb4'],
  [['light blue', 'sky blue', 'baby blue', '淺藍色', '淺藍', '天藍色'], '#8fc1ea'],
  [['navy', 'dark blue', '深藍色', '深藍'], '#1b2a4a'],
  [['green', '綠色', '綠'], '#2e7d32'],
  [['yellow', '黃色', '黃'], '#f2c230'],
  [['orange', '橙色', '橘色'], '#ef7d22'],
  [['pink', '粉紅色', '粉紅', '粉色'], '#f1a7c0'],
  [['purple', 'violet', 'lilac', '紫色', '紫'], '#6a3fa0'],
  [['brown', '棕色', '咖啡色', '褐色'], '#6d4c41'],
  [['beige', 'cream', 'ivory', '米色', '米白色', '奶油色'], '#eadfc8'],
];

/**
 * Scene words the offline renderer draws (worker/engine/render/scene.ts reads each of these; an
 * engine test checks that it still does). A "strong" word names a place, so a clause with one is a
 * background even without the word "background" ("on a beach"); a "weak" word only colours a scene
 * ("night", "snowy") and alone is an adjustment or nothing.
 */
export const STRONG_SCENES: Phrases = [
  'city',
  'cities',
  'skyline',
  'cityscape',
  'downtown',
  'skyscraper',
  'skyscrapers',
  'buildings',
  'street',
  'streets',
  'urban',
  'beach',
  'seaside',
  'ocean',
  'sea',
  'coast',
  'island',
  'lake',
  'river',
  'forest',
  'woods',
  'jungle',
  'trees',
  'mountain',
  'mountains',
  'alps',
  'volcano',
  'canyon',
  'hills',
  'meadow',
  'field',
  'countryside',
  'valley',
  'desert',
  'dunes',
  'glacier',
  'arctic',
  'garden',
  'flowers',
  'cherry blossoms',
  'sakura',
  'space',
  'outer space',
  'galaxy',
  'planets',
  'universe',
  'aurora',
  'northern lights',
  'castle',
  'lighthouse',
  '城市',
  '都市',
  '天際線',
  '街道',
  '街頭',
  '大樓',
  '海灘',
  '沙灘',
  '海邊',
  '大海',
  '海洋',
  '湖',
  '湖邊',
  '河邊',
  '森林',
  '樹林',
  '叢林',
  '山',
  '山景',
  '高山',
  '雪山',
  '草原',
  '田野',
  '沙漠',
  '花園',
  '花海',
  '櫻花',
  '太空',
  '外太空',
  '宇宙',
  '銀河',
  '極光',
  '城堡',
  '燈塔',
];
/** Scene words the renderer knows by another name. */
const SCENE_ALIASES: Record<string, string> = { cityscape: 'city skyline', 天際線: '城市天際線' };
const WEAK_SCENES: Phrases = [
  'night',
  'midnight',
  'moonlit',
  'moon',
  'stars',
  'starry',
  'sunset',
  'sunrise',
  'dawn',
  'dusk',
  'twilight',
  'golden hour',
  'neon',
  'snow',
  'snowy',
  'winter',
  'rain',
  'rainy',
  'fog',
  'foggy',
  'misty',
  'rainbow',
  'tropical',
  'autumn',
  '夜',
  '夜晚',
  '晚上',
  '夜景',
  '星空',
  '日落',
  '夕陽',
  '黃昏',
  '日出',
  '清晨',
  '霓虹',
  '雪',
  '雪景',
  '冬天',
  '下雨',
  '雨',
  '霧',
  '彩虹',
  '秋天',
];

/** With two or more uploads: words that ask for them to be put together. */
const COMPOSE: Phrases = [
  'together',
  'combine',
  'combined',
  'merge',
  'merged',
  'composite',
  'add',
  'put',
  'place',
  'insert',
  'next to',
  'beside',
  'alongside',
  'with',
  'both',
  'join',
  'second',
  'other',
  'others',
  '合成',
  '合併',
  '一起',
  '加入',
  '放進',
  '放入',
  '旁邊',
  '身邊',
  '兩張',
];
const LEFT: Phrases = ['left', 'on the left', '左邊', '左側', '左'];
const RIGHT: Phrases = ['right', 'on the right', '右邊', '右側', '右'];

/**
 * Things about people and objects the engine never changes: in a clause that is otherwise a
 * background or a composition (whose other words describe the scene or the uploads), these still
 * make it undoable ("on a beach, smiling").
 */
const CANNOT: Phrases = [
  'smile',
  'smiling',
  'laugh',
  'laughing',
  'expression',
  'younger',
  'older',
  'thinner',
  'slimmer',
  'hair',
  'hairstyle',
  'beard',
  'makeup',
  'glasses',
  'sunglasses',
  'hat',
  'clothes',
  'dress',
  'shirt',
  'outfit',
  'wearing',
  'holding',
  'pose',
  'text',
  'logo',
  '微笑',
  '笑',
  '表情',
  '年輕',
  '頭髮',
  '髮型',
  '鬍子',
  '化妝',
  '眼鏡',
  '帽子',
  '衣服',
  '穿',
  '戴',
  '文字',
];

/**
 * Words that carry no instruction (people, the photo, polite and linking words, the quick styles'
 * descriptions): a clause of only these is filler, neither done nor refused.
 */
const FILLER = new Set(
  `a an the this that these those it its it's her him his hers she he they them their me my i we our us you your photo photos
  picture pictures image images pic shot selfie portrait person woman man girl boy lady guy people subject astronaut please thanks
  make makes turn into to in on at of for with and or as like look looks looking style styled effect effects filter version tone
  tones toned bit little slightly slight more much very really so too some give apply use using change convert transform be is are
  was were can could would should want need just also then kind sort feel vibe vibes nice beautiful pretty good great high quality
  4k 8k colour colours color colors colored coloured light lighting lit fine expressive rich clean line bold outlines playful
  composition geometric shapes illustration artistic art shading strokes stroke brush overall whole entire all same keep
  everything by from up over while but only one edit new old do let bg get stand sit put place move set take there here where
  scene background backdrop two three four five horizontally horizontal both each`.split(/\s+/),
);
/** Chinese words with no instruction in them (the segmenter's words; single characters too). */
const FILLER_ZH = new Set(
  `把 將 讓 使 給 幫 請 我 你 他 她 它 我們 他們 她們 的 了 著 得 地 這 那 張 個 照片 圖片 圖
  相片 影像 畫面 轉 換 改 變 成 為 點 些 更 很 再 又 和 與 及 並 並且 然後 以及 還有 同時 也 風格
  效果 樣子 樣 感覺 放 在 上 裡 裡面 中 站 坐 人 人物 主角 整體 整張 色調 調 調整 加 希望 想 要
  可以 能 好 好看 漂亮 美 嗎 吧 呢 啊 喔 處理 修 編輯 做 弄 用 前 後 到 去 來 是 有 一 下 當 被
  其他 其餘 部分 背景 場景 畫 畫作 風 版 版本 式 系`.split(/\s+/),
);

type Kind =
  | 'style'
  | 'adjust'
  | 'background'
  | 'transparent'
  | 'remove'
  | 'bgblur'
  | 'studio'
  | 'colour'
  | 'strong'
  | 'weak'
  | 'compose'
  | 'left'
  | 'right'
  | 'cannot';

interface Hit {
  kind: Kind;
  start: number;
  end: number;
  /** The style, adjustment or colour it names. */
  value?: string;
}

const matcher = (phrases: Phrases) => phrasePattern(phrases);
const TABLE: [Kind, PhraseMatcher, string | undefined][] = [
  ...STYLES.map(([phrases, tool]): [Kind, PhraseMatcher, string] => ['style', matcher(phrases), tool]),
  ...EDIT_ADJUSTMENTS.map((id): [Kind, PhraseMatcher, string] => ['adjust', matcher(ADJUSTMENTS[id]), id]),
  ['background', matcher(BACKGROUND_WORDS), undefined],
  ['transparent', matcher(TRANSPARENT), undefined],
  ['remove', matcher(REMOVE), undefined],
  ['bgblur', matcher(BACKGROUND_BLUR), undefined],
  ['studio', matcher(STUDIO), undefined],
  ...COLOURS.map(([phrases, hex]): [Kind, PhraseMatcher, string] => ['colour', matcher(phrases), hex]),
  ['strong', matcher(STRONG_SCENES), undefined],
  ['weak', matcher(WEAK_SCENES), undefined],
  ['compose', matcher(COMPOSE), undefined],
  ['left', matcher(LEFT), undefined],
  ['right', matcher(RIGHT), undefined],
  ['cannot', matcher(CANNOT), undefined],
];

/**
 * Every phrase the prompt names. A hit inside a longer hit of another kind is dropped ("white" in
 * "black and white", "blue" in "light blue"); hits of the same extent all stay ("night" is dark
 * and a night scene: the clause decides which).
 */
function hitsIn(text: string): Hit[] {
  const all = TABLE.flatMap(([kind, m, value]) => m.spans(text).map(([start, end]) => ({ kind, start, end, value })));
  return all.filter(
    (hit) => !all.some((other) => other.start <= hit.start && other.end >= hit.end && other.end - other.start > hit.end - hit.start),
  );
}

/** Latin conjunctions and Chinese ones (as whole words) that start a new clause. */
const LATIN_JOIN = /(?<![\p{L}\p{N}])(?:and|then|also|plus|but)(?![\p{L}\p{N}])/giu;
const CHINESE_JOIN = new Set(['和', '並', '並且', '然後', '以及', '還有', '同時', '再', '也', '跟', '與']);
const PUNCTUATION = /[.,;:!?\n，。；：！？、]/gu;
const segmenter = new Intl.Segmenter('zh-Hant', { granularity: 'word' });

/** Clause boundaries: punctuation and conjunctions, except inside a phrase ("black and white"). */
function clauseRanges(text: string, hits: Hit[]): [number, number][] {
  const inside = (at: number) => hits.some((h) => h.start <= at && at < h.end);
  const cuts = new Set<number>();
  for (const m of text.matchAll(PUNCTUATION)) cuts.add(m.index);
  for (const m of text.matchAll(LATIN_JOIN)) if (!inside(m.index)) cuts.add(m.index);
  for (const s of segmenter.segment(text)) if (CHINESE_JOIN.has(s.segment) && !inside(s.index)) cuts.add(s.index);
  const sorted = [...cuts].sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  let from = 0;
  for (const cut of sorted) {
    ranges.push([from, cut]);
    from = cut;
  }
  ranges.push([from, text.length]);
  return ranges;
}

/** The words of `text` outside the given hits that are not filler. */
function contentWords(text: string, offset: number, covered: Hit[]): string[] {
  const chars = [...text];
  let at = offset;
  const blanked = chars
    .map((ch) => {
      const here = at;
      at += ch.length;
      return covered.some((h) => h.start <= here && here < h.end) ? ' ' : ch;
    })
    .join('');
  const words: string[] = [];
  for (const s of segmenter.segment(blanked)) {
    if (!s.isWordLike) continue;
    const word = s.segment.toLowerCase();
    if (!/\p{L}/u.test(word)) continue;
    if (CJK.test(word) ? !FILLER_ZH.has(word) && ![...word].every((c) => FILLER_ZH.has(c)) : !FILLER.has(word)) words.push(word);
  }
  return words;
}

const SCENE_KINDS = new Set<Kind>(['strong', 'weak']);
/** Moods the renderer also reads ("a warm sunset beach"): in a scene they belong to the scene. */
const SCENE_MOODS = new Set<string>(['warm', 'cool', 'dark', 'bright', 'vivid']);

interface Reading {
  background: EditBackground | null;
  style: EditStyle | null;
  adjustments: EditAdjustment[];
  side: 'left' | 'right' | null;
  /** The clause is something the engine cannot do. */
  refused: boolean;
}

/** One clause: what it asks for, or that the engine cannot do it. */
function readClause(text: string, offset: number, hits: Hit[], uploads: number): Reading {
  const has = (kind: Kind) => hits.some((h) => h.kind === kind);
  const of = (kind: Kind) => hits.filter((h) => h.kind === kind);
  const composing = uploads > 1 && has('compose');
  const reading: Reading = {
    background: null,
    style: (of('style')[0]?.value as EditStyle | undefined) ?? null,
    adjustments: [],
    side: uploads > 1 ? (has('left') ? 'left' : has('right') ? 'right' : null) : null,
    refused: false,
  };
  if (has('background') || has('transparent') || has('strong') || has('studio')) {
    const background = readBackground(text, offset, hits);
    if (background) {
      reading.background = background.background;
      reading.adjustments = background.global;
      // "A neon city" is a scene, not the cyberpunk look.
      reading.style =
        (hits.find((h) => h.kind === 'style' && !sameExtent(hits, h, ['strong', 'weak']))?.value as EditStyle | undefined) ?? null;
      // A background clause may describe its scene freely, but not ask for changes to people or things.
      reading.refused = has('cannot');
      return reading;
    }
    // "Put the dog in front of her": with several uploads, a placement rather than a background.
    if (!composing) return { ...reading, refused: true };
  }
  reading.adjustments = unique(of('adjust').map((h) => h.value as EditAdjustment));
  const done = hits.filter(
    (h) => h.kind === 'style' || h.kind === 'adjust' || (uploads > 1 && ['compose', 'left', 'right'].includes(h.kind)),
  );
  const rest = contentWords(text, offset, done);
  // With several uploads, a clause that puts them together names them in its own words ("the cat").
  reading.refused = has('cannot') || (rest.length > 0 && !composing);
  return reading;
}

/**
 * A clause about the background: the new background, and the adjustments of the clause that apply
 * to the whole picture (a scene's moods — "a warm sunset beach" — are the scene's own); null when
 * it names no background the engine can make ("change the background to Paris").
 */
function readBackground(text: string, offset: number, hits: Hit[]): { background: EditBackground; global: EditAdjustment[] } | null {
  const has = (kind: Kind) => hits.some((h) => h.kind === kind);
  // "Blurred background" is the background's blur, "night" in a scene the scene's: not the whole picture's.
  const adjusts = hits.filter((h) => h.kind === 'adjust' && !sameExtent(hits, h, ['bgblur', 'strong', 'weak']));
  const all = unique(adjusts.map((h) => h.value as EditAdjustment));
  const scene = hits.filter(
    (h) => SCENE_KINDS.has(h.kind) || (h.kind === 'adjust' && SCENE_MOODS.has(h.value!) && !sameExtent(hits, h, ['strong', 'weak'])),
  );
  const colour = hits.find((h) => h.kind === 'colour');
  const leftover = contentWords(text, offset, hits);
  if (has('transparent') || (has('remove') && leftover.length === 0)) return { background: { kind: 'transparent' }, global: all };
  // "Remove the rocket from the background" removes a thing, which the engine cannot.
  if (has('remove')) return null;
  if (scene.some((h) => SCENE_KINDS.has(h.kind))) {
    // The renderer is given the scene's words in the order written, with the descriptive words
    // around them (it draws what it knows of those); people and pointing words stay out.
    const named = scene
      .sort((a, b) => a.start - b.start)
      .map((h) => text.slice(h.start - offset, h.end - offset))
      .map((word) => SCENE_ALIASES[word.toLowerCase()] ?? word);
    return {
      background: { kind: 'scene', scene: unique([...named, ...leftover]).join(' '), blur: has('bgblur') },
      global: all.filter((id) => !SCENE_MOODS.has(id)),
    };
  }
  if (colour) return { background: { kind: 'colour', hex: colour.value! }, global: all };
  if (has('bgblur')) return { background: { kind: 'blur' }, global: all };
  if (has('studio')) return { background: { kind: 'studio' }, global: all };
  if (all.length > 0) return { background: { kind: 'adjust', adjustments: all }, global: [] };
  return null;
}

/** Whether another hit of one of these kinds covers exactly the same words. */
const sameExtent = (hits: Hit[], a: Hit, kinds: Kind[]) =>
  hits.some((b) => kinds.includes(b.kind) && b.start === a.start && b.end === a.end);

const unique = <T>(items: T[]) => [...new Set(items)];

/** The style the workbench's style field asks for when the prompt names none ("realistic" is the default, and no style). */
const STYLE_FIELD: Record<string, EditStyle> = {
  anime: 'anime-style',
  cartoon: 'anime-style',
  artistic: 'oil-painting',
  abstract: 'pop-art-portrait',
};

/** Reads an edit prompt for the offline engine (see the module comment). `uploads`: how many images come with it. */
export function readEditInstructions(prompt: string, options: { style?: string; uploads?: number } = {}): EditInstructions {
  const uploads = options.uploads ?? 1;
  const hits = hitsIn(prompt);
  const result: EditInstructions = { background: null, style: null, adjustments: [], compose: uploads > 1, side: null, notDoable: [] };
  for (const [start, end] of clauseRanges(prompt, hits)) {
    const text = prompt.slice(start, end);
    const inClause = hits.filter((h) => h.start >= start && h.end <= end);
    const reading = readClause(text, start, inClause, uploads);
    if (reading.refused) {
      const words = text
        .replace(/^[\s.,;:!?，。；：！？、]+|[\s.,;:!?，。；：！？、]+$/gu, '')
        .replace(/^(?:and|then|also|plus|but)\s+/iu, '');
      if (words) result.notDoable.push(words);
      continue;
    }
    result.style ??= reading.style;
    result.side ??= reading.side;
    result.adjustments = unique([...result.adjustments, ...reading.adjustments]);
    result.background = mergeBackground(result.background, reading.background);
  }
  result.style ??= STYLE_FIELD[options.style ?? ''] ?? null;
  result.adjustments = EDIT_ADJUSTMENTS.filter((id) => result.adjustments.includes(id));
  return result;
}

/** Two background clauses ("in front of a city, at night"): scenes join, a scene wins over a colour or a blur. */
function mergeBackground(a: EditBackground | null, b: EditBackground | null): EditBackground | null {
  if (!a || !b) return a ?? b;
  if (a.kind === 'scene' && b.kind === 'scene') return { kind: 'scene', scene: `${a.scene} ${b.scene}`, blur: a.blur || b.blur };
  if (a.kind === 'scene' && b.kind === 'blur') return { ...a, blur: true };
  if (b.kind === 'scene' && a.kind === 'blur') return { ...b, blur: true };
  if (b.kind === 'scene' || b.kind === 'transparent') return b;
  return a;
}

/** Whether the offline engine would change the picture for these instructions. */
export const editDoesSomething = (i: EditInstructions) => Boolean(i.background || i.style || i.adjustments.length > 0 || i.compose);

/**
 * Why the offline engine must refuse this edit before any charge, as a message id and its parameters
 * (contract/messages.ts), or null when it can carry it out: a part it cannot do is named; a prompt
 * with nothing it can do gets the list of what it can.
 */
export function offlineEditRefusal(
  i: EditInstructions,
): { id: 'editOfflineCannotDo'; part: string } | { id: 'editOfflineNothingToApply' } | null {
  const part = i.notDoable[0];
  if (part) return { id: 'editOfflineCannotDo', part: part.length > 80 ? `${part.slice(0, 79)}…` : part };
  return editDoesSomething(i) ? null : { id: 'editOfflineNothingToApply' };
}
