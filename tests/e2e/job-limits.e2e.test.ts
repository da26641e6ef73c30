/**
 * Every limit is explained on the page before a request is sent, in the reader's language: a live
 * counter that says what to do ("2,001 / 2,000 — shorten by 1 character"), the submit button
 * disabled with its reason under it, and a server refusal of an input named by its field, never
 * the validator's English. In Traditional Chinese the workbench's inspiration and style texts read
 * as Chinese (the job is sent the English style description), and face swap's fixed instruction too.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { apiClient, openSignedIn, useLanguage } from './api-client';
import { launchBrowser, settled, snap } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

const limitNote = (page: Page) => page.getByTestId('text-limit');
const blocker = (page: Page) => page.getByTestId('start-blocker');

/** A refusal the server could send for a job's input: the validator's English, with the field. */
async function refuseInput(page: Page, field: string) {
  await page.route('**/api/generate-image', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, error: { code: 'VALIDATION_FAILED', message: 'must be at most 2000 characters', field } }),
    }),
  );
}

it('English, desktop: tool notes, the logo description and the workbench prompt say their limits before anything is sent', {
  timeout: 120_000,
}, async () => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const sent: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && r.url().includes('/api/generate-image') && sent.push(r.url()));

  // A photo tool's optional notes: 2,000 characters at most (the catalogue's rule).
  await page.goto(`${baseUrl}/ai-tools/sketch-style`);
  const notes = page.getByRole('textbox', { name: /extra wishes/i });
  await notes.fill('a'.repeat(2001));
  await expect.poll(() => limitNote(page).textContent()).toBe('2,001 / 2,000 — shorten by 1 character');
  expect(await page.getByRole('button', { name: 'Generate', exact: true }).isDisabled()).toBe(true);
  expect(await blocker(page).textContent()).toBe('Shorten the text to 2,000 characters or fewer to generate.');
  await snap(page, 'limits-tool-en-desktop');
  await notes.fill('a'.repeat(2000));
  await expect.poll(() => limitNote(page).textContent()).toBe('2,000 / 2,000');
  expect(await page.getByRole('button', { name: 'Generate', exact: true }).isDisabled()).toBe(false);

  // The logo description: at least 5 characters, said before the first press.
  await page.goto(`${baseUrl}/ai-tools/logo-generation`);
  const logo = page.getByRole('textbox', { name: /describe your logo/i });
  await logo.waitFor();
  expect(await blocker(page).textContent()).toBe('Describe your logo in at least 5 characters to generate.');
  await logo.fill('abc');
  await expect.poll(() => limitNote(page).textContent()).toBe('3 / 2,000 — needs at least 5 characters, add 2 more');
  expect(await page.getByRole('button', { name: 'Generate', exact: true }).isDisabled()).toBe(true);
  await snap(page, 'limits-logo-en-desktop');
  await logo.fill('Bean There');
  await expect.poll(() => blocker(page).count()).toBe(0);

  // The workbench prompt: 5,000 characters at most; Start says why it is disabled.
  await page.goto(`${baseUrl}/ai-workbench`);
  const prompt = page.getByRole('textbox', { name: 'Prompt' });
  await prompt.waitFor();
  expect(await blocker(page).textContent()).toBe('Write a prompt to start.');
  await prompt.fill('a'.repeat(5001));
  await expect.poll(() => limitNote(page).textContent()).toBe('5,001 / 5,000 — shorten by 1 character');
  expect(await page.getByRole('button', { name: 'Start generating' }).isDisabled()).toBe(true);
  expect(await blocker(page).textContent()).toBe('Shorten the prompt to 5,000 characters or fewer to start.');
  await snap(page, 'limits-workbench-en-desktop');
  expect(sent).toEqual([]);
  await context.close();
});

it('English: a server refusal of an input names the field, not the validator’s English', { timeout: 120_000 }, async () => {
  const session = await apiClient(baseUrl).signInByCode(`limits-refused-${Date.now()}@example.com`);
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await openSignedIn(page, baseUrl, session, '/ai-tools/logo-generation');
  await refuseInput(page, 'extra');
  await page.getByRole('textbox', { name: /describe your logo/i }).fill('Bean There coffee shop');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  const failure = page.getByTestId('generation-failure');
  await failure.waitFor();
  expect(await failure.textContent()).toContain('The server did not accept the description. Please check it and try again.');
  expect(await page.locator('body').textContent()).not.toContain('must be at most');
  await context.close();
});

it('繁體中文, phone: limits in Chinese, Chinese inspiration and style texts, the English style sent out of sight', {
  timeout: 180_000,
}, async () => {
  const session = await apiClient(baseUrl).signInByCode(`limits-zh-${Date.now()}@example.com`);
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, acceptDownloads: true });
  await useLanguage(context, 'zh-Hant');
  const page = await context.newPage();

  await openSignedIn(page, baseUrl, session, '/ai-tools/sketch-style');
  const notes = page.getByRole('textbox', { name: '額外需求（選填）' });
  await notes.fill('貓'.repeat(2001));
  await expect.poll(() => limitNote(page).textContent()).toBe('2,001 / 2,000 — 請刪減 1 個字元');
  expect(await page.getByRole('button', { name: '生成', exact: true }).isDisabled()).toBe(true);
  expect(await blocker(page).textContent()).toBe('請將文字縮短至 2,000 個字元以內，即可生成。');
  await snap(page, 'limits-tool-zh-phone');

  await page.goto(`${baseUrl}/ai-tools/logo-generation`);
  const logo = page.getByRole('textbox', { name: '描述您的標誌' });
  // A Chinese brand is counted per script: two characters are enough, one is not.
  await logo.fill('嵐');
  await expect.poll(() => limitNote(page).textContent()).toBe('1 / 2,000 — 至少需要 2 個字元，請再加 1 個');
  expect(await page.getByRole('button', { name: '生成', exact: true }).isDisabled()).toBe(true);
  expect(await blocker(page).textContent()).toBe('請用至少 2 個字元描述您的標誌，即可生成。');
  await snap(page, 'limits-logo-zh-phone');

  // A refused input, in Chinese.
  await refuseInput(page, 'extra');
  await logo.fill('豆子咖啡店的標誌');
  await page.getByRole('button', { name: '生成', exact: true }).click();
  await page.getByTestId('generation-failure').waitFor();
  expect(await page.getByTestId('generation-failure').textContent()).toContain('伺服器未接受您輸入的描述，請檢查後再試。');
  await page.unroute('**/api/generate-image');

  // Workbench: an inspiration tag fills Chinese; a style appends its Chinese description.
  await page.goto(`${baseUrl}/ai-workbench`);
  const prompt = page.getByRole('textbox', { name: '提示詞' });
  await prompt.waitFor();
  await page.getByRole('button', { name: '風景', exact: true }).click();
  expect(await prompt.inputValue()).toBe('雪山與平靜湖面上的黃金時刻，廣闊風景');
  await page.getByRole('button', { name: '動漫', exact: true }).click();
  expect(await prompt.inputValue()).toBe('雪山與平靜湖面上的黃金時刻，廣闊風景，動漫風格，線條乾淨，鮮明的賽璐璐上色');
  expect(await prompt.inputValue()).not.toMatch(/[A-Za-z]/);
  await settled(page);
  await snap(page, 'workbench-zh-style-phone');

  // The job gets the English style description in place of the Chinese one.
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/generate-image'),
    page.getByRole('button', { name: '開始生成' }).click(),
  ]);
  expect((request.postDataJSON() as { prompt: string }).prompt).toBe(
    '雪山與平靜湖面上的黃金時刻，廣闊風景, anime style, clean line art, vibrant cel shading',
  );
  await page.getByTestId('result-image').waitFor({ timeout: 60_000 });
  await snap(page, 'workbench-zh-result-phone');
  // Saved under its kind, the end of its id and the day, not generated-image.png.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下載', exact: true }).click()]);
  expect(download.suggestedFilename()).toMatch(/^text-to-image-[a-z0-9_]{6}-\d{4}-\d{2}-\d{2}\.png$/i);
  await context.close();
});

it('繁體中文: face swap’s Preview shows the fixed instruction in Chinese', { timeout: 90_000 }, async () => {
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2 });
  await useLanguage(context, 'zh-Hant');
  const page = await context.newPage();
  await page.goto(`${baseUrl}/ai-tools/face-swap`);
  await page.getByRole('heading', { name: '頭像製作' }).waitFor({ timeout: 60_000 });
  await page.getByTestId('engine-note').waitFor();
  expect(await page.getByTestId('engine-note').textContent()).not.toMatch(/No AI image model|server|伺服器未設定/);
  await page.locator('#face-swap-text').fill('友善的微笑');
  await page.getByRole('button', { name: '預覽提示詞' }).click();
  const prefix = page.getByTestId('prompt-prefix');
  await prefix.waitFor();
  expect(await prefix.textContent()).toMatch(/^生成一張逼真的單人肖像/);
  expect(await prefix.textContent()).not.toMatch(/[A-Za-z]{3,}/);
  await settled(page);
  await snap(page, 'face-swap-zh-preview-phone');
  await context.close();
});
