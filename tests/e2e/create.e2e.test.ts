import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { completeEmailSignIn, launchBrowser, signInThroughModal, snap } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

it('generates from the workbench after signing in, shows progress and the image, lists and downloads it', async () => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/ai-workbench`);
  await page.getByRole('textbox', { name: /prompt/i }).fill('a red fox by a calm lake under snowy mountains at sunset');
  await page.getByRole('button', { name: 'Anime', exact: true }).click();
  expect(await page.getByRole('textbox', { name: /prompt/i }).inputValue()).toContain('anime style');
  await expect.poll(() => page.getByText(/Cost: 4 credits/).isVisible()).toBe(true);

  // Signed out: starting opens the login modal, and the generation continues after sign-in.
  await page.getByRole('button', { name: /start generating/i }).click();
  await completeEmailSignIn(page, baseUrl, `maker-${Date.now()}@example.com`);

  await page.getByRole('progressbar').waitFor({ timeout: 10_000 });
  await snap(page, 'workbench-progress');
  const image = page.getByTestId('result-image');
  await image.waitFor({ timeout: 30_000 });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1024);
  await snap(page, 'workbench-result');
  await expect.poll(() => page.getByTestId('header-credits').textContent()).toMatch(/16$/);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^text-to-image-[a-z0-9_]{6}-\d{4}-\d{2}-\d{2}\.png$/i);
  const meta = await sharp(readFileSync((await download.path())!)).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['png', 1024, 1024]);

  await page
    .getByRole('link', { name: /my creations/i })
    .first()
    .click();
  const cards = page.getByTestId('creations').getByRole('listitem');
  await expect.poll(() => cards.count()).toBe(1);
  await expect.poll(() => cards.first().getByText('Completed').isVisible()).toBe(true);
  await snap(page, 'my-creations');
  await context.close();
});

it('edits an uploaded photo in Traditional Chinese on a phone', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await page.goto(baseUrl);
  await page.evaluate(() => localStorage.setItem('lang', 'zh-Hant'));
  await page.goto(`${baseUrl}/ai-workbench?mode=image-to-image`);
  // The first CJK render of a fresh Chromium can be slow while fontconfig warms up.
  await page.getByRole('button', { name: '登入' }).first().waitFor({ timeout: 60_000 });
  await signInThroughModalZh(page);
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#4f7cff' } })
    .png()
    .toBuffer();
  await page.getByTestId('upload-input').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: photo });
  await page.getByRole('button', { name: '動漫風格' }).click();
  await page.getByRole('textbox', { name: '描述您想要的效果' }).fill('讓它變成復古照片');
  await page.getByRole('button', { name: '開始生成' }).click();
  const image = page.getByTestId('result-image');
  await image.waitFor({ timeout: 30_000 });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
  await snap(page, 'edit-zh-phone');
  await context.close();

  async function signInThroughModalZh(p: typeof page) {
    const email = `editor-${Date.now()}@example.com`;
    await p.getByRole('button', { name: '登入' }).first().click();
    await completeEmailSignIn(p, baseUrl, email, 'zh-Hant');
  }
});

it('draws a named subject from a Traditional Chinese prompt on a phone', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  await context.addInitScript(() => localStorage.setItem('lang', 'zh-Hant'));
  const page = await context.newPage();
  await page.goto(`${baseUrl}/ai-workbench`);
  await page.getByRole('button', { name: '登入' }).first().waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: '登入' }).first().click();
  await completeEmailSignIn(page, baseUrl, `ramen-${Date.now()}@example.com`, 'zh-Hant');
  await page.getByRole('textbox', { name: '提示詞' }).fill('一碗拉麵');
  await page.getByRole('button', { name: '開始生成' }).click();
  const image = page.getByTestId('result-image');
  await image.waitFor({ timeout: 30_000 });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1024);
  // The record keeps the user's words; which subjects they name is the renderer's unit tests' business.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const records = await (await fetch(`${baseUrl}/api/creation-records?size=1`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(JSON.stringify(records)).toContain('一碗拉麵');
  await snap(page, 'workbench-zh-phone-ramen');
  await context.close();
});

it('credits an inviter when a friend signs up through the invitation link', async () => {
  const a = await browser.newContext({ viewport: { width: 1280, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
  const pageA = await a.newPage();
  await pageA.goto(baseUrl);
  await signInThroughModal(pageA, baseUrl, `inviter-${Date.now()}@example.com`);
  await pageA.goto(`${baseUrl}/personal-center/invites`);
  await expect.poll(() => pageA.getByTestId('referral-link').inputValue()).toMatch(/\/login\?ref=[A-Z2-9]{8}$/);
  const link = await pageA.getByTestId('referral-link').inputValue();
  await pageA.getByRole('button', { name: /copy link/i }).click();
  await pageA.getByRole('button', { name: /copied/i }).waitFor();

  const b = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const pageB = await b.newPage();
  await pageB.goto(new URL(new URL(link).pathname + new URL(link).search, baseUrl).toString());
  await pageB.getByText(/invited you/).waitFor();
  await completeEmailSignIn(pageB, baseUrl, `friend-${Date.now()}@example.com`);

  await pageA.reload();
  await expect.poll(() => pageA.getByTestId('referred-users').getByRole('listitem').count()).toBe(1);
  await expect.poll(() => pageA.getByTestId('header-credits').textContent()).toMatch(/70$/);
  await snap(pageA, 'my-invites');
  await a.close();
  await b.close();
});

it('restyles a photo with a one-click tool', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${baseUrl}/ai-tools-workbench`);
  await page.getByRole('link', { name: /pop art portrait/i }).click();
  await signInThroughModal(page, baseUrl, `tool-${Date.now()}@example.com`);
  const photo = await sharp({ create: { width: 512, height: 512, channels: 3, background: '#e0a060' } })
    .jpeg()
    .toBuffer();
  await page.getByTestId('tool-upload').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await page.getByTestId('result-image').waitFor({ timeout: 30_000 });
  await snap(page, 'tool-pop-art');
  await page.goto(`${baseUrl}/records`);
  await expect
    .poll(() =>
      page
        .getByTestId('creations')
        .getByText(/pop art portrait/i)
        .isVisible(),
    )
    .toBe(true);
  await page.close();
});
