/**
 * My creations finds a creation by a word of its prompt, in English and Traditional Chinese, on a
 * phone and a desktop, and says so when nothing matches (without offering to start creating).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { apiClient, openSignedIn, useLanguage } from './api-client';
import { launchBrowser, snap } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const CASES = [
  {
    lang: 'en',
    viewport: { width: 1280, height: 900 },
    search: 'Search by prompt',
    word: 'lighthouse',
    none: 'No creation matches this search.',
  },
  { lang: 'zh-Hant', viewport: { width: 390, height: 844 }, search: '依提示詞搜尋', word: '燈塔', none: '沒有符合此搜尋的作品。' },
] as const;

for (const { lang, viewport, search, word, none } of CASES) {
  it(`${lang}: a word of the prompt narrows My creations to that creation`, { timeout: 120_000 }, async () => {
    const api = apiClient(baseUrl);
    const session = await api.signInByCode(`search-${lang}-${Date.now()}@example.com`);
    for (const prompt of ['a red fox in snow', 'a lighthouse at dusk, 海邊的燈塔', 'a bowl of ramen']) {
      const started = await api.call('POST', '/api/generate-image', { token: session.token, json: { prompt } });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
    }
    const context = await browser.newContext({ viewport, deviceScaleFactor: lang === 'en' ? 1 : 2 });
    await useLanguage(context, lang);
    const page = await context.newPage();
    await openSignedIn(page, baseUrl, session, '/records');
    const cards = page.getByTestId('creations').getByRole('listitem');
    await expect.poll(() => cards.count(), { timeout: 60_000 }).toBe(3);

    await page.getByRole('searchbox', { name: search }).fill(word);
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(1);
    expect(await cards.first().textContent()).toContain('lighthouse at dusk');
    await snap(page, `creations-search-${lang}`);

    await page.getByRole('searchbox', { name: search }).fill('zebra crossing');
    await page.getByText(none).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('link', { name: lang === 'en' ? 'Start creating' : '開始創作' }).count()).toBe(0);
    await context.close();
  });
}
