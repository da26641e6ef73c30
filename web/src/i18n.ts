import { i18n, type Messages } from '@lingui/core';
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

/** A language's whole catalogue: every message of every page (~19 KB gz in English). */
const wholeCatalogue = async (locale: Locale): Promise<Messages> =>
  (locale === 'zh-Hant' ? await import('./locales/zh-Hant/messages.po') : await import('./locales/en/messages.po')).messages;

/**
 * The home page's part of a language's catalogue, when the build made one: only the messages the
 * modules of the home page's first render use (~3 KB gz in English). The build (vite.config.ts,
 * firstPaintCatalogues) names the files in `<meta name="first-paint-messages">`; a dev server has none.
 */
function firstPaintCatalogue(locale: Locale): Promise<Messages> | undefined {
  const content = document.querySelector<HTMLMetaElement>('meta[name="first-paint-messages"]')?.content;
  const href = content ? (JSON.parse(content) as Partial<Record<Locale, string>>)[locale] : undefined;
  return href ? import(/* @vite-ignore */ href).then((module: { messages: Messages }) => ({ ...module.messages })) : undefined;
}

/** The active language's whole catalogue: loading or loaded (`complete`), or not asked for yet. */
let whole: { locale: string; loaded: Promise<void>; complete: boolean } | undefined;

/** The last activateLocale: the language to complete is known only once it has run. */
let activation: Promise<void> = Promise.resolve();

/**
 * Starts in `locale`. With `firstPaintOnly` (the home page's first render) only the home page's
 * part of the catalogue loads; `wholeCatalogueLoaded()` adds the rest.
 */
export function activateLocale(locale: Locale, { remember = true, firstPaintOnly = false } = {}): Promise<void> {
  const activated = (async () => {
    const firstPaint = firstPaintOnly ? firstPaintCatalogue(locale) : undefined;
    const messages = await (firstPaint ?? wholeCatalogue(locale));
    i18n.loadAndActivate({ locale, messages });
    whole = firstPaint ? undefined : { locale, loaded: Promise.resolve(), complete: true };
    if (remember) {
      safeLocalStorage.setItem(LANG_KEY, locale);
      // The server reads it to send the next page in this language (`<html lang>`, worker/lib/page-head.ts).
      const secure = window.location.protocol === 'https:' ? '; secure' : '';
      // biome-ignore lint/suspicious/noDocumentCookie: Firefox has no Cookie Store API; the value is one of two fixed words.
      document.cookie = `${LANG_KEY}=${locale}; path=/; max-age=31536000; samesite=lax${secure}`;
    }
    document.documentElement.lang = locale;
  })();
  activation = activated.catch(() => undefined);
  return activated;
}

/**
 * Resolves once the active language's whole catalogue is loaded: anything that can render outside the
 * home page's first render (another route, a dialog, the sections below the fold) waits on it. The
 * rest is added to the active messages in place, without Lingui's change event: nothing on screen
 * uses them yet, so re-rendering the whole app (and refetching every query) would be wasted work.
 */
export function wholeCatalogueLoaded(): Promise<void> {
  return activation.then(() => {
    const locale = i18n.locale as Locale;
    if (whole?.locale !== locale) {
      const entry = {
        locale,
        complete: false,
        loaded: wholeCatalogue(locale).then((messages) => {
          if (i18n.locale === locale) Object.assign(i18n.messages, messages);
          entry.complete = true;
        }),
      };
      whole = entry;
      // Offline: the next caller tries again.
      entry.loaded.catch(() => {
        if (whole === entry) whole = undefined;
      });
    }
    return whole.loaded;
  });
}

/** `import()` of a module that renders messages outside the home page's first render. */
export const withWholeCatalogue =
  <T>(load: () => Promise<T>) =>
  (): Promise<T> =>
    Promise.all([load(), wholeCatalogueLoaded()]).then(([module]) => module);

// A safety net, not the plan: a message the home page's part lacks (scripts/lib/bundle-budget.ts
// checks the build for that) shows its id until the whole catalogue arrives, then every text renders
// again.
let healing = false;
i18n.on('missing', () => {
  if (healing || whole?.complete) return;
  healing = true;
  void wholeCatalogueLoaded().then(
    () => {
      healing = false;
      i18n.load(i18n.locale, {});
    },
    () => {
      healing = false;
    },
  );
});

export { i18n };
