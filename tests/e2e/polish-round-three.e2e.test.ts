import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, inject, it, onTestFailed } from 'vitest';
import { apiClient, openSignedIn, type ApiSession } from './api-client';
import { launchBrowser, nextVisitorIp, settled, snap, VISITOR_IP_HEADER } from './browser';

/**
 * A paying user's third walk: a data export that could not hold every image says what it left out
 * and makes a next part of it.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const DESKTOP = { width: 1366, height: 900 };
const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 60_000 });

async function pageFor(lang: 'en' | 'zh-Hant', viewport: { width: number; height: number }, deviceScaleFactor = 1) {
  const context = await browser.newContext({ viewport, deviceScaleFactor, acceptDownloads: true });
  await context.addInitScript((l) => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', l);
  }, lang);
  const page = await context.newPage();
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(String(error)));
  onTestFailed(async ({ task }) => {
    await snap(page, `failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(() => undefined);
  });
  return { context, page, failures };
}

/** A photo of noise (it does not compress): about 9.5 MB of PNG, under the 10 MB upload bound. */
async function heavyPhoto(seed: number): Promise<Buffer> {
  const side = 1780;
  const pixels = Buffer.alloc(side * side * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < pixels.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    pixels[i] = x >>> 24;
  }
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

async function upload(session: ApiSession, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  const res = await fetch(`${baseUrl}/api/upload/image`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}`, [VISITOR_IP_HEADER]: nextVisitorIp() },
    body: form,
  });
  expect(res.status).toBe(200);
}

it('en desktop: an export past the size bound says what it left out, and "Export the remaining" makes part 2', {
  timeout: 240_000,
}, async () => {
  const session = await apiClient(baseUrl).signInByCode(`export-parts-${Date.now()}@example.com`);
  // Five photos of about 9.5 MB: four fit the 40 MB bound, the fifth does not.
  for (let i = 0; i < 5; i++) await upload(session, await heavyPhoto(i + 1), `holiday-${i + 1}.png`);

  const { context, page, failures } = await pageFor('en', DESKTOP);
  await openSignedIn(page, baseUrl, session, '/personal-center/account');
  await page.getByRole('button', { name: 'Prepare my data' }).click({ timeout: 60_000 });
  const left = page.getByTestId('export-left-out');
  await left.waitFor({ timeout: 90_000 });
  expect(await page.getByTestId('export-ready').textContent()).toMatch(/Ready: 4 images, 3\d\.\d MB\./);
  expect(await left.textContent()).toMatch(/Not in this zip: 1 image \(9\.\d MB\)\. One zip holds at most 40 MB of images\./);
  await settled(page);
  await snap(page, 'polish3-export-left-out-desktop-en');

  await page.getByRole('button', { name: 'Export the remaining image' }).click();
  const part2 = page.getByRole('link', { name: 'Download part 2' });
  await part2.waitFor({ timeout: 90_000 });
  await eventually(() => page.getByTestId('export-ready').textContent()).toMatch(/Part 2 ready: 1 image, 9\.\d MB\./);
  expect(await left.count()).toBe(0);
  // Part 1 stays downloadable beside it.
  expect(await page.getByTestId('export-earlier-parts').textContent()).toMatch(/Part 1: 4 images, 3\d\.\d MB\./);
  await page.getByRole('link', { name: 'Download part 1' }).waitFor();
  await settled(page);
  await snap(page, 'polish3-export-part-2-desktop-en');
  const [file] = await Promise.all([page.waitForEvent('download'), part2.click()]);
  expect(file.suggestedFilename()).toMatch(/^image-studio-data-\d{4}-\d{2}-\d{2}-part-2\.zip$/);
  expect(failures).toEqual([]);
  await context.close();
});
