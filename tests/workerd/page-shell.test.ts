import { unstable_dev, type Unstable_DevWorker } from 'wrangler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPA_SECURITY_HEADERS } from '@scripts/lib/security-headers';
import { TEST_ENV } from '../setup/test-app';

/**
 * On Workers the SPA's page runs the Worker first (wrangler.toml `run_worker_first`): index.html from
 * the assets binding, in the visitor's language and with the public pages' Open Graph tags, as the
 * Node server sends it (tests/api/page-shell.test.ts). No database: these paths never open one.
 */
let worker: Unstable_DevWorker;

beforeAll(async () => {
  process.env.CLOUDFLARE_HYPERDRIVE_LOCAL_CONNECTION_STRING_HYPERDRIVE = 'postgres://postgres:local@127.0.0.1:9/none';
  worker = await unstable_dev('worker/index.ts', {
    config: 'wrangler.toml',
    env: 'dev',
    vars: { ...TEST_ENV, RATE_LIMITER: 'postgres' } as Record<string, string>,
    logLevel: 'error',
    experimental: { disableExperimentalWarning: true },
  });
});
afterAll(() => worker?.stop());

const lang = (html: string) => html.match(/<html lang="([^"]+)"/)?.[1];
const meta = (html: string, key: string) => html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`))?.[1];

describe('the SPA page under workerd', () => {
  it('speaks the language of ?lang=, the cookie or Accept-Language, with the security headers', async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['/dashboard', {}, 'en'],
      ['/dashboard', { 'accept-language': 'zh-TW,zh;q=0.9' }, 'zh-Hant'],
      ['/dashboard', { cookie: 'lang=zh-Hant', 'accept-language': 'en' }, 'zh-Hant'],
      ['/dashboard?lang=en', { cookie: 'lang=zh-Hant' }, 'en'],
    ];
    for (const [path, headers, expected] of cases) {
      const res = await worker.fetch(path, { headers });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('vary')).toMatch(/Accept-Language/);
      expect(res.headers.get('etag')).toBeNull();
      for (const [name, value] of Object.entries(SPA_SECURITY_HEADERS)) expect(res.headers.get(name), `${name} on ${path}`).toBe(value);
      expect(lang(await res.text()), JSON.stringify(headers)).toBe(expected);
    }
  });

  it('carries Open Graph, Twitter card and hreflang tags on the public pages in both languages', async () => {
    const en = await (await worker.fetch('/pricing')).text();
    expect(meta(en, 'og:title')).toBe('Pricing · Image Studio');
    expect(meta(en, 'og:locale')).toBe('en_US');
    expect(meta(en, 'twitter:card')).toBe('summary_large_image');
    expect(en).toMatch(/<link rel="alternate" hreflang="zh-Hant" href="http:\/\/[^"]+\/pricing\?lang=zh-Hant">/);
    const zh = await (await worker.fetch('/ai-tools/anime-style', { headers: { 'accept-language': 'zh-Hant' } })).text();
    expect(lang(zh)).toBe('zh-Hant');
    expect(meta(zh, 'og:title')).toBe('動漫風格 · Image Studio');
    expect(meta(zh, 'og:locale:alternate')).toBe('en_US');
    expect(await (await worker.fetch('/dashboard')).text()).not.toContain('og:title');
  });

  it('leaves other files as the assets binding serves them', async () => {
    const icon = await worker.fetch('/favicon.svg');
    expect(icon.headers.get('content-type')).toMatch(/svg/);
    expect(await icon.text()).toMatch(/^<svg/);
  });
});
