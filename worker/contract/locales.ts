/**
 * The product's languages (spec §1: English, the default, and Traditional Chinese). One list for the
 * account's language column, the e-mail catalogue and server-rendered texts.
 */
export const LOCALES = ['en', 'zh-Hant'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** `?lang=` wins, then Accept-Language; anything Chinese gets Traditional Chinese. */
export function pickLocale(lang: string | undefined, acceptLanguage: string | undefined): Locale {
  const wanted = (lang ?? acceptLanguage ?? '').toLowerCase();
  return wanted.startsWith('zh') ? 'zh-Hant' : 'en';
}
