import { createRoute } from '@hono/zod-openapi';
import { TOOL_CATALOGUE } from '../contract/tools';
import { createRouter } from '../http/openapi';
import { publicOrigin } from '../http/public-origin';

/** The SPA's public pages, each in both languages (`?lang=`), for the sitemap. */
export const PUBLIC_PAGES = [
  '/',
  '/ai-workbench',
  '/image-upscaler',
  ...TOOL_CATALOGUE.map((tool) => `/ai-tools/${tool.route}`),
  '/showcase',
  '/pricing',
  '/privacy',
  '/terms',
] as const;

const SITE_LANGUAGES = ['en', 'zh-Hant'] as const;

/** A page's address in one language: English is the default (`x-default`), Chinese adds `?lang=zh-Hant`. */
const inLanguage = (origin: string, path: string, language: (typeof SITE_LANGUAGES)[number]) =>
  `${origin}${path}${language === 'en' ? '' : `?lang=${language}`}`;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** sitemaps.org with the hreflang alternates Google reads (xhtml:link), every page in both languages. */
export function sitemapXml(origin: string): string {
  const alternates = (path: string) =>
    [
      ...SITE_LANGUAGES.map(
        (language) => `<xhtml:link rel="alternate" hreflang="${language}" href="${escapeXml(inLanguage(origin, path, language))}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(inLanguage(origin, path, 'en'))}"/>`,
    ].join('');
  const urls = PUBLIC_PAGES.flatMap((path) =>
    SITE_LANGUAGES.map((language) => `<url><loc>${escapeXml(inLanguage(origin, path, language))}</loc>${alternates(path)}</url>`),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * What crawlers may read: the public pages, not the API, the signed-in areas or payment returns.
 * Shared creations (`/s/…`) stay readable so crawlers see their `noindex`; a Disallow would hide it.
 */
export function robotsTxt(origin: string): string {
  const closed = [
    '/api/',
    '/personal-center',
    '/dashboard',
    '/records',
    '/credits',
    '/referrals',
    '/payment/',
    '/receipt/',
    '/oauth2/',
    '/login',
  ];
  return `User-agent: *\n${closed.map((path) => `Disallow: ${path}`).join('\n')}\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
}

const text = (type: string, description: string) => ({ description, content: { [type]: { schema: { type: 'string' as const } } } });

/** `/robots.txt` and `/sitemap.xml`, at the site's root; absolute addresses from the public origin. */
export const siteRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/robots.txt',
      tags: ['Site'],
      summary: 'Crawler rules, naming the sitemap',
      responses: { 200: text('text/plain', 'robots.txt') },
    }),
    (c) => {
      c.header('cache-control', 'public, max-age=3600');
      return c.text(robotsTxt(publicOrigin(c)));
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/sitemap.xml',
      tags: ['Site'],
      summary: 'The public pages in English and Traditional Chinese, with hreflang alternates',
      responses: { 200: text('application/xml', 'sitemap') },
    }),
    (c) => {
      c.header('cache-control', 'public, max-age=3600');
      return c.body(sitemapXml(publicOrigin(c)), 200, { 'content-type': 'application/xml; charset=utf-8' });
    },
  );
