/**
 * Face swap / avatar builder in Chromium: image mode end to end on desktop in English —
 * spec §5 checks, options from the dropdowns, the Preview modal's prompt edited and used, sign-in
 * through the login modal continuing the generation, the edited photo, Preview and a download named
 * face-swap-result.png — and text mode in Traditional Chinese on a phone.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { completeEmailSignIn, launchBrowser, snap } from './browser';

const baseUrl = inject('baseUrl');
const photo = readFileSync(new URL('../fixtures/photos/astronaut.png', import.meta.url));
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Picks a value in one option's select, by the option's key and the value's label. */
async function choose(page: Page, option: string, value: string) {
  const select = page.getByTestId(`option-${option}`).getByRole('combobox');
  await select.selectOption({ label: value });
  await expect.poll(() => select.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent)).toBe(value);
}

async function resultBytes(page: Page) {
  const result = page.getByTestId('result-image');
  await result.waitFor({ timeout: 90_000 });
  const response = await page.request.get(new URL((await result.getAttribute('src'))!, baseUrl).toString());
  expect(response.status()).toBe(200);
  return Buffer.from(await response.body());
}

async function downloaded(download: Download) {
  const chunks: Buffer[] = [];
  for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

it('desktop, English, image mode: checks, options, an edited prompt, sign-in in the modal, the edited photo and its download', {
  timeout: 240_000,
}, async () => {
  const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/ai-tools/face-swap`);
  await page.getByRole('heading', { name: 'Avatar builder' }).waitFor({ timeout: 60_000 });
  await page.getByTestId('engine-note').waitFor();
  expect(await page.getByTestId('engine-note').textContent()).toMatch(/built-in engine/);

  // Spec §5: text mode needs a description or an option; image mode needs the photo first.
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect
    .poll(() => page.getByRole('main').getByRole('alert').textContent())
    .toBe('Enter a description or choose at least one option');
  await page.getByRole('tab', { name: 'Image to image' }).click();
  await expect.poll(() => page.getByTestId('engine-note').textContent()).toMatch(/built-in photo engine/);
  await choose(page, 'hair_color', 'Platinum');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect.poll(() => page.getByRole('main').getByRole('alert').textContent()).toBe('Please upload an image first');

  await page.getByTestId('face-swap-upload').setInputFiles({ name: 'astronaut.png', mimeType: 'image/png', buffer: photo });
  await page.getByTestId('upload-preview').waitFor();
  await choose(page, 'head_accessories', 'Round glasses');
  await page.getByRole('tab', { name: /Environment/ }).click();
  await choose(page, 'background', 'Grey studio');
  await page.getByText('3 options chosen').waitFor();

  // Beyond the spec: the compiled prompt, prefix fixed, description editable.
  await page.getByRole('button', { name: 'Preview prompt' }).click();
  const preview = page.getByTestId('prompt-preview');
  await preview.waitFor();
  expect(await page.getByTestId('prompt-prefix').textContent()).toMatch(
    /Preserve the person's identity, likeness and facial structure exactly/,
  );
  const description = page.getByTestId('prompt-description');
  expect(await description.inputValue()).toBe(
    'Character features: platinum blonde hair, wearing round glasses. Environmental characteristics: a plain grey studio backdrop.',
  );
  await description.fill(
    'Character features: platinum blonde hair, wearing round glasses, a warm smile. Environmental characteristics: a plain grey studio backdrop.',
  );
  await snap(page, 'face-swap-desktop-preview');
  await preview.getByRole('button', { name: 'Use this prompt' }).click();
  await page.getByText('You are generating with your edited prompt.').waitFor();

  // Signed out: Generate opens the login modal, and the generation goes on after signing in.
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await completeEmailSignIn(page, baseUrl, `face-swap-desktop-${Date.now()}@example.com`);
  const bytes = await resultBytes(page);
  await snap(page, 'face-swap-desktop-result');

  // The photo came back edited: same size, new grey studio backdrop in the corner, the face kept.
  const meta = await sharp(bytes).metadata();
  expect([meta.width, meta.height]).toEqual([256, 256]);
  const corner = async (png: Buffer) => [
    ...(await sharp(png).extract({ left: 250, top: 4, width: 1, height: 1 }).removeAlpha().raw().toBuffer()),
  ];
  const [r, g, b] = await corner(bytes);
  expect(b!).toBeGreaterThan(r!); // the studio paper is grey-blue; the original wall is warm
  expect(Math.abs(r! - g!)).toBeLessThan(30);
  expect(await corner(bytes)).not.toEqual(await corner(photo));

  // The server received the edited description behind the identity prefix.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const records = await (await fetch(`${baseUrl}/api/creation-records?size=5`, { headers: { authorization: `Bearer ${token}` } })).json();
  const record = records.items[0];
  expect(record.prompt).toMatch(/^Edit the attached portrait photo\. Preserve the person's identity/);
  expect(record.prompt).toContain('a warm smile');

  // Preview modal, then Download with the spec's file name.
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await page.getByTestId('result-preview').waitFor();
  await snap(page, 'face-swap-desktop-result-preview');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('result-preview').getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('face-swap-result.png');
  const file = await downloaded(download);
  expect(file.subarray(1, 4).toString()).toBe('PNG');

  // a finished result offers Upscale, which opens the upscaler with it.
  await page.keyboard.press('Escape');
  await page.getByTestId('result-preview').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Upscale', exact: true }).click();
  await page.waitForURL(/\/image-upscaler\?imageUrl=%2Fapi%2Ffiles%2Fusers%2F/);
  await expect.poll(() => page.getByTestId('source-size').textContent()).toMatch(/^256 × 256 px/);
  await context.close();
});

it('phone, Traditional Chinese, text mode: Random, the prompt preview, sign-in and an illustrated avatar', {
  timeout: 240_000,
}, async () => {
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, acceptDownloads: true });
  await context.addInitScript(() => localStorage.setItem('lang', 'zh-Hant'));
  const page = await context.newPage();
  await page.goto(`${baseUrl}/ai-tools/face-swap`);
  await page.getByRole('heading', { name: '頭像製作' }).waitFor({ timeout: 60_000 });
  await page.getByTestId('engine-note').waitFor();
  expect(await page.getByTestId('engine-note').textContent()).toMatch(/插畫風頭像/);
  await page.getByRole('tab', { name: '角色' }).waitFor();

  await page.getByRole('button', { name: '隨機' }).click();
  expect((await page.locator('#face-swap-text').inputValue()).length).toBeGreaterThan(5);
  await expect.poll(() => page.getByText(/已選 \d+ 個選項/).textContent()).toMatch(/已選 ([3-9]|10) 個選項/);
  await page.getByRole('button', { name: '全部清除' }).click();
  expect(await page.locator('#face-swap-text').inputValue()).toBe('');
  await page.getByText('已選 0 個選項').waitFor();

  // Options by hand, with Chinese value labels from the catalogue.
  await choose(page, 'hair_color', '紅色');
  await choose(page, 'head_accessories', '圓框眼鏡');
  await page.locator('#face-swap-text').fill('一位友善的設計師');
  await page.getByRole('button', { name: '預覽提示詞' }).click();
  const description = page.getByTestId('prompt-description');
  expect(await description.inputValue()).toBe('一位友善的設計師。 Character features: copper red hair, wearing round glasses.');
  // The fixed instruction in the reader's language; the model is sent the English one.
  expect(await page.getByTestId('prompt-prefix').textContent()).toMatch(/^生成一張逼真的單人肖像/);
  await snap(page, 'face-swap-phone-zh-preview');
  await page.getByRole('button', { name: '關閉' }).click();

  await page.getByRole('button', { name: '登入' }).first().click();
  await completeEmailSignIn(page, baseUrl, `face-swap-zh-${Date.now()}@example.com`, 'zh-Hant');

  await page.getByRole('button', { name: '生成', exact: true }).click();
  const bytes = await resultBytes(page);
  const meta = await sharp(bytes).metadata();
  expect([meta.width, meta.height]).toEqual([1024, 1024]);
  await snap(page, 'face-swap-phone-zh-result');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下載' }).click()]);
  expect(download.suggestedFilename()).toBe('face-swap-result.png');
  await context.close();
});
