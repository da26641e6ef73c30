import { i18n } from '@lingui/core';
import { safeLocalStorage } from './lib/safe-storage';

export const LOCALES = { en: 'English', 'zh-Hant': '繁體中文' } as const;
export type Locale = keyof typeof LOCALES;
export const LANG_KEY = 'lang';

const isLocale = (value: string | null): value is Locale => value === 'en' || value === 'zh-Hant';

/**
 * The language to start in: a `?lang=` in the address (the sitemap's and search results' links to
 * each language), else the one the user chose before, else English.
 */
export function storedLocale(): Locale {
  const asked = new URLSearchParams(window.location.search).get(LANG_KEY);
  if (isLocale(asked)) return asked;
  const saved = safeLocalStorage.getItem(LANG_KEY);
  return isLocale(saved) ? saved : 'en';
}

/**
 * `<link rel="alternate" hreflang>` for this page in each language and `x-default`, kept in step with
 * the route, so crawlers that run the page find both languages (the sitemap lists them too).
 */
export function setLanguageAlternates(pathname: string) {
  const origin = window.location.origin;
  const alternates: [string, string][] = [
    ['en', `${origin}${pathname}`],
    ['zh-Hant', `${origin}${pathname}?${LANG_KEY}=zh-Hant`],
    ['x-default', `${origin}${pathname}`],
  ];
  for (const [hreflang, href] of alternates) {
    let link = document.head.querySelector<HTMLLinkElement>(`link[rel="alternate"][hreflang="${hreflang}"]`);
    if (!link) {
      link = document.createElement('link');
      link.rel = 'alternate';
      link.hreflang = hreflang;
      document.head.append(link);
    }
    link.href = href;
  }
}

/**
 * Loads a catalog (compiled from .po by the Lingui Vite plugin) and activates it. Only a user's
 * choice is remembered (`remember`): writing the start-up default back would overwrite a choice
 * another tab made while this one was loading.
 */
export async function activateLocale(locale: Locale, { remember = true } = {}) {
  const { messages } = locale === 'zh-Hant' ? await import('./locales/zh-Hant/messages.po') : await import('./locales/en/messages.po');
  i18n.loadAndActivate({ locale, messages });
  if (remember) safeLocalStorage.setItem(LANG_KEY, locale);
  document.documentElement.lang = locale;
}

export { i18n };
