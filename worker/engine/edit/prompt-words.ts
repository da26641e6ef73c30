/**
 * Finds what a prompt names, as words (issue 14: "medieval knight" must not match "night", "coldplay"
 * must not match "cold"). Latin-script phrases match only between non-letters; Chinese phrases match
 * as they are, since Chinese writes words without spaces. Phrases list their own inflections
 * ("saturated", "saturation") rather than relying on stems.
 */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function phraseSource(phrase: string): string {
  const body = phrase.trim().split(/\s+/).map(escapeRegExp).join('[\\s-]+');
  return CJK.test(phrase) ? body : `(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`;
}

/** One case-insensitive pattern matching any of the phrases as whole words. */
export function phrasePattern(phrases: readonly string[]): RegExp {
  return new RegExp(phrases.map(phraseSource).join('|'), 'iu');
}

/** Whether the text names any of the phrases. */
export function namesAny(text: string, phrases: readonly string[]): boolean {
  return phrasePattern(phrases).test(text);
}
