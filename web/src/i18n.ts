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

export async function activateLocale(locale: Locale, { remember = true } = {}) {
  const { messages } = locale === 'zh-Hant' ? await import('./locales/zh-Hant/messages.po') : await import('./locales/en/messages.po');
  i18n.loadAndActivate({ locale, messages });
  if (remember) {
    safeLocalStorage.setItem(LANG_KEY, locale);
    // The server reads it to send the next page in this language (`<html lang>`, worker/lib/page-head.ts).
    const secure = window.location.protocol === 'https:' ? '; secure' : '';
    // biome-ignore lint/suspicious/noDocumentCookie: Firefox has no Cookie Store API; the value is one of two fixed words.
    document.cookie = `${LANG_KEY}=${locale}; path=/; max-age=31536000; samesite=lax${secure}`;
  }
  document.documentElement.lang = locale;
}

export { i18n };
