import type { Browser, Route } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { apiClient, openSignedIn, type ApiSession } from './api-client';
import { launchBrowser, nextVisitorIp, settled, snap, VISITOR_IP_HEADER, watchedPage } from './browser';
import { busyPhoto, engineSlots, startUpscale } from './busy-engine';

/**
 * A paying user's third walk: a data export that could not hold every image says what it left out
 * and makes a next part of it; a waiting batch shows each variation's place in the queue; a long
 * upscale past the end of its bar says the engine is still running it, and for how long.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const eventually = <T>(fn: () => T | Promise<T>, timeout = 60_000) => expect.poll(fn, { timeout });

/** A watched page in `lang` at `viewport` (browser.ts). */
const pageFor = (lang: 'en' | 'zh-Hant', viewport: { width: number; height: number }, options?: { clock?: boolean }) =>
  watchedPage(browser, lang, viewport, options);

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

async function upscaleState(session: ApiSession, id: string): Promise<{ status: string; queue: unknown }> {
  const response = await fetch(`${baseUrl}/api/image-upscale/status/${id}`, { headers: { authorization: `Bearer ${session.token}` } });
  return (await response.json()) as { status: string; queue: unknown };
}

/** Other users' upscales on every engine slot, running; returns a wait for them to end. */
async function fillEngine(stamp: number) {
  const api = apiClient(baseUrl);
  const owners = await Promise.all(Array.from({ length: engineSlots }, (_, i) => api.signInByCode(`fill-${i}-${stamp}@example.com`)));
  const image = await busyPhoto();
  const jobs = await Promise.all(owners.map((owner) => startUpscale(baseUrl, owner, image)));
  const states = () => Promise.all(jobs.map((id, i) => upscaleState(owners[i]!, id)));
  await expect
    .poll(async () => (await states()).every((s) => s.status === 'PROCESSING' && s.queue === null), { timeout: 60_000, interval: 250 })
    .toBe(true);
  return () =>
    expect.poll(async () => (await states()).every((s) => s.status !== 'PROCESSING'), { timeout: 240_000, interval: 500 }).toBe(true);
}

it('en desktop: each waiting variation of a batch says its own place in the queue', { timeout: 300_000 }, async () => {
  const session = await apiClient(baseUrl).signInByCode(`batch-queue-${Date.now()}@example.com`);
  const { context, page, failures } = await pageFor('en', DESKTOP);
  await openSignedIn(page, baseUrl, session, '/ai-workbench');
  await page.getByRole('textbox', { name: /prompt/i }).fill('a lighthouse at dusk');
  await page.getByTestId('image-count').getByRole('button', { name: '2', exact: true }).click();
  const engineFree = await fillEngine(Date.now());

  await page.getByRole('button', { name: 'Start generating' }).click();
  const places = page.getByTestId('batch-queue-place');
  await eventually(() => places.count()).toBe(2);
  const texts = await places.allTextContents();
  const ahead = texts.map((text) => {
    const found = text.match(
      /^Variation (\d) · Waiting — (?:you're next|(\d+) ahead of you)Starts in (?:a few seconds|about \d+ (?:seconds|minutes?))$/,
    );
    expect(found, text).not.toBeNull();
    return Number(found![2] ?? 0);
  });
  expect(texts.map((text) => text.slice(0, 11))).toEqual(['Variation 1', 'Variation 2']);
  // The batch queues in its order: variation 2 stands behind variation 1.
  expect(ahead[1]).toBeGreaterThan(ahead[0]!);
  await settled(page);
  await snap(page, 'polish3-batch-queue-desktop-en');

  await eventually(() => page.getByTestId('batch-result').count(), 240_000).toBe(2);
  expect(await places.count()).toBe(0);
  expect(failures).toEqual([]);
  await context.close();
  await engineFree();
});

it('zh-Hant phone: an upscale past the end of its bar says the engine is still running it, and for how long', {
  timeout: 300_000,
}, async () => {
  const session = await apiClient(baseUrl).signInByCode(`upscale-long-${Date.now()}@example.com`);
  const { context, page, failures } = await pageFor('zh-Hant', PHONE);
  // The page's timers run on a clock the test moves on: the bar's animation and the elapsed time.
  await context.clock.install();
  await openSignedIn(page, baseUrl, session, '/image-upscaler');
  await page.getByTestId('upscale-input').setInputFiles({ name: '雜訊.png', mimeType: 'image/png', buffer: await busyPhoto() });
  // The source's size in the page's language: 像素, not px.
  await eventually(() => page.getByTestId('source-size').textContent()).toMatch(/^480 × 480 像素 · /);

  // The server's first answer that the job runs is let through; later ones are held, so it stays running.
  const held: Route[] = [];
  let seenRunning = false;
  await page.route('**/api/image-upscale/status/**', async (route) => {
    if (seenRunning) return void held.push(route);
    const response = await route.fetch();
    const body = (await response.json()) as { status: string; queue: unknown };
    if (body.status === 'PROCESSING' && body.queue === null) seenRunning = true;
    await route.fulfill({ response });
  });
  await page.getByRole('button', { name: '開始增強', exact: true }).click();
  await eventually(async () => {
    await page.clock.runFor(2_000);
    return seenRunning;
  }).toBe(true);
  const note = page.getByTestId('upscale-still-running');
  expect(await note.count()).toBe(0);
  await page.clock.runFor(60_000);
  await eventually(() => note.textContent()).toMatch(/^引擎仍在處理（已 1 分 \d+ 秒）。大圖片需要較久，工作並未卡住。$/);
  expect(await page.getByText(/正在放大至 960 × 960 像素… 90%/).count()).toBe(1);
  await settled(page);
  await snap(page, 'polish3-upscale-still-running-phone-zh');

  await page.unroute('**/api/image-upscale/status/**');
  for (const route of held) await route.continue().catch(() => undefined);
  await eventually(async () => {
    await page.clock.runFor(2_000);
    return page.getByTestId('upscaled-image').count();
  }, 240_000).toBe(1);
  expect(await note.count()).toBe(0);
  expect(failures).toEqual([]);
  await context.close();
});

it("zh-Hant phone: an upscale's creation page lists its factor and output size in 像素", { timeout: 180_000 }, async () => {
  const session = await apiClient(baseUrl).signInByCode(`upscale-settings-${Date.now()}@example.com`);
  const small = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#6a5acd' } })
    .png()
    .toBuffer();
  const id = await startUpscale(baseUrl, session, small);
  await eventually(async () => (await upscaleState(session, id)).status, 120_000).toBe('COMPLETED');
  const records = (await (
    await fetch(`${baseUrl}/api/creation-records`, { headers: { authorization: `Bearer ${session.token}` } })
  ).json()) as { items?: { id: string; type: string }[] };
  const record = (records.items ?? []).find((r) => r.type === 'UPSCALED_IMAGE');
  expect(record, JSON.stringify(records).slice(0, 300)).toBeDefined();

  const { context, page, failures } = await pageFor('zh-Hant', PHONE);
  await openSignedIn(page, baseUrl, session, `/creation-record?id=${record!.id}`);
  const settings = page.getByTestId('creation-settings');
  await settings.waitFor({ timeout: 30_000 });
  expect(await settings.textContent()).toBe('放大倍數2×輸出尺寸128 × 96 像素');
  await settings.scrollIntoViewIfNeeded();
  await settled(page);
  await snap(page, 'polish3-upscale-settings-phone-zh');
  expect(failures).toEqual([]);
  await context.close();
});

it("zh-Hant phone: an ID photo's creation page lists its size and background colour", { timeout: 180_000 }, async () => {
  const session = await apiClient(baseUrl).signInByCode(`id-photo-settings-${Date.now()}@example.com`);
  const photo = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#c8b49c' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('toolId', 'id-photo-generation');
  form.append('size', 'passport');
  form.append('backgroundColor', '#FF0000');
  form.append('images', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'portrait.png');
  const started = await fetch(`${baseUrl}/api/generate-image/edit`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}` },
    body: form,
  });
  const { recordId } = (await started.json()) as { recordId?: string };
  expect(started.status).toBe(200);

  // The settings are the record's from the start, whatever the run makes of the photo.
  const { context, page, failures } = await pageFor('zh-Hant', PHONE);
  await openSignedIn(page, baseUrl, session, `/creation-record?id=${recordId}`);
  const settings = page.getByTestId('creation-settings');
  await settings.waitFor({ timeout: 30_000 });
  expect(await settings.textContent()).toBe('尺寸護照背景顏色紅色 · #ff0000');
  await settings.scrollIntoViewIfNeeded();
  await settled(page);
  await snap(page, 'polish3-id-photo-settings-phone-zh');
  expect(failures).toEqual([]);
  await context.close();
});
