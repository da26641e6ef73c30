/**
 * The photo tools in Chromium: every tool page turns a real photo into its result; the ID
 * photo comes back at the exact print size on exactly the chosen colour (preset or typed), at the density that prints it at its labelled width;
 * size cards and colour swatches work by keyboard; zh-Hant on a phone.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { completeEmailSignIn, launchBrowser, snap } from './browser';
import { ID_PHOTO_SIZES } from '@worker/contract/tools';

const baseUrl = inject('baseUrl');
const photo = readFileSync(new URL('../fixtures/photos/astronaut.png', import.meta.url));
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Uploads the astronaut, presses Generate, waits for the result and returns the result's bytes. */
async function runTool(page: Page, generate: RegExp | string = 'Generate') {
  await page.getByTestId('tool-upload').setInputFiles({ name: 'astronaut.png', mimeType: 'image/png', buffer: photo });
  await page.getByRole('button', { name: generate, exact: typeof generate === 'string' }).click();
  const result = page.getByTestId('result-image');
  await result.waitFor({ timeout: 45_000 });
  const response = await page.request.get(new URL((await result.getAttribute('src'))!, baseUrl).toString());
  expect(response.status()).toBe(200);
  return Buffer.from(await response.body());
}

async function signedInPage(context: BrowserContext, route: string) {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/ai-tools/${route}`);
  await page
    .getByRole('button', { name: /^sign in$/i })
    .first()
    .click();
  await completeEmailSignIn(page, baseUrl, `tools-${route}-${Date.now()}@example.com`);
  return page;
}

// 20 free credits buy five 4-credit runs: the tools are split over two accounts.
for (const routes of [
  ['pop-art-portrait', 'anime-style', 'oil-painting', 'watercolor', 'sketch-style'],
  ['cyberpunk', 'professional-portrait', 'photo-restoration'],
]) {
  it(`desktop: ${routes.join(', ')} each turn the photo into their look`, { timeout: 240_000 }, async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await signedInPage(context, routes[0]!);
    for (const route of routes) {
      if (!page.url().endsWith(`/ai-tools/${route}`)) await page.goto(`${baseUrl}/ai-tools/${route}`);
      const bytes = await runTool(page);
      const { width, height, channels } = await sharp(bytes).metadata();
      expect([width, height]).toEqual([256, 256]);
      const stats = await sharp(bytes).stats();
      // A sketch is gray; every other tool keeps colour.
      const spread =
        Math.max(...stats.channels.slice(0, 3).map((c) => c.mean)) - Math.min(...stats.channels.slice(0, 3).map((c) => c.mean));
      if (route === 'sketch-style') expect(spread).toBeLessThan(1);
      else expect(channels).toBeGreaterThanOrEqual(3);
      await snap(page, `tools-desktop-${route}`);
    }
    await context.close();
  });
}

it('ID photo: passport on the red preset comes back 413×531 px at 300 dpi (3.5×4.5 cm), red at the border; keyboard picks size and colour', {
  timeout: 120_000,
}, async () => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await signedInPage(context, 'id-photo-generation');
  // Keyboard: the size cards and the swatches are radio groups.
  await page.getByRole('radio', { name: /1 inch/i }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  expect(await page.getByRole('radio', { name: /passport/i }).isChecked()).toBe(true);
  // Swatches are read out by name, not as hex codes.
  await page.getByRole('radio', { name: 'White', exact: true }).first().focus();
  await page.keyboard.press('ArrowRight');
  expect(await page.getByRole('radio', { name: 'Red', exact: true }).first().isChecked()).toBe(true);
  await snap(page, 'tools-id-photo-options');
  const bytes = await runTool(page);
  const meta = await sharp(bytes).metadata();
  expect([meta.width, meta.height, meta.density]).toEqual([413, 531, ID_PHOTO_SIZES.passport.dpi]);
  const { data } = await sharp(bytes).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
  expect([...data.subarray(0, 3)]).toEqual([255, 0, 0]);
  await snap(page, 'tools-id-photo-result');
  await context.close();
});

it('zh-Hant on a phone: a typed custom colour is checked, then used exactly', { timeout: 120_000 }, async () => {
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2 });
  await context.addInitScript(() => localStorage.setItem('lang', 'zh-Hant'));
  const page = await context.newPage();
  await page.goto(`${baseUrl}/ai-tools/id-photo-generation`);
  await page.getByRole('heading', { name: '證件照' }).waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: '更多顏色' }).click();
  const hex = page.getByRole('textbox', { name: '自訂顏色（#RRGGBB）' });
  await hex.fill('#12345');
  await page.getByText('請輸入 #RRGGBB 格式的顏色').waitFor();
  // Spec §4: no start while a tool input is invalid (it would quietly use the last valid colour).
  await expect.poll(() => page.getByRole('button', { name: '生成', exact: true }).isDisabled()).toBe(true);
  await hex.fill('#2e8b57');
  await expect.poll(() => page.getByRole('button', { name: '生成', exact: true }).isDisabled()).toBe(false);
  await expect.poll(() => page.getByTestId('colour-current').textContent()).toContain('#2e8b57');
  await snap(page, 'tools-phone-zh-id-photo');
  await page.getByRole('button', { name: '登入' }).first().click();
  await completeEmailSignIn(page, baseUrl, `tools-zh-${Date.now()}@example.com`, 'zh-Hant');
  const bytes = await runTool(page, '生成');
  const { data } = await sharp(bytes).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
  expect([...data.subarray(0, 3)]).toEqual([0x2e, 0x8b, 0x57]);
  await snap(page, 'tools-phone-zh-id-photo-result');
  await context.close();
});

it('ID photo of a photo with no face says so and gives the credits back', { timeout: 120_000 }, async () => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await signedInPage(context, 'id-photo-generation');
  await expect.poll(() => page.getByTestId('header-credits').textContent()).toMatch(/20$/);
  const coffee = readFileSync(new URL('../fixtures/photos/coffee.png', import.meta.url));
  await page.getByTestId('tool-upload').setInputFiles({ name: 'coffee.png', mimeType: 'image/png', buffer: coffee });
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await page
    .getByRole('alert')
    .filter({ hasText: /No face found in the photo/ })
    .first()
    .waitFor({ timeout: 45_000 });
  // The failed job's single refund (spec §8): the balance is whole again.
  await expect.poll(() => page.getByTestId('header-credits').textContent()).toMatch(/20$/);
  // The reason stays in the result panel after the toast has gone, and says the credits came back.
  const note = page.getByTestId('generation-failure');
  await expect.poll(() => note.textContent()).toContain('No face found in the photo');
  expect(await note.textContent()).toContain('No credits were used');
  await snap(page, 'tools-id-photo-no-face');
  await context.close();
});

// Every style tool once more in Traditional Chinese on a phone, again over two accounts of 20 credits.
for (const tools of [
  [
    ['anime-style', '動漫風格'],
    ['sketch-style', '素描'],
    ['photo-restoration', '老照片修復'],
  ],
  [
    ['pop-art-portrait', '普普風人像'],
    ['oil-painting', '油畫'],
    ['watercolor', '水彩'],
    ['cyberpunk', '賽博龐克'],
    ['professional-portrait', '專業人像'],
  ],
] as const) {
  it(`zh-Hant on a phone: ${tools.map(([route]) => route).join(', ')} run from their Chinese pages`, { timeout: 240_000 }, async () => {
    const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2 });
    await context.addInitScript(() => localStorage.setItem('lang', 'zh-Hant'));
    const page = await context.newPage();
    const [[first, firstHeading]] = tools;
    await page.goto(`${baseUrl}/ai-tools/${first}`);
    await page.getByRole('heading', { name: firstHeading }).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: '登入' }).first().click();
    await completeEmailSignIn(page, baseUrl, `tools-zh-phone-${first}-${Date.now()}@example.com`, 'zh-Hant');
    for (const [route, heading] of tools) {
      if (!page.url().endsWith(route)) await page.goto(`${baseUrl}/ai-tools/${route}`);
      await page.getByRole('heading', { name: heading }).waitFor();
      const bytes = await runTool(page, '生成');
      expect((await sharp(bytes).metadata()).width).toBe(256);
      await snap(page, `tools-phone-zh-${route}`);
    }
    await context.close();
  });
}

it('the tools hub lists every tool with its icon and opens it', async () => {
  const page = await browser.newPage({ viewport: PHONE });
  await page.goto(`${baseUrl}/ai-tools-workbench`);
  await expect
    .poll(() =>
      page
        .getByRole('link')
        .filter({ has: page.locator('svg') })
        .count(),
    )
    .toBeGreaterThanOrEqual(11);
  await snap(page, 'tools-hub-phone');
  await page.getByRole('link', { name: /photo restoration/i }).click();
  await page.getByRole('heading', { name: /photo restoration/i }).waitFor();
  await page.close();
});
