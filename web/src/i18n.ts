import { i18n } from '@lingui/core';
import { safeLocalStorage } from './lib/safe-storage';

export const LOCALES = { en: 'English', 'zh-Hant': '繁體中文' } as const;
export type Locale = keyof typeof LOCALES;
export const LANG_KEY = 'lang';

export function storedLocale(): Locale {
  const saved = safeLocalStorage.getItem(LANG_KEY);
  return saved === 'zh-Hant' ? 'zh-Hant' : 'en';
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
