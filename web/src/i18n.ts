import { i18n } from '@lingui/core';

export const LOCALES = { en: 'English', 'zh-Hant': '繁體中文' } as const;
export type Locale = keyof typeof LOCALES;
export const LANG_KEY = 'lang';

export function storedLocale(): Locale {
  const saved = localStorage.getItem(LANG_KEY);
  return saved === 'zh-Hant' ? 'zh-Hant' : 'en';
}

/** Loads a catalog (compiled from .po by the Lingui Vite plugin), activates it and remembers the choice. */
export async function activateLocale(locale: Locale) {
  const { messages } = locale === 'zh-Hant' ? await import('./locales/zh-Hant/messages.po') : await import('./locales/en/messages.po');
  i18n.loadAndActivate({ locale, messages });
  localStorage.setItem(LANG_KEY, locale);
  document.documentElement.lang = locale;
}

export { i18n };
