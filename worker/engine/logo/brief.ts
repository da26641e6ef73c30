/**
 * What a logo description asks for: the brand name, the trade (for the emblem) and the
 * mood (for palette and type). Plain rules over the user's words, both languages:
 * "Bean There coffee shop" → name "Bean There", trade "coffee"; 「豆子」咖啡店 → 豆子, coffee.
 */
import { phrasePattern } from '../edit/prompt-words';

export type Mood = 'business' | 'creative' | 'minimal' | 'tech' | 'warm';

export interface LogoBrief {
  name: string;
  /** Words an emblem may be looked up by, most specific first (English). */
  emblemWords: string[];
  mood: Mood;
}

/** Trades and things people name, in Chinese, with the English word the icon set knows. */
const CHINESE_WORDS: [string, string][] = [
  ['咖啡', 'coffee'],
  ['茶', 'tea'],
  ['麵包', 'croissant'],
  ['烘焙', 'cake'],
  ['蛋糕', 'cake'],
  ['餐廳', 'utensils'],
  ['拉麵', 'soup'],
  ['披薩', 'pizza'],
  ['酒', 'wine'],
  ['啤酒', 'beer'],
  ['花', 'flower'],
  ['植物', 'leaf'],
  ['書', 'book'],
  ['音樂', 'music'],
  ['攝影', 'camera'],
  ['相機', 'camera'],
  ['科技', 'cpu'],
  ['軟體', 'code'],
  ['雲', 'cloud'],
  ['遊戲', 'gamepad'],
  ['健身', 'dumbbell'],
  ['運動', 'trophy'],
  ['旅行', 'plane'],
  ['旅遊', 'map'],
  ['寵物', 'paw-print'],
  ['貓', 'cat'],
  ['狗', 'dog'],
  ['魚', 'fish'],
  ['醫', 'stethoscope'],
  ['牙', 'smile'],
  ['美容', 'sparkles'],
  ['時尚', 'shirt'],
  ['設計', 'pen-tool'],
  ['建築', 'building'],
  ['房', 'house'],
  ['法律', 'scale'],
  ['金融', 'landmark'],
  ['銀行', 'landmark'],
  ['教育', 'graduation-cap'],
  ['學', 'school'],
  ['車', 'car'],
  ['汽車', 'car'],
  ['自行車', 'bike'],
  ['海', 'waves'],
  ['山', 'mountain'],
  ['太陽', 'sun'],
  ['月', 'moon'],
  ['星', 'star'],
];
/** Words that are never the name: articles, requests, "logo" and the like (English, lower case). */
const STOP = new Set(
  (
    'a an the for of to in on at by with and or my our your their its this that is it i we me us ' +
    'logo logos logotype design designs brand branding name called named create make draw generate need want please ' +
    'new modern elegant bold simple clean cute sleek stylish vintage retro classic luxury premium fresh friendly ' +
    'healthy organic local small little young friendly cozy cosy warm fun playful colorful colourful professional ' +
    'company companies business shop store studio brand firm agency startup start-up icon emblem symbol mark wordmark ' +
    'lettermark badge style styled looking look feel vibe color colour colors colours font type typography ' +
    'something some like very really'
  ).split(' '),
);

/** Words that name the kind of business: the name comes before or after them, never from them. */
const TRADE_WORDS = new Set(
  (
    'coffee cafe café shop store studio bakery restaurant bar pub bistro diner company co co. inc inc. ltd labs lab agency ' +
    'club house kitchen salon spa gym clinic tech technology technologies software app design books bookstore bookshop ' +
    'florist flowers flower tea food foods organics pizza pizzeria burger burgers wine winery beer brewery music records ' +
    'photography photo camera travel tours pet pets grooming dental dentist fashion boutique law legal firm bank finance ' +
    'capital school academy garden gardening yoga fitness bikes bike cars car repair consulting systems solutions group ' +
    'services service market marketplace platform analytics data cloud ai startup games game toys'
  ).split(' '),
);

/** The English names of the Chinese trades and business types, for the same purpose in Chinese text. */
const CHINESE_TYPES = [
  '有限公司',
  '公司',
  '工作室',
  '事務所',
  '旅行社',
  '診所',
  '教室',
  '餐廳',
  '酒吧',
  '咖啡店',
  '咖啡館',
  '咖啡廳',
  '花店',
  '書店',
  '商店',
  '工作坊',
  '集團',
  '品牌',
  '標誌',
  '商標',
  '顧問',
  '健身房',
  '瑜珈',
  '瑜伽',
  '有機',
];
/** Request words and filler before a Chinese name: 幫我設計一個…, 我的…, 現代的…. */
const CHINESE_FILLER =
  /^(?:請|幫我|幫忙|替我|給我|我想要?|我要|我需要|想要|需要|設計|製作|做|畫|生成|創造|為|給|一個|一間|一家|一款|一張|個|間|家|款|我們的|我的|你的|的|現代|簡約|極簡|創意|商務|科技|專業|可愛|溫暖|高級|時尚|logo|LOGO|Logo|標誌|商標|圖標|品牌|\s)+/u;

const MOODS: [Mood, string[]][] = [
  ['tech', ['tech', 'technology', 'software', 'app', 'ai', 'digital', 'data', 'cloud', 'startup', '科技', '數位', '軟體']],
  ['minimal', ['minimal', 'minimalist', 'simple', 'clean', 'mono', '極簡', '簡約']],
  ['creative', ['creative', 'playful', 'fun', 'colorful', 'colourful', 'art', 'kids', '創意', '活潑', '藝術']],
  ['business', ['business', 'corporate', 'professional', 'finance', 'law', 'consulting', '商務', '專業', '金融']],
  ['warm', ['coffee', 'cafe', 'bakery', 'food', 'restaurant', 'tea', 'cozy', '咖啡', '烘焙', '餐廳', '溫暖']],
];

const CJK = /\p{Script=Han}/u;
const TRADES = new Set([
  ...CHINESE_WORDS.map(([, icon]) => icon),
  'bakery',
  'restaurant',
  'pizza',
  'burger',
  'wine',
  'beer',
  'flower',
  'florist',
  'books',
  'music',
  'camera',
  'code',
  'cloud',
  'fitness',
  'gym',
  'travel',
  'pet',
  'pets',
  'dental',
  'fashion',
  'design',
  'law',
  'bank',
  'finance',
  'school',
  'car',
  'bike',
  'ocean',
  'garden',
  'yoga',
  'shop',
]);

const PLACEHOLDER = { en: 'Your Brand', zh: '您的品牌' };

/** Trailing punctuation off a name, but not an abbreviation's full stop ("Maple & Co."). */
const trimEnd = (name: string) => (/\b(?:Co|Inc|Ltd|Corp|St|Bros)\.$/.test(name) ? name : name.replace(/[.,;:!?]+$/, ''));
const titleCase = (words: string[]) =>
  words.map((w) => (/^\p{Ll}+$/u.test(w) ? w.replace(/^\p{Ll}/u, (c) => c.toUpperCase()) : w)).join(' ');
const bare = (word: string) => word.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}.&]+$/gu, '');
const isMood = (word: string) => MOODS.some(([, words]) => words.includes(word));
/** A word that may stand in a name: not a stop word, a mood word or a trade. */
const nameWord = (word: string) => !STOP.has(bare(word)) && !isMood(bare(word)) && !TRADE_WORDS.has(bare(word));
const capitalised = (word: string) => /^[\p{Lu}\p{N}]/u.test(word);
/** Joins inside a capitalised name: "Stone & Timber", "House of Tea", "Maple & Co.". */
const JOINS = new Set(['&', '+', 'and', 'of', 'the', 'de', "'n'"]);

/**
 * The capitalised runs of a text ("A modern logo for GreenLeaf Organics" → ["A"], ["GreenLeaf",
 * "Organics"]), split at punctuation, each run stripped of leading stop, mood and trade words and of
 * trailing stop words ("Tech company Nova Systems" → "Nova Systems").
 */
function capitalisedRuns(text: string): string[][] {
  const runs: string[][] = [];
  for (const clause of text.split(/[,.;:!?()[\]—–]+\s|[,;:!?()[\]—–]+|\s-\s/u)) {
    let run: string[] = [];
    const close = () => {
      while (run.length && JOINS.has(run.at(-1)!.toLowerCase())) run.pop();
      while (run.length && !nameWord(run[0]!)) run.shift();
      while (run.length && (STOP.has(bare(run.at(-1)!)) || JOINS.has(run.at(-1)!.toLowerCase()))) run.pop();
      if (run.length) runs.push(run);
      run = [];
    };
    for (const word of clause.split(/\s+/).filter(Boolean)) {
      if (capitalised(word) || (run.length && JOINS.has(word.toLowerCase()))) run.push(word);
      else close();
    }
    close();
  }
  return runs;
}

/** English: the words after "called", "named"…: a capitalised run, or lower-case words up to a connector. */
function englishNamed(text: string): string | undefined {
  const after = /\b(?:called|named|name(?:d)?\s+is|brand\s+name\s+is|known\s+as|titled|branded\s+as)\s+(.+)$/i.exec(text)?.[1];
  if (!after) return undefined;
  const words = after.split(/\s+/);
  const name: string[] = [];
  if (capitalised(words[0]!)) {
    for (const word of words) {
      if (!capitalised(word) && !JOINS.has(word.toLowerCase())) break;
      name.push(word);
      if (/[,.;:!?]$/.test(word)) break;
    }
    while (name.length && JOINS.has(name.at(-1)!.toLowerCase())) name.pop();
  } else {
    for (const word of words) {
      if (/^(that|which|who|with|for|and|in|to|selling|offering|specializing|specialising|based|featuring|using|where)$/i.test(word)) break;
      name.push(word);
      if (/[,.;:!?]$/.test(word) || name.length === 3) break;
    }
  }
  const joined = trimEnd(titleCase(name.slice(0, 4)));
  return joined || undefined;
}

/** What follows a name and is not part of it: 的標誌, 的logo, 品牌. */
const CHINESE_TRAILER = /(?:的)?(?:標誌|商標|圖標|logo|LOGO|Logo|品牌|設計)+$/u;
/** A Chinese shop name is a few characters; a segment longer than this is a sentence, not a name. */
const CHINESE_NAME_MAX = 12;

/**
 * The Chinese name in a segment: the whole shop name with its trade and type (山嵐咖啡烘焙坊, 山海科技公司),
 * never cut down to the characters before the trade, since that is the name on the sign. A segment
 * that starts with its trade (我的咖啡店) has no name; in a longer phrase, the name is what follows the
 * last 的 (溫馨的社區咖啡店 → 社區咖啡店).
 */
function chineseNameIn(segment: string): string {
  const text = segment
    .replace(CHINESE_FILLER, '')
    .replace(/[^\p{Script=Han}A-Za-z0-9]/gu, '')
    .replace(CHINESE_TRAILER, '');
  const name = text.includes('的') ? text.slice(text.lastIndexOf('的') + 1) : text;
  const starts = [...CHINESE_WORDS.map(([w]) => w).filter((w) => w.length > 1), ...CHINESE_TYPES];
  if (!name || starts.some((w) => name.startsWith(w))) return '';
  if ([...name].length <= CHINESE_NAME_MAX) return name;
  // A sentence, not a name: the characters before its first trade or business type.
  const at = starts.map((w) => name.indexOf(w)).filter((i) => i >= 2);
  return at.length ? name.slice(0, Math.min(...at)) : '';
}

/**
 * The brand name, in this order: quoted text; the words after called / named / 叫做 / 名為 / 叫;
 * the first capitalised run that is not a stop, mood or trade word ("tech company Nova Systems" →
 * "Nova Systems"); in Chinese the shop name with its trade (豆子咖啡店); else the
 * lower-case words before the trade ("fox bakery" → "Fox"); else a placeholder ("Your Brand"). Suggestion chips (business, 極簡…) never name.
 * A Chinese name keeps its trade and type (豆子咖啡店): it is never shortened.
 */
export function brandName(description: string): string {
  const text = description.trim();
  const quoted =
    /["“「『《]([^"”」』》]{1,40})["”」』》]/u.exec(text)?.[1] ?? /(?:^|[\s(])['‘]([^'‘’]{1,40})['’](?=$|[\s,.;:!?)])/u.exec(text)?.[1];
  if (quoted?.trim()) return quoted.trim();
  if (CJK.test(text)) {
    const named = /(?:叫做|名為|名叫|名稱是|名字是|取名為?|命名為|稱為|叫)\s*([^，,。.、；;！!？?\s]+)/u.exec(text)?.[1];
    // 一家叫小森的花店: the name ends at 的; 叫做山嵐咖啡烘焙坊: all of it.
    if (named) return named.replace(/的.*$/u, '').replace(CHINESE_TRAILER, '') || PLACEHOLDER.zh;
    // A Latin name in a Chinese description: "設計 Nova 科技公司的標誌".
    const latin = capitalisedRuns(text.replace(/[\p{Script=Han}，。、「」]+/gu, ', '))[0];
    if (latin) return trimEnd(latin.slice(0, 4).join(' '));
    for (const segment of text.split(/[，,。.、；;！!？?\s]+/u)) {
      const name = chineseNameIn(segment);
      if (name) return name;
    }
    return PLACEHOLDER.zh;
  }
  const named = englishNamed(text);
  if (named) return named;
  const run = capitalisedRuns(text)[0];
  if (run) return trimEnd(run.slice(0, 4).join(' '));
  // Lower case only: the words before the trade ("fox bakery" → "Fox"), never a trade or a chip.
  const all = text.split(/[\s,.;:!?]+/).filter(Boolean);
  const trade = all.findIndex((w) => TRADE_WORDS.has(bare(w)) || TRADES.has(bare(w)));
  const words = all
    .slice(0, trade >= 0 ? trade : all.length)
    .filter(nameWord)
    .slice(0, 2);
  return words.length ? titleCase(words) : PLACEHOLDER.en;
}

/** English trades whose icon is named otherwise (checked before the tags, which give odd picks: yoga → keyboard). */
const ENGLISH_ICONS: Record<string, string> = {
  yoga: 'flower-2',
  florist: 'flower',
  flowers: 'flower',
  bakery: 'croissant',
  restaurant: 'utensils',
  kitchen: 'chef-hat',
  bistro: 'utensils',
  diner: 'utensils',
  food: 'salad',
  organics: 'leaf',
  organic: 'leaf',
  healthy: 'leaf',
  garden: 'sprout',
  gardening: 'sprout',
  gym: 'dumbbell',
  fitness: 'dumbbell',
  law: 'scale',
  legal: 'scale',
  bank: 'landmark',
  finance: 'landmark',
  capital: 'landmark',
  insurance: 'shield',
  travel: 'plane',
  tours: 'map',
  pet: 'paw-print',
  pets: 'paw-print',
  grooming: 'paw-print',
  dental: 'smile',
  dentist: 'smile',
  books: 'book-open',
  bookstore: 'book-open',
  bookshop: 'book-open',
  photography: 'camera',
  records: 'music',
  jazz: 'music',
  software: 'code',
  analytics: 'chart-line',
  data: 'database',
  games: 'gamepad-2',
  game: 'gamepad-2',
  toys: 'toy-brick',
  winery: 'wine',
  brewery: 'beer',
  tea: 'leaf',
  seafood: 'fish',
  surf: 'waves',
  diving: 'waves',
  architecture: 'building',
  furniture: 'armchair',
  logistics: 'truck',
  energy: 'zap',
  skincare: 'sparkles',
  beauty: 'sparkles',
  salon: 'scissors',
  stationery: 'feather',
  school: 'graduation-cap',
  kids: 'toy-brick',
  watches: 'watch',
  bikes: 'bike',
  ai: 'cpu',
  startup: 'rocket',
};
/** Words too general to choose an emblem by ("studio" is tagged on a keyboard). */
const EMBLEM_SKIP = new Set([
  ...'a an the for of to in on at by with and or my our your logo design brand company shop store studio called named modern minimalist minimal new'.split(
    ' ',
  ),
]);

export function readBrief(description: string): LogoBrief {
  const lower = description.toLowerCase();
  const mood =
    MOODS.find(([, words]) => words.some((w) => (CJK.test(w) ? description.includes(w) : phrasePattern([w]).test(lower))))?.[0] ??
    'creative';
  const name = brandName(description);
  const nameWords = new Set(name.toLowerCase().split(/[^a-z0-9-]+/));
  // Trade words first ("Bean There coffee shop" is about coffee more than beans), the name's own words last.
  const rank = (w: string) => (ENGLISH_ICONS[w] || TRADES.has(w) ? 0 : nameWords.has(w) ? 2 : 1);
  const english = lower
    .split(/[^a-z0-9-]+/)
    .filter((w) => (w.length > 2 || w === 'ai') && !EMBLEM_SKIP.has(w))
    .sort((a, b) => rank(a) - rank(b))
    .flatMap((w) => (ENGLISH_ICONS[w] ? [ENGLISH_ICONS[w], w] : [w]));
  const chinese = CHINESE_WORDS.filter(([word]) => description.includes(word)).map(([, icon]) => icon);
  return { name, emblemWords: [...chinese, ...english], mood };
}
