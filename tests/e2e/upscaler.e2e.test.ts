import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { completeEmailSignIn, launchBrowser, readCode, signInThroughModal, snap } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A small photo-like PNG (gradients and stripes, so the upscaler has edges to work on). */
async function photo(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = Math.round((255 * x) / width);
      pixels[i + 1] = (Math.floor(x / 6) + Math.floor(y / 6)) % 2 ? 200 : 60;
      pixels[i + 2] = Math.round((255 * y) / height);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** The factor segments are labels over visually hidden radios: click the segment, as a person does. */
async function pickFactor(page: Page, factor: 2 | 4 | 8) {
  const radio = page.getByRole('radio', { name: new RegExp(`^${factor}×`) });
  await page.locator('label', { has: radio }).click();
  await poll(() => radio.isChecked()).toBe(true);
}

/** The machine is shared with other work: give the page time (expect.poll's own default is 1 s). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('token')!);

/** A request-level upscale call, as any client could send it. */
async function uploadRequest(token: string, fields: Record<string, string>, image: Buffer) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'tiny.png');
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const response = await fetch(`${baseUrl}/api/image-upscale/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return {
    status: response.status,
    body: (await response.json()) as { id?: string; error?: { code: string; message: string; field?: string } },
  };
}

const balance = async (token: string) =>
  (
    (await (await fetch(`${baseUrl}/api/credits/balance`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      available: number;
    }
  ).available;

it('upscales a photo 2× after signing in: exact size, a comparison you drag or move by keyboard, a PNG download, an Upscaled card', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/image-upscaler`);

  // Spec §5: the upscaler needs an image first.
  await page.getByRole('button', { name: 'Enhance', exact: true }).click();
  await poll(() => page.getByRole('alert').filter({ hasText: 'Please upload an image first' }).first().isVisible()).toBe(true);

  await page.getByTestId('upscale-input').setInputFiles({ name: 'street.png', mimeType: 'image/png', buffer: await photo(160, 120) });
  await poll(() => page.getByTestId('source-size').textContent()).toMatch(/^160 × 120 px/);
  await poll(() => page.getByText('Output: 320 × 240 px').isVisible()).toBe(true);
  await poll(() => page.getByTestId('upscale-cost').textContent()).toMatch(/Cost: \d+ credits/);
  expect(await page.getByRole('radio', { name: /^2×/ }).isChecked()).toBe(true);
  await snap(page, 'upscaler-ready');

  // Signed out: Enhance opens the login modal and the upscale continues after sign-in.
  await page.getByRole('button', { name: 'Enhance', exact: true }).click();
  await completeEmailSignIn(page, baseUrl, `upscaler-${Date.now()}@example.com`);
  await page.getByRole('progressbar', { name: /upscale progress/i }).waitFor({ timeout: 10_000 });
  const result = page.getByTestId('upscaled-image');
  await result.waitFor({ timeout: 60_000 });
  await poll(() => result.evaluate((img: HTMLImageElement) => img.complete && [img.naturalWidth, img.naturalHeight])).toEqual([320, 240]);
  await poll(() => page.getByTestId('upscale-output-size').textContent()).toBe('320 × 240 px');
  await snap(page, 'upscaler-result');

  // The comparison: arrow keys move the divider, and so does dragging anywhere on the picture.
  const slider = page.getByRole('slider', { name: /before and after/i });
  expect(await slider.inputValue()).toBe('50');
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  expect(await slider.inputValue()).toBe('52');
  const box = (await page.getByTestId('before-after').boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await poll(async () => Number(await slider.inputValue())).toBeLessThan(25);
  expect(await result.evaluate((img: HTMLElement) => img.style.clipPath)).toMatch(/inset\(0(px)? 0(px)? 0(px)? (1\d|2[0-4])(\.\d+)?%\)/);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /download png/i }).click()]);
  // Factor and the day it was saved (the browser's local calendar day).
  const today = await page.evaluate(() => {
    const d = new Date();
    return [d.getFullYear(), d.getMonth() + 1, d.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
  });
  expect(download.suggestedFilename()).toBe(`upscaled-2x-${today}.png`);
  const meta = await sharp(readFileSync((await download.path())!)).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['png', 320, 240]);

  // My creations: the upscale has its own tab, and its Upscale action reopens the upscaler with it.
  await page
    .getByRole('link', { name: /my creations/i })
    .first()
    .click();
  await page.getByRole('tab', { name: 'Upscaled' }).click();
  const cards = page.getByTestId('creations').getByRole('listitem');
  await poll(() => cards.count()).toBe(1);
  await poll(() => cards.first().getByText('Upscaled 2× · 320 × 240 px').isVisible()).toBe(true);
  await snap(page, 'upscaler-my-creations');
  await cards.first().getByRole('button', { name: 'Upscale' }).click();
  await page.waitForURL(/\/image-upscaler\?imageUrl=/);
  await expect
    .poll(
      () =>
        page
          .getByTestId('source-size')
          .textContent({ timeout: 1000 })
          .catch(() => ''),
      { timeout: 20_000 },
    )
    .toMatch(/^320 × 240 px/);
  await context.close();
});

it('upscales a small image 8× on a phone; the API refuses factor 3 and the page refuses foreign image links', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/image-upscaler`);
  await signInThroughModal(page, baseUrl, `eight-${Date.now()}@example.com`);
  const token = await tokenOf(page);

  // Request level: 3 is not a factor; nothing is charged.
  const before = await balance(token);
  const refused = await uploadRequest(token, { scaleFactor: '3', faceEnhancement: 'false' }, await photo(32, 24));
  expect(refused.status).toBe(400);
  expect(refused.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'scaleFactor' });
  expect(await balance(token)).toBe(before);

  // Pasted, as a copied screenshot would be.
  const pasted = (await photo(40, 30)).toString('base64');
  await page.evaluate((b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'clipboard.png', { type: 'image/png' }));
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
  }, pasted);
  await poll(() => page.getByTestId('source-size').textContent()).toMatch(/^40 × 30 px/);
  await pickFactor(page, 8);
  await poll(() => page.getByText('Output: 320 × 240 px').isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Enhance', exact: true }).click();
  const result = page.getByTestId('upscaled-image');
  await result.waitFor({ timeout: 60_000 });
  await poll(() => result.evaluate((img: HTMLImageElement) => img.complete && [img.naturalWidth, img.naturalHeight])).toEqual([320, 240]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await snap(page, 'upscaler-8x-phone');

  // The address bar is not trusted: an image link to another site is not fetched.
  const foreign: string[] = [];
  page.on('request', (r) => r.url().startsWith('https://example.com') && foreign.push(r.url()));
  await page.goto(`${baseUrl}/image-upscaler?imageUrl=${encodeURIComponent('https://example.com/cat.png')}`);
  await page.getByText('Only images from this site can be opened in the upscaler').waitFor();
  expect(foreign).toEqual([]);
  await context.close();
});

it('a workbench result opens in the upscaler with Upscale; a factor over the pixel budget offers to shrink the image first', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${baseUrl}/ai-workbench`);
  await signInThroughModal(page, baseUrl, `from-workbench-${Date.now()}@example.com`);
  await page.getByRole('textbox', { name: /prompt/i }).fill('a lighthouse on a cliff at dusk');
  await page.getByRole('button', { name: /start generating/i }).click();
  await page.getByTestId('result-image').waitFor({ timeout: 45_000 });
  await page.getByRole('button', { name: 'Upscale', exact: true }).click();
  await page.waitForURL(/\/image-upscaler\?imageUrl=%2Fapi%2Ffiles%2Fusers%2F/);
  await expect
    .poll(
      () =>
        page
          .getByTestId('source-size')
          .textContent({ timeout: 1000 })
          .catch(() => ''),
      { timeout: 20_000 },
    )
    .toMatch(/^1024 × 1024 px/);
  // 1024² fits the 16-megapixel output budget at 2× only.
  expect(await page.getByRole('radio', { name: /^2×/ }).isChecked()).toBe(true);
  expect(await page.getByText('Needs shrinking').count()).toBe(2);
  await poll(() => page.getByText('Output: 2048 × 2048 px').isVisible()).toBe(true);
  await expect.poll(() => page.getByRole('button', { name: 'Enhance', exact: true }).isEnabled(), { timeout: 10_000 }).toBe(true);
  await snap(page, 'upscaler-from-workbench');

  // 8×: the page says the limit and offers to shrink to 500 × 500 (4000 × 4000 out) before any charge.
  await pickFactor(page, 8);
  const fit = page.getByTestId('upscale-fit');
  await poll(() => fit.textContent()).toContain('At 8× an image can be at most about 500 × 500 px; this one is 1024 × 1024 px.');
  await poll(() => page.getByText('Output: too large at 8×').isVisible()).toBe(true);
  // Enhance without choosing says what to do, and starts nothing.
  await page.getByRole('button', { name: 'Enhance', exact: true }).click();
  await poll(() => page.getByRole('alert').filter({ hasText: 'shrink it to fit, or choose a smaller factor' }).first().isVisible()).toBe(
    true,
  );
  const shrink = page.getByRole('checkbox', { name: 'Shrink it to 500 × 500 px first, then upscale to 4000 × 4000 px' });
  await page.locator('label', { has: shrink }).click();
  await poll(() => shrink.isChecked()).toBe(true);
  await poll(() => page.getByText('Output: 4000 × 4000 px').isVisible()).toBe(true);
  await snap(page, 'upscaler-fit-8x');
  // Or the largest factor it fits as it is.
  await fit.getByRole('button', { name: 'Use 2× instead (2048 × 2048 px, full detail)' }).click();
  await poll(() => page.getByRole('radio', { name: /^2×/ }).isChecked()).toBe(true);
  expect(await fit.count()).toBe(0);
  await page.close();
});

it('out of credits: the server text and a way to Pricing', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${baseUrl}/image-upscaler`);
  await signInThroughModal(page, baseUrl, `broke-${Date.now()}@example.com`);
  const token = await tokenOf(page);
  const options = (await (await fetch(`${baseUrl}/api/image-upscale/options`)).json()) as { costByFactor: Record<string, number> };
  const tiny = await photo(24, 16);
  // Spend the free credits through the API until an 8× no longer fits.
  while ((await balance(token)) >= options.costByFactor['8']!) {
    expect((await uploadRequest(token, { scaleFactor: '8' }, tiny)).status).toBe(200);
  }
  const serverSays = await uploadRequest(token, { scaleFactor: '8' }, tiny);
  expect(serverSays.status).toBe(402);
  expect(serverSays.body.error?.code).toBe('INSUFFICIENT_CREDITS');

  await page.reload();
  await page.getByTestId('upscale-input').setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: tiny });
  await pickFactor(page, 8);
  await page.getByRole('button', { name: 'Enhance', exact: true }).click();
  const error = page.getByTestId('upscale-error');
  await error.waitFor();
  expect(await error.textContent()).toContain(serverSays.body.error!.message);
  await snap(page, 'upscaler-no-credits');
  await error.getByRole('link', { name: /get more credits/i }).click();
  await page.waitForURL(/\/pricing$/);
  await page.close();
});

it('speaks Traditional Chinese on a phone, from upload to the comparison', { timeout: 120_000 }, async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await page.goto(baseUrl);
  await page.evaluate(() => localStorage.setItem('lang', 'zh-Hant'));
  await page.goto(`${baseUrl}/image-upscaler`);
  // The first CJK render of a fresh Chromium can be slow while fontconfig warms up.
  await page.getByRole('heading', { name: '圖片放大', level: 1 }).waitFor({ timeout: 60_000 });
  expect(await page.getByRole('switch', { name: '臉部增強' }).isChecked()).toBe(false);
  await page.getByText('找出臉部，以更大的 AI 模型重新繪製，再減少皮膚雜訊、銳化眼睛與嘴唇，並柔和地融入照片。').first().waitFor();
  await page.getByRole('heading', { name: '常見問題' }).waitFor();

  await page.getByRole('button', { name: '開始增強' }).click();
  await page.getByRole('alert').filter({ hasText: '請先上傳圖片' }).first().waitFor();
  await page.getByTestId('upscale-input').setInputFiles({ name: '照片.png', mimeType: 'image/png', buffer: await photo(64, 48) });
  const faceSwitch = page.getByRole('switch', { name: '臉部增強' });
  await page.locator('label', { has: faceSwitch }).click();
  await poll(() => faceSwitch.isChecked()).toBe(true);
  await page.getByRole('button', { name: '開始增強' }).click();

  const email = `zh-upscale-${Date.now()}@example.com`;
  await page.getByRole('button', { name: '使用電子郵件繼續' }).click();
  await page.getByRole('textbox', { name: '電子郵件' }).fill(email);
  await page.getByRole('button', { name: '發送驗證碼' }).click();
  await page.getByRole('textbox', { name: '驗證碼' }).fill(await readCode(baseUrl, email));
  await page.getByRole('button', { name: '驗證並登入' }).click();

  await page.getByTestId('upscaled-image').waitFor({ timeout: 60_000 });
  await page.getByRole('slider', { name: '放大前後對比' }).waitFor();
  await poll(() => page.getByTestId('upscale-output-size').textContent()).toBe('128 × 96 像素');
  await page.getByText('已開啟臉部增強').waitFor();
  await page.getByRole('button', { name: '下載 PNG' }).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await snap(page, 'upscaler-zh-phone');
  await context.close();
});
