/**
 * Logo generation in Chromium: a description becomes a sheet of four logos with the
 * brand name set in type, downloadable as PNG and SVG; the suggestion chips speak the page's language.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { completeEmailSignIn, launchBrowser, snap } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

it('desktop: "Bean There coffee shop" gives a 1024 logo sheet with the name set in ink', { timeout: 120_000 }, async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${baseUrl}/ai-tools/logo-generation`);
  await page
    .getByRole('button', { name: /^sign in$/i })
    .first()
    .click();
  await completeEmailSignIn(page, baseUrl, `logo-${Date.now()}@example.com`);
  // Too short: the page says the rule before anything is sent, and Generate waits for it.
  await page.getByRole('textbox', { name: /describe your logo/i }).fill('Bean');
  await expect.poll(() => page.getByTestId('text-limit').textContent()).toBe('4 / 2,000 — needs at least 5 characters, add 1 more');
  expect(await page.getByRole('button', { name: 'Generate', exact: true }).isDisabled()).toBe(true);
  await page.getByRole('textbox', { name: /describe your logo/i }).fill('Bean There coffee shop');
  await page.getByRole('button', { name: 'minimal' }).click();
  expect(await page.getByRole('textbox', { name: /describe your logo/i }).inputValue()).toBe('Bean There coffee shop, minimal');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  const result = page.getByTestId('result-image');
  await result.waitFor({ timeout: 45_000 });
  const bytes = Buffer.from(await (await page.request.get(new URL((await result.getAttribute('src'))!, baseUrl).toString())).body());
  expect((await sharp(bytes).metadata()).width).toBe(1024);
  // Four variants on light and dark cells: both very dark and very light ink are present.
  const { data } = await sharp(bytes).greyscale().raw().toBuffer({ resolveWithObject: true });
  expect(data.filter((v) => v < 60).length / data.length).toBeGreaterThan(0.05);
  expect(data.filter((v) => v > 230).length / data.length).toBeGreaterThan(0.2);
  // The same drawing as a vector: the SVG download carries the brand name and no fonts or scripts.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download SVG' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^logo-\d{4}-\d{2}-\d{2}\.svg$/);
  const svg = readFileSync((await download.path())!, 'utf8');
  expect(svg).toMatch(/^<svg [^>]*width="1024"/);
  expect(svg).toContain('<title>Bean There</title>');
  expect(svg).not.toMatch(/<script|<text/);
  await snap(page, 'logo-desktop-result');
  await page.close();
});

it('zh-Hant on a phone: Chinese suggestion chips, a Chinese brand name set in type, PNG and SVG', { timeout: 120_000 }, async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, acceptDownloads: true });
  await context.addInitScript(() => localStorage.setItem('lang', 'zh-Hant'));
  const page = await context.newPage();
  await page.goto(`${baseUrl}/ai-tools/logo-generation`);
  await page.getByRole('button', { name: '極簡' }).waitFor({ timeout: 60_000 });
  for (const chip of ['商務', '創意', '科技']) await page.getByRole('button', { name: chip }).waitFor();
  await snap(page, 'logo-phone-zh');
  await page.getByRole('button', { name: '登入' }).first().click();
  await completeEmailSignIn(page, baseUrl, `logo-zh-${Date.now()}@example.com`, 'zh-Hant');
  await page.getByRole('textbox', { name: '描述您的標誌' }).fill('「豆子」咖啡店');
  await page.getByRole('button', { name: '極簡' }).click();
  await page.getByRole('button', { name: '生成', exact: true }).click();
  const result = page.getByTestId('result-image');
  await result.waitFor({ timeout: 45_000 });
  const bytes = Buffer.from(await (await page.request.get(new URL((await result.getAttribute('src'))!, baseUrl).toString())).body());
  expect((await sharp(bytes).metadata()).width).toBe(1024);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下載 SVG' }).click()]);
  const svg = readFileSync((await download.path())!, 'utf8');
  expect(svg).toContain('<title>豆子</title>');
  expect(svg).not.toMatch(/NaN|<script|<text/);
  await snap(page, 'logo-phone-zh-result');
  await context.close();
});
