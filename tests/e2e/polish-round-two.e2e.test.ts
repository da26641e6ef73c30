import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { holdStatus } from './hold-status';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { apiClient, openSignedIn } from './api-client';
import { launchBrowser, settled, snap, watchedPage } from './browser';

/**
 * A paying user's second walk: the price and the balance after it beside every paid button (tool
 * pages in English on a desktop, the avatar builder in Traditional Chinese on a phone), and a
 * job page that goes offline says so, holds its progress and refuses a new run.
 */
const baseUrl = inject('baseUrl');
const photo = readFileSync(new URL('../fixtures/photos/astronaut.png', import.meta.url));
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000 });

/** A watched page in `lang` at `viewport` (browser.ts). */
const pageFor = (lang: 'en' | 'zh-Hant', viewport: { width: number; height: number }, options?: { clock?: boolean }) =>
  watchedPage(browser, lang, viewport, options);

async function newAccount(name: string) {
  return apiClient(baseUrl).signInByCode(`${name}-${Date.now()}@example.com`);
}

it('en desktop: a tool page says the cost and the balance after before Generate, and the header the exact balance', {
  timeout: 120_000,
}, async () => {
  const session = await newAccount('price-tool');
  const { context, page, failures } = await pageFor('en', DESKTOP);
  await openSignedIn(page, baseUrl, session, '/ai-tools/anime-style');
  const cost = page.getByTestId('run-cost');
  await eventually(() => cost.textContent()).toBe('Cost: 4 creditsBalance after: 16');
  // The header's figure is exact and its accessible name starts with it (axe label-content-name-mismatch).
  const header = page.getByTestId('header-credits');
  expect(await header.textContent()).toBe('20');
  expect(await header.getAttribute('aria-label')).toBe('20 credits');
  await settled(page);
  await snap(page, 'polish2-tool-cost-desktop-en');

  // After a run the price line follows the balance: 16 now, 12 after the next.
  await page.getByTestId('tool-upload').setInputFiles({ name: 'astronaut.png', mimeType: 'image/png', buffer: photo });
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await page.getByTestId('result-image').waitFor({ timeout: 60_000 });
  await eventually(() => page.getByTestId('run-cost-after').textContent()).toBe('Balance after: 12');
  await eventually(() => header.textContent()).toBe('16');

  // My credits: "View creation" opens that creation's page, not the list.
  await page.goto(`${baseUrl}/personal-center/credits`);
  const view = page.locator('[data-testid="view-creation"]:visible').first();
  await view.click();
  await page.waitForURL(/\/creation-record\?id=rec_/);
  await page.getByTestId('result-image').or(page.locator('main img').first()).first().waitFor();
  await settled(page);
  await snap(page, 'polish2-view-creation-desktop-en');
  // Its download is named by type, day and the end of its id, not generated-image.png.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^anime-style-[a-z0-9]{6}-\d{4}-\d{2}-\d{2}\.png$/);
  expect(failures).toEqual([]);
  await context.close();
});

it('zh-Hant phone: the avatar builder and its prompt preview say the cost and the balance after', { timeout: 90_000 }, async () => {
  const session = await newAccount('price-face');
  const { context, page, failures } = await pageFor('zh-Hant', PHONE);
  await openSignedIn(page, baseUrl, session, '/ai-tools/face-swap');
  const cost = page.getByTestId('run-cost');
  await eventually(() => cost.textContent()).toBe('花費：4 點扣除後餘額：16');
  await cost.scrollIntoViewIfNeeded();
  await settled(page);
  await snap(page, 'polish2-face-swap-cost-phone-zh');
  expect(failures).toEqual([]);
  await context.close();
});

it('en desktop: offline, a running job says so and holds its progress; Generate is refused until back online', {
  timeout: 120_000,
}, async () => {
  const session = await newAccount('offline-tool');
  const { context, page, failures } = await pageFor('en', DESKTOP);
  await openSignedIn(page, baseUrl, session, '/ai-tools/anime-style');
  await page.getByTestId('tool-upload').setInputFiles({ name: 'astronaut.png', mimeType: 'image/png', buffer: photo });

  // Offline before the run: refused on the page, nothing sent, nothing charged.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await page.getByRole('main').getByRole('alert').filter({ hasText: 'You are offline.' }).waitFor();
  expect(await page.getByRole('button', { name: /Generating/ }).count()).toBe(0);
  await snap(page, 'polish2-offline-refused-desktop-en');
  await context.setOffline(false);

  // Offline during a run: the note says so and the button stops claiming progress.
  const release = await holdStatus(page);
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await page.getByRole('button', { name: /Generating… \d+%/ }).waitFor();
  await context.setOffline(true);
  await page.getByTestId('job-offline').waitFor();
  expect(await page.getByTestId('job-offline').textContent()).toContain('You are offline.');
  const label = page.getByRole('button', { name: /Offline… \d+%/ });
  await label.waitFor();
  const held = await label.textContent();
  await settled(page);
  await snap(page, 'polish2-offline-running-desktop-en');
  // Held: two animation frames later the same figure (the fake progress ticks every few hundred ms).
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  expect(await label.textContent()).toBe(held);

  // Back online: the status is asked again and the result arrives.
  await context.setOffline(false);
  await release();
  await page.getByTestId('result-image').waitFor({ timeout: 60_000 });
  expect(await page.getByTestId('job-offline').count()).toBe(0);
  expect(failures).toEqual([]);
  await context.close();
});

it('zh-Hant phone: a two-character brand (山嵐) may be generated; one character says what is missing', { timeout: 60_000 }, async () => {
  const session = await newAccount('logo-zh');
  const { context, page, failures } = await pageFor('zh-Hant', PHONE);
  await openSignedIn(page, baseUrl, session, '/ai-tools/logo-generation');
  const notes = page.getByRole('textbox');
  await notes.fill('山');
  await page.getByTestId('start-blocker').waitFor();
  expect(await page.getByTestId('start-blocker').textContent()).toContain('2');
  await notes.fill('山嵐');
  await eventually(() => page.getByTestId('start-blocker').count()).toBe(0);
  expect(await page.getByRole('button', { name: '生成', exact: true }).isEnabled()).toBe(true);
  await settled(page);
  await snap(page, 'polish2-logo-two-characters-phone-zh');
  expect(failures).toEqual([]);
  await context.close();
});

it('en desktop: refunding a plan says before and after that the plan ends; dates are written the English way', {
  timeout: 120_000,
}, async () => {
  const api = apiClient(baseUrl);
  const session = await api.signInByCode(`refund-plan-${Date.now()}@example.com`);
  const order = await api.call<{ checkoutUrl: string }>('POST', '/api/v2/payment/create-subscription-order', {
    token: session.token,
    json: { planId: 'plan_basic_monthly', gateway: 'STRIPE' },
  });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const { context, page, failures } = await pageFor('en', DESKTOP);
  await page.goto(order.body.checkoutUrl);
  await page.getByRole('button', { name: /^pay \$/i }).click();
  await page.waitForURL(/\/payment\/stripe\/success/);

  await openSignedIn(page, baseUrl, session, '/personal-center/orders');
  const row = page.getByTestId('order-row').first();
  await row.waitFor();
  // One date style per language: "Dec 6, 2026, 02:07", never the zh-CN "2026/12/6 02:07:06".
  expect(await row.textContent()).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}/);
  expect(await row.textContent()).not.toMatch(/\d{4}\/\d{1,2}\/\d{1,2}/);
  await row.getByRole('button', { name: /^refund /i }).click();
  const outcome = page.getByTestId('refund-outcome');
  await outcome.waitFor();
  expect(await outcome.textContent()).toContain('Your Basic plan ends now: no more monthly credits and no renewal.');
  await settled(page);
  await snap(page, 'polish2-refund-plan-before-desktop-en');
  await page.getByRole('button', { name: 'Submit refund' }).click();
  const done = page.getByTestId('refund-done');
  await done.waitFor();
  expect(await done.textContent()).toMatch(/\$9\.99.*Your Basic plan has ended\./);
  await page.getByText('No active subscription').waitFor();
  await settled(page);
  await snap(page, 'polish2-refund-plan-after-desktop-en');
  expect(failures).toEqual([]);
  await context.close();
});

it('zh-Hant phone: every personal-center tab is on screen, 帳戶與資料 included', { timeout: 60_000 }, async () => {
  const session = await newAccount('tabs-zh');
  const { context, page, failures } = await pageFor('zh-Hant', PHONE);
  await openSignedIn(page, baseUrl, session, '/personal-center/profile');
  const nav = page.getByRole('navigation', { name: 'Personal center' });
  await nav.getByRole('link').first().waitFor();
  for (const name of ['個人資料', '我的點數', '我的邀請', '我的訂單', '帳戶與資料']) {
    const box = await nav.getByRole('link', { name }).boundingBox();
    expect(box, name).not.toBeNull();
    expect(box!.x, name).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, name).toBeLessThanOrEqual(PHONE.width);
  }
  await settled(page);
  await snap(page, 'polish2-personal-center-tabs-phone-zh');
  expect(failures).toEqual([]);
  await context.close();
});

it('zh-Hant phone: the ID photo sizes say 公分 and 像素, never cm or px', { timeout: 60_000 }, async () => {
  const session = await newAccount('units-zh');
  const { context, page, failures } = await pageFor('zh-Hant', PHONE);
  await openSignedIn(page, baseUrl, session, '/ai-tools/id-photo-generation');
  const sizes = page.getByRole('radiogroup').first();
  await sizes.getByRole('radio').first().waitFor();
  const text = (await sizes.textContent()) ?? '';
  expect(text).toContain('公分');
  expect(text).toContain('像素');
  expect(text).not.toMatch(/\d\s*(cm|px)\b/);
  await settled(page);
  await snap(page, 'polish2-id-photo-units-phone-zh');
  expect(failures).toEqual([]);
  await context.close();
});
