/**
 * The engine's queue in Chromium: while other users' upscales hold every engine slot, a tool job
 * waits its turn instead of failing. The page says where it stands ("Waiting — you're next"), in a
 * polite live region, with no percent progress, and the result still arrives once a slot frees.
 */
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { type ApiSession, apiClient, openSignedIn } from './api-client';
import { busyPhoto, engineSlots, startUpscale } from './busy-engine';
import { launchBrowser, snap } from './browser';

const baseUrl = inject('baseUrl');
const photo = readFileSync(new URL('../fixtures/photos/astronaut.png', import.meta.url));
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/**
 * Noise, so the upscaler cannot take a shortcut. 2× of 480×480 (~0.9 MP out) runs for tens of seconds
 * on one busy thread: long enough to be running when the click comes, short enough that the waiting
 * job starts well inside the page's polling window (60 polls × 2 s).
 */
interface UpscaleState {
  status: string;
  queue: { ahead: number; estimatedStartSeconds: number } | null;
}

async function upscaleState(session: ApiSession, id: string): Promise<UpscaleState> {
  const response = await fetch(`${baseUrl}/api/image-upscale/status/${id}`, { headers: { authorization: `Bearer ${session.token}` } });
  return (await response.json()) as UpscaleState;
}

it('a tool job waits its turn behind other users’ upscales, says so, then shows its result', { timeout: 300_000 }, async () => {
  const api = apiClient(baseUrl);
  const stamp = Date.now();
  // One filler user per slot: a user may run two jobs at once, but one each keeps the picture simple.
  const fillers = await Promise.all(
    Array.from({ length: engineSlots }, (_, i) => api.signInByCode(`queue-filler-${i}-${stamp}@example.com`)),
  );
  const waiter = await api.signInByCode(`queue-waiter-${stamp}@example.com`);

  // The waiter's tool page is ready before the engine fills, so nothing but the click comes after it.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await openSignedIn(page, baseUrl, waiter, '/ai-tools/sketch-style');
  await page.getByTestId('tool-upload').setInputFiles({ name: 'astronaut.png', mimeType: 'image/png', buffer: photo });

  const image = await busyPhoto();
  const jobs = await Promise.all(fillers.map((session) => startUpscale(baseUrl, session, image)));
  // Every slot busy: each filler job has left the queue and runs.
  await expect
    .poll(
      async () => {
        const states = await Promise.all(jobs.map((id, i) => upscaleState(fillers[i]!, id)));
        return states.every((s) => s.status === 'PROCESSING' && s.queue === null);
      },
      { timeout: 60_000, interval: 250 },
    )
    .toBe(true);

  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  const place = page.getByTestId('queue-place');
  await place.waitFor({ timeout: 30_000 });
  await expect.poll(() => place.textContent(), { timeout: 15_000 }).toMatch(/Waiting — (you're next|\d+ ahead of you)/);
  expect(await place.textContent()).toMatch(/Starts in (a few seconds|about \d+ (seconds|minutes?))/);
  // Announced without interrupting: a polite live region that reads as one sentence.
  expect(await place.getAttribute('role')).toBe('status');
  expect(await place.getAttribute('aria-live')).toBe('polite');
  // Nothing is being drawn yet, so no percent: the button says it waits.
  expect(await page.getByRole('button', { name: 'Waiting…', exact: true }).isDisabled()).toBe(true);
  await snap(page, 'queue-waiting-desktop');

  // A slot frees, the job runs and its image arrives; the waiting note is gone.
  const result = page.getByTestId('result-image');
  await result.waitFor({ timeout: 240_000 });
  expect(await place.count()).toBe(0);
  const response = await page.request.get(new URL((await result.getAttribute('src'))!, baseUrl).toString());
  expect(response.status()).toBe(200);
  await snap(page, 'queue-result-desktop');
  await context.close();

  // Leave the engine idle for the next test file.
  await expect
    .poll(async () => (await Promise.all(jobs.map((id, i) => upscaleState(fillers[i]!, id)))).every((s) => s.status !== 'PROCESSING'), {
      timeout: 240_000,
      interval: 500,
    })
    .toBe(true);
});
