/**
 * Finds what a prompt names, as words ("medieval knight" must not match "night", "coldplay"
 * must not match "cold"). Latin-script phrases match only between non-letters. Chinese writes words
 * without spaces, so Chinese phrases are matched against the words Intl.Segmenter finds (ICU's
 * dictionary): "一位冷靜的中世紀騎士" is 一位|冷靜|的|中|世紀|騎士, and the 冷 of 冷靜 (calm) is not
 * cold, as the 暗 of 暗紅色 (dark red) is not "darken". Phrases list their own inflections
 * ("saturated", "saturation") rather than relying on stems.
 *
 * A Chinese phrase matches where it ends on a word boundary: a run of whole words (調|暗, 鏡|像, which
 * ICU splits) or the end of a compound, whose last part names what it is (寒冷 is cold, 昏暗 dim).
 * A phrase of two or more characters also matches at the start of a compound (水彩畫, 霓虹燈): a
 * whole word stays itself there, while a single character starting a word is part of another word.
 */
export const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Regex source for a Latin-script phrase as whole words, spanning spaces or hyphens. */
function latinSource(phrase: string): string {
  const body = phrase.trim().split(/\s+/).map(escapeRegExp).join('[\\s-]+');
  return `(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`;
}

const segmenter = new Intl.Segmenter('zh-Hant', { granularity: 'word' });
let lastText: string | undefined;
let lastBoundaries = new Set<number>();

/** Offsets where the segmenter puts a word (or space, or punctuation) boundary; one text cached. */
function wordBoundaries(text: string): Set<number> {
  if (text !== lastText) {
    lastBoundaries = new Set([text.length]);
    for (const { index } of segmenter.segment(text)) lastBoundaries.add(index);
    lastText = text;
  }
  return lastBoundaries;
}

/** Where a Chinese phrase stands in the text as a word (see the module comment), as [start, end) ranges. */
function chineseSpans(text: string, phrase: string): [number, number][] {
  const boundaries = wordBoundaries(text);
  const startsCompound = [...phrase].length >= 2;
  const spans: [number, number][] = [];
  for (let at = text.indexOf(phrase); at >= 0; at = text.indexOf(phrase, at + 1)) {
    if (boundaries.has(at + phrase.length) || (startsCompound && boundaries.has(at))) spans.push([at, at + phrase.length]);
  }
  return spans;
}

export interface PhraseMatcher {
  /** Whether the text names any of the phrases. */
  test(text: string): boolean;
  /** Where the text names them, as [start, end) offsets into the text, in no particular order. */
  spans(text: string): [number, number][];
}

/** A case-insensitive matcher of any of the phrases as whole words. */
export function phrasePattern(phrases: readonly string[]): PhraseMatcher {
  const chinese = phrases.filter((phrase) => CJK.test(phrase)).map((phrase) => phrase.replace(/\s+/g, ''));
  // Longest first, so a span covers "oil painting" rather than its "oil".
  const latin = phrases.filter((phrase) => !CJK.test(phrase)).sort((a, b) => b.length - a.length);
  const source = latin.length > 0 ? latin.map(latinSource).join('|') : undefined;
  const pattern = source ? new RegExp(source, 'iu') : undefined;
  return {
    test: (text) => (pattern?.test(text) ?? false) || chinese.some((phrase) => chineseSpans(text, phrase).length > 0),
    spans: (text) => [
      ...(source ? [...text.matchAll(new RegExp(source, 'giu'))].map((m): [number, number] => [m.index, m.index + m[0].length]) : []),
      ...chinese.flatMap((phrase) => chineseSpans(text, phrase)),
    ],
  };
}

/** Whether the text names any of the phrases. */
export function namesAny(text: string, phrases: readonly string[]): boolean {
  return phrasePattern(phrases).test(text);
}
