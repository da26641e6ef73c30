import { chineseWordOffsets, namesChineseWord } from './chinese-words';

/**
 * What a prompt asks for, by keyword (English and Traditional Chinese). The renderer composes a
 * picture from these elements, so the output visibly follows the prompt's words.
 */
export type TimeOfDay = 'day' | 'dawn' | 'sunset' | 'night';
export type Subject = 'cat' | 'dog' | 'bird' | 'deer' | 'person' | 'astronaut' | null;
export type Landmark = 'cabin' | 'lighthouse' | 'castle' | 'pagoda' | 'boat' | null;

export interface Mood {
  warm: boolean;
  cool: boolean;
  dark: boolean;
  bright: boolean;
  pastel: boolean;
  vivid: boolean;
  dreamy: boolean;
}

export interface Scene {
  time: TimeOfDay;
  mountains: boolean;
  hills: boolean;
  water: 'ocean' | 'lake' | null;
  beach: boolean;
  forest: boolean;
  palms: boolean;
  city: boolean;
  neon: boolean;
  desert: boolean;
  snow: boolean;
  snowfall: boolean;
  flowers: boolean;
  blossom: boolean;
  space: boolean;
  galaxy: boolean;
  aurora: boolean;
  rainbow: boolean;
  lanterns: boolean;
  fireflies: boolean;
  rain: boolean;
  fog: boolean;
  storm: boolean;
  clouds: 'none' | 'some' | 'many';
  subject: Subject;
  /** The person is the picture (portrait, face, headshot) rather than a figure in a landscape. */
  portrait: boolean;
  female: boolean;
  landmark: Landmark;
  /** Colour words, in the order they appear, as hex. */
  colors: string[];
  /** "A huge setting sun", "a giant moon": the disc is drawn larger. */
  bigSun: boolean;
  /** Colour words that name an object's colour ("red cat" → { noun: 'cat', color }). */
  objectColors: { noun: string; color: string }[];
  /** Colour words that describe the scene's light (not an object's colour): these tint the sky. */
  skyColors: string[];
  /** The first colour word, or null. */
  tint: string | null;
  mood: Mood;
  /** The lexicon keys that matched (for tests and debugging). */
  matched: string[];
}

/** Keyword lists. Latin words match whole words (with plurals); Chinese ones as words (chinese-words.ts). */
export const LEXICON = {
  sunset: [
    'sunset',
    'sunsets',
    'dusk',
    'golden hour',
    'twilight',
    'evening',
    'afterglow',
    'sundown',
    '日落',
    '夕陽',
    '黃昏',
    '晚霞',
    '傍晚',
    '落日',
    '夕照',
  ],
  dawn: ['sunrise', 'dawn', 'daybreak', 'first light', 'morning glow', '日出', '清晨', '黎明', '朝霞', '早晨', '晨曦', '破曉'],
  night: [
    'night',
    'midnight',
    'moon',
    'moonlit',
    'moonlight',
    'nighttime',
    'nocturnal',
    '夜',
    '月',
    '夜晚',
    '夜空',
    '夜景',
    '深夜',
    '午夜',
    '夜色',
    '晚上',
    '今夜',
    '星夜',
    '月亮',
    '月光',
    '明月',
    '滿月',
    '月色',
  ],
  stars: ['star', 'starry', 'starlight', 'constellation', '星空', '星星', '繁星', '星光', '星辰'],
  mountains: [
    'mountain',
    'mountainous',
    'alps',
    'alpine',
    'peak',
    'summit',
    'ridge',
    'volcano',
    'himalaya',
    'cliff',
    'canyon',
    'fuji',
    '山',
    '峰',
    '山脈',
    '山峰',
    '高山',
    '雪山',
    '火山',
    '群山',
    '山谷',
    '山頂',
    '山坡',
    '山景',
    '大山',
    '山區',
    '峽谷',
    '懸崖',
    '富士山',
  ],
  hills: [
    'hill',
    'hillside',
    'meadow',
    'field',
    'countryside',
    'valley',
    'prairie',
    'grassland',
    'farm',
    'vineyard',
    '草原',
    '田野',
    '丘',
    '山丘',
    '丘陵',
    '草地',
    '牧場',
    '農場',
    '鄉村',
    '田園',
    '麥田',
    '稻田',
    '草坪',
  ],
  ocean: [
    'ocean',
    'sea',
    'seaside',
    'wave',
    'surf',
    'coast',
    'coastal',
    'seashore',
    'seascape',
    'tide',
    'harbor',
    'harbour',
    'bay',
    'island',
    'sail',
    'sailing',
    '海',
    '浪',
    '港',
    '島',
    '大海',
    '海洋',
    '海浪',
    '海岸',
    '海景',
    '港口',
    '小島',
    '島嶼',
    '海面',
    '沿海',
    '航海',
  ],
  lake: [
    'lake',
    'river',
    'pond',
    'water',
    'fjord',
    'lagoon',
    'stream',
    'waterfront',
    'canal',
    '湖',
    '河',
    '溪',
    '湖泊',
    '湖面',
    '河流',
    '小河',
    '溪流',
    '小溪',
    '池塘',
    '湖畔',
    '河畔',
    '江',
  ],
  beach: ['beach', 'seashore', 'tropical', '沙灘', '海灘'],
  forest: [
    'forest',
    'tree',
    'woods',
    'woodland',
    'pine',
    'jungle',
    'grove',
    'evergreen',
    'fir',
    'spruce',
    'taiga',
    'rainforest',
    '森林',
    '樹',
    '林',
    '樹林',
    '樹木',
    '大樹',
    '松樹',
    '竹林',
    '雨林',
    '叢林',
    '樹叢',
  ],
  palms: ['palm', 'tropical', 'island', 'paradise', 'coconut', '椰', '棕櫚', '熱帶', '椰子樹', '椰林'],
  city: [
    'city',
    'skyline',
    'building',
    'architecture',
    'street',
    'downtown',
    'metropolis',
    'skyscraper',
    'tower',
    'urban',
    'town',
    'tokyo',
    'york',
    'hong kong',
    'taipei',
    'rooftop',
    '城市',
    '都市',
    '建築',
    '街',
    '大樓',
    '台北',
    '香港',
    '街道',
    '街頭',
    '大街',
    '高樓',
    '摩天大樓',
    '市區',
    '城鎮',
    '小鎮',
    '天際線',
    '東京',
    '紐約',
  ],
  neon: [
    'neon',
    'cyberpunk',
    'synthwave',
    'vaporwave',
    'futuristic',
    'blade runner',
    'sci fi',
    'scifi',
    '霓虹',
    '賽博',
    '未來',
    '霓虹燈',
    '賽博龐克',
    '科幻',
  ],
  desert: ['desert', 'dune', 'sahara', 'arid', 'oasis', 'camel', '沙漠', '沙丘', '駱駝'],
  snow: [
    'snow',
    'snowy',
    'winter',
    'ice',
    'icy',
    'frozen',
    'glacier',
    'frost',
    'frosty',
    'arctic',
    'snowfall',
    'snowing',
    'blizzard',
    '雪',
    '冬',
    '冰',
    '雪地',
    '雪人',
    '白雪',
    '雪景',
    '冬天',
    '冬季',
    '冰雪',
    '冰川',
    '冰河',
    '寒冬',
    '下雪',
    '大雪',
    '雪花',
    '積雪',
    '雪山',
    '冰原',
  ],
  snowfall: ['snowfall', 'snowing', 'snowflake', 'blizzard', 'falling snow', '下雪', '飄雪', '大雪', '雪花', '暴風雪'],
  flowers: [
    'flower',
    'garden',
    'blossom',
    'bloom',
    'blooming',
    'floral',
    'tulip',
    'rose',
    'lavender',
    'sunflower',
    'wildflower',
    'petal',
    'poppy',
    'spring',
    '花',
    '花朵',
    '鮮花',
    '花園',
    '花海',
    '花田',
    '花叢',
    '花卉',
    '開花',
    '盛開',
    '玫瑰',
    '鬱金香',
    '薰衣草',
    '向日葵',
    '春天',
  ],
  blossom: ['sakura', 'cherry', 'cherry blossom', 'plum blossom', 'blossom', '櫻', '梅花', '櫻花', '櫻花樹', '桃花'],
  space: [
    'space',
    'planet',
    'galaxy',
    'nebula',
    'cosmic',
    'cosmos',
    'saturn',
    'universe',
    'orbit',
    'astronaut',
    'spaceship',
    'interstellar',
    '太空',
    '星球',
    '宇宙',
    '銀河',
    '行星',
    '星雲',
  ],
  galaxy: ['galaxy', 'milky way', 'nebula', 'astrophotography', 'cosmos', '銀河', '星雲'],
  aurora: ['aurora', 'northern lights', 'borealis', '極光'],
  rainbow: ['rainbow', '彩虹'],
  lanterns: ['lantern', 'lanterns', 'sky lantern', '燈籠', '天燈', '孔明燈'],
  fireflies: ['firefly', 'fireflies', 'magical', 'fairy', 'glowing particles', 'sparkle', 'sparkling', '螢火蟲', '魔法'],
  rain: [
    'rain',
    'rainy',
    'raining',
    'rainfall',
    'drizzle',
    'downpour',
    'monsoon',
    'wet',
    '雨',
    '下雨',
    '雨天',
    '大雨',
    '小雨',
    '雨滴',
    '細雨',
    '暴雨',
    '雨夜',
  ],
  fog: [
    'fog',
    'foggy',
    'mist',
    'misty',
    'haze',
    'hazy',
    'atmospheric',
    'smoke',
    'morning mist',
    '霧',
    '霾',
    '雲海',
    '霧氣',
    '大霧',
    '薄霧',
    '濃霧',
    '晨霧',
    '煙霧',
  ],
  storm: [
    'storm',
    'stormy',
    'thunder',
    'lightning',
    'overcast',
    'gloomy',
    'dramatic clouds',
    '暴風',
    '雷',
    '暴風雨',
    '雷雨',
    '閃電',
    '雷電',
    '風暴',
  ],
  cloudy: ['cloud', 'cloudy', 'clouds', 'fluffy', 'cumulus', '雲', '雲朵', '白雲', '烏雲', '多雲', '雲層', '雲彩'],
  clear: ['clear sky', 'cloudless', 'clear night', '晴朗', '無雲'],
  cat: ['cat', 'kitten', 'kitty', 'feline', '貓', '喵', '小貓', '貓咪'],
  dog: ['dog', 'puppy', 'doggy', 'corgi', 'retriever', 'shiba', 'husky', '狗', '犬', '小狗', '狗狗'],
  bird: [
    'bird',
    'birds',
    'eagle',
    'crane',
    'seagull',
    'gull',
    'swallow',
    'flock',
    'owl',
    'heron',
    'dove',
    '鳥',
    '鷹',
    '鶴',
    '小鳥',
    '鳥兒',
    '飛鳥',
    '老鷹',
    '仙鶴',
    '鳥群',
    '海鷗',
  ],
  deer: [
    'deer',
    'stag',
    'animal',
    'wildlife',
    'elk',
    'moose',
    'reindeer',
    'fox',
    'wolf',
    'horse',
    '鹿',
    '動物',
    '狐',
    '狐狸',
    '小鹿',
    '馴鹿',
  ],
  astronaut: ['astronaut', 'cosmonaut', 'spacesuit', '太空人', '宇航員'],
  person: [
    'person',
    'woman',
    'man',
    'girl',
    'boy',
    'lady',
    'people',
    'figure',
    'traveler',
    'traveller',
    'hiker',
    'character',
    'warrior',
    'samurai',
    'princess',
    'model',
    'child',
    'silhouette',
    'wanderer',
    '人',
    '女孩',
    '男孩',
    '女人',
    '男人',
    '少女',
    '旅人',
    '人物',
    '女子',
    '男子',
    '老人',
    '小孩',
    '孩子',
    '武士',
    '戰士',
    '公主',
    '人們',
    '行人',
  ],
  portrait: ['portrait', 'face', 'headshot', 'selfie', 'bust', 'profile', 'close up', 'closeup', '人像', '肖像', '頭像', '臉', '自拍'],
  female: [
    'woman',
    'girl',
    'lady',
    'female',
    'princess',
    'her',
    'she',
    'mother',
    'bride',
    '女',
    '她',
    '女孩',
    '女人',
    '少女',
    '女子',
    '女士',
    '公主',
    '女王',
    '新娘',
    '母親',
    '媽媽',
    '她們',
    '女生',
  ],
  cabin: [
    'cabin',
    'cottage',
    'hut',
    'house',
    'home',
    'chalet',
    'farmhouse',
    'village',
    '小屋',
    '房子',
    '村',
    '村莊',
    '村落',
    '小村',
    '木屋',
    '農舍',
    '房屋',
  ],
  lighthouse: ['lighthouse', '燈塔'],
  castle: ['castle', 'palace', 'fortress', 'kingdom', 'citadel', 'fantasy', '城堡', '宮殿'],
  pagoda: ['pagoda', 'temple', 'shrine', 'torii', 'kyoto', '塔', '寺', '廟', '神社', '寶塔', '寺廟', '廟宇', '佛塔', '古寺', '鳥居'],
  boat: [
    'boat',
    'ship',
    'sailboat',
    'sailing',
    'yacht',
    'sail',
    'ferry',
    'canoe',
    'fishing boat',
    '船',
    '帆',
    '帆船',
    '小船',
    '漁船',
    '輪船',
    '船隻',
    '遊艇',
  ],
  warm: ['warm', 'golden', 'cozy', 'cosy', 'autumn', 'fall', 'amber', 'sunny', '溫暖', '秋', '金色', '秋天', '秋季', '暖色', '金秋'],
  cool: ['cool', 'cold', 'icy', 'chilly', 'blue hour', 'wintry', '冷', '寒', '寒冷', '冰冷', '冷色', '清冷'],
  dark: ['dark', 'moody', 'gloomy', 'noir', 'shadow', 'mysterious', 'eerie', '暗', '黑暗', '神秘', '陰暗', '昏暗'],
  bright: ['bright', 'sunny', 'cheerful', 'happy', 'airy', '明亮', '陽光'],
  pastel: ['pastel', 'muted', 'faded', 'washed out', '粉彩', '淡雅'],
  vivid: ['vivid', 'vibrant', 'saturated', 'colorful', 'colourful', 'neon', 'psychedelic', '鮮豔', '繽紛'],
  dreamy: ['dreamy', 'dream', 'ethereal', 'magical', 'surreal', 'fantasy', 'whimsical', 'glow', 'glowing', '夢幻', '夢', '夢境'],
} as const satisfies Record<string, readonly string[]>;

const DENSE_FOREST = [
  'forest',
  'woods',
  'woodland',
  'pine',
  'jungle',
  'grove',
  'evergreen',
  'fir',
  'spruce',
  'taiga',
  'rainforest',
  '森林',
  '林',
];

const OBJECT_NOUNS = new Set([
  'hill',
  'grass',
  'kitten',
  'puppy',
  'field',
  'meadow',
  'leaf',
  'leaves',
  'tree',
  'forest',
  'eye',
  'hair',
  'dress',
  'shirt',
  'coat',
  'car',
  'flower',
  'petal',
  'cat',
  'dog',
  'bird',
  'roof',
  'door',
  'house',
  'cabin',
  'boat',
  'sail',
  'umbrella',
  'lantern',
  'cloud',
  'fur',
  'feather',
  'wall',
  'building',
  'tower',
  'kimono',
  'jacket',
  'scarf',
  'hat',
  'rose',
  'tulip',
  'apple',
]);

const COLOURS: [readonly string[], string][] = [
  [['red', 'crimson', 'scarlet', 'ruby', '紅'], '#e23b4a'],
  [['orange', 'tangerine', 'ginger', '橙', '橘'], '#f97316'],
  [['gold', 'golden', 'amber', '金'], '#f2b33d'],
  [['yellow', 'lemon', '黃'], '#facc15'],
  [['green', 'emerald', 'jade', 'lush', '綠'], '#22a05b'],
  [['teal', 'cyan', 'turquoise', 'aqua', '青'], '#14b8c4'],
  [['blue', 'azure', 'sapphire', 'cobalt', 'navy', '藍'], '#3b6fe0'],
  [['purple', 'violet', 'lavender', 'amethyst', 'indigo', '紫'], '#8b5cf6'],
  [['pink', 'rose', 'magenta', 'fuchsia', 'sakura', '粉'], '#ec5fa4'],
  [['white', 'silver', 'ivory', '白', '銀'], '#eef2f7'],
  [['black', 'obsidian', '黑'], '#17151f'],
];

/** A word outside ASCII (Chinese): matched as the segmenter's words, since it has no spaces around it. */
const NON_ASCII = /[^\p{ASCII}]/u;

/**
 * Finds lexicon words in a prompt. Colour characters are modifiers that stay inside the words they
 * colour (紅色, 藍天, 白雪), so `colours` matches Chinese by substring; everything else as words.
 */
export function matcher(prompt: string, colours = false) {
  const lower = prompt.toLowerCase();
  const tokens = lower.match(/[a-z]+/g) ?? [];
  const words = new Set<string>();
  for (const t of tokens) {
    words.add(t);
    if (t.endsWith('ies')) words.add(`${t.slice(0, -3)}y`);
    else if (t.endsWith('es')) {
      words.add(t.slice(0, -2));
      words.add(t.slice(0, -1));
    } else if (t.endsWith('s') && t.length > 3) words.add(t.slice(0, -1));
  }
  const phrase = ` ${tokens.join(' ')} `;
  const one = (w: string) =>
    NON_ASCII.test(w)
      ? lower.includes(w) && (colours || namesChineseWord(lower, w))
      : w.includes(' ')
        ? phrase.includes(` ${w} `)
        : words.has(w);
  /** Index of the first occurrence of any of the words, or -1. */
  const position = (list: readonly string[]) => {
    let best = -1;
    for (const w of list) {
      if (!one(w)) continue;
      const at = NON_ASCII.test(w) ? (colours ? lower.indexOf(w) : (chineseWordOffsets(lower, w)[0] ?? -1)) : phrase.indexOf(` ${w}`);
      if (best < 0 || (at >= 0 && at < best)) best = Math.max(at, 0);
    }
    return best;
  };
  return { has: (list: readonly string[]) => list.some(one), position };
}

export function parsePromptScene(prompt: string): Scene {
  const m = matcher(prompt);
  const matched = (Object.keys(LEXICON) as (keyof typeof LEXICON)[]).filter((k) => m.has(LEXICON[k]));
  const is = (k: keyof typeof LEXICON) => matched.includes(k);

  const space = is('space');
  const neon = is('neon');
  const time = timeOfDay(is, space, neon);

  const ocean = is('ocean') || is('beach');
  const subject = subjectOf(is);
  const landmark = landmarkOf(is);

  const colours = coloursInOrder(prompt);
  const { objectColours, objectColors } = coloursOfObjects(prompt);

  const city = is('city') || (neon && !is('mountains') && !is('ocean') && !is('desert'));
  const stormy = is('storm');
  return {
    time,
    mountains: is('mountains') || (is('snow') && !city && !is('hills')),
    hills: is('hills'),
    water: ocean ? 'ocean' : is('lake') ? 'lake' : null,
    beach: is('beach'),
    // "Palm trees" are palms, not a forest.
    forest: is('forest') && !(is('palms') && !m.has(DENSE_FOREST)),
    palms: is('palms') && (ocean || is('beach') || is('palms')),
    city,
    neon,
    desert: is('desert'),
    snow: is('snow'),
    snowfall: is('snowfall'),
    flowers: is('flowers') || is('blossom'),
    blossom: is('blossom'),
    space,
    galaxy: is('galaxy'),
    aurora: is('aurora'),
    rainbow: is('rainbow'),
    lanterns: is('lanterns'),
    fireflies: is('fireflies'),
    rain: is('rain'),
    fog: is('fog'),
    storm: stormy,
    clouds: is('clear') ? 'none' : is('cloudy') || stormy || is('rain') ? 'many' : 'some',
    subject,
    portrait: (subject === 'person' || subject === 'astronaut') && is('portrait'),
    female: is('female'),
    landmark,
    colors: colours,
    objectColors,
    skyColors: colours.filter((c) => !objectColours.has(c)),
    bigSun:
      m.has(['huge', 'giant', 'enormous', 'big', 'large', 'massive', '巨大', '大']) &&
      m.has(['sun', 'moon', 'sunset', 'sunrise', '太陽', '月亮', '夕陽']),
    tint: colours[0] ?? null,
    mood: {
      warm: is('warm'),
      cool: is('cool'),
      dark: is('dark'),
      bright: is('bright'),
      pastel: is('pastel'),
      vivid: is('vivid'),
      dreamy: is('dreamy'),
    },
    matched,
  };
}

/** Asks whether the prompt named a lexicon entry. */
type Named = (k: keyof typeof LEXICON) => boolean;

/** Explicit night words win; stars, space and neon imply night unless a sunset or dawn is named. */
function timeOfDay(is: Named, space: boolean, neon: boolean): TimeOfDay {
  return is('night')
    ? 'night'
    : is('sunset')
      ? 'sunset'
      : is('dawn')
        ? 'dawn'
        : is('stars') || space || neon || is('aurora') || is('lanterns') || (is('fireflies') && !is('bright'))
          ? 'night'
          : 'day';
}

/** The subject the prompt names, the first in this order of precedence. */
function subjectOf(is: Named): Subject {
  return is('astronaut')
    ? 'astronaut'
    : is('cat')
      ? 'cat'
      : is('dog')
        ? 'dog'
        : is('portrait') || is('person')
          ? 'person'
          : is('deer')
            ? 'deer'
            : is('bird')
              ? 'bird'
              : null;
}

/** The landmark the prompt names, the first in this order of precedence. */
function landmarkOf(is: Named): Landmark {
  return is('lighthouse')
    ? 'lighthouse'
    : is('castle')
      ? 'castle'
      : is('pagoda')
        ? 'pagoda'
        : is('boat')
          ? 'boat'
          : is('cabin')
            ? 'cabin'
            : null;
}

/** The colour words of the prompt, in the order they appear. */
function coloursInOrder(prompt: string): string[] {
  // "Golden hour" is a time of day, not a colour.
  const cm = matcher(prompt.replace(/golden hour/gi, ' '), true);
  return COLOURS.map(([words, hex]) => ({ hex, at: cm.position(words) }))
    .filter((c) => c.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((c) => c.hex);
}

/** The colours that name a thing ("green hills") and which noun they colour. */
function coloursOfObjects(prompt: string): { objectColours: Set<string>; objectColors: { noun: string; color: string }[] } {
  // "Green hills", "white clouds", "a black cat": colours of things, not of the light.
  const objectColours = new Set<string>();
  const objectColors: { noun: string; color: string }[] = [];
  const tokens =
    prompt
      .toLowerCase()
      .replace(/golden hour/g, ' ')
      .match(/[a-z]+/g) ?? [];
  tokens.forEach((t, i) => {
    const colour = COLOURS.find(([words]) => words.includes(t));
    if (!colour) return;
    let j = i + 1;
    while (j < tokens.length && (tokens[j] === 'and' || tokens[j] === 'or' || COLOURS.some(([words]) => words.includes(tokens[j]!)))) j++;
    const next = tokens[j] ?? '';
    const noun = OBJECT_NOUNS.has(next) ? next : next.replace(/e?s$/, '');
    if (OBJECT_NOUNS.has(noun)) {
      objectColours.add(colour[1]);
      objectColors.push({ noun, color: colour[1] });
    }
  });
  return { objectColours, objectColors };
}

/** True when no scene word matched: the renderer then composes from the prompt's hash alone. */
export function isUnknownScene(s: Scene): boolean {
  return !(
    s.mountains ||
    s.hills ||
    s.water ||
    s.forest ||
    s.city ||
    s.desert ||
    s.snow ||
    s.flowers ||
    s.space ||
    s.subject ||
    s.landmark ||
    s.aurora ||
    s.galaxy ||
    s.rainbow ||
    s.lanterns ||
    s.palms ||
    s.matched.some(
      (k) =>
        k === 'sunset' || k === 'dawn' || k === 'night' || k === 'stars' || k === 'rain' || k === 'fog' || k === 'storm' || k === 'cloudy',
    )
  );
}
