/**
 * A page keeps following a job it started until the job ends (the issue "paying users trip over on
 * the job pages"): past the polling window it says the job is taking a while and keeps asking, and
 * when the server goes away mid-job it says "Reconnecting…", keeps asking with back-off, and picks
 * the job up again when a restarted server resumes it from the database (docs/decisions/022).
 *
 * To get past 60 polls without waiting two minutes, the job is held in the engine's queue behind
 * another user's upscale and the page's clock is moved on poll by poll (Playwright's clock), while
 * the server-side job really is still waiting.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { type ApiSession, apiClient, openSignedIn, useLanguage } from './api-client';
import { busyPhoto, engineSlots, startUpscale } from './busy-engine';
import { launchBrowser, snap } from './browser';

const baseUrl = inject('baseUrl');
const photo = readFileSync(new URL('../fixtures/photos/astronaut.png', import.meta.url));
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** An upscale's status as its owner reads it. */
async function upscaleState(url: string, session: ApiSession, id: string) {
  const response = await fetch(`${url}/api/image-upscale/status/${id}`, { headers: { authorization: `Bearer ${session.token}` } });
  return (await response.json()) as { status: string; queue: unknown };
}

async function upscaleRuns(url: string, session: ApiSession, id: string): Promise<boolean> {
  const state = await upscaleState(url, session, id);
  return state.status === 'PROCESSING' && state.queue === null;
}

/**
 * What keeps the engine busy: 4× upscales of 360² noise. Admission estimates a job by its output
 * megapixels and kind, whatever the factor, and 4× runs more network passes per output pixel than 2×
 * (≈ 1.6× the seconds per MP in `npm run bench:upscaler`). So these hold the engine about 1.6× as long
 * as the 720² 2× upscales they replace, for the same estimated wait; those ended before the 65th poll
 * in a CI run once the upscaler got faster.
 */
const FILLER: Filler = { side: 360, factor: 4 };
interface Filler {
  side: number;
  factor: 2 | 4 | 8;
}

/** Fills every engine slot with another user's upscale and waits until each runs. */
async function fillEngine(url: string, count: number, prefix: string, filler = FILLER) {
  const api = apiClient(url);
  const stamp = Date.now();
  const fillers = await Promise.all(
    Array.from({ length: count }, (_, i) => api.signInByCode(`${prefix}-filler-${i}-${stamp}@example.com`)),
  );
  const image = await busyPhoto(filler.side);
  const jobs = await Promise.all(fillers.map((session) => startUpscale(url, session, image, filler.factor)));
  await expect
    .poll(async () => (await Promise.all(jobs.map((id, i) => upscaleRuns(url, fillers[i]!, id)))).every(Boolean), {
      timeout: 60_000,
      interval: 250,
    })
    .toBe(true);
  return { fillers, jobs };
}

/**
 * One FILLER upscale run to the end first, so the server's estimate of an upscale (the measured
 * seconds per MP of recent ones, or a cautious 55 s/MP before any) is this machine's. Without it a
 * server with no finished upscale yet refuses the queued fillers as too long a wait, and the test
 * passed only when earlier files in its shard had run upscales.
 */
async function measureOneUpscale(url: string) {
  const owner = await apiClient(url).signInByCode(`follow-measure-${Date.now()}@example.com`);
  const id = await startUpscale(url, owner, await busyPhoto(FILLER.side), FILLER.factor);
  await expect.poll(async () => (await upscaleState(url, owner, id)).status, { timeout: 240_000, interval: 500 }).toBe('COMPLETED');
}

/**
 * More users' upscales, queued behind the running ones: the page's job waits behind every one of
 * them (round-robin between users), so the wait outlasts the polls the test runs through even on an
 * idle machine whose engine finishes one upscale within a few seconds.
 */
async function queueBehind(url: string, count: number, prefix: string) {
  const api = apiClient(url);
  const stamp = Date.now();
  const owners = await Promise.all(Array.from({ length: count }, (_, i) => api.signInByCode(`${prefix}-queued-${i}-${stamp}@example.com`)));
  const image = await busyPhoto(FILLER.side);
  const jobs = await Promise.all(owners.map((session) => startUpscale(url, session, image, FILLER.factor)));
  return { fillers: owners, jobs };
}

async function waitForEngineIdle(url: string, fillers: ApiSession[], jobs: string[]) {
  await expect
    .poll(async () => !(await Promise.all(jobs.map((id, i) => upscaleRuns(url, fillers[i]!, id)))).some(Boolean), {
      timeout: 240_000,
      interval: 500,
    })
    .toBe(true);
}

/** The status calls the page makes for its job. */
const isStatusCall = (url: string) => url.includes('/api/generate-image/status/');

async function openSketchTool(page: Page, url: string, session: ApiSession) {
  await openSignedIn(page, url, session, '/ai-tools/sketch-style');
  await page.getByTestId('tool-upload').setInputFiles({ name: 'astronaut.png', mimeType: 'image/png', buffer: photo });
}

// One upscale to measure, then four (FILLER) before the page's job: minutes when the other shard or
// another process shares the cores, so the limits are generous (they are a safety net, not a speed test).
it('past the polling window the page says it is taking a while, keeps polling, and still shows the result', {
  timeout: 540_000,
}, async () => {
  const waiter = await apiClient(baseUrl).signInByCode(`follow-waiter-${Date.now()}@example.com`);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // The page's timers run on a clock the test can move on: installed before the first navigation.
  await context.clock.install();
  const page = await context.newPage();
  await openSketchTool(page, baseUrl, waiter);
  await measureOneUpscale(baseUrl);
  const running = await fillEngine(baseUrl, engineSlots, 'follow');
  const queued = await queueBehind(baseUrl, 3, 'follow');
  const fillers = [...running.fillers, ...queued.fillers];
  const jobs = [...running.jobs, ...queued.jobs];

  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await page.getByTestId('queue-place').waitFor({ timeout: 30_000 });
  expect(await page.getByTestId('job-slow').count()).toBe(0);

  // 65 polls, each answered by the server: more than the 60 of the old window, after which the page
  // used to reset itself and give up on the job.
  for (let poll = 0; poll < 65; poll++) {
    const answered = page.waitForResponse((r) => isStatusCall(r.url()) && r.ok(), { timeout: 20_000 });
    await page.clock.runFor(2_000);
    await answered.catch(async (error) => {
      const screen = (await page.locator('main').textContent()) ?? '';
      throw new Error(`no status answer for poll ${poll}; the page says: ${screen.slice(0, 400)}`, { cause: error });
    });
  }
  const slow = page.getByTestId('job-slow');
  await slow.waitFor({ timeout: 10_000 });
  expect(await slow.textContent()).toMatch(/taking a while.*My creations/);
  // Still the job's waiting screen: no reset to the empty form, no failure.
  expect(await page.getByTestId('queue-place').count()).toBe(1);
  expect(await page.getByTestId('generation-failure').count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Waiting…', exact: true }).isDisabled()).toBe(true);
  await snap(page, 'job-follow-slow-desktop');

  // The upscale ends, the job runs, and its result arrives on the same page.
  const result = page.getByTestId('result-image');
  await result.waitFor({ timeout: 420_000 });
  expect(await slow.count()).toBe(0);
  const response = await page.request.get(new URL((await result.getAttribute('src'))!, baseUrl).toString());
  expect(response.status()).toBe(200);
  await snap(page, 'job-follow-result-desktop');
  await context.close();
  await waitForEngineIdle(baseUrl, fillers, jobs);
});

/** A server of this test's own, on its own data directory and port, as `npm start` runs it. */
function startOwnServer(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      APP_ENV: 'test',
      TRUST_PROXY: 'x-real-ip',
      PASSWORD_KDF_LOG_N: '4',
      // One engine thread: one upscale fills it, so the page's job waits in the queue when the server goes away.
      ENGINE_PARALLELISM: '1',
      ENGINE_THREADS: '1',
      LOG_REQUESTS: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  return (async () => {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`own server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('own server did not start within 2 minutes');
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
}

/** A crash, not a shutdown: the process group dies at once, with its jobs mid-way. */
function crash(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    process.kill(-child.pid!, 'SIGKILL');
  });
}

it('a server restart mid-job: the page says it is reconnecting, then ends on the result', { timeout: 420_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-e2e-restart-'));
  const port = 40_000 + Math.floor(Math.random() * 20_000);
  const url = `http://127.0.0.1:${port}`;
  let server = await startOwnServer(dataDir, port);
  try {
    const waiter = await apiClient(url).signInByCode(`restart-waiter-${Date.now()}@example.com`);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    const page = await context.newPage();
    await openSketchTool(page, url, waiter);
    // A short upscale: long enough to hold the one slot while the server dies, short enough to redo.
    await fillEngine(url, 1, 'restart', { side: 320, factor: 2 });
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await page.getByTestId('queue-place').waitFor({ timeout: 30_000 });

    await crash(server);
    const reconnecting = page.getByTestId('job-reconnecting');
    await reconnecting.waitFor({ timeout: 30_000 });
    expect(await reconnecting.textContent()).toMatch(/Reconnecting…/);
    // Still following the job: no failure card, no reset to the empty form.
    expect(await page.getByTestId('generation-failure').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Waiting…', exact: true }).isDisabled()).toBe(true);
    await snap(page, 'job-follow-reconnecting-phone');

    // Back on the same address and data: the queue is in the database, and the job resumes.
    server = await startOwnServer(dataDir, port);
    const result = page.getByTestId('result-image');
    await result.waitFor({ timeout: 300_000 });
    expect(await page.getByTestId('generation-failure').count()).toBe(0);
    const response = await page.request.get(new URL((await result.getAttribute('src'))!, url).toString());
    expect(response.status()).toBe(200);
    expect(await reconnecting.count()).toBe(0);
    await snap(page, 'job-follow-after-restart-phone');
    await context.close();
  } finally {
    await crash(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** A job status as the API answers it. */
const jobStatus = (status: 'PROCESSING' | 'FAILED', failureCode: string | null = null) => ({
  success: true,
  id: 'job_stubbed',
  recordId: 'rec_stubbed',
  status,
  imageUrl: null,
  message: null,
  error: null,
  errorMessage: null,
  failureCode,
  errorCategory: null,
  credits: 4,
  svgUrl: null,
  seed: null,
  queue: null,
});

it.each([
  ['en', 'No face found in the photo', 'No credits were used: they are back in your balance.'],
  ['zh-Hant', '照片中找不到人臉', '這次沒有扣點：點數已退回您的餘額。'],
] as const)(
  '%s: a face swap the server failed ends on the failure card, which says the credits came back',
  async (lang, reason, refund) => {
    const session = await apiClient(baseUrl).signInByCode(`follow-failed-${lang}-${Date.now()}@example.com`);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    await useLanguage(context, lang);
    const page = await context.newPage();
    // The page's side of a charged job that fails: started, then answered FAILED with its code.
    await page.route('**/api/generate-image', (route) => route.fulfill({ json: jobStatus('PROCESSING') }));
    await page.route('**/api/generate-image/status/**', (route) => route.fulfill({ json: jobStatus('FAILED', 'NO_FACE_FOUND') }));
    await openSignedIn(page, baseUrl, session, '/ai-tools/face-swap');
    await page.locator('#face-swap-text').fill(lang === 'en' ? 'A friendly smile' : '友善的微笑');
    await page.getByRole('button', { name: lang === 'en' ? 'Generate' : '生成', exact: true }).click();
    const failure = page.getByTestId('generation-failure');
    await failure.waitFor({ timeout: 30_000 });
    expect(await failure.textContent()).toContain(reason);
    expect(await failure.textContent()).toContain(refund);
    await failure.scrollIntoViewIfNeeded();
    await snap(page, `face-swap-failed-${lang}-phone`);
    await context.close();
  },
);

it.each([
  ['en', 'Applied to your picture: Hair colour: Platinum · Head accessories: Sunglasses'],
  ['zh-Hant', '已套用到您的圖片：髮色：白金色 · 頭部配飾：墨鏡'],
] as const)('%s: a finished face swap says which options the engine applied', async (lang, said) => {
  const session = await apiClient(baseUrl).signInByCode(`follow-applied-${lang}-${Date.now()}@example.com`);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await useLanguage(context, lang);
  const page = await context.newPage();
  const done = {
    ...jobStatus('PROCESSING'),
    status: 'COMPLETED',
    imageUrl: '/favicon.svg',
    appliedOptions: { hair_color: 'platinum', head_accessories: 'sunglasses', unknown_key: 'x' },
  };
  await page.route('**/api/generate-image', (route) => route.fulfill({ json: jobStatus('PROCESSING') }));
  await page.route('**/api/generate-image/status/**', (route) => route.fulfill({ json: done }));
  await openSignedIn(page, baseUrl, session, '/ai-tools/face-swap');
  await page.locator('#face-swap-text').fill(lang === 'en' ? 'A friendly smile' : '友善的微笑');
  await page.getByRole('button', { name: lang === 'en' ? 'Generate' : '生成', exact: true }).click();
  const applied = page.getByTestId('applied-options');
  await applied.waitFor({ timeout: 30_000 });
  expect(await applied.textContent()).toBe(said);
  await context.close();
});
