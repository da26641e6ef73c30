/**
 * Chinese keywords are found as words, not as characters. Chinese writes no spaces, so the prompt is
 * cut into words by Intl.Segmenter (ICU's dictionary, word granularity), the way the edit engine
 * reads its words (edit/prompt-words.ts): 電影感光線 is 電影|感|光線, and the 線 of 光線 (a ray of
 * light) is no spool of thread, as the 火 of 火車站 is no fire and the 花 of 花生 no flower.
 *
 * - A one-character keyword matches only a word on its own: 一隻|貓 has a cat, 熊貓 does not.
 * - ICU keeps a few phrases together that are a noun with a closed-class part around it: a numeral
 *   and a classifier before it (一朵花, 一棵樹) or a localiser after it (山上, 樹下, 花園裡, 湖邊).
 *   The noun inside counts as a word of its own, except in the few such phrases that are words with
 *   a meaning of their own (馬上 "at once", 線上 "online", 海外 "overseas").
 * - A keyword of two or more characters matches a run of whole words (太空人 is 太空|人), or the start
 *   or end of a longer word (大熊貓, 太空船): a two-character name is a word, not a piece of one.
 */

const segmenter = new Intl.Segmenter('zh-Hant', { granularity: 'word' });

const HAN = /\p{Script=Han}/u;

/** A numeral (or 這/那/每) and a classifier: 一朵, 兩隻, 三棵, 這座. */
const COUNTED =
  /^[一二兩三四五六七八九十百幾多數半每這那][隻只朵棵條頭匹個輛艘座片杯碗盤張把本位群對雙株枝顆粒架台臺間棟尾籃束串塊份碟名]/u;
/** Localisers (方位詞): where something is, not what it is. Longest first. */
const PLACED = /(?:上面|下面|裡面|裏面|旁邊|附近|之上|之下|之中|之間|上|下|裡|裏|中|內|邊|旁|前|後|外|間)$/u;
/**
 * Words ICU keeps whole that look like a noun and a localiser but mean something else ("at once",
 * Mali, a stroke, "online", a surname, "overseas", "the human world", lace, "secretly"): from every
 * one-character keyword with every localiser, the ones ICU treats as one word, read one by one.
 */
const LEXICALISED = new Set(
  '馬上 馬裡 卒中 線上 鼓裡 筆下 跌下 門下 竹下 海內 海外 村上 人中 人間 人前 花邊 暗中 暗裡 月間 寒中 湯前 夢前 窗外'.split(' '),
);

interface Span {
  start: number;
  end: number;
}

export interface ChineseWords {
  /** Every word the segmenter found (Chinese or not), in order. */
  segments: Span[];
  /** Nouns inside a counted or placed phrase (花 in 一朵花, 山 in 山上): words of their own. */
  cores: Span[];
}

let lastText: string | undefined;
let lastWords: ChineseWords | undefined;

/** The words of a text; the last text's words are kept, since every keyword asks about the same prompt. */
export function chineseWords(text: string): ChineseWords {
  if (text === lastText && lastWords) return lastWords;
  const segments: Span[] = [];
  const cores: Span[] = [];
  for (const { segment, index } of segmenter.segment(text)) {
    segments.push({ start: index, end: index + segment.length });
    if (!HAN.test(segment) || segment.length < 2 || LEXICALISED.has(segment)) continue;
    let start = index;
    let end = index + segment.length;
    const counted = COUNTED.exec(segment);
    if (counted && segment.length > counted[0].length) start += counted[0].length;
    const placed = PLACED.exec(text.slice(start, end));
    if (placed && end - start > placed[0].length) end -= placed[0].length;
    if (start !== index || end !== index + segment.length) cores.push({ start, end });
  }
  lastText = text;
  lastWords = { segments, cores };
  return lastWords;
}

/** Whether the keyword at `at` in the text is a word there (the rules at the top of this file). */
export function isChineseWordAt(text: string, keyword: string, at: number): boolean {
  const end = at + keyword.length;
  const { segments, cores } = chineseWords(text);
  if (cores.some((core) => core.start === at && core.end === end)) return true;
  const first = segments.find((s) => s.start <= at && at < s.end);
  const last = segments.find((s) => s.start < end && end <= s.end);
  if (!first || !last) return false;
  // A run of whole words: 貓 alone, 太空人 over 太空|人.
  if (first.start === at && last.end === end) return true;
  // Inside one longer word: only a name of two or more characters, at its start or its end.
  if (first !== last || keyword.length < 2) return false;
  return first.start === at || first.end === end;
}

/** Offsets where the keyword occurs in the text as a word. */
export function chineseWordOffsets(text: string, keyword: string): number[] {
  const offsets: number[] = [];
  for (let at = text.indexOf(keyword); at >= 0; at = text.indexOf(keyword, at + 1)) {
    if (isChineseWordAt(text, keyword, at)) offsets.push(at);
  }
  return offsets;
}

/** Whether the text names the keyword as a word. */
export function namesChineseWord(text: string, keyword: string): boolean {
  return chineseWordOffsets(text, keyword).length > 0;
}
