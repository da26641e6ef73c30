/**
 * Share links and lineage (docs/decisions/036). English on a desktop: the owner shares a creation
 * from My creations, a signed-out visitor opens the link and sees the image with its AI label, the
 * owner revokes it and the link 404s. Traditional Chinese on a phone: the shared page speaks
 * Chinese, and an upscale's page shows the creation it was made from, linked.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { type ApiSession, apiClient, openSignedIn, useLanguage } from './api-client';
import { launchBrowser, settled, snap } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious or critical axe findings on the page as it stands (as a11y.e2e.test.ts counts them). */
async function axeFindings(page: Page) {
  await page.evaluate(AXE);
  const results = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<unknown> } }).axe.run(document, {
      resultTypes: ['violations'],
    }),
  )) as { violations: { id: string; impact: string | null }[] };
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

type Api = ReturnType<typeof apiClient>;
interface Status {
  status: string;
  recordId: string;
  imageUrl: string | null;
}

/** A finished text-to-image creation of the session's user (small, so the offline engine is quick). */
async function finishedCreation(api: Api, session: ApiSession, prompt: string) {
  const started = await api.call<{ id: string }>('POST', '/api/generate-image', {
    token: session.token,
    json: { prompt, width: 256, height: 256 },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return waitFor(api, session, `/api/generate-image/status/${started.body.id}`);
}

async function waitFor(api: Api, session: ApiSession, path: string) {
  let done: Status | undefined;
  await expect
    .poll(
      async () => {
        done = (await api.call<Status>('GET', path, { token: session.token })).body;
        return done.status;
      },
      { timeout: 90_000, interval: 500 },
    )
    .toBe('COMPLETED');
  return done!;
}

it('en desktop: share from My creations, open signed out, revoke, the link 404s', { timeout: 180_000 }, async () => {
  const api = apiClient(baseUrl);
  const session = await api.signInByCode(`share-en-${Date.now()}@example.com`);
  const created = await finishedCreation(api, session, 'a lighthouse at dusk');

  const owner = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await useLanguage(owner, 'en');
  const page = await owner.newPage();
  await openSignedIn(page, baseUrl, session, '/records');
  const card = page.getByTestId('creations').getByRole('listitem').first();
  await card.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this creation' });
  await dialog.getByRole('switch', { name: 'Show the prompt on the shared page' }).click({ force: true });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const field = dialog.getByTestId('share-url');
  await field.waitFor();
  const url = await field.inputValue();
  expect(url).toMatch(new RegExp(`^${baseUrl}/s/[A-Za-z0-9_-]{24}$`));
  await settled(page);
  await snap(page, 'share-dialog-en-desktop');
  expect(await axeFindings(page)).toEqual([]);

  // A fresh context: no token, no storage; the page is the server's HTML (its CSP would refuse the injected axe).
  const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', bypassCSP: true });
  const shared = await visitor.newPage();
  const response = await shared.goto(url);
  expect(response?.status()).toBe(200);
  await shared.getByRole('heading', { name: 'Text to image' }).waitFor();
  await expect.poll(() => shared.getByTestId('ai-label').textContent()).toBe('AI-generated');
  expect(await shared.getByTestId('shared-prompt').textContent()).toBe('a lighthouse at dusk');
  const image = shared.getByRole('img', { name: 'AI-generated image (Text to image)' });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect(await shared.locator('meta[property="og:image"]').getAttribute('content')).toBe(`${url}/image`);
  const html = await shared.content();
  for (const secret of [session.user.email, session.user.id, '/api/files']) expect(html).not.toContain(secret);
  expect(await shared.getByRole('link', { name: 'Create your own' }).getAttribute('href')).toBe('/');
  await snap(shared, 'shared-page-en-desktop');
  expect(await axeFindings(shared)).toEqual([]);

  await dialog.getByRole('button', { name: 'Revoke link' }).click();
  await dialog.getByRole('button', { name: 'Create link' }).waitFor();
  const gone = await shared.goto(url);
  expect(gone?.status()).toBe(404);
  await shared.getByRole('heading', { name: 'This link does not work' }).waitFor();
  expect((await shared.goto(`${url}/image`))?.status()).toBe(404);
  await visitor.close();

  // "Upscale" on the card carries the creation along: the upscale started from it is its derived creation.
  await page.keyboard.press('Escape');
  await card.getByRole('button', { name: 'Upscale' }).click();
  await page.waitForURL(/\/image-upscaler\?.*sourceRecordId=/);
  await expect
    .poll(
      () =>
        page
          .getByTestId('source-size')
          .textContent()
          .catch(() => ''),
      { timeout: 20_000 },
    )
    .toMatch(/^256 × 256 px/);
  // The upload is accepted (and the source checked) before the page is left.
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/image-upscale/upload') && r.status() === 200),
    page.getByRole('button', { name: 'Enhance', exact: true }).click(),
  ]);
  await page.goto(`${baseUrl}/creation-record?id=${created.recordId}`);
  const derived = page.getByRole('list', { name: 'Lineage' }).getByTestId('lineage-link');
  await expect.poll(() => derived.count(), { timeout: 30_000 }).toBe(1);
  expect(await derived.textContent()).toContain('Image upscaler');
  // The settings it was made with: a text-to-image job always has a seed.
  await page.getByTestId('creation-settings').getByText('Seed').waitFor();
  await snap(page, 'creation-detail-en-desktop');
  await owner.close();
});

it('zh-Hant phone: the shared page in Chinese; an upscale’s page links the creation it came from', { timeout: 180_000 }, async () => {
  const api = apiClient(baseUrl);
  const session = await api.signInByCode(`share-zh-${Date.now()}@example.com`);
  const source = await finishedCreation(api, session, '海邊的燈塔');
  const shared = await api.call<{ share: { url: string } }>('PUT', `/api/creation-records/${source.recordId}/share`, {
    token: session.token,
    json: { includePrompt: true },
  });
  expect(shared.status).toBe(200);

  // Upscale the creation, naming it as the source, as the upscaler page does after "Upscale" on a creation.
  const bytes = await (await fetch(`${baseUrl}${source.imageUrl}`)).blob();
  const form = new FormData();
  form.append('image', bytes, 'creation.png');
  form.append('sourceRecordId', source.recordId);
  const upload = await fetch(`${baseUrl}/api/image-upscale/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}` },
    body: form,
  });
  expect(upload.status).toBe(200);
  const upscaled = await waitFor(api, session, `/api/image-upscale/status/${((await upload.json()) as { id: string }).id}`);

  const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-TW' };
  const visitor = await browser.newContext(phone);
  const page = await visitor.newPage();
  expect((await page.goto(shared.body.share.url))?.status()).toBe(200);
  expect(await page.locator('html').getAttribute('lang')).toBe('zh-Hant');
  await page.getByRole('heading', { name: '文字生圖' }).waitFor();
  expect(await page.getByTestId('ai-label').textContent()).toBe('AI 生成');
  expect(await page.getByTestId('shared-prompt').textContent()).toBe('海邊的燈塔');
  await page.getByRole('link', { name: '開始您的創作' }).waitFor();
  await settled(page);
  await snap(page, 'shared-page-zh-phone');
  await visitor.close();

  const owner = await browser.newContext(phone);
  await useLanguage(owner, 'zh-Hant');
  const mine = await owner.newPage();
  await openSignedIn(mine, baseUrl, session, `/creation-record?id=${upscaled.recordId}`);
  await mine.getByTestId('creation-title').filter({ hasText: '圖片放大' }).waitFor();
  const lineage = mine.getByRole('list', { name: '來源與衍生' });
  const sourceLink = lineage.getByTestId('lineage-link');
  await expect.poll(() => sourceLink.count()).toBe(1);
  expect(await sourceLink.textContent()).toContain('文字生圖');
  await settled(mine);
  await snap(mine, 'creation-lineage-zh-phone');
  expect(await axeFindings(mine)).toEqual([]);
  await sourceLink.click();
  await mine.getByTestId('creation-title').filter({ hasText: '文字生圖' }).waitFor();
  await expect.poll(() => lineage.getByTestId('lineage-link').textContent()).toContain('圖片放大');
  await owner.close();
});
