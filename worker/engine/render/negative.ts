/**
 * The negative prompt: what the user asked to leave out of the picture. The renderer knows two kinds
 * of things it can leave out:
 *
 * - the parts of the scene compose.ts draws (trees, mountains, water, clouds, the sun, buildings,
 *   people, birds, flowers, snow…), named in English or Traditional Chinese, and a few parts of the
 *   photographic finish (blur, grain, vignette);
 * - the subjects of the vocabulary (vocabulary.ts), one by one ("fox", 貓) or by kind ("animals", 花).
 *
 * Words are read as the prompt is (scene.ts `matcher`: whole words and plurals, Chinese as words).
 * Text, watermarks, signatures and frames are never drawn by this engine: they are known and absent.
 * A term that names none of these is returned as `unknown`, so the caller can say the negative prompt
 * named nothing the engine can act on.
 */
import { OMITTABLE, type Omittable } from './parts';
import { LEXICON, matcher } from './scene';
import { findSubjects, type SubjectFamily } from './vocabulary';

export { OMITTABLE, type Omittable } from './parts';

/** Words that name each part, in English and Traditional Chinese (matched as words, English plurals included). */
const WORDS: Record<Omittable, readonly string[]> = {
  trees: [
    ...LEXICON.forest,
    ...['palm', 'palm tree', 'coconut tree', 'blossom tree', 'cherry tree', 'woods', 'bush', 'shrub'],
    ...['樹木', '大樹', '松樹', '椰子樹', '棕櫚', '棕櫚樹', '櫻花樹', '灌木', '樹叢'],
  ],
  mountains: [...LEXICON.mountains.filter((w) => w !== 'ridge'), '山脈', '高山', '雪山', '山峰', '群山'],
  hills: ['hill', 'hillside', 'rolling hills', '山丘', '丘陵', '丘'],
  water: [
    ...['water', 'sea', 'ocean', 'lake', 'river', 'pond', 'wave', 'waves', 'stream', 'reflection', 'reflections', 'puddle'],
    ...['水', '海', '大海', '海洋', '湖', '湖泊', '河', '河流', '溪', '海浪', '浪', '倒影', '水面'],
  ],
  beach: ['beach', 'sand', 'shore', '沙灘', '海灘', '沙'],
  desert: ['desert', 'dune', 'dunes', '沙漠', '沙丘'],
  clouds: [...LEXICON.cloudy.filter((w) => w !== 'fluffy'), '雲朵', '白雲', '烏雲', '雲層'],
  sun: ['sun', 'sunlight', 'sunshine', 'sun disc', '太陽', '陽光', '日'],
  moon: ['moon', 'moonlight', 'full moon', 'crescent', '月亮', '月', '月光', '明月'],
  stars: ['star', 'stars', 'starry sky', 'milky way', '星星', '星空', '繁星', '星'],
  planets: ['planet', 'planets', 'moons', 'saturn', '行星', '星球'],
  buildings: [
    ...['building', 'buildings', 'house', 'houses', 'architecture', 'skyscraper', 'tower', 'structure', 'man-made'],
    ...['建築', '建築物', '房子', '房屋', '大樓', '高樓', '樓'],
  ],
  city: ['city', 'skyline', 'town', 'street', 'urban', 'cityscape', '城市', '都市', '街道', '天際線'],
  castle: LEXICON.castle.filter((w) => w !== 'fantasy'),
  lighthouse: LEXICON.lighthouse,
  cabin: [...LEXICON.cabin, '房子'],
  pagoda: [...LEXICON.pagoda, '寶塔', '寺廟'],
  boats: [...LEXICON.boat, 'boats', 'ships', 'vessel', '船隻', '帆船'],
  people: [
    ...['people', 'person', 'human', 'humans', 'man', 'men', 'woman', 'women', 'girl', 'boy', 'child', 'children', 'kid', 'figure'],
    ...['figures', 'crowd', 'face', 'faces', 'portrait', 'character', 'astronaut', 'silhouette'],
    ...['人', '人們', '人物', '人類', '男人', '女人', '女孩', '男孩', '小孩', '孩子', '人群', '臉', '人臉', '太空人'],
  ],
  animals: ['animal', 'animals', 'creature', 'creatures', 'wildlife', 'pet', 'pets', '動物', '寵物', '野生動物'],
  birds: ['bird', 'birds', 'flock', '鳥', '鳥類', '小鳥', '飛鳥', '鳥群'],
  flowers: [...LEXICON.flowers.filter((w) => w !== 'spring' && w !== 'garden'), 'blossom', '花朵', '鮮花', '花卉', '櫻花'],
  grass: ['grass', 'lawn', 'meadow', '草', '草地', '草坪'],
  snow: [...LEXICON.snow.filter((w) => w !== 'winter' && w !== 'arctic'), 'snowflakes', '雪花', '冰雪', '積雪'],
  rain: LEXICON.rain.filter((w) => w !== 'wet'),
  fog: ['fog', 'foggy', 'mist', 'misty', 'haze', 'hazy', 'smog', '霧', '霧氣', '霾', '薄霧'],
  storm: ['storm', 'thunderstorm', 'lightning', 'thunder', '暴風雨', '雷', '閃電', '雷電'],
  rainbow: LEXICON.rainbow,
  aurora: LEXICON.aurora,
  lanterns: LEXICON.lanterns,
  fireflies: ['firefly', 'fireflies', 'sparkles', 'glowing particles', '螢火蟲'],
  blur: ['blur', 'blurry', 'blurred', 'bokeh', 'depth of field', 'out of focus', 'soft focus', 'bloom', 'glow', '模糊', '景深', '失焦'],
  grain: ['grain', 'grainy', 'noise', 'noisy', 'film grain', '顆粒', '噪點', '雜訊'],
  vignette: ['vignette', 'vignetting', 'dark corners', '暗角'],
};

/** Kinds of vocabulary subjects each part covers ("people" also leaves out every person of the vocabulary). */
const FAMILIES: Partial<Record<Omittable, readonly SubjectFamily[]>> = {
  trees: ['tree'],
  people: ['person'],
  animals: ['animal', 'bird', 'bug'],
  birds: ['bird'],
  flowers: ['flower'],
  boats: ['boat'],
};

/** Words for whole kinds of subject that are not scene parts. */
const FAMILY_WORDS: [readonly string[], readonly SubjectFamily[]][] = [
  [['insect', 'insects', 'bug', 'bugs', '昆蟲', '蟲'], ['bug']],
  [
    ['plant', 'plants', 'vegetation', 'foliage', '植物'],
    ['plant', 'flower', 'tree'],
  ],
  [['food', 'foods', 'meal', 'dish', 'dishes', '食物', '食品', '菜'], ['food']],
  [['vehicle', 'vehicles', 'car', 'cars', 'traffic', '車', '汽車', '車輛', '交通工具'], ['vehicle']],
  [['aircraft', 'plane', 'planes', 'airplane', 'rocket', '飛機', '火箭'], ['aircraft']],
];

/** What this engine never draws: named in a negative prompt, it is already absent. */
const NEVER_DRAWN = [
  ...['text', 'words', 'letters', 'lettering', 'writing', 'typography', 'caption', 'title', 'watermark', 'watermarks'],
  ...['signature', 'logo', 'logos', 'username', 'frame', 'border', 'stamp', 'label', 'subtitles'],
  ...['文字', '字', '字母', '浮水印', '水印', '簽名', '標誌', '商標', '邊框', '相框', '字幕'],
];

/**
 * A term that names a flaw of a thing ("bad hands", "poorly drawn face", "extra fingers", 畸形的手)
 * asks for the thing done well, not for it to go: "poorly drawn face" must not take the woman out
 * of "portrait of a woman". The engine cannot act on flaws, so such terms are unknown to it (only
 * "blurry …" still turns off the finish's blur).
 */
const FLAW =
  /^(?:very |badly |poorly )?(?:bad|poor|poorly drawn|badly drawn|deformed|disfigured|distorted|mutated|mutilated|malformed|extra|missing|fused|cloned|duplicated?|ugly|gross|wrong|cropped|low[- ]?quality|worst|blurry|too many|asymmetric(?:al)?)\s+\S|^(?:畸形|變形|扭曲|多餘|錯誤|醜陋|醜|崩壞|缺少|多出|模糊)的?\p{Script=Han}/iu;

export interface NegativeReading {
  /** The terms of the negative prompt that name things (not flaws), joined. */
  text: string;
  /** Scene parts to leave out. */
  omit: ReadonlySet<Omittable>;
  /** Vocabulary subjects (Twemoji codes) to leave out. */
  subjects: ReadonlySet<string>;
  /** Kinds of vocabulary subjects to leave out. */
  families: ReadonlySet<SubjectFamily>;
  /** Terms (comma- or 、-separated parts) that name nothing the engine draws or leaves out. */
  unknown: string[];
}

const NOTHING_OMITTED: NegativeReading = { text: '', omit: new Set(), subjects: new Set(), families: new Set(), unknown: [] };

/**
 * Separators of a negative prompt's terms: "trees, clouds", "trees and clouds", 樹、雲. Chinese
 * conjunctions (和, 與) stay inside their term: they are also parts of words (和服, 平和).
 */
const TERM_SEPARATORS = /[,，、;；|\n]+|\s+(?:and|or|&)\s+/u;

/** The negative prompt's terms, trimmed, empty ones dropped ("trees, clouds" → trees | clouds). */
export function negativeTerms(negativePrompt: string | undefined): string[] {
  return (negativePrompt ?? '')
    .split(TERM_SEPARATORS)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Reads a negative prompt: the parts and subjects it names, and the terms the engine does not know. */
export function readNegativePrompt(negativePrompt: string | undefined): NegativeReading {
  if (!negativePrompt?.trim()) return NOTHING_OMITTED;
  const omit = new Set<Omittable>();
  const things: string[] = [];
  const unknown: string[] = [];
  for (const term of negativeTerms(negativePrompt)) {
    if (!FLAW.test(term)) {
      things.push(term);
      if (!namesSomething(term)) unknown.push(term);
    } else if (names(term).has(WORDS.blur)) omit.add('blur');
    else unknown.push(term);
  }
  const text = things.join(', ');
  const families = new Set<SubjectFamily>();
  const named = names(text);
  for (const part of OMITTABLE) if (named.has(WORDS[part])) omit.add(part);
  for (const part of omit) for (const family of FAMILIES[part] ?? []) families.add(family);
  for (const [words, kinds] of FAMILY_WORDS) if (named.has(words)) for (const family of kinds) families.add(family);
  const subjects = new Set(text ? findSubjects(text, 50).map((hit) => hit.code) : []);
  return { text, omit, subjects, families, unknown };
}

const names = (text: string) => matcher(text);

function namesSomething(term: string): boolean {
  const named = names(term);
  return (
    OMITTABLE.some((part) => named.has(WORDS[part])) ||
    FAMILY_WORDS.some(([words]) => named.has(words)) ||
    named.has(NEVER_DRAWN) ||
    findSubjects(term, 1).length > 0
  );
}

/** Whether a reading leaves anything out (false: the negative prompt changes nothing). */
export function omitsAnything(reading: NegativeReading): boolean {
  return reading.omit.size > 0 || reading.subjects.size > 0 || reading.families.size > 0;
}
