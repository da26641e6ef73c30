/**
 * The workbench's advanced options and variations (decision 035). In English on a desktop: open the
 * advanced options, generate, reuse the result's seed and get the same picture (compared as pixels:
 * every file carries its own signed Content Credentials). In Traditional Chinese on a phone: a batch
 * of four priced before the start, four results in a grid, one of them upscaled.
 */
import http from 'node:http';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { apiClient, type ApiSession, openSignedIn, useLanguage } from './api-client';
import { launchBrowser, snap } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const poll = <T>(fn: () => Promise<T>, timeout = 60_000) => expect.poll(fn, { timeout });

/** The decoded pixels of an image the page shows (its signed URL needs no session). */
async function pixelsAt(src: string): Promise<Buffer> {
  const url = new URL(src, baseUrl);
  const bytes = await new Promise<Buffer>((resolve, reject) => {
    http
      .get(url, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks)));
      })
      .on('error', reject);
  });
  return sharp(bytes).raw().toBuffer();
}

const resultSrc = (page: Page) => page.getByTestId('result-image').first().getAttribute('src');

it('en, desktop: advanced options → generate → reuse the seed → the same picture', { timeout: 180_000 }, async () => {
  const session = await apiClient(baseUrl).signInByCode(`options-en-${Date.now()}@example.com`);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await useLanguage(context, 'en');
  const page = await context.newPage();
  await openSignedIn(page, baseUrl, session, '/ai-workbench');

  await page.getByRole('textbox', { name: /prompt/i }).fill('a red fox and a rabbit in a meadow');
  // Collapsed by default; opened from the keyboard.
  const disclosure = page.getByRole('button', { name: 'Advanced options' });
  expect(await disclosure.getAttribute('aria-expanded')).toBe('false');
  await disclosure.focus();
  await page.keyboard.press('Enter');
  expect(await disclosure.getAttribute('aria-expanded')).toBe('true');
  await page.getByLabel('Negative prompt').fill('rabbit');
  await page.getByLabel('Steps').fill('30');
  // The offline engine draws: it says up front which options it does not use.
  await poll(() => page.getByTestId('engine-ignores').textContent()).toContain('Steps');
  await poll(() => page.getByTestId('run-price').textContent()).toMatch(/1 × \d+ credits/);
  await snap(page, 'generation-options-advanced-en');

  await page.getByRole('button', { name: 'Start generating' }).click();
  await page.getByTestId('result-image').waitFor({ timeout: 90_000 });
  const seedText = (await page.getByTestId('result-seed').textContent()) ?? '';
  const seed = /Seed (\d+)/.exec(seedText)?.[1];
  expect(seed).toMatch(/^\d+$/);
  // Steps differ from the default, and this engine has none: the result says so.
  await poll(() => page.getByTestId('ignored-options').textContent()).toContain('Steps');
  const firstSrc = (await resultSrc(page))!;
  // Unlocked, the seed field empties after the run: the next run would draw a new seed.
  expect(await page.getByTestId('seed-input').inputValue()).toBe('');
  await snap(page, 'generation-options-result-en');

  await page.getByTestId('reuse-seed').click();
  expect(await page.getByTestId('seed-input').inputValue()).toBe(seed);
  await page.getByRole('button', { name: 'Start generating' }).click();
  await poll(async () => {
    const src = await resultSrc(page).catch(() => null);
    return src !== null && src !== firstSrc;
  }, 90_000).toBe(true);
  await poll(() => page.getByTestId('result-seed').textContent()).toBe(`Seed ${seed}`);
  const again = await pixelsAt((await resultSrc(page))!);
  expect(again.equals(await pixelsAt(firstSrc))).toBe(true);

  // The lock: "More like this" draws a new seed, and the locked field keeps it for the next run.
  await page.getByTestId('seed-lock').click();
  expect(await page.getByTestId('seed-input').inputValue()).toBe('');
  const secondSrc = (await resultSrc(page))!;
  await page.getByTestId('more-like-this').click();
  await poll(async () => {
    const src = await resultSrc(page).catch(() => null);
    return src !== null && src !== secondSrc;
  }, 90_000).toBe(true);
  const fresh = /(\d+)/.exec((await page.getByTestId('result-seed').textContent()) ?? '')?.[1];
  expect(fresh).not.toBe(seed);
  await poll(() => page.getByTestId('seed-input').inputValue()).toBe(fresh);
  await context.close();
});

/** Buys a credit pack for `session` through the sandbox checkout page, as a customer would. */
async function buyPack(session: ApiSession, pack: string) {
  const order = await apiClient(baseUrl).call<{ checkoutUrl: string }>('POST', `/api/credits/packages/${pack}/purchase`, {
    token: session.token,
    json: { gateway: 'STRIPE' },
  });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(order.body.checkoutUrl);
  await page.getByRole('button', { name: /^pay \$/i }).click();
  await page.waitForURL(/\/payment\/stripe\/success/);
  await context.close();
}

it('zh-Hant, phone: a batch of 4 is priced first, shows four results, and one is upscaled', { timeout: 420_000 }, async () => {
  const session = await apiClient(baseUrl).signInByCode(`options-zh-${Date.now()}@example.com`);
  await buyPack(session, 'pack_100');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  await useLanguage(context, 'zh-Hant');
  const page = await context.newPage();
  await openSignedIn(page, baseUrl, session, '/ai-workbench');

  await page.getByRole('textbox', { name: '提示詞' }).fill('海邊的燈塔');
  await page.getByTestId('image-count').getByRole('button', { name: '4', exact: true }).click();
  // The price before the start: four times one image's cost.
  const price = (await page.getByTestId('run-price').textContent()) ?? '';
  const [, count, each, total] = /(\d+) × (\d+) 點.*?(\d+)/.exec(price) ?? [];
  expect(Number(count)).toBe(4);
  expect(Number(total)).toBe(4 * Number(each));
  await snap(page, 'generation-options-batch-ready-zh');

  await page.getByRole('button', { name: '開始生成' }).click();
  await poll(() => page.getByTestId('batch-result').count(), 300_000).toBe(4);
  expect(await page.getByTestId('batch-failed').count()).toBe(0);
  await poll(() => page.getByTestId('batch-progress').textContent()).toBe('已完成 4 / 4 張圖片');
  const seeds = await page.getByTestId('result-seed').allTextContents();
  expect(new Set(seeds).size).toBe(4);
  await snap(page, 'generation-options-batch-zh');

  const chosen = page.getByTestId('batch-result').nth(2);
  const chosenSrc = (await chosen.getByTestId('result-image').getAttribute('src'))!;
  await chosen.getByRole('button', { name: '放大', exact: true }).click();
  await page.waitForURL(/\/image-upscaler\?imageUrl=/);
  expect(new URL(page.url()).searchParams.get('imageUrl')).toBe(chosenSrc);
  await page.getByRole('button', { name: '開始增強', exact: true }).click();
  await page.getByTestId('upscaled-image').waitFor({ timeout: 300_000 });
  await poll(() => page.getByTestId('upscale-output-size').textContent(), 60_000).toMatch(/^2048 × 2048 /);
  await snap(page, 'generation-options-upscaled-zh');
  await context.close();
});
