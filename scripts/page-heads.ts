/**
 * `npm run page-heads`: renders the public pages' Open Graph, Twitter card and hreflang tags from
 * web/page-texts.json into web/public/page-heads.json, which the Node server and the Worker put
 * into the SPA's page (worker/lib/page-head.ts). tests/api/page-shell.test.ts fails when it is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { type PageMeta, renderPageHeads } from '@worker/lib/page-head';

export const PAGE_TEXTS = 'web/page-texts.json';
export const PAGE_HEADS = 'web/public/page-heads.json';

export const pageHeadsJson = () =>
  `${JSON.stringify(renderPageHeads(JSON.parse(readFileSync(PAGE_TEXTS, 'utf8')) as PageMeta), null, 1)}\n`;

if (process.argv[1]?.endsWith('page-heads.ts')) writeFileSync(PAGE_HEADS, pageHeadsJson());
