/**
 * A description's minimum length counted the way its script writes: a Chinese, Japanese or Korean
 * character carries a word's meaning, so a two-character brand (山嵐) says as much as five Latin
 * letters. Counted in graphemes (Intl.Segmenter), so an emoji or an accented letter is one character.
 * `min` is the Latin minimum; a CJK text needs `cjkMinimum(min)` of its characters instead.
 */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** The CJK characters that stand for `min` Latin ones: 2 for 5. */
export const cjkMinimum = (min: number) => Math.ceil((min * 2) / 5);

export function graphemes(text: string): string[] {
  return Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text), (s) => s.segment);
}

/**
 * How many more characters `text` needs (0 when it is long enough): with any CJK character in it,
 * counted against the CJK minimum in CJK characters; otherwise in graphemes against `min`.
 */
export function charactersMissing(text: string, min: number): number {
  const chars = graphemes(text.trim()).filter((g) => !/^\s+$/u.test(g));
  const cjk = chars.filter((g) => CJK.test(g)).length;
  if (cjk > 0) return Math.max(0, Math.min(cjkMinimum(min) - cjk, min - chars.length));
  return Math.max(0, min - chars.length);
}
