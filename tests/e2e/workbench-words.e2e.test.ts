import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { holdStatus } from './hold-status';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { apiClient, openSignedIn } from './api-client';
import { launchBrowser, settled, snap, watchedPage } from './browser';

/**
 * A paying user's walk through the workbench and My creations: "N more images" said as a plural,
 * search examples in the page's language, downloads named by kind, batch place and id (never one
 * name twice), a reversed date range said as such, and a workbench that refuses to start offline
 * and stops its progress while the network is gone. English on a desktop, Traditional Chinese on a
 * phone.
 */
const baseUrl = inject('baseUrl');
const photo = readFileSync(new URL('../fixtures/photos/astronaut.png', import.meta.url));
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const eventually = <T>(fn: () => T | Promise<T>, timeout = 30_000) => expect.poll(fn, { timeout });
const DAY = String.raw`\d{4}-\d{2}-\d{2}`;

/** A watched page in `lang` at `viewport` (browser.ts). */
const pageFor = (lang: 'en' | 'zh-Hant', viewport: { width: number; height: number }, options?: { clock?: boolean }) =>
  watchedPage(browser, lang, viewport, options);

const newAccount = (name: string) => apiClient(baseUrl).signInByCode(`${name}-${Date.now()}@example.com`);
const photos = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `p${i}.png`, mimeType: 'image/png', buffer: photo }));

/** The file name the page saves `button`'s download under. */
async function downloadedName(page: Page, press: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), press()]);
  return download.suggestedFilename();
}

it('en desktop: plural image room, offline refusal and a paused bar, downloads named per image', { timeout: 240_000 }, async () => {
  const session = await newAccount('words-en');
  const { context, page, failures } = await pageFor('en', DESKTOP, { clock: true });
  await openSignedIn(page, baseUrl, session, '/ai-workbench?mode=image-to-image');
  const upload = page.getByTestId('upload-input');
  await upload.setInputFiles(photos(4));
  await upload.setInputFiles(photos(2));
  await page.getByText('You can add 1 more image; the extra files were dropped.').waitFor();
  await upload.setInputFiles(photos(1));
  await page.getByText('No more images can be added; the extra files were dropped.').waitFor();

  // Offline before the run: Start is refused and says why.
  await page.goto(`${baseUrl}/ai-workbench`);
  await page.getByRole('textbox', { name: /prompt/i }).fill('a lighthouse at dusk');
  const start = page.getByRole('button', { name: 'Start generating' });
  await context.setOffline(true);
  await eventually(() => page.getByTestId('start-blocker').textContent()).toBe('You are offline. Connect to the internet to start.');
  expect(await start.isEnabled()).toBe(false);
  await settled(page);
  await snap(page, 'workbench-words-offline-refused-desktop-en');
  await context.setOffline(false);
  await eventually(() => start.isEnabled()).toBe(true);

  // Offline during a run: the note shows and the bar stops where it is, however long the clock runs.
  const release = await holdStatus(page);
  await start.click();
  const bar = page.getByRole('progressbar');
  await bar.waitFor();
  await page.clock.runFor(2_000);
  await eventually(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  await context.setOffline(true);
  await page.getByTestId('job-offline').waitFor();
  const held = await bar.getAttribute('aria-valuenow');
  await page.clock.runFor(10_000);
  expect(await bar.getAttribute('aria-valuenow')).toBe(held);
  await settled(page);
  await snap(page, 'workbench-words-offline-running-desktop-en');
  await context.setOffline(false);
  await release();
  await page.getByTestId('result-image').waitFor({ timeout: 60_000 });
  const single = await downloadedName(page, () => page.getByRole('button', { name: 'Download', exact: true }).click());
  expect(single).toMatch(new RegExp(`^text-to-image-[a-z0-9]{6}-${DAY}\\.png$`));

  // A batch of two: each download says its place and its own id.
  await page.getByTestId('image-count').getByRole('button', { name: '2', exact: true }).click();
  await start.click();
  await eventually(() => page.getByTestId('batch-result').count(), 180_000).toBe(2);
  const names: string[] = [];
  for (const card of await page.getByTestId('batch-result').all())
    names.push(await downloadedName(page, () => card.getByRole('button', { name: 'Download', exact: true }).click()));
  expect(names[0]).toMatch(new RegExp(`^text-to-image-1-[a-z0-9]{6}-${DAY}\\.png$`));
  expect(names[1]).toMatch(new RegExp(`^text-to-image-2-[a-z0-9]{6}-${DAY}\\.png$`));
  expect(new Set([single, ...names]).size).toBe(3);
  expect(failures).toEqual([]);
  await context.close();
});

it('zh-Hant phone: image room in Chinese; My creations search examples, reversed days, download name', { timeout: 180_000 }, async () => {
  const api = apiClient(baseUrl);
  const session = await api.signInByCode(`words-zh-${Date.now()}@example.com`);
  const started = await api.call('POST', '/api/generate-image', { token: session.token, json: { prompt: '海邊的燈塔' } });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const { context, page, failures } = await pageFor('zh-Hant', PHONE);
  await openSignedIn(page, baseUrl, session, '/ai-workbench?mode=image-to-image');
  const upload = page.getByTestId('upload-input');
  await upload.setInputFiles(photos(3));
  await upload.setInputFiles(photos(4));
  await page.getByText('還可以新增 2 張圖片；多出的檔案已略過。').waitFor();
  await settled(page);
  await snap(page, 'workbench-words-image-room-phone-zh');

  await page.goto(`${baseUrl}/records`);
  const search = page.getByRole('searchbox', { name: '依提示詞搜尋' });
  expect(await search.getAttribute('placeholder')).toBe('例如：狐狸、熊貓');
  const card = page.getByTestId('creations').getByRole('listitem').first();
  await eventually(() => card.getByRole('button', { name: '下載', exact: true }).isEnabled(), 90_000).toBe(true);
  const name = await downloadedName(page, () => card.getByRole('button', { name: '下載', exact: true }).click());
  expect(name).toMatch(new RegExp(`^text-to-image-[a-z0-9]{6}-${DAY}\\.png$`));

  // One day reversed: said as a reversed range, not "nothing matches".
  await page.getByLabel('開始日期').fill('2026-12-06');
  await page.getByLabel('結束日期').fill('2026-12-05');
  const reversed = page.getByTestId('creations-range-reversed');
  await reversed.waitFor();
  expect(await reversed.textContent()).toContain('「開始日期」晚於「結束日期」');
  expect(await page.getByText('沒有符合此搜尋的作品。').count()).toBe(0);
  await settled(page);
  await snap(page, 'workbench-words-reversed-days-phone-zh');
  expect(failures).toEqual([]);
  await context.close();
});

it('en desktop: My creations gives English search examples', { timeout: 60_000 }, async () => {
  const session = await newAccount('words-search-en');
  const { context, page, failures } = await pageFor('en', DESKTOP);
  await openSignedIn(page, baseUrl, session, '/records');
  const search = page.getByRole('searchbox', { name: 'Search by prompt' });
  expect(await search.getAttribute('placeholder')).toBe('e.g. fox, panda');
  expect(failures).toEqual([]);
  await context.close();
});
