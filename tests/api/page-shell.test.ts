import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveNode } from '@scripts/lib/node-server';
import { TOOL_CATALOGUE } from '@worker/contract/tools';
import type { PageMeta } from '@worker/lib/page-head';
import { PAGE_HEADS, pageHeadsJson } from '@scripts/page-heads';
import { createTestApp, type TestApp } from '../setup/test-app';

// The SPA's page as `npm start` sends it: in the visitor's language, with link-preview tags on the
// public pages (the Worker's copy is tests/workerd/page-shell.test.ts).
let t: TestApp;
let server: ReturnType<typeof serveNode>;
let origin: string;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'page-shell-'));
  cpSync('web/public', dir, { recursive: true });
  cpSync('web/index.html', join(dir, 'index.html'));
  t = await createTestApp();
  await new Promise<void>((resolve) => {
    server = serveNode(t.app, { port: 0, hostname: '127.0.0.1', staticDir: dir, onListen: () => resolve() });
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const page = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${origin}${path}`, { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get('vary')).toMatch(/Accept-Language/);
  return res.text();
};
const lang = (html: string) => html.match(/<html lang="([^"]+)"/)?.[1];
const meta = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`))?.[1]?.replaceAll('&amp;', '&');

describe('<html lang>', () => {
  it('follows ?lang=, then the language cookie, then Accept-Language', async () => {
    expect(lang(await page('/dashboard'))).toBe('en');
    expect(lang(await page('/dashboard', { 'accept-language': 'zh-TW,zh;q=0.9,en;q=0.5' }))).toBe('zh-Hant');
    expect(lang(await page('/dashboard', { cookie: 'theme=dark; lang=zh-Hant', 'accept-language': 'en' }))).toBe('zh-Hant');
    expect(lang(await page('/dashboard?lang=en', { cookie: 'lang=zh-Hant' }))).toBe('en');
    expect(lang(await page('/?lang=zh-Hant', { 'accept-language': 'en' }))).toBe('zh-Hant');
    // A cookie that is not one of the languages is ignored.
    expect(lang(await page('/dashboard', { cookie: 'lang=de', 'accept-language': 'zh-TW' }))).toBe('zh-Hant');
  });
});

describe('Open Graph and Twitter card tags', () => {
  it('the pricing page in English and in Chinese, with hreflang alternates', async () => {
    const en = await page('/pricing');
    expect(meta(en, 'og:title')).toBe('Pricing · Image Studio');
    expect(meta(en, 'og:url')).toBe(`${origin}/pricing`);
    expect(meta(en, 'og:locale')).toBe('en_US');
    expect(meta(en, 'og:locale:alternate')).toBe('zh_TW');
    expect(meta(en, 'og:image')).toBe(`${origin}/showcase/aurora-cabin.webp`);
    expect(meta(en, 'twitter:card')).toBe('summary_large_image');
    expect(en).toContain(`<link rel="alternate" hreflang="zh-Hant" href="${origin}/pricing?lang=zh-Hant">`);
    expect(en).toContain(`<link rel="alternate" hreflang="x-default" href="${origin}/pricing">`);

    const zh = await page('/pricing', { 'accept-language': 'zh-Hant' });
    expect(lang(zh)).toBe('zh-Hant');
    expect(meta(zh, 'og:title')).toBe('價格方案 · Image Studio');
    expect(meta(zh, 'og:url')).toBe(`${origin}/pricing?lang=zh-Hant`);
    expect(meta(zh, 'og:locale')).toBe('zh_TW');
    expect(meta(zh, 'og:locale:alternate')).toBe('en_US');
    expect(meta(zh, 'twitter:description')).toBe(meta(zh, 'og:description'));
  });

  it('the landing page and a tool page; none on a signed-in page', async () => {
    expect(meta(await page('/'), 'og:title')).toBe('Image Studio');
    const tool = await page('/ai-tools/anime-style?lang=zh-Hant');
    expect(meta(tool, 'og:title')).toBe('動漫風格 · Image Studio');
    expect(meta(tool, 'og:description')).toMatch(/賽璐璐/);
    const dashboard = await page('/dashboard');
    expect(dashboard).not.toContain('og:title');
    expect(dashboard).not.toContain('hreflang');
  });

  it('exist for every tool page of the catalogue, in both languages', () => {
    const pages = (JSON.parse(readFileSync('web/page-texts.json', 'utf8')) as PageMeta).pages;
    for (const tool of TOOL_CATALOGUE) {
      const entry = pages[`/ai-tools/${tool.route}`];
      expect(entry?.en?.[0], tool.route).toBeTruthy();
      expect(entry?.['zh-Hant']?.[0], tool.route).toBeTruthy();
    }
  });

  it('are rendered from the current texts (npm run page-heads)', () => {
    expect(readFileSync(PAGE_HEADS, 'utf8')).toBe(pageHeadsJson());
  });
});
