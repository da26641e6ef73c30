/**
 * What a logo description asks for (issue 15): the brand name, the trade (for the emblem) and the
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
const TRADE_SUFFIXES =
  /\s+(coffee|cafe|café|shop|store|studio|bakery|restaurant|bar|company|co\.?|inc\.?|labs?|agency|brand|club|house|kitchen|salon|gym|clinic|tech|technologies|design|books|bookstore|florist|flowers)\b.*$/i;
const STOP = new Set([
  'a',
  'an',
  'the',
  'for',
  'of',
  'logo',
  'design',
  'my',
  'our',
  'and',
  'with',
  'called',
  'named',
  'brand',
  'company',
  'shop',
  'store',
]);

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

/** The brand name: quoted text first, else the capitalised words before the trade, else the first words. */
export function brandName(description: string): string {
  const quoted = /["“「『']([^"”」』']{1,40})["”」』']/u.exec(description);
  if (quoted) return quoted[1]!.trim();
  const text = description.trim();
  if (CJK.test(text)) {
    const trades = CHINESE_WORDS.map(([word]) => word).filter((w) => text.includes(w));
    const firstTrade = Math.min(...trades.map((w) => text.indexOf(w)), text.length);
    const before = text
      .slice(0, firstTrade)
      .replace(/[的之一個家間]/gu, '')
      .replace(/[^\p{Script=Han}A-Za-z0-9]/gu, '');
    return (before.length >= 1 ? before : text.replace(/[^\p{Script=Han}]/gu, '')).slice(0, 6) || '品牌';
  }
  const words = text.replace(TRADE_SUFFIXES, '').split(/\s+/).filter(Boolean);
  const capitalised: string[] = [];
  for (const word of words) {
    if (/^[A-Z0-9]/.test(word)) capitalised.push(word);
    else if (capitalised.length) break;
  }
  const chosen = capitalised.length ? capitalised : words.filter((w) => !STOP.has(w.toLowerCase())).slice(0, 2);
  const name = chosen
    .slice(0, 3)
    .join(' ')
    .replace(/[.,;:!?]+$/, '');
  return name ? name.replace(/^\p{Ll}/u, (c) => c.toUpperCase()) : 'Brand';
}

export function readBrief(description: string): LogoBrief {
  const lower = description.toLowerCase();
  const mood =
    MOODS.find(([, words]) => words.some((w) => (CJK.test(w) ? description.includes(w) : phrasePattern([w]).test(lower))))?.[0] ??
    'creative';
  // Trade words first: "Bean There coffee shop" is about coffee more than beans.
  const english = lower
    .split(/[^a-z0-9-]+/)
    .filter((w) => w.length > 2 && !STOP.has(w))
    .sort((a, b) => Number(!TRADES.has(a)) - Number(!TRADES.has(b)));
  const chinese = CHINESE_WORDS.filter(([word]) => description.includes(word)).map(([, icon]) => icon);
  return { name: brandName(description), emblemWords: [...chinese, ...english], mood };
}
