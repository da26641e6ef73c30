import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it, onTestFailed } from 'vitest';
import { type ApiSession, apiClient, openSignedIn } from './api-client';
import { launchBrowser, readCode, settled, snap, watchedPage } from './browser';

/**
 * What a paying user meets outside the job pages: creation names and refunds in My creations,
 * exact balances where credits are explained (compact only in the header), the refund and deletion
 * wording, the profile's e-mail hint, no unconfigured sign-in provider, and an invited friend's
 * status once the reward is paid. In the language(s) each was seen in, desktop and phone.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const SCREENS = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;
const LANGS = ['en', 'zh-Hant'] as const;
const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000 });

function watchErrors(page: Page) {
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(String(error)));
  onTestFailed(async ({ task }) => {
    await snap(page, `failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(() => undefined);
  });
  return failures;
}

/** A watched page in `lang` at `viewport` (browser.ts). */
const pageFor = (lang: 'en' | 'zh-Hant', viewport: { width: number; height: number }, options?: { clock?: boolean }) =>
  watchedPage(browser, lang, viewport, options);

/** Buys the 3,000-credit Studio pack through the sandbox checkout, then spends 64: 20 + 3,000 − 64 = 2,956. */
/** Buys a credit pack for `session` through the sandbox checkout page, as a customer would. */
async function buyPack(api: ReturnType<typeof apiClient>, session: ApiSession, pack: string) {
  const order = await api.call<{ checkoutUrl: string }>('POST', `/api/credits/packages/${pack}/purchase`, {
    token: session.token,
    json: { gateway: 'STRIPE' },
  });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const { page, context } = await pageFor('en', DESKTOP);
  await page.goto(order.body.checkoutUrl);
  await page.getByRole('button', { name: /^pay \$/i }).click();
  await page.waitForURL(/\/payment\/stripe\/success/);
  await context.close();
}

async function accountWith2956Credits(): Promise<ApiSession> {
  const api = apiClient(baseUrl);
  const session = await api.signInByCode(`polish-numbers-${Date.now()}@example.com`);
  await buyPack(api, session, 'pack_3000');
  await eventually(
    async () => (await api.call<{ available: number }>('GET', '/api/credits/balance', { token: session.token })).body.available,
  ).toBe(3020);
  const spent = await api.call('POST', '/api/credits/consume?amount=64&referenceId=e2e-polish&description=e2e', { token: session.token });
  expect(spent.status).toBe(200);
  return session;
}

it('balances: 2,956 exactly in the header (its name starting with it) and wherever credits are explained', {
  timeout: 240_000,
}, async () => {
  const session = await accountWith2956Credits();
  for (const lang of LANGS) {
    const zh = lang === 'zh-Hant';
    for (const [screen, viewport] of SCREENS) {
      const { context, page } = await pageFor(lang, viewport);
      const failures = watchErrors(page);
      await openSignedIn(page, baseUrl, session, '/personal-center/credits');

      const header = page.getByTestId('header-credits');
      await eventually(() => header.textContent()).toBe('2,956');
      expect(await header.getAttribute('aria-label')).toBe(zh ? '2,956 點' : '2,956 credits');
      // My credits: the balance and the paid bucket exactly, and each movement with its balance after.
      await eventually(() => page.getByText('2,956', { exact: true }).first().isVisible()).toBe(true);
      expect(await page.getByRole('main').textContent()).not.toContain('3K');
      await page
        .getByText(zh ? '餘額 2,956' : 'Balance 2,956')
        .first()
        .waitFor();
      await page.getByText('+3,000', { exact: true }).waitFor();
      await settled(page);
      await snap(page, `polish-credits-${screen}-${lang}`);

      // Exact already, so no hover tip repeats it.
      expect(await page.getByTestId('header-credits-exact').count()).toBe(0);

      // My orders: the pack's credits exactly; the refund check says what it takes back from what.
      await page.goto(`${baseUrl}/personal-center/orders`);
      const row = page.getByTestId('order-row').first();
      await row.waitFor();
      expect(await row.textContent()).toContain('3,000');
      await row.getByRole('button', { name: zh ? /退款/ : /^refund /i }).click();
      const modal = page.getByTestId('refund-modal');
      await modal.locator('[data-testid="condition-credits"][data-ok="false"]').waitFor();
      expect(await modal.getByTestId('condition-credits').textContent()).toContain(
        zh
          ? '此點數包加入了 3,000 點，但您的點數包點數只剩 2,956 點：部分點數已被使用。'
          : 'This pack added 3,000 credits, but only 2,956 pack credits are left: some have been used.',
      );
      expect(await modal.getByTestId('refund-refusal').textContent()).toBe(
        zh
          ? '此訂單無法退款：部分點數已被使用（3,000 點中剩餘 2,956 點）。'
          : 'This order cannot be refunded: some of its credits have been used (2,956 of 3,000 left).',
      );
      expect(await modal.textContent()).not.toMatch(/You have \d+ of the/);
      await settled(page);
      await snap(page, `polish-refund-${screen}-${lang}`);
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });

      // Account deletion: what is lost, exactly.
      await page.goto(`${baseUrl}/personal-center/account`);
      const deletion = page.getByTestId('delete-account');
      await deletion.getByText(zh ? '您剩餘的 2,956 點數將會失效。' : 'Your remaining 2,956 credits are lost.').waitFor();
      await deletion.scrollIntoViewIfNeeded();
      await settled(page);
      await snap(page, `polish-deletion-${screen}-${lang}`);
      expect(failures).toEqual([]);
      await context.close();
    }
  }
});

it('the refund check of an unused pack says the pack credits before and after, not "3052 of the 100"', {
  timeout: 120_000,
}, async () => {
  const api = apiClient(baseUrl);
  const session = await api.signInByCode(`polish-refund-${Date.now()}@example.com`);
  for (const pack of ['pack_3000', 'pack_100']) await buyPack(api, session, pack);
  await eventually(
    async () => (await api.call<{ available: number }>('GET', '/api/credits/balance', { token: session.token })).body.available,
  ).toBe(3120);
  for (const lang of LANGS) {
    const { context, page } = await pageFor(lang, PHONE);
    await openSignedIn(page, baseUrl, session, '/personal-center/orders');
    const row = page.getByTestId('order-row').first();
    await row.waitFor();
    await row.getByRole('button', { name: lang === 'zh-Hant' ? /退款/ : /^refund /i }).click();
    const modal = page.getByTestId('refund-modal');
    await modal.locator('[data-testid="condition-credits"][data-ok="true"]').waitFor();
    expect(await modal.getByTestId('condition-credits').textContent()).toContain(
      lang === 'zh-Hant'
        ? '此點數包加入了 100 點。退款會從您的點數包點數收回這些點數：目前 3,100 點，退款後 3,000 點。'
        : 'This pack added 100 credits. A refund takes them back from your pack credits: 3,100 now, 3,000 after.',
    );
    await settled(page);
    await snap(page, `polish-refund-allowed-phone-${lang}`);
    await context.close();
  }
});

it('My creations: a failed ID photo is named as its tool and says its credits came back (zh-Hant and en)', {
  timeout: 180_000,
}, async () => {
  const session = await apiClient(baseUrl).signInByCode(`polish-creations-${Date.now()}@example.com`);
  // A photo with no face: the ID photo job is charged, fails with NO_FACE_FOUND and is refunded.
  const coffee = readFileSync(new URL('../fixtures/photos/coffee.png', import.meta.url));
  const { context, page } = await pageFor('zh-Hant', PHONE);
  const failures = watchErrors(page);
  await openSignedIn(page, baseUrl, session, '/records');
  const submitted = await page.request.post(`${baseUrl}/api/generate-image/edit`, {
    headers: { authorization: `Bearer ${session.token}` },
    multipart: {
      toolId: 'id-photo-generation',
      images: { name: 'coffee.png', mimeType: 'image/png', buffer: coffee },
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  await page.reload();
  const card = page.getByTestId('creations').locator('li').first();
  const failure = card.getByTestId('creation-failure');
  await failure.waitFor({ timeout: 120_000 });
  expect(await card.getByTestId('creation-type').textContent()).toBe('證件照');
  expect(await failure.textContent()).toContain('這次沒有扣點：點數已退回您的餘額。');
  await eventually(() => page.getByTestId('header-credits').textContent()).toBe('20');
  await settled(page);
  await snap(page, 'polish-creations-failed-phone-zh-Hant');
  expect(failures).toEqual([]);
  await context.close();

  for (const [screen, viewport] of SCREENS) {
    const { context: en, page: enPage } = await pageFor('en', viewport);
    await openSignedIn(enPage, baseUrl, session, '/records');
    const enCard = enPage.getByTestId('creations').locator('li').first();
    await enCard.getByTestId('creation-failure').waitFor();
    expect(await enCard.getByTestId('creation-type').textContent()).toBe('ID photo');
    expect(await enCard.getByTestId('creation-failure').textContent()).toContain('No credits were used: they are back in your balance.');
    await settled(enPage);
    await snap(enPage, `polish-creations-failed-${screen}-en`);
    await en.close();
  }
  const { context: zhDesktop, page: zhPage } = await pageFor('zh-Hant', DESKTOP);
  await openSignedIn(zhPage, baseUrl, session, '/records');
  await zhPage.getByTestId('creation-failure').waitFor();
  await settled(zhPage);
  await snap(zhPage, 'polish-creations-failed-desktop-zh-Hant');
  await zhDesktop.close();
});

it('profile says where the e-mail is changed; an unconfigured Google is not offered', { timeout: 120_000 }, async () => {
  const session = await apiClient(baseUrl).signInByCode(`polish-profile-${Date.now()}@example.com`);
  for (const lang of LANGS) {
    const zh = lang === 'zh-Hant';
    for (const [screen, viewport] of SCREENS) {
      const { context, page } = await pageFor(lang, viewport);
      const failures = watchErrors(page);
      await openSignedIn(page, baseUrl, session, '/personal-center/profile');
      await page.getByText(zh ? '您可以在「帳戶與資料」中更改電子郵件。' : 'You can change your e-mail under Account & data.').waitFor();
      expect(await page.getByText(/cannot be changed|無法更改/).count()).toBe(0);
      await settled(page);
      await snap(page, `polish-profile-${screen}-${lang}`);
      await page.getByTestId('change-email-link').click();
      await page.waitForURL(`${baseUrl}/personal-center/account`);

      // Signed out, on a deployment without Google: no Google button, no "or" before the e-mail choices.
      await page.evaluate(() => localStorage.clear());
      await page.route('**/api/auth/google/config', (route) =>
        route.fulfill({ contentType: 'application/json', body: JSON.stringify({ success: true, enabled: false, clientId: null }) }),
      );
      await page.goto(`${baseUrl}/login`);
      await page.getByRole('button', { name: zh ? '使用電子郵件繼續' : /continue with e-?mail/i }).waitFor();
      await eventually(() => page.getByRole('button', { name: /google/i }).count()).toBe(0);
      expect(await page.getByText(/not configured|未設定/).count()).toBe(0);
      await settled(page);
      await snap(page, `polish-login-no-google-${screen}-${lang}`);
      expect(failures).toEqual([]);
      await context.close();
    }
  }
});

it('an invited friend shows completed once the sign-up reward is paid (en and zh-Hant)', { timeout: 120_000 }, async () => {
  const api = apiClient(baseUrl);
  const inviter = await api.signInByCode(`polish-inviter-${Date.now()}@example.com`);
  const { body: link } = await api.call<{ referralCode: string }>('GET', '/api/referral/link', { token: inviter.token });
  const friend = `polish-friend-${Date.now()}@example.com`;
  const friendApi = apiClient(baseUrl);
  expect(
    (await friendApi.call('POST', '/api/auth/login/send-code', { json: { email: friend, referralCode: link.referralCode } })).status,
  ).toBe(200);
  const verified = await friendApi.call('POST', '/api/auth/login/verify-code', {
    json: { email: friend, verificationCode: await readCode(baseUrl, friend), referralCode: link.referralCode },
  });
  expect(verified.status).toBe(200);
  for (const lang of LANGS) {
    for (const [screen, viewport] of SCREENS) {
      const { context, page } = await pageFor(lang, viewport);
      await openSignedIn(page, baseUrl, inviter, '/personal-center/invites');
      const friendRow = page.getByTestId('referred-users').locator('li').first();
      await friendRow.waitFor();
      expect(await friendRow.textContent()).toContain(lang === 'zh-Hant' ? '已完成' : 'Completed');
      expect(await friendRow.textContent()).toContain('+50');
      expect(await friendRow.textContent()).not.toMatch(/Pending|待完成/);
      await settled(page);
      await snap(page, `polish-invites-${screen}-${lang}`);
      await context.close();
    }
  }
});
