import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { type ApiSession, apiClient, openSignedIn } from './api-client';
import { busyPhoto, engineSlots, startUpscale } from './busy-engine';
import { launchBrowser, snap } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function smallPhoto(): Promise<Buffer> {
  const [width, height] = [120, 90];
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width;
    pixels[i] = (x * 2) & 255;
    pixels[i + 1] = Math.floor(x / 8) % 2 ? 200 : 50;
    pixels[i + 2] = 128;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

async function upscaleState(session: ApiSession, id: string) {
  const response = await fetch(`${baseUrl}/api/image-upscale/status/${id}`, { headers: { authorization: `Bearer ${session.token}` } });
  return (await response.json()) as { status: string; queue: unknown };
}

it('keeps following an upscale past the polling window and through failed checks, then shows the result', {
  timeout: 420_000,
}, async () => {
  const api = apiClient(baseUrl);
  const stamp = Date.now();
  const fillers = await Promise.all(
    Array.from({ length: engineSlots }, (_, i) => api.signInByCode(`follow-filler-${i}-${stamp}@example.com`)),
  );
  const user = await api.signInByCode(`follow-user-${stamp}@example.com`);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // The page's timers run on a clock the test can move; installed before any app script runs.
  await page.clock.install();
  await openSignedIn(page, baseUrl, user, '/image-upscaler');
  await page.getByTestId('upscale-input').setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: await smallPhoto() });
  await expect.poll(() => page.getByText('Output: 240 × 180 px').isVisible(), { timeout: 15_000 }).toBe(true);

  // Every engine slot busy with someone else's upscale and as many more waiting, so this one waits long.
  const image = await busyPhoto();
  const owners = [...fillers, ...fillers];
  const jobs = await Promise.all(owners.map((session) => startUpscale(baseUrl, session, image)));
  const states = () => Promise.all(jobs.map((id, i) => upscaleState(owners[i]!, id)));
  await expect
    .poll(async () => (await states()).filter((s) => s.status === 'PROCESSING' && !s.queue).length, { timeout: 60_000, interval: 250 })
    .toBe(engineSlots);

  await page.getByRole('button', { name: 'Enhance', exact: true }).click();
  await page.getByTestId('queue-place').waitFor({ timeout: 30_000 });

  // Status checks fail (as while the server restarts): the page says it is reconnecting, keeps the job.
  let blocked = true;
  await page.route('**/api/image-upscale/status/**', (route) => (blocked ? route.abort('connectionrefused') : route.continue()));
  const reconnecting = page.getByTestId('upscale-reconnecting');
  await reconnecting.waitFor({ timeout: 30_000 });
  expect(await reconnecting.textContent()).toContain('Reconnecting…');
  expect(await page.getByTestId('upscale-error').count()).toBe(0);
  blocked = false;
  await reconnecting.waitFor({ state: 'detached', timeout: 30_000 });

  // Past the spec's window (30 × 2 s): a calm note, no error, still working.
  await page.clock.fastForward(61_000);
  const slow = page.getByTestId('upscale-slow');
  await slow.waitFor({ timeout: 15_000 });
  expect(await slow.getAttribute('role')).toBe('status');
  expect(await slow.textContent()).toMatch(/taking a while.*My creations/);
  expect(await page.getByTestId('upscale-error').count()).toBe(0);
  expect(await page.getByRole('button', { name: /Waiting…|Enhancing…/ }).isDisabled()).toBe(true);
  await snap(page, 'upscaler-follow-slow-desktop');

  // Minutes later by the page's clock, the job ends and its result is on screen.
  await page.clock.fastForward(120_000);
  const result = page.getByTestId('upscaled-image');
  await result.waitFor({ timeout: 300_000 });
  await expect
    .poll(() => result.evaluate((img: HTMLImageElement) => img.complete && [img.naturalWidth, img.naturalHeight]), { timeout: 30_000 })
    .toEqual([240, 180]);
  expect(await slow.count()).toBe(0);
  expect(await page.getByTestId('upscale-error').count()).toBe(0);
  await snap(page, 'upscaler-follow-result-desktop');
  await context.close();

  // Leave the engine idle for the next test file.
  await expect
    .poll(async () => (await states()).every((s) => s.status !== 'PROCESSING'), {
      timeout: 240_000,
      interval: 500,
    })
    .toBe(true);
});
