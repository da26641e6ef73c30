/**
 * What a prompt asks to see: a vocabulary of about 1,500 drawable subjects — animals,
 * plants, food, places, vehicles, objects, people and their roles — with English and Traditional
 * Chinese keywords from emojibase-data (CLDR annotations, MIT) and artwork from Twemoji
 * (@twemoji/svg: MIT code, CC-BY 4.0 graphics by Twitter, Inc. and contributors).
 *
 * Keywords match as words: Latin ones with simple English plurals (prompt-words.ts), Chinese ones
 * as the words Intl.Segmenter finds (chinese-words.ts), longest first. Labels beat tags ("horse" is
 * the whole horse, not the horse's face).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { QUICK_STYLE_TEXTS, STYLE_TEXTS } from '../../contract/style-texts';
import { namesAny } from '../edit/prompt-words';
import { chineseWordOffsets } from './chinese-words';
import { LOOK_PHRASES } from './looks';

/** Where a subject belongs in a picture. */
/** ground: stands on the ground line; sky: flies; water: floats on it (boats); sea: lives under it; table: food and tableware. */
export type SubjectKind = 'ground' | 'sky' | 'water' | 'sea' | 'table';

/** What kind of thing a subject is, for words that name a whole kind ("people", "animals", 花) in a negative prompt. */
export type SubjectFamily =
  | 'person'
  | 'animal'
  | 'bird'
  | 'bug'
  | 'flower'
  | 'tree'
  | 'plant'
  | 'food'
  | 'vehicle'
  | 'boat'
  | 'aircraft'
  | 'object';

export interface SubjectEntry {
  /** Twemoji file name without .svg, e.g. "1f98a". */
  code: string;
  label: string;
  kind: SubjectKind;
  /** A person or character (can ride an animal: "a knight on a horse"). */
  person: boolean;
  /** Drawn as head and shoulders (girl, king, mage) or an animal's head (fox, panda), not a whole figure: framed at the bottom edge, rides smaller. */
  bust: boolean;
  family: SubjectFamily;
}

export interface SubjectHit extends SubjectEntry {
  /** Where in the prompt it was named (earlier = more important). */
  index: number;
  keyword: string;
}

interface EmojibaseEntry {
  label: string;
  hexcode: string;
  tags?: string[];
  group?: number;
  subgroup?: number;
}

// emojibase subgroup numbers (emojibase-data/en/messages.json).
/** People, and the costume faces that are characters (robot, alien, ghost). */
const PEOPLE = new Set([11, 23, 24, 25, 26, 27, 28, 29, 30]);
/** Of those, the ones Twemoji draws as head and shoulders. */
const BUSTS = new Set([11, 23, 24, 25, 26]);
/**
 * Animals Twemoji draws as a head (a face, or a head cut at the neck). Standing on the grass with a
 * shadow they look severed, so they are framed like the people's busts: a close-up cut by the
 * picture's bottom edge.
 */
const HEADS = new Set([
  ...['monkey face', 'gorilla', 'orangutan', 'dog face', 'wolf', 'fox', 'raccoon', 'cat face', 'lion', 'tiger face', 'horse face'],
  ...['moose', 'unicorn', 'zebra', 'deer', 'cow face', 'pig face', 'boar', 'mouse face', 'hamster', 'rabbit face', 'bear'],
  ...['polar bear', 'koala', 'panda', 'frog', 'dragon face', 'chicken', 'rhinoceros', 'eagle'],
]);
/** Places and weather are the scene's job (compose.ts draws mountains, castles, rain): not sprites. */
const SCENERY = new Set([49, 50, 51, 52, 53, 58, 59]);
const SKY = new Set([35, 56, 59]);
const WATER = new Set([55]);
/** Marine animals: drawn underwater. */
const SEA = new Set([38]);
const TABLE = new Set([42, 43, 44, 45, 46, 47, 48]);
/** Groups worth drawing: animals & nature, food, travel & places, activities, objects (not flags, symbols, faces). */
const DRAWABLE_GROUPS = new Set([3, 4, 5, 6, 7]);
/** Birds that do not fly stay on the ground. */
const GROUNDED_BIRDS = new Set(['penguin', 'chicken', 'rooster', 'turkey', 'baby chick', 'hatching chick', 'dodo', 'flamingo', 'peacock']);

/** Words people use that the annotations miss, → an emoji label. */
const ALIASES: Record<string, string> = {
  knight: 'person fencing',
  騎士: 'person fencing',
  samurai: 'person fencing',
  ramen: 'steaming bowl',
  拉麵: 'steaming bowl',
  noodles: 'steaming bowl',
  noodle: 'steaming bowl',
  麵: 'steaming bowl',
  'hot air balloon': 'balloon',
  熱氣球: 'balloon',
  pony: 'horse',
  stallion: 'horse',
  plane: 'airplane',
  飛機: 'airplane',
  // Common words whose CLDR tag is shared by several emoji, so the one-subject tag rule drops them.
  car: 'automobile',
  bike: 'bicycle',
  腳踏車: 'bicycle',
  單車: 'bicycle',
  boat: 'sailboat',
  truck: 'delivery truck',
  king: 'person with crown',
  queen: 'person with crown',
  wizard: 'mage',
  witch: 'mage',
  巫師: 'mage',
  dinosaur: 'T-Rex',
  恐龍: 'T-Rex',
  sheep: 'ewe',
  羊: 'ewe',
  牛: 'cow',
  bee: 'honeybee',
  book: 'closed book',
  書: 'closed book',
  phone: 'mobile phone',
  computer: 'laptop',
  clock: 'alarm clock',
  時鐘: 'alarm clock',
  hat: 'top hat',
  shoe: 'running shoe',
  apple: 'red apple',
  蘋果: 'red apple',
  cheese: 'cheese wedge',
  beer: 'beer mug',
  soup: 'bowl with spoon',
  湯: 'bowl with spoon',
  salad: 'green salad',
  麵包: 'bread',
  spaceman: 'astronaut',
  kitten: 'cat',
  coffee: 'hot beverage',
  咖啡: 'hot beverage',
  tea: 'teacup without handle',
  茶: 'teacup without handle',
  puppy: 'dog',
  小狗: 'dog',
  小貓: 'cat',
  貓: 'cat',
  狗: 'dog',
  馬: 'horse',
  // Chinese names CLDR has only as tags that share no character with the subject's name (namesTheThing).
  國王: 'person with crown',
  皇后: 'person with crown',
  新娘: 'person with veil',
  新郎: 'person in tuxedo',
  幽靈: 'ghost',
  烏鴉: 'black bird',
  crow: 'black bird',
  raven: 'black bird',
  鴿子: 'dove',
  蚱蜢: 'cricket',
  牛排: 'cut of meat',
  steak: 'cut of meat',
  香腸: 'hot dog',
  sausage: 'hot dog',
  布丁: 'custard',
  pudding: 'custard',
  浴缸: 'bathtub',
  裙子: 'dress',
  夾克: 'coat',
  襯衫: 't-shirt',
  serpent: 'snake',
  angel: 'baby angel',
  天使: 'baby angel',
  // "a baseball bat" is the bat one plays with, not the animal (nearest artwork: the cricket bat).
  'baseball bat': 'cricket game',
  球棒: 'cricket game',
  // 騎馬的騎士, 騎馬的人: a rider on a horse, not a jockey racing (騎 makes the rider sit on the next subject).
  騎馬: 'horse',
  // 熊貓吃竹子: CLDR has no bamboo of its own; the kadomatsu is cut bamboo stalks.
  竹子: 'pine decoration',
  竹: 'pine decoration',
  bamboo: 'pine decoration',
};

/** Tags that are adjectives or settings, not things. */
const STOP_TAGS = new Set([
  'red',
  'orange',
  'yellow',
  'green',
  'blue',
  'purple',
  'pink',
  'white',
  'black',
  'brown',
  'gray',
  'grey',
  'gold',
  'golden',
  'silver',
  'medieval',
  'ancient',
  'animal',
  'animals',
  'food',
  'drink',
  'nature',
  'object',
  'place',
  'person',
  'people',
  'sport',
  'travel',
  'building',
  'face',
  'hand',
  'small',
  'large',
  'happy',
  'cute',
  'night',
  'mountain',
  'mountains',
  'ocean',
  'beach',
  'snow',
  'weather',
  'table',
  'desk',
  'game',
  'play',
  // Colours that are also flowers or things (violet → hyacinth, 黑色 → black cat).
  'violet',
  'indigo',
  'magenta',
  'cyan',
  'teal',
  'turquoise',
  'beige',
  '黑色',
  '白色',
  '藍色',
  '紅色',
  '綠色',
  '黃色',
  '紫色',
  '金色',
  '咖啡色',
  '暗色',
  // Settings the scene draws or that only say where (a sunflower field is not field hockey).
  'field',
  'garden',
  'lake',
  'river',
  'forest',
  'desert',
  'arctic',
  'antarctica',
  'underwater',
  'reef',
  'tropics',
  'habitat',
  'safari',
  'road',
  'highway',
  '海底',
  '海中',
  '水中',
  '水上',
  '空中',
  '太空',
  '極地',
  '南極',
  '戶外',
  '夜裡',
  '春天',
  '秋天',
  '公路',
  '道路',
  // Qualities, moods and abstract words CLDR lists beside the things: no drawable noun.
  'wild',
  'lucky',
  'luck',
  'strong',
  'sharp',
  'cool',
  'calm',
  'shallow',
  'natural',
  'mean',
  'hidden',
  'secret',
  'noble',
  'alpha',
  'order',
  'stubborn',
  'under',
  'slow',
  'fast',
  'jump',
  'grow',
  'change',
  'climate',
  'fall',
  'flight',
  'print',
  'head',
  'side',
  'sour',
  'ripe',
  'diet',
  'super',
  'extra',
  'awesome',
  'class',
  'gang',
  'ride',
  'spin',
  'turn',
  'circle',
  'alert',
  'float',
  'save',
  'second',
  'third',
  'direct',
  'future',
  'emotion',
  'present',
  'surprise',
  'break',
  'band',
  'beat',
  'call',
  'power',
  'record',
  'action',
  'idea',
  'cost',
  'paid',
  'charge',
  'evidence',
  'proof',
  'market',
  'rise',
  'send',
  'zero',
  'media',
  'list',
  'location',
  'edge',
  'rule',
  'private',
  'secure',
  'major',
  'split',
  'point',
  'curve',
  'shape',
  'shapes',
  'attraction',
  'culture',
  'help',
  'hurt',
  'back',
  'front',
  'view',
  'force',
  'transparent',
  'reflection',
  'protect',
  'notice',
  'shake',
  'strike',
  'bite',
  'fever',
  'smell',
  'taste',
  'flavor',
  'human',
  'male',
  'female',
  'skills',
  'fight',
  'talk',
  'proud',
  'flamboyant',
  'decor',
  'drought',
  'bottoms',
  'cheers',
  'drunk',
  'accident',
  'oops',
  'pour',
  'spill',
  'launch',
  'zoom',
  'hail',
  'stinky',
  'unlucky',
  'spiny',
  'lazy',
  'ugly',
  'easy',
  'salty',
  'luxury',
  'victory',
  'artsy',
  'arty',
  'comfy',
  'shiny',
  'energy',
  'study',
  'privacy',
  'handy',
  'disability',
  'mobility',
  'security',
  'purity',
  'mythology',
  'biology',
  'prophecy',
  'mary',
  'breaky',
  'sportutility',
  'stinks',
  'gamer',
  'games',
  'regal',
  'parent',
  'mane',
  'roar',
  'growl',
  'stripe',
  'spots',
  'herd',
  'ascend',
  'marine',
  'bloom',
  'shrub',
  'crops',
  'maze',
  'iron',
  'serve',
  'chip',
  'sugar',
  'treat',
  'barrel',
  'birth',
  'born',
  'brew',
  'cube',
  'sauce',
  'wheels',
  'blades',
  'saver',
  'resort',
  'spark',
  'stub',
  'winner',
  'target',
  'dupe',
  'cord',
  'twist',
  'dive',
  'neck',
  'clack',
  'clap',
  'flop',
  'foot',
  'heel',
  'bent',
  'sing',
  'rhythm',
  'snap',
  'marker',
  'metal',
  'trim',
  'step',
  'chest',
  'closet',
  'hoist',
  'bait',
  'lure',
  'punk',
  'burp',
  'dental',
  'soak',
  'quench',
  'charm',
  'links',
  'pounds',
  'flats',
  'slots',
  'waste',
  'army',
  'semi',
  'choo',
  'beacon',
  'brush',
  'detail',
  'rich',
  'bold',
  'clean',
  'fine',
  'soft',
  'light',
  '好吃',
  '美味',
  '幸運',
  '好運',
  '吉利',
  '好兆頭',
  '平靜',
  '寧靜',
  '平和',
  '純潔',
  '好奇',
  '淘氣',
  '狡猾',
  '好玩',
  '不幸',
  '智慧',
  '有智慧',
  '驕傲',
  '賣弄',
  '鮮豔',
  '懶',
  '懶散',
  '慢',
  '臭',
  '巨大',
  '多刺',
  '頑固',
  '乾淨',
  '方便',
  '透明',
  '工作',
  '休閒',
  '遊戲',
  '發光',
  '光亮',
  '閃耀',
  '危險',
  '生命',
  '科學',
  '速度',
  '移動',
  '漂浮',
  '幻想',
  '傳說',
  '神話',
  '浪漫',
  '保護',
  '鋒利',
  '涼快',
  '害羞',
  '舒爽',
  '噁心',
  '嚇人',
  '服務',
  '節日',
  '慶典',
  '慶祝',
]);

/** Things that float or fly although their emoji group is elsewhere. */
const SKY_LABELS = new Set(['balloon', 'kite', 'flying saucer', 'parachute', 'butterfly', 'honeybee', 'bat', 'fly', 'mosquito', 'dragon']);

const CJK = /[\p{Script=Han}]/u;

/** Smileys whose tags are things, not feelings: costume faces (ghost, alien, poo), cat and monkey faces. */
const CHARACTER_FACES = new Set([11, 12, 13]);
/** Adjective and verb endings: "curious", "playful", "expressive", "haunting", "twisted" describe, they do not name. */
const DESCRIBING = /(ous|ful|ive|less|able|ible|ish|ic|ed|ing|ly)$/;
/** Characters too common in Chinese names to show that a tag names the same thing (子 of 驢子, 色 of 黑色). */
const COMMON_HAN = new Set([...'子的色人大小一之']);

/**
 * CLDR tags mix names of the thing with what people feel about it: the otter is "playful", the lotus
 * "calm" and 平靜, the raccoon "curious" and 好奇, the fork and knife "delicious" and 好吃. There
 * is no part of speech in the data, so a tag counts only when it looks like a name:
 * an English tag without an adjective or verb ending (a stop list catches the short adjectives,
 * "wild", "cool", "sharp"), a Chinese tag that shares a character with the subject's Chinese name
 * (小狗 and 狗, 熱麵碗 and 湯麵; not 好奇 and 浣熊). Tags the data also gives smiley faces are
 * moods and never count (the caller checks them). Common names this loses (國王, 烏鴉) are aliases.
 */
function namesTheThing(tag: string, chineseName: string | undefined): boolean {
  if (/[,，、]/.test(tag)) return false;
  if (!CJK.test(tag)) return !(tag.length >= 5 && DESCRIBING.test(tag));
  if (!chineseName) return false;
  return [...tag].some((character) => CJK.test(character) && !COMMON_HAN.has(character) && chineseName.includes(character));
}

const require = createRequire(import.meta.url);

function twemojiDirectory(): string {
  return dirname(require.resolve('@twemoji/svg/package.json'));
}

function kindOf(entry: EmojibaseEntry): SubjectKind {
  if (SKY_LABELS.has(entry.label)) return 'sky';
  if (entry.subgroup !== undefined && SKY.has(entry.subgroup) && !GROUNDED_BIRDS.has(entry.label)) return 'sky';
  if (entry.subgroup !== undefined && WATER.has(entry.subgroup)) return 'water';
  if (entry.subgroup !== undefined && SEA.has(entry.subgroup)) return 'sea';
  if (entry.subgroup !== undefined && TABLE.has(entry.subgroup)) return 'table';
  return 'ground';
}

/** The kind of thing an entry is, by its emojibase subgroup (emojibase-data/en/messages.json). */
function familyOf(entry: EmojibaseEntry, person: boolean): SubjectFamily {
  if (person) return 'person';
  const families: [readonly number[], SubjectFamily][] = [
    [[35], 'bird'],
    [[34, 36, 37, 38], 'animal'],
    [[39], 'bug'],
    [[40], 'flower'],
    [[42, 43, 44, 45, 46, 47, 48], 'food'],
    [[54], 'vehicle'],
    [[55], 'boat'],
    [[56], 'aircraft'],
  ];
  const subgroup = entry.subgroup ?? -1;
  if (subgroup === 41) return /\btree\b/.test(entry.label) ? 'tree' : 'plant';
  if (/\btree\b/.test(entry.label)) return 'tree';
  return families.find(([subgroups]) => subgroups.includes(subgroup))?.[1] ?? 'object';
}

/** English plural forms a prompt might use for a keyword. */
function inflections(word: string): string[] {
  if (CJK.test(word) || word.includes(' ') || word.length < 3) return [word];
  const forms = [word, `${word}s`];
  if (/(s|x|z|ch|sh)$/.test(word)) forms.push(`${word}es`);
  if (/[^aeiou]y$/.test(word)) forms.push(`${word.slice(0, -1)}ies`);
  if (/f$/.test(word)) forms.push(`${word.slice(0, -1)}ves`);
  if (word.endsWith('fe')) forms.push(`${word.slice(0, -2)}ves`);
  return forms;
}

interface Vocabulary {
  entries: SubjectEntry[];
  /** keyword (lower case) → entry index; labels written first, so they win over tags. */
  byKeyword: Map<string, number>;
  /** Most words a Latin keyword has ("hot air balloon" = 3): the longest n-gram tried. */
  longestLatin: number;
  chinese: string[];
}

let vocabulary: Vocabulary | undefined;

/** Builds the index once per thread (~20 ms): the data files are read from the installed packages. */
export function loadVocabulary(): Vocabulary {
  if (vocabulary) return vocabulary;
  const en = JSON.parse(readFileSync(require.resolve('emojibase-data/en/data.json'), 'utf8')) as EmojibaseEntry[];
  const zh = new Map(
    (JSON.parse(readFileSync(require.resolve('emojibase-data/zh-hant/data.json'), 'utf8')) as EmojibaseEntry[]).map((e) => [e.hexcode, e]),
  );
  const dir = twemojiDirectory();
  const artwork = new Set(
    readdirSync(dir)
      .filter((f) => f.endsWith('.svg'))
      .map((f) => f.slice(0, -4)),
  );
  const entries: SubjectEntry[] = [];
  const exact: [string, number][] = [];
  const stripped: [string, number][] = [];
  const tags = new Map<string, number[]>();
  /** Tags CLDR also gives a smiley face (😌 "calm", 😋 "delicious", 😎 "cool"): feelings and qualities ("cool", "calm", 好吃), not things. */
  const moods = new Set<string>();
  /** Names of places and weather, which the scene draws: never a tag of some other subject ("house" is not the potted plant). */
  const sceneryNames = new Set<string>();
  for (const e of en) {
    if (e.group === 0 && e.subgroup !== undefined && !CHARACTER_FACES.has(e.subgroup))
      for (const tag of [...(e.tags ?? []), ...(zh.get(e.hexcode)?.tags ?? [])]) moods.add(tag.toLowerCase());
    const drawable = (e.group !== undefined && DRAWABLE_GROUPS.has(e.group)) || (e.subgroup !== undefined && PEOPLE.has(e.subgroup));
    if (e.subgroup !== undefined && SCENERY.has(e.subgroup)) {
      for (const name of [e.label, ...(e.tags ?? []), zh.get(e.hexcode)?.label ?? '']) if (name) sceneryNames.add(name.toLowerCase());
    }
    if (!drawable || (e.subgroup !== undefined && SCENERY.has(e.subgroup))) continue;
    const code = e.hexcode.toLowerCase();
    const file = artwork.has(code) ? code : code.replace(/-fe0f/g, '');
    if (!artwork.has(file)) continue;
    const person = e.subgroup !== undefined && PEOPLE.has(e.subgroup);
    const bust = (e.subgroup !== undefined && BUSTS.has(e.subgroup)) || HEADS.has(e.label);
    const index = entries.push({ code: file, label: e.label, kind: kindOf(e), person, bust, family: familyOf(e, person) }) - 1;
    const chinese = zh.get(e.hexcode);
    exact.push([e.label.toLowerCase(), index], ...(chinese ? [[chinese.label, index] as [string, number]] : []));
    stripped.push([e.label.toLowerCase().replace(/ face$/, ''), index]);
    // Only tags that name the thing are candidates (see namesTheThing); "熱麵碗" on the ramen bowl is one.
    for (const tag of [...(e.tags ?? []), ...(chinese?.tags ?? [])]) {
      const key = tag.toLowerCase();
      if (namesTheThing(key, chinese?.label)) tags.set(key, [...(tags.get(key) ?? []), index]);
    }
  }
  // Exact labels first ("horse" is the whole horse), then labels without "face" ("dog face" → dog).
  const labelKeys = new Map<string, number>();
  for (const [key, index] of [...exact, ...stripped]) if (!labelKeys.has(key)) labelKeys.set(key, index);
  const byKeyword = new Map(labelKeys);
  // English tags are noisy ("at", "air", "medieval" on a crown): only a tag that is itself the name of
  // one subject's kind and nothing else's counts, e.g. "ramen" on the steaming bowl, "puppy" on the dog.
  for (const [tag, indices] of tags)
    if (
      indices.length === 1 &&
      (tag.length >= 4 || (CJK.test(tag) && tag.length >= 2)) &&
      !STOP_TAGS.has(tag) &&
      !moods.has(tag) &&
      !sceneryNames.has(tag) &&
      !byKeyword.has(tag)
    )
      byKeyword.set(tag, indices[0]!);
  const byLabel = new Map(entries.map((entry, i) => [entry.label, i]));
  for (const [alias, label] of Object.entries(ALIASES)) if (byLabel.has(label)) byKeyword.set(alias, byLabel.get(label)!);
  // "on the ice" is a setting (scene.ts draws snow and ice), not an ice cube: that one needs its full name.
  byKeyword.delete('ice');
  // Plurals point at the same entry; an existing keyword is never overwritten by a plural.
  for (const [keyword, index] of [...byKeyword])
    for (const form of inflections(keyword)) if (!byKeyword.has(form)) byKeyword.set(form, index);
  const longestLatin = Math.max(...[...byKeyword.keys()].filter((k) => !CJK.test(k)).map((k) => k.split(' ').length));
  const chinese = [...byKeyword.keys()].filter((k) => CJK.test(k)).sort((a, b) => b.length - a.length);
  vocabulary = { entries, byKeyword, longestLatin, chinese };
  return vocabulary;
}

/**
 * Words that say how the picture looks, not what is in it: the workbench's style-button texts
 * (contract/style-texts.ts, appended as ", photorealistic, natural light, fine detail"), the
 * mediums and photographic words of looks.ts ("pencil sketch", "a photo of") and the photographic
 * and painterly phrases of prompts ("soft window light", "depth of field").
 */
const STYLE_PHRASES = [
  ...[...STYLE_TEXTS, ...QUICK_STYLE_TEXTS].map((style) => style.suffix),
  ...LOOK_PHRASES,
  ...['window light', 'natural light', 'studio light', 'soft light', 'rim light', 'back light', 'ambient light'],
  ...['depth of field', 'brush strokes', 'brush stroke', 'brushwork', 'line art', 'cel shading', 'golden hour', 'blue hour'],
].sort((a, b) => b.length - a.length);
const STYLE_PATTERN = new RegExp(
  STYLE_PHRASES.map((phrase) => {
    const body = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
    // \b is an ASCII word boundary: Chinese phrases (素描, 照片) have none around them.
    return CJK.test(phrase) ? body : `\\b${body}\\b`;
  }).join('|'),
  'gi',
);

/** The prompt with its style words blanked out, same length, so subject positions still index the prompt. */
export function withoutStyleWords(prompt: string): string {
  return prompt.replace(STYLE_PATTERN, (phrase) => ' '.repeat(phrase.length));
}

/**
 * The subjects a prompt names, in prompt order, at most `limit` and each once. "a red fox" → fox;
 * "一碗拉麵" → steaming bowl; "a knight on a horse" → person fencing, horse.
 */
export function findSubjects(text: string, limit = 3): SubjectHit[] {
  const { entries, byKeyword, longestLatin, chinese } = loadVocabulary();
  const prompt = withoutStyleWords(text);
  const hits: SubjectHit[] = [];
  const taken: [number, number][] = [];
  const add = (keyword: string, index: number) => {
    const entryIndex = byKeyword.get(keyword.toLowerCase().replace(/[\s-]+/g, ' '));
    if (entryIndex === undefined) return;
    if (taken.some(([from, to]) => index < to && index + keyword.length > from)) return;
    taken.push([index, index + keyword.length]);
    hits.push({ ...entries[entryIndex]!, index, keyword });
  };
  // Latin words: the longest run of words that is a keyword wins ("hot air balloon" before "air").
  // One alternation of all ~5,000 keywords took V8 ~3 s to compile, so the words are looked up
  // directly; prompt-words.ts confirms each hit with the edit engine's own word rules.
  const words = [...prompt.matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu)].filter((m) => !CJK.test(m[0]));
  for (let i = 0; i < words.length; i++) {
    for (let n = Math.min(longestLatin, words.length - i); n >= 1; n--) {
      const run = words.slice(i, i + n);
      const from = run[0]!.index;
      const last = run[n - 1]!;
      const text = prompt.slice(from, last.index + last[0].length);
      if (n > 1 && !/^[\p{L}\p{N}'’]+(?:[\s-]+[\p{L}\p{N}'’]+)*$/u.test(text)) continue;
      const keyword = text.toLowerCase().replace(/[\s-]+/g, ' ');
      if (!byKeyword.has(keyword) || !namesAny(text, [keyword])) continue;
      add(text, from);
      i += n - 1;
      break;
    }
  }
  // Chinese as words (chinese-words.ts), longest first: 電影感光線 has no thread, 花生 is peanuts.
  for (const word of chinese) {
    if (prompt.includes(word)) for (const at of chineseWordOffsets(prompt, word)) add(word, at);
  }
  const seen = new Set<string>();
  return hits
    .sort((a, b) => a.index - b.index)
    .filter((hit) => !seen.has(hit.code) && seen.add(hit.code))
    .slice(0, limit);
}

/** The subject's artwork as SVG bytes. */
export function subjectSvg(code: string): Buffer {
  return readFileSync(join(twemojiDirectory(), `${code}.svg`));
}
