import { acceptedLocale, type Locale } from '../contract/locales';

/**
 * The SPA's page shell as the server sends it: `<html lang>` in the visitor's language, and for the
 * public pages the Open Graph and Twitter card tags and hreflang alternates that link previews and
 * crawlers read without running the app. Their texts are web/page-texts.json; `npm run page-heads`
 * renders them into web/public/page-heads.json (path → language → tags, the site's origin left as
 * {@link ORIGIN}), a static file both servers read, so the Worker script carries neither texts nor
 * this renderer: the Node server (scripts/lib/node-server.ts) and the Worker (worker/index.ts) only
 * put the origin in and the tags into index.html.
 */
export interface PageMeta {
  site: string;
  /** The default preview image, a path on this site. */
  image: string;
  /** Path → title and description in each language. */
  pages: Record<string, Record<Locale, [string, string]> & { image?: string }>;
}

/** Path → language → the `<head>` tags, with {@link ORIGIN} where the site's origin goes. */
export type PageHeads = Record<string, Record<Locale, string>>;
export const ORIGIN = '%ORIGIN%';

/** The cookie the SPA writes when the visitor picks a language (web/src/i18n.ts). */
export const LANGUAGE_COOKIE = 'lang';

/**
 * The page's language: `?lang=` (the address a link or a search result names), then the language
 * the visitor picked before (its cookie), then Accept-Language. The SPA starts in the same one.
 */
export function pageLocale(url: URL, cookieHeader: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  const asked = url.searchParams.get('lang');
  if (asked === 'en' || asked === 'zh-Hant') return asked;
  const picked = cookieHeader?.match(/(?:^|;\s*)lang=(en|zh-Hant)(?:;|$)/)?.[1];
  return (picked as Locale | undefined) ?? acceptedLocale(acceptLanguage);
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const OG_LOCALE: Record<Locale, string> = { en: 'en_US', 'zh-Hant': 'zh_TW' };

/** Every public page's tags in each language (the content of web/public/page-heads.json). */
export function renderPageHeads(meta: PageMeta): PageHeads {
  return Object.fromEntries(
    Object.keys(meta.pages).map((path) => [path, { en: pageHeadTags(meta, path, 'en'), 'zh-Hant': pageHeadTags(meta, path, 'zh-Hant') }]),
  );
}

function pageHeadTags(meta: PageMeta, path: string, locale: Locale): string {
  const origin = ORIGIN;
  const page = meta.pages[path]!;
  const [title, description] = page[locale];
  const other: Locale = locale === 'en' ? 'zh-Hant' : 'en';
  const inLanguage = (language: Locale) => `${origin}${path}${language === 'en' ? '' : '?lang=zh-Hant'}`;
  const image = `${origin}${page.image ?? meta.image}`;
  const fullTitle = title === meta.site ? title : `${title} · ${meta.site}`;
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', meta.site],
    ['property', 'og:title', fullTitle],
    ['property', 'og:description', description],
    ['property', 'og:url', inLanguage(locale)],
    ['property', 'og:image', image],
    ['property', 'og:locale', OG_LOCALE[locale]],
    ['property', 'og:locale:alternate', OG_LOCALE[other]],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', fullTitle],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', image],
  ];
  const links = (['en', 'zh-Hant', 'x-default'] as const).map(
    (hreflang) =>
      `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(inLanguage(hreflang === 'x-default' ? 'en' : hreflang))}">`,
  );
  return [...tags.map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`), ...links].join('');
}

/** `path`'s tags in `locale` for the site at `origin`; empty for a page that is not public. */
export const pageHeadFor = (heads: PageHeads | undefined, path: string, locale: Locale, origin: string) =>
  heads?.[path]?.[locale]?.replaceAll(ORIGIN, origin) ?? '';

/** index.html with the language and the page's tags, as a string (the Node server; the Worker streams the same through HTMLRewriter). */
export function renderPageShell(html: string, tags: string, locale: Locale): string {
  return html.replace(/<html lang="[^"]*"/, `<html lang="${locale}"`).replace('</head>', `${tags}</head>`);
}
