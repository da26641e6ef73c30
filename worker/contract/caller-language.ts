import type { Locale } from './locales';

/**
 * The language an API answer speaks: the request's Accept-Language (the SPA sends its own
 * language). Error bodies are rendered from message ids in it (worker/contract/messages.ts), and a
 * failed job's texts from its failure code.
 */
export type MessageLocale = Locale;

/** The first language the client asks for, by q-value: any Chinese is Traditional Chinese here. */
export function messageLocale(acceptLanguage: string | undefined | null): MessageLocale {
  if (!acceptLanguage) return 'en';
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
      return { tag: tag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((l) => l.tag && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const first = ranked[0]?.tag ?? '';
  return first.startsWith('zh') ? 'zh-Hant' : 'en';
}
