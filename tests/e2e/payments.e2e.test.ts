import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it, onTestFailed } from 'vitest';
import { apiClient, openSignedIn } from './api-client';
import { completeEmailSignIn, launchBrowser, signInThroughModal, snap } from './browser';

/**
 * Payments in the browser against `npm start` (sandbox gateway): pricing → payment-method modal →
 * sandbox checkout → callback screen → header credits → My orders → refund modal, the refund rules
 * refusing a third refund, a monthly plan subscribed and cancelled, and a cancelled checkout.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Seeded: pack_100 "Starter pack" (100 credits, $4.99); plan_basic_monthly "Basic" (200 credits a month, $9.99). */
const PACK = { name: 'Starter pack', credits: 100, price: '$4.99' };
const PLAN = { name: 'Basic', credits: 200, price: '$9.99' };
const WELCOME_CREDITS = 20;

/** Server round trips get time: the machine is shared with other engineers' runs. */
const eventually = <T>(fn: () => T | Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout });

/** Fails the test on uncaught page errors; snaps the screen when a test fails. */
function watch(page: Page) {
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(String(error)));
  onTestFailed(async ({ task }) => {
    await snap(page, `payments-failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(() => undefined);
  });
  return failures;
}

async function headerCredits(page: Page): Promise<number | null> {
  const text = (await page.getByTestId('header-credits').first().textContent()) ?? '';
  const match = text.replace(/,/g, '').match(/(\d+)/);
  return match ? Number(match[1]) : null;
}

/** The plan card on /pricing with this heading. */
const planCard = (page: Page, name: string) => page.locator('.card', { has: page.getByRole('heading', { name, exact: true }) });

/** /pricing → billing tab → the plan's button → (sign-in when asked) → payment-method modal → Continue → sandbox page. */
async function startCheckout(
  page: Page,
  opts: { tab: RegExp; plan: string; button: RegExp; method?: RegExp; signInAs?: string; snapAs?: string },
) {
  await page.goto(`${baseUrl}/pricing`);
  await page.getByRole('tab', { name: opts.tab }).click();
  await planCard(page, opts.plan).getByRole('button', { name: opts.button }).click();
  if (opts.signInAs) await completeEmailSignIn(page, baseUrl, opts.signInAs);
  const modal = page.getByRole('dialog', { name: /choose a payment method/i });
  await modal.waitFor();
  if (opts.method) {
    // The radio input is visually hidden inside its card: press the card, as a user does.
    await modal.locator('label', { has: page.getByRole('radio', { name: opts.method }) }).click();
    expect(await modal.getByRole('radio', { name: opts.method }).isChecked()).toBe(true);
  }
  if (opts.snapAs) await snap(page, opts.snapAs);
  await modal.getByRole('button', { name: /^continue$/i }).click();
  await page.waitForURL(/\/api\/sandbox\/checkout\/sbx_/);
}

/** Pays on the sandbox page and waits for the callback screen to confirm with the credits. */
async function payAndConfirm(page: Page, credits: number, gateway: 'stripe' | 'paypal' = 'stripe') {
  await page.getByRole('button', { name: /^pay \$/i }).click();
  await page.waitForURL(new RegExp(`/payment/${gateway}/success\\?orderId=ord_`));
  await page.getByRole('heading', { name: /payment successful/i }).waitFor();
  await page.getByText(`${credits} credits were added to your account.`).waitFor();
}

const orderRows = (page: Page) => page.getByTestId('order-row');
const statusOf = (page: Page, index: number) =>
  orderRows(page).nth(index).getByTestId('order-status').filter({ visible: true }).textContent();

async function openOrders(page: Page) {
  await page.goto(`${baseUrl}/personal-center/orders`);
  await page.getByRole('heading', { name: /order history/i }).waitFor();
  await orderRows(page).first().waitFor();
}

/** Opens the refund modal of the newest order and waits for the server's conditions. */
async function openRefund(page: Page) {
  await orderRows(page)
    .first()
    .getByRole('button', { name: /^refund /i })
    .click();
  const modal = page.getByTestId('refund-modal');
  await modal.getByRole('heading', { name: /refund conditions/i }).waitFor();
  return modal;
}

const conditionsOf = (page: Page) =>
  page
    .getByTestId('refund-modal')
    .locator('[data-testid^="condition-"]')
    .evaluateAll((items) => items.map((li) => [li.getAttribute('data-testid'), li.getAttribute('data-ok')]));

/** A refund through the modal with every condition ticked; returns when the list shows it REFUNDED. */
async function refundNewest(page: Page, reason: string, snapAs?: string) {
  const modal = await openRefund(page);
  expect(Object.fromEntries(await conditionsOf(page))).toEqual({
    'condition-paid': 'true',
    'condition-time': 'true',
    'condition-credits': 'true',
    'condition-risk': 'true',
    'condition-pending': 'true',
  });
  await modal.getByRole('textbox', { name: /reason/i }).fill(reason);
  await expect.poll(() => modal.getByText(`${reason.length}/200`).isVisible()).toBe(true);
  if (snapAs) await snap(page, snapAs);
  await modal.getByRole('button', { name: /submit refund/i }).click();
  await page
    .getByRole('status')
    .filter({ hasText: /Refunded \$4\.99\. It takes 3–5 business days/ })
    .waitFor();
  await modal.waitFor({ state: 'detached' });
  await eventually(() => statusOf(page, 0)).toBe('Refunded');
}

it('desktop: buys a pack through the sandbox, sees the credits once, refunds it; a third refund in 30 days is refused; subscribes and cancels; a cancelled checkout', {
  timeout: 240_000,
}, async () => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const failures = watch(page);
  const email = `buyer-${Date.now()}@example.com`;

  // Signed out on /pricing: Buy now asks for sign-in, then carries on to the payment-method modal.
  await startCheckout(page, {
    tab: /credit packs/i,
    plan: PACK.name,
    button: /buy now/i,
    signInAs: email,
    snapAs: 'payments-method-modal',
  });
  await snap(page, 'payments-sandbox-checkout');
  await expect(page.getByRole('button', { name: `Pay ${PACK.price}` }).isVisible()).resolves.toBe(true);
  await payAndConfirm(page, PACK.credits);
  await eventually(() => headerCredits(page)).toBe(WELCOME_CREDITS + PACK.credits);
  await snap(page, 'payments-callback-success');

  // Reloading the callback screen polls again: the order is paid once, the credits do not move.
  await page.reload();
  await page.getByRole('heading', { name: /payment successful/i }).waitFor();
  expect(await headerCredits(page)).toBe(WELCOME_CREDITS + PACK.credits);

  // My orders: the paid order, newest first, with its details.
  await page.getByRole('link', { name: /view my orders/i }).click();
  await orderRows(page).first().waitFor();
  expect(await orderRows(page).count()).toBe(1);
  const row = orderRows(page).first();
  expect(await statusOf(page, 0)).toBe('Paid');
  for (const text of [PACK.name, PACK.price, `✦ ${PACK.credits} credits`, 'Card'])
    expect(await row.getByText(text, { exact: true }).count(), text).toBeGreaterThan(0);
  expect(await row.textContent()).toMatch(/ORD|\d{6,}/);
  await expect(
    page
      .getByTestId('subscription-panel')
      .getByText(/no active subscription/i)
      .isVisible(),
  ).resolves.toBe(true);
  await snap(page, 'payments-orders-paid');

  // Refund #1: every condition ticked, reason with its counter, toast, REFUNDED, credits back.
  await refundNewest(page, 'Bought the wrong pack', 'payments-refund-modal');
  await eventually(() => headerCredits(page)).toBe(WELCOME_CREDITS);
  expect(
    await orderRows(page)
      .first()
      .getByRole('button', { name: /^refund /i })
      .count(),
  ).toBe(0);
  await snap(page, 'payments-orders-refunded');

  // Refund #2 the same way, then a third pack: the rules allow two refunds in 30 days.
  await startCheckout(page, { tab: /credit packs/i, plan: PACK.name, button: /buy now/i });
  await payAndConfirm(page, PACK.credits);
  await openOrders(page);
  await refundNewest(page, 'Second thoughts');
  await startCheckout(page, { tab: /credit packs/i, plan: PACK.name, button: /buy now/i });
  await payAndConfirm(page, PACK.credits);
  await eventually(() => headerCredits(page)).toBe(WELCOME_CREDITS + PACK.credits);
  await openOrders(page);
  expect(await orderRows(page).count()).toBe(3);
  const modal = await openRefund(page);
  expect(Object.fromEntries(await conditionsOf(page))).toMatchObject({
    'condition-paid': 'true',
    'condition-time': 'true',
    'condition-credits': 'true',
    'condition-risk': 'false',
  });
  await modal.getByText('Refunds in the last 30 days: 2 of 2').waitFor();
  expect(await modal.getByTestId('refund-refusal').textContent()).toBe(
    'This order cannot be refunded: at most 2 refunds are allowed in 30 days.',
  );
  expect(await modal.getByRole('button', { name: /submit refund/i }).count()).toBe(0);
  expect(await modal.getByRole('textbox', { name: /reason/i }).count()).toBe(0);
  await snap(page, 'payments-refund-refused');
  await page.keyboard.press('Escape');
  await modal.waitFor({ state: 'detached' });
  expect(await statusOf(page, 0)).toBe('Paid');

  // A monthly plan: its first month's credits arrive once, the panel shows it, cancel asks first.
  await startCheckout(page, { tab: /^monthly$/i, plan: PLAN.name, button: /subscribe/i });
  await expect(page.getByText(/billed monthly/i).isVisible()).resolves.toBe(true);
  await payAndConfirm(page, PLAN.credits);
  await eventually(() => headerCredits(page)).toBe(WELCOME_CREDITS + PACK.credits + PLAN.credits);
  await openOrders(page);
  const panel = page.getByTestId('subscription-panel');
  await panel.getByRole('heading', { name: `${PLAN.name} plan` }).waitFor();
  expect(await panel.getByTestId('subscription-status').textContent()).toBe('Active');
  for (const label of ['Price', 'Monthly credits', 'Started', 'Next billing', 'Ends', 'Payment provider'])
    expect(await panel.getByText(label, { exact: true }).count(), label).toBe(1);
  expect(await panel.textContent()).toContain(`${PLAN.price} / month`);
  expect(await panel.textContent()).toContain(String(PLAN.credits));
  expect(await statusOf(page, 0)).toBe('Paid');
  expect(
    await orderRows(page)
      .first()
      .getByText(/credits \/ month/)
      .count(),
  ).toBe(1);
  await snap(page, 'payments-subscription-active');

  // Spend one image's worth (subscription credits go first): the plan's refund is refused for the credits.
  const spent = await page.evaluate(async () => {
    const res = await fetch('/api/credits/consume?amount=4&referenceId=e2e-spend&description=e2e', {
      method: 'POST',
      headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return res.status;
  });
  expect(spent).toBe(200);
  const planModal = await openRefund(page);
  expect(Object.fromEntries(await conditionsOf(page))).toMatchObject({
    'condition-paid': 'true',
    'condition-credits': 'false',
    'condition-risk': 'false',
  });
  await planModal
    .getByText(`This plan added ${PLAN.credits} credits, but only ${PLAN.credits - 4} subscription credits are left: some have been used.`)
    .waitFor();
  expect(await planModal.getByTestId('refund-refusal').textContent()).toBe(
    `This order cannot be refunded: some of its credits have been used (${PLAN.credits - 4} of ${PLAN.credits} left).`,
  );
  await snap(page, 'payments-refund-refused-credits');
  await planModal.getByRole('button', { name: /^close$/i }).click();
  await planModal.waitFor({ state: 'detached' });

  // Keyboard: the dialog opens on the safe choice; Escape keeps the plan.
  await panel.getByRole('button', { name: /cancel subscription/i }).click();
  const confirm = page.getByRole('alertdialog', { name: /cancel your subscription/i });
  await confirm.waitFor();
  await confirm.getByText(/cannot be undone/i).waitFor();
  await confirm.getByText(/stay available until/i).waitFor();
  expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/keep subscription/i);
  await snap(page, 'payments-subscription-confirm');
  await page.keyboard.press('Escape');
  await confirm.waitFor({ state: 'detached' });
  expect(await panel.getByTestId('subscription-status').textContent()).toBe('Active');

  await panel.getByRole('button', { name: /cancel subscription/i }).click();
  await confirm.getByRole('button', { name: /yes, cancel subscription/i }).click();
  await confirm.waitFor({ state: 'detached' });
  await eventually(() => panel.getByTestId('subscription-status').textContent()).toBe('Cancelled');
  await panel.getByText(/your plan stays active until/i).waitFor();
  expect(await panel.getByRole('button', { name: /cancel subscription/i }).count()).toBe(0);
  await page.reload();
  await eventually(() => page.getByTestId('subscription-status').textContent()).toBe('Cancelled');
  // The plan's credits stay until the period ends (less the 4 spent above).
  expect(await headerCredits(page)).toBe(WELCOME_CREDITS + PACK.credits + PLAN.credits - 4);
  await snap(page, 'payments-subscription-cancelled');

  // Cancel on the sandbox page: the cancelled screen, the order CANCELLED, no credits.
  await startCheckout(page, { tab: /credit packs/i, plan: PACK.name, button: /buy now/i });
  await page.getByRole('button', { name: /^cancel$/i }).click();
  await page.waitForURL(/\/payment\/stripe\/cancel\?orderId=ord_/);
  await page.getByRole('heading', { name: 'Payment was cancelled' }).waitFor();
  await page.getByRole('link', { name: /back to pricing/i }).waitFor();
  await snap(page, 'payments-callback-cancelled');
  await openOrders(page);
  expect(await statusOf(page, 0)).toBe('Cancelled');
  expect(await headerCredits(page)).toBe(WELCOME_CREDITS + PACK.credits + PLAN.credits - 4);

  // The thank-you route without an order: plain success and the way on.
  await page.goto(`${baseUrl}/payment/success`);
  await page.getByRole('heading', { name: /thank you for your purchase/i }).waitFor();
  await page.getByRole('link', { name: /continue to dashboard/i }).click();
  await page.waitForURL(/\/dashboard$/);

  expect(failures).toEqual([]);
  await context.close();
});

it('phone: PayPal checkout, orders and refund modal fit 390 px; empty state, load failure with retry, pages of 20; the orders tab in Traditional Chinese', {
  timeout: 240_000,
}, async () => {
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const failures = watch(page);
  await page.goto(baseUrl);
  await signInThroughModal(page, baseUrl, `phone-buyer-${Date.now()}@example.com`);

  // Empty: a way to the plans.
  await page.goto(`${baseUrl}/personal-center/orders`);
  await page.getByText(/no orders yet/i).waitFor();
  await page.getByRole('link', { name: /see pricing/i }).waitFor();
  await snap(page, 'payments-phone-orders-empty');

  // Load failure (spec §8): "Failed to load data: …" with Retry that recovers.
  await page.route('**/api/orders/user*', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, error: { code: 'INTERNAL', message: 'boom' } }),
    }),
  );
  await page.reload();
  const alert = page.getByRole('alert').filter({ hasText: /failed to load data/i });
  await alert.waitFor();
  expect(await alert.textContent()).toContain('Failed to load data: Server error, please try again later');
  await snap(page, 'payments-phone-orders-error');
  await page.unroute('**/api/orders/user*');
  await alert.getByRole('button', { name: /retry/i }).click();
  await page.getByText(/no orders yet/i).waitFor();

  // PayPal through the sandbox lands on the PayPal callback route.
  await startCheckout(page, {
    tab: /credit packs/i,
    plan: PACK.name,
    button: /buy now/i,
    method: /paypal/i,
    snapAs: 'payments-phone-method-modal',
  });
  await snap(page, 'payments-phone-sandbox');
  await payAndConfirm(page, PACK.credits, 'paypal');
  await eventually(() => headerCredits(page)).toBe(WELCOME_CREDITS + PACK.credits);
  await snap(page, 'payments-phone-callback-success');
  await openOrders(page);
  expect(await orderRows(page).first().getByText('PayPal', { exact: true }).count()).toBe(1);
  expect(await statusOf(page, 0)).toBe('Paid');
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await snap(page, 'payments-phone-orders');
  await openRefund(page);
  await snap(page, 'payments-phone-refund-modal');
  await page.keyboard.press('Escape');

  // Traditional Chinese: the tab, the badges and the refund modal are translated; refund it there.
  await page.evaluate(() => localStorage.setItem('lang', 'zh-Hant'));
  await page.reload();
  await page.getByRole('heading', { name: '訂單紀錄' }).waitFor({ timeout: 60_000 });
  await eventually(() => statusOf(page, 0)).toBe('已付款');
  await page.getByText('目前沒有訂閱').waitFor();
  await snap(page, 'payments-phone-orders-zh');
  await orderRows(page)
    .first()
    .getByRole('button', { name: /申請退款/ })
    .click();
  const modal = page.getByTestId('refund-modal');
  await modal.getByRole('heading', { name: '退款條件' }).waitFor();
  await modal.getByText('訂單已付款').waitFor();
  await modal.getByText('最近 30 天已退款：0 / 2 次').waitFor();
  await modal.getByRole('textbox', { name: '退款原因（選填）' }).fill('買錯了');
  await snap(page, 'payments-phone-refund-modal-zh');
  await modal.getByRole('button', { name: '提交退款申請' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: /已退款 \$4\.99/ })
    .waitFor();
  await eventually(() => statusOf(page, 0)).toBe('已退款');
  await eventually(() => headerCredits(page)).toBe(WELCOME_CREDITS);
  await snap(page, 'payments-phone-orders-refunded-zh');
  await page.evaluate(() => localStorage.setItem('lang', 'en'));

  // Pages of 20 (spec §9): 21 more orders (left PENDING at the checkout) make a second page.
  const made = await page.evaluate(async () => {
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('token')}` };
    const results = [];
    for (let i = 0; i < 21; i++) {
      const res = await fetch('/api/v2/payment/create-credit-order', {
        method: 'POST',
        headers,
        body: JSON.stringify({ packageId: 'pack_100', gateway: 'STRIPE' }),
      });
      results.push(res.status);
    }
    return results;
  });
  expect(made.every((s) => s === 200)).toBe(true);
  await openOrders(page);
  expect(await orderRows(page).count()).toBe(20);
  expect(await statusOf(page, 0)).toBe('Pending');
  const pages = page.getByRole('navigation', { name: 'Pages' });
  expect(await pages.textContent()).toContain('1 / 2');
  await pages.getByRole('button', { name: 'Next' }).click();
  await eventually(() => orderRows(page).count()).toBe(2);
  expect(await pages.textContent()).toContain('2 / 2');
  // The oldest order, the refunded PayPal pack, is last.
  expect(await statusOf(page, 1)).toBe('Refunded');
  await snap(page, 'payments-phone-orders-page2');

  expect(failures).toEqual([]);
  await context.close();
});

it('a payment result opened signed out asks to sign in, then shows the result; open, cancelled and expired checkouts in My orders (en + zh-Hant, desktop + phone)', {
  timeout: 240_000,
}, async () => {
  const email = `returning-buyer-${Date.now()}@example.com`;
  const buyer = await browser.newContext({ viewport: DESKTOP });
  const page = await buyer.newPage();
  const failures = watch(page);
  await startCheckout(page, { tab: /credit packs/i, plan: PACK.name, button: /buy now/i, signInAs: email });
  await payAndConfirm(page, PACK.credits);
  const resultUrl = page.url();

  // Two checkouts left open at the gateway.
  const opened = await page.evaluate(async () => {
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('token')}` };
    for (let i = 0; i < 2; i++)
      await fetch('/api/v2/payment/create-credit-order', {
        method: 'POST',
        headers,
        body: JSON.stringify({ packageId: 'pack_100', gateway: 'STRIPE' }),
      });
    return true;
  });
  expect(opened).toBe(true);
  await openOrders(page);
  expect([await statusOf(page, 0), await statusOf(page, 1), await statusOf(page, 2)]).toEqual(['Pending', 'Pending', 'Paid']);
  // An open checkout can be given up from My orders.
  await orderRows(page)
    .nth(1)
    .getByRole('button', { name: /^cancel checkout /i })
    .click();
  await eventually(() => statusOf(page, 1)).toBe('Cancelled');
  expect(
    await orderRows(page)
      .nth(1)
      .getByRole('button', { name: /^cancel checkout /i })
      .count(),
  ).toBe(0);

  // The server expires a sandbox checkout after an hour (API tests move its clock); here the API's
  // answer is rewritten so the screen shows how an EXPIRED order reads.
  const showExpired = (target: Page) =>
    target.route('**/api/orders/user*', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.orders = body.orders.map((o: { status: string }) => (o.status === 'PENDING' ? { ...o, status: 'EXPIRED' } : o));
      await route.fulfill({ response, json: body });
    });
  await showExpired(page);
  await page.reload();
  await eventually(() => statusOf(page, 0)).toBe('Expired');
  expect(await orderRows(page).first().getByRole('button').count()).toBe(0);
  await snap(page, 'payments-orders-expired');
  await page.evaluate(() => localStorage.setItem('lang', 'zh-Hant'));
  await page.reload();
  await eventually(() => statusOf(page, 0), 60_000).toBe('已失效');
  expect(await statusOf(page, 1)).toBe('已取消');
  await snap(page, 'payments-orders-expired-zh');
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  expect(failures).toEqual([]);

  // The result screen opened where the buyer is not signed in (another browser, another origin).
  for (const [viewport, lang, name] of [
    [DESKTOP, 'en', 'payments-result-signed-out'],
    [PHONE, 'en', 'payments-phone-result-signed-out'],
    [DESKTOP, 'zh-Hant', 'payments-result-signed-out-zh'],
    [PHONE, 'zh-Hant', 'payments-phone-result-signed-out-zh'],
  ] as const) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: viewport === PHONE ? 2 : 1 });
    await context.addInitScript((value) => localStorage.setItem('lang', value), lang);
    const other = await context.newPage();
    const otherFailures = watch(other);
    await other.goto(resultUrl);
    const screen = other.getByTestId('payment-signed-out');
    await screen.waitFor({ timeout: 60_000 });
    expect(await screen.getByRole('heading').textContent()).toBe(lang === 'en' ? 'Sign in to see your order' : '登入以查看您的訂單');
    expect(await other.getByText(/payment failed|authentication failed|付款失敗/i).count()).toBe(0);

    if (viewport === PHONE) expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await snap(other, name);
    expect(otherFailures).toEqual([]);
    await context.close();
  }

  // Signing in from that screen goes on to the result: paid, the credits added once.
  const context = await browser.newContext({ viewport: DESKTOP });
  const returning = await context.newPage();
  const returningFailures = watch(returning);
  await returning.goto(resultUrl);
  await returning.getByTestId('payment-signed-out').waitFor();
  // Another browser is another client: the 60 s resend wait is per address and client (decision 008).
  await returning
    .getByTestId('payment-signed-out')
    .getByRole('button', { name: /^sign in$/i })
    .click();
  await completeEmailSignIn(returning, baseUrl, email);
  await returning.getByRole('heading', { name: /payment successful/i }).waitFor();
  await returning.getByText(`${PACK.credits} credits were added to your account.`).waitFor();
  await eventually(() => headerCredits(returning)).toBe(WELCOME_CREDITS + PACK.credits);
  await snap(returning, 'payments-result-after-sign-in');
  expect(returningFailures).toEqual([]);
  await context.close();
  await buyer.close();
});

it('desktop: a sandbox subscription renews and lapses by hand from its page', { timeout: 180_000 }, async () => {
  const session = await apiClient(baseUrl).signInByCode(`renewal-${Date.now()}@example.com`);
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const failures = watch(page);
  await openSignedIn(page, baseUrl, session, '/pricing');
  await startCheckout(page, { tab: /^monthly$/i, plan: PLAN.name, button: /subscribe/i });
  await payAndConfirm(page, PLAN.credits);
  await openOrders(page);
  const panel = page.getByTestId('subscription-panel');
  await panel.getByRole('heading', { name: `${PLAN.name} plan` }).waitFor();
  const firstBilling = await panel.getByText('Next billing', { exact: true }).locator('..').locator('dd').textContent();

  // The sandbox never bills by itself: its page renews the next period at once.
  await panel.getByRole('link', { name: /sandbox: renew or lapse/i }).click();
  await page.getByRole('button', { name: /^renew now$/i }).click();
  await page.getByRole('button', { name: /^renew now$/i }).waitFor();
  await snap(page, 'payments-sandbox-renewed');
  await openOrders(page);
  await eventually(() => orderRows(page).count()).toBe(2);
  expect([await statusOf(page, 0), await statusOf(page, 1)]).toEqual(['Paid', 'Paid']);
  await eventually(() => headerCredits(page)).toBe(WELCOME_CREDITS + 2 * PLAN.credits);
  expect(await panel.getByText('Next billing', { exact: true }).locator('..').locator('dd').textContent()).not.toBe(firstBilling);

  // Letting it lapse ends it at once, and its unused credits lapse with it (decision 003).
  await panel.getByRole('link', { name: /sandbox: renew or lapse/i }).click();
  await page.getByRole('button', { name: /^let it lapse$/i }).click();
  await page.waitForURL(/\/api\/sandbox\/checkout\/sbx_/);
  await openOrders(page);
  await eventually(() => panel.getByText(/no active subscription/i).isVisible()).toBe(true);
  await eventually(() => headerCredits(page)).toBe(WELCOME_CREDITS);
  expect(failures).toEqual([]);
  await context.close();
});
