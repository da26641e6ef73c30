/**
 * The product's languages (spec §1: English, the default, and Traditional Chinese). One list for the
 * account's language column, the e-mail catalogue and server-rendered texts.
 */
export const LOCALES = ['en', 'zh-Hant'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

const asLocale = (tag: string): Locale => (tag.toLowerCase().startsWith('zh') ? 'zh-Hant' : 'en');

/**
 * The language an Accept-Language header asks for first, by q-value then by order ("zh-CN;q=0.1, en"
 * is English); any Chinese is Traditional Chinese here. The SPA sends its own language, so this is
 * also the language of every API answer and error body.
 */
export function acceptedLocale(acceptLanguage: string | undefined | null): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .map((p) => p.trim())
          .find((p) => p.startsWith('q='))
          ?.slice(2) ?? '1',
      );
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((l) => l.tag && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return asLocale(ranked[0]?.tag ?? '');
}

/** `?lang=` wins, then Accept-Language ({@link acceptedLocale}); anything Chinese gets Traditional Chinese. */
export function pickLocale(lang: string | undefined, acceptLanguage: string | undefined): Locale {
  return lang === undefined ? acceptedLocale(acceptLanguage) : asLocale(lang);
}
