import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@db/client';
import { createTestApp, manualClock, type TestApp } from '@tests/setup/test-app';
import { runMaintenance } from '../jobs/maintenance';
import { GatewayError } from '../adapters/payments/port';
import {
  balanceOf,
  buy,
  createOrder,
  deliver,
  expectLedgerConsistent,
  orderRow,
  sandboxOf,
  signEvent,
  submitCheckout,
} from './payments.test-support';

let t: TestApp;
let token: string;
let userId: string;
let other: string;
const clock = manualClock();

beforeAll(async () => {
  t = await createTestApp({ clock });
  ({
    token,
    user: { id: userId },
  } = await t.signIn('buyer@example.com'));
  ({ token: other } = await t.signIn('someone-else@example.com'));
});
afterAll(() => t.close());

describe('credit pack through the sandbox checkout', () => {
  it('shows the page, pays, redirects to the success route and grants the credits once', async () => {
    const before = await balanceOf(t, token);
    const order = await createOrder(t, token, { packageId: 'pack_500', gateway: 'STRIPE' });
    expect(order.checkoutUrl).toMatch(/^http:\/\/localhost:8787\/api\/sandbox\/checkout\/sbx_[a-z0-9]+$/);
    expect(order.orderNumber).toMatch(/^ORD-\d{8}-[A-Z0-9]{8}$/);

    const page = await t.request(`/api/sandbox/checkout/${order.sessionId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('no real money moves');
    expect(html).toContain('Creator pack');
    expect(html).toContain('$19.99');
    expect(html).toContain('500 credits');
    expect(html).toMatch(/<button[^>]*name="action" value="pay"/);
    expect(html).toMatch(/<button[^>]*name="action" value="cancel"/);
    expect(html).toContain(`action="/api/sandbox/checkout/${order.sessionId}"`);

    const paid = await submitCheckout(t, order.sessionId, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://localhost:8787/payment/stripe/success?orderId=${order.orderId}`);

    const status = await (await t.request(`/api/v2/payment/order/${order.orderId}/status`, { token })).json();
    expect(status).toEqual({
      success: true,
      message: 'Payment confirmed',
      status: 'PAID',
      creditsAdded: 500,
      gatewayTransactionId: expect.stringMatching(/^sbx_txn_/),
      orderId: order.orderId,
      needsSupport: false,
    });
    const after = await balanceOf(t, token);
    expect(after.available - before.available).toBe(500);
    expect(after.paid - before.paid).toBe(500);

    const list = await (await t.request('/api/orders/user', { token })).json();
    expect(list).toMatchObject({ success: true, currentPage: 0, pageSize: 20, total: 1, totalPages: 1, error: null });
    expect(list.orders[0]).toMatchObject({
      id: order.orderId,
      orderNumber: order.orderNumber,
      packageName: 'Creator pack',
      amount: 19.99,
      status: 'PAID',
      credits: 500,
      creditsAdded: 500,
      paymentMethod: 'STRIPE',
      email: 'buyer@example.com',
      refundStatus: null,
    });
    expect(list.orders[0].paidTime).toBe(clock.now().toISOString());
    // The SPA sends its language; product names follow it.
    const zh = await (await t.request('/api/orders/user', { token, headers: { 'accept-language': 'zh-Hant' } })).json();
    expect(zh.orders[0]).toMatchObject({ packageName: '創作者點數包', productName: '創作者點數包' });

    // Pressing Pay again (back button) changes nothing: the session is finished.
    const again = await submitCheckout(t, order.sessionId, 'pay');
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('already ended');
    expect((await balanceOf(t, token)).available).toBe(after.available);
    const ledger = await t.deps.db
      .select()
      .from(schema.creditLedger)
      .where(eq(schema.creditLedger.movementKey, `order:${order.orderId}`));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ bucket: 'paid', type: 'EARNED', referenceType: 'PURCHASE', amount: 500 });
    await expectLedgerConsistent(t, userId);
  });

  it('cancel on the sandbox page cancels the order and returns to the cancel route', async () => {
    const before = await balanceOf(t, token);
    const order = await createOrder(t, token, { packageId: 'pack_100', gateway: 'PAYPAL' });
    const res = await submitCheckout(t, order.sessionId, 'cancel');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`http://localhost:8787/payment/paypal/cancel?orderId=${order.orderId}`);
    // The SPA's cancel route notifies the server as well: harmless and idempotent.
    const cancelled = await (await t.request(`/api/v2/payment/order/${order.orderId}/cancel`, { method: 'POST', token })).json();
    expect(cancelled).toMatchObject({ success: true, status: 'CANCELLED', creditsAdded: 0, message: 'Payment was cancelled' });
    expect((await orderRow(t, order.orderId)).paymentMethod).toBe('PAYPAL');
    expect((await orderRow(t, order.orderId)).gateway).toBe('SANDBOX');
    expect((await balanceOf(t, token)).available).toBe(before.available);
  });

  it('the cancel route cancels only a PENDING order and answers 200 with the status otherwise', async () => {
    const pending = await createOrder(t, token, { packageId: 'pack_100' });
    const res = await t.request(`/api/v2/payment/order/${pending.orderId}/cancel`, { method: 'POST', token });
    expect(res.status).toBe(200);
    expect((await res.json()).status).toBe('CANCELLED');
    expect((await t.request(`/api/sandbox/checkout/${pending.sessionId}`)).status).toBe(409);

    const paid = await buy(t, token, { packageId: 'pack_100' });
    const stillPaid = await (await t.request(`/api/v2/payment/order/${paid.orderId}/cancel`, { method: 'POST', token })).json();
    expect(stillPaid).toMatchObject({ status: 'PAID', creditsAdded: 100 });
  });

  it('a payment that arrives after the user cancelled still counts: the money is real', async () => {
    const order = await createOrder(t, token, { packageId: 'pack_100' });
    await t.request(`/api/v2/payment/order/${order.orderId}/cancel`, { method: 'POST', token });
    const before = await balanceOf(t, token);
    const [paid] = await sandboxOf(t).checkoutEvents(
      { sessionId: order.sessionId, orderId: order.orderId, kind: 'credits', amountCents: 499, interval: null },
      'pay',
      clock.now(),
    );
    expect((await deliver(t, paid!)).status).toBe(200);
    expect(await orderRow(t, order.orderId)).toMatchObject({ status: 'PAID', creditsAdded: 100 });
    expect((await balanceOf(t, token)).available - before.available).toBe(100);
  });

  it('unknown sessions and bad actions get a clear page, not a stack trace', async () => {
    const unknown = await t.request('/api/sandbox/checkout/sbx_doesnotexist');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/text\/html/);
    expect(await unknown.text()).toContain('Checkout not found');
    const order = await createOrder(t, token, { packageId: 'pack_100' });
    const bad = await submitCheckout(t, order.sessionId, 'steal');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Unknown action');
    expect((await orderRow(t, order.orderId)).status).toBe('PENDING');
  });

  it("refuses cross-site form posts and accepts the page's own", async () => {
    const order = await createOrder(t, token, { packageId: 'pack_100' });
    for (const headers of <Record<string, string>[]>[
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: new URL(order.checkoutUrl).origin },
      { 'sec-fetch-site': 'cross-site', origin: new URL(order.checkoutUrl).origin },
      { origin: 'http://localhost:8788' },
    ]) {
      for (const action of ['cancel', 'pay']) {
        const refused = await submitCheckout(t, order.sessionId, action, headers);
        expect(refused.status, JSON.stringify(headers)).toBe(403);
        expect(await refused.text()).toContain('Request refused');
      }
    }
    expect(await orderRow(t, order.orderId)).toMatchObject({ status: 'PENDING', creditsAdded: 0 });

    // What a browser sends from the checkout page itself.
    const accepted = await submitCheckout(t, order.sessionId, 'cancel', {
      origin: new URL(order.checkoutUrl).origin,
      'sec-fetch-site': 'same-origin',
    });
    expect(accepted.status).toBe(303);
    expect((await orderRow(t, order.orderId)).status).toBe('CANCELLED');
    const another = await createOrder(t, token, { packageId: 'pack_100' });
    // Chrome's POST from the page under the API's no-referrer policy: Origin null, Sec-Fetch-Site same-origin.
    expect((await submitCheckout(t, another.sessionId, 'pay', { origin: 'null', 'sec-fetch-site': 'same-origin' })).status).toBe(303);
    expect((await orderRow(t, another.orderId)).status).toBe('PAID');
  });

  it('sends the buyer back to the origin they paid from, not the PUBLIC_URL default', async () => {
    const res = await t.request('http://127.0.0.1:8787/api/v2/payment/create-credit-order', {
      method: 'POST',
      token,
      json: { packageId: 'pack_100', gateway: 'PAYPAL' },
    });
    const body = await res.json();
    expect(body.checkoutUrl).toMatch(/^http:\/\/127\.0\.0\.1:8787\/api\/sandbox\/checkout\/sbx_/);
    const checkoutPath = new URL(body.checkoutUrl).pathname;
    const page = await (await t.request(`http://127.0.0.1:8787${checkoutPath}`)).text();
    expect(page).toContain(`action="${checkoutPath}"`);
    const paid = await t.request(`http://127.0.0.1:8787${checkoutPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://127.0.0.1:8787', 'sec-fetch-site': 'same-origin' },
      body: 'action=pay',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://127.0.0.1:8787/payment/paypal/success?orderId=${body.orderId}`);
    // Served on the other origin, the same page posts there and the buyer returns there.
    const other = await createOrder(t, token, { packageId: 'pack_100' });
    expect((await submitCheckout(t, other.sessionId, 'cancel')).headers.get('location')).toBe(
      `http://localhost:8787/payment/stripe/cancel?orderId=${other.orderId}`,
    );
  });

  it('abandoned checkouts expire after the sandbox session lifetime; a late payment still counts', async () => {
    const abandoned = await createOrder(t, token, { packageId: 'pack_100' });
    const fresh = await createOrder(t, token, { packageId: 'pack_100' });
    clock.advance(59 * 60);
    await runMaintenance(t.deps);
    expect((await orderRow(t, abandoned.orderId)).status).toBe('PENDING');
    const younger = await createOrder(t, token, { packageId: 'pack_500' });
    clock.advance(60);
    const result = await runMaintenance(t.deps);
    expect(result.expiredCheckouts).toBeGreaterThanOrEqual(2);
    for (const order of [abandoned, fresh]) {
      expect(await orderRow(t, order.orderId)).toMatchObject({
        status: 'EXPIRED',
        failureReason: 'The checkout was not completed in time',
        creditsAdded: 0,
      });
    }
    expect((await orderRow(t, younger.orderId)).status).toBe('PENDING');
    const listed = (await (await t.request('/api/orders/user', { token })).json()).orders as { id: string; status: string }[];
    expect(listed.find((o) => o.id === abandoned.orderId)?.status).toBe('EXPIRED');
    const status = await (await t.request(`/api/v2/payment/order/${abandoned.orderId}/status`, { token })).json();
    expect(status).toMatchObject({ success: true, status: 'EXPIRED', creditsAdded: 0, message: 'The checkout expired before it was paid' });
    // The page says so and takes no payment.
    const page = await t.request(`/api/sandbox/checkout/${abandoned.sessionId}`);
    expect(page.status).toBe(409);
    expect(await page.text()).toContain('order expired');
    expect((await submitCheckout(t, abandoned.sessionId, 'pay')).status).toBe(409);

    // A payment the gateway reports anyway is honoured: the money is real.
    const before = await balanceOf(t, token);
    const [paid] = await sandboxOf(t).checkoutEvents(
      { sessionId: fresh.sessionId, orderId: fresh.orderId, kind: 'credits', amountCents: 499, interval: null },
      'pay',
      clock.now(),
    );
    expect((await deliver(t, paid!)).status).toBe(200);
    expect(await orderRow(t, fresh.orderId)).toMatchObject({ status: 'PAID', creditsAdded: 100, failureReason: null });
    expect((await balanceOf(t, token)).available - before.available).toBe(100);
    await expectLedgerConsistent(t, userId);
  });

  it('a sandbox page opened past its lifetime expires the order even before maintenance runs', async () => {
    const order = await createOrder(t, token, { packageId: 'pack_100' });
    clock.advance(3600);
    const refused = await submitCheckout(t, order.sessionId, 'pay');
    expect(refused.status).toBe(409);
    expect(await orderRow(t, order.orderId)).toMatchObject({ status: 'EXPIRED', creditsAdded: 0 });
  });

  it('escapes what it puts into the page', async () => {
    await t.deps.db.update(schema.pricingPlans).set({ name: '<script>alert(1)</script>' }).where(eq(schema.pricingPlans.id, 'pack_1200'));
    try {
      const order = await createOrder(t, token, { packageId: 'pack_1200' });
      const html = await (await t.request(`/api/sandbox/checkout/${order.sessionId}`)).text();
      expect(html).not.toContain('<script>alert(1)</script>');
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    } finally {
      await t.deps.db.update(schema.pricingPlans).set({ name: 'Pro pack' }).where(eq(schema.pricingPlans.id, 'pack_1200'));
    }
  });

  it('the older purchase path creates the same checkout, card by default, with the referral code stored', async () => {
    const res = await t.request('/api/credits/packages/pack_100/purchase?referralCode=FRIEND1', { method: 'POST', token });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, error: null, checkoutUrl: expect.stringContaining('/api/sandbox/checkout/sbx_') });
    expect(await orderRow(t, body.orderId)).toMatchObject({
      paymentMethod: 'STRIPE',
      referralCode: 'FRIEND1',
      kind: 'credits',
      amountCents: 499,
      credits: 100,
    });
    const paypal = await (
      await t.request('/api/credits/packages/pack_100/purchase', { method: 'POST', token, json: { gateway: 'PAYPAL' } })
    ).json();
    expect((await orderRow(t, paypal.orderId)).paymentMethod).toBe('PAYPAL');
    const wrongKind = await t.request('/api/credits/packages/plan_pro_monthly/purchase', { method: 'POST', token });
    expect(wrongKind.status).toBe(400);
    expect((await wrongKind.json()).error.field).toBe('id');
  });
});

describe('order access and input', () => {
  it('someone else’s order is a 404 everywhere', async () => {
    const order = await buy(t, token, { packageId: 'pack_100' });
    for (const [path, method] of [
      [`/api/v2/payment/order/${order.orderId}/status`, 'GET'],
      [`/api/v2/payment/order/${order.orderId}/cancel`, 'POST'],
      [`/api/orders/${order.orderId}/refund/check`, 'GET'],
      [`/api/orders/${order.orderId}/refund`, 'POST'],
    ] as const) {
      const res = await t.request(path, { method, token: other });
      expect(res.status, path).toBe(404);
      expect((await res.json()).error.code, path).toBe('NOT_FOUND');
    }
    expect((await (await t.request('/api/orders/user', { token: other })).json()).total).toBe(0);
    expect((await orderRow(t, order.orderId)).status).toBe('PAID');
  });

  it('needs sign-in', async () => {
    for (const [path, method] of [
      ['/api/v2/payment/create-credit-order', 'POST'],
      ['/api/v2/payment/order/ord_x/status', 'GET'],
      ['/api/orders/user', 'GET'],
      ['/api/subscriptions/current', 'GET'],
      ['/api/credits/packages/pack_100/purchase', 'POST'],
    ] as const) {
      expect((await t.request(path, { method })).status, path).toBe(401);
    }
  });

  it('bad input is a 400 naming the field; unknown or inactive plans a 404 naming it', async () => {
    const cases: [string, unknown, number, string][] = [
      ['/api/v2/payment/create-credit-order', { gateway: 'STRIPE' }, 400, 'packageId'],
      ['/api/v2/payment/create-credit-order', { packageId: 'pack_100', gateway: 'BITCOIN' }, 400, 'gateway'],
      ['/api/v2/payment/create-credit-order', { packageId: 'pack_100' }, 400, 'gateway'],
      ['/api/v2/payment/create-credit-order', { packageId: 'nope', gateway: 'STRIPE' }, 404, 'packageId'],
      ['/api/v2/payment/create-credit-order', { packageId: 'plan_pro_monthly', gateway: 'STRIPE' }, 400, 'packageId'],
      ['/api/v2/payment/create-subscription-order', { planId: 'pack_100', gateway: 'STRIPE' }, 400, 'planId'],
      ['/api/v2/payment/create-subscription-order', { planId: '', gateway: 'PAYPAL' }, 400, 'planId'],
      ['/api/v2/payment/create-subscription-order', { planId: 'plan_gone', gateway: 'PAYPAL' }, 404, 'planId'],
      ['/api/v2/payment/create-credit-order', { packageId: 'pack_100', gateway: 'STRIPE', referralCode: 'bad code!' }, 400, 'referralCode'],
    ];
    const before = (await (await t.request('/api/orders/user', { token })).json()).total;
    for (const [path, json, status, field] of cases) {
      const res = await t.request(path, { method: 'POST', token, json });
      const body = await res.json();
      expect(res.status, JSON.stringify(json)).toBe(status);
      expect(body.error.field, JSON.stringify(json)).toBe(field);
    }
    await t.deps.db.update(schema.pricingPlans).set({ active: false }).where(eq(schema.pricingPlans.id, 'pack_3000'));
    const inactive = await t.request('/api/v2/payment/create-credit-order', {
      method: 'POST',
      token,
      json: { packageId: 'pack_3000', gateway: 'STRIPE' },
    });
    expect(inactive.status).toBe(404);
    expect((await inactive.json()).error.field).toBe('packageId');
    await t.deps.db.update(schema.pricingPlans).set({ active: true }).where(eq(schema.pricingPlans.id, 'pack_3000'));
    // No half-written orders.
    expect((await (await t.request('/api/orders/user', { token })).json()).total).toBe(before);

    const longReason = await t.request('/api/orders/ord_x/refund', { method: 'POST', token, json: { reason: 'x'.repeat(201) } });
    expect(longReason.status).toBe(400);
    expect((await longReason.json()).error.field).toBe('reason');
    const badPage = await t.request('/api/orders/user?size=0', { token });
    expect((await badPage.json()).error.field).toBe('size');
  });

  it('a gateway failure marks the order FAILED and answers 502 PAYMENT_PROVIDER_ERROR', async () => {
    const sandbox = sandboxOf(t);
    const original = sandbox.createCheckout;
    sandbox.createCheckout = async () => {
      throw new GatewayError('Card payments are temporarily unavailable');
    };
    try {
      const res = await t.request('/api/v2/payment/create-credit-order', {
        method: 'POST',
        token,
        json: { packageId: 'pack_100', gateway: 'STRIPE' },
      });
      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({
        success: false,
        error: { code: 'PAYMENT_PROVIDER_ERROR', message: 'Card payments are temporarily unavailable' },
      });
      const { orders } = await (await t.request('/api/orders/user', { token })).json();
      expect(orders.filter((o: { status: string }) => o.status === 'FAILED')).toHaveLength(1);
    } finally {
      sandbox.createCheckout = original;
    }
  });

  it('a status read reconciles a PENDING order with its gateway through the webhook effects', async () => {
    const sandbox = sandboxOf(t);
    const order = await createOrder(t, token, { packageId: 'pack_1200' });
    const before = await balanceOf(t, token);
    const original = sandbox.reconcile;
    const seen: unknown[] = [];
    sandbox.reconcile = async (request) => {
      seen.push(request);
      return [
        { kind: 'checkout.paid', orderId: request.id, gatewayTransactionId: 'sbx_txn_reconciled', amountCents: 3999, currency: 'USD' },
      ];
    };
    try {
      const first = await (await t.request(`/api/v2/payment/order/${order.orderId}/status`, { token })).json();
      expect(first).toMatchObject({
        status: 'PAID',
        creditsAdded: 1200,
        gatewayTransactionId: 'sbx_txn_reconciled',
        message: 'Payment confirmed',
      });
      expect(seen).toEqual([{ id: order.orderId, kind: 'credits', gatewaySessionId: order.sessionId }]);
      // A PAID order is not asked again, and the credits came once.
      await t.request(`/api/v2/payment/order/${order.orderId}/status`, { token });
      expect(seen).toHaveLength(1);
      expect((await balanceOf(t, token)).available - before.available).toBe(1200);

      // A gateway hiccup only means the stored status comes back.
      sandbox.reconcile = async () => {
        throw new GatewayError('timeout');
      };
      const pending = await createOrder(t, token, { packageId: 'pack_100' });
      const res = await t.request(`/api/v2/payment/order/${pending.orderId}/status`, { token });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        success: true,
        status: 'PENDING',
        creditsAdded: 0,
        message: 'Waiting for payment confirmation',
      });
    } finally {
      sandbox.reconcile = original;
    }
  });

  it('pages the order list newest first', async () => {
    const { token: pager } = await t.signIn('pager@example.com');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await createOrder(t, pager, { packageId: 'pack_100' })).orderId);
      clock.advance(1);
    }
    const first = await (await t.request('/api/orders/user?page=0&size=2', { token: pager })).json();
    expect(first).toMatchObject({ total: 3, totalPages: 2, currentPage: 0, pageSize: 2 });
    expect(first.orders.map((o: { id: string }) => o.id)).toEqual([ids[2], ids[1]]);
    const second = await (await t.request('/api/orders/user?page=1&size=2', { token: pager })).json();
    expect(second.orders.map((o: { id: string }) => o.id)).toEqual([ids[0]]);
    expect(second.orders[0]).toMatchObject({ status: 'PENDING', paidTime: null });
  });
});

describe('webhook route', () => {
  it('refuses a bad, stale or missing signature with 400 and writes nothing', async () => {
    const order = await createOrder(t, token, { packageId: 'pack_100' });
    const [good] = await sandboxOf(t).checkoutEvents(
      { sessionId: order.sessionId, orderId: order.orderId, kind: 'credits', amountCents: 499, interval: null },
      'pay',
      clock.now(),
    );
    const { createSandboxGateway } = await import('../adapters/payments/sandbox');
    const stale = await createSandboxGateway({
      secret: t.config.PAYMENTS_SANDBOX_SECRET!,
      publicUrl: 'http://x',
      now: () => new Date(Date.now() - 600_000),
    }).sign(JSON.parse(good!.rawBody));
    const future = await createSandboxGateway({
      secret: t.config.PAYMENTS_SANDBOX_SECRET!,
      publicUrl: 'http://x',
      now: () => new Date(Date.now() + 600_000),
    }).sign(JSON.parse(good!.rawBody));
    const wrongSecret = await createSandboxGateway({ secret: 'another-secret-0123456789', publicUrl: 'http://x' }).sign(
      JSON.parse(good!.rawBody),
    );
    const tampered = { rawBody: `${good!.rawBody} `, headers: good!.headers };
    const moreCredits = { rawBody: good!.rawBody.replace(/"amountCents":499/, '"amountCents":1'), headers: good!.headers };
    const noHeader = { rawBody: good!.rawBody, headers: new Headers({ 'content-type': 'application/json' }) };
    const garbage = { rawBody: good!.rawBody, headers: new Headers({ 'sandbox-signature': 't=abc,v1=zz' }) };

    const countEvents = async () => (await t.deps.db.select().from(schema.processedWebhookEvents)).length;
    const eventsBefore = await countEvents();
    for (const [name, delivery] of Object.entries({ stale, future, wrongSecret, tampered, moreCredits, noHeader, garbage })) {
      const res = await deliver(t, delivery);
      expect(res.status, name).toBe(400);
      expect((await res.json()).error.code, name).toBe('WEBHOOK_SIGNATURE_INVALID');
    }
    expect(await countEvents()).toBe(eventsBefore);
    expect(await orderRow(t, order.orderId)).toMatchObject({ status: 'PENDING', creditsAdded: 0 });

    const ok = await deliver(t, good!);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ received: true, duplicate: false });
    expect(await countEvents()).toBe(eventsBefore + 1);
    const replay = await deliver(t, good!);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
  });

  it('the same events delivered concurrently (retries racing each other) still grant once', async () => {
    const { token: racer, user } = await t.signIn('racer@example.com');
    const order = await createOrder(t, racer, { planId: 'plan_pro_monthly' });
    const deliveries = await sandboxOf(t).checkoutEvents(
      { sessionId: order.sessionId, orderId: order.orderId, kind: 'subscription', amountCents: 1999, interval: 'month' },
      'pay',
      clock.now(),
    );
    const results = await Promise.all([...deliveries, ...deliveries, ...deliveries, ...deliveries].map((d) => deliver(t, d)));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    const bodies = await Promise.all(results.map((r) => r.json()));
    expect(bodies.filter((b) => !b.duplicate)).toHaveLength(2);
    expect(await orderRow(t, order.orderId)).toMatchObject({ status: 'PAID', creditsAdded: 500 });
    expect((await balanceOf(t, racer)).subscription).toBe(500);
    expect(await t.deps.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, user.id))).toHaveLength(1);
    await expectLedgerConsistent(t, user.id);
  });

  it('a gateway that is not configured is a 404; unknown gateways too', async () => {
    const stripe = await t.request('/api/webhooks/stripe', { method: 'POST', body: '{}', headers: { 'stripe-signature': 't=1,v1=00' } });
    expect(stripe.status).toBe(404);
    expect((await stripe.json()).error.code).toBe('NOT_FOUND');
    expect((await t.request('/api/webhooks/paypal', { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await t.request('/api/webhooks/bitcoin', { method: 'POST', body: '{}' })).status).toBe(404);
  });

  it('acknowledges events about orders it does not know (another environment’s)', async () => {
    const delivery = await signEvent(t, {
      id: 'evt_foreign_1',
      type: 'checkout.session.completed',
      // A day old: a refund of an unknown payment that recent is deferred instead (next test).
      occurredAt: new Date(clock.now().getTime() - 25 * 3600 * 1000),
      effects: [
        { kind: 'checkout.paid', orderId: 'ord_from_staging', gatewayTransactionId: 'sbx_txn_foreign', amountCents: 1, currency: 'USD' },
        { kind: 'checkout.failed', orderId: 'ord_from_staging', status: 'FAILED', reason: 'x' },
        {
          kind: 'invoice.paid',
          gatewaySubscriptionId: 'sbx_sub_foreign',
          gatewayInvoiceId: 'in_1',
          gatewayTransactionId: 'x',
          amountCents: 1,
          currency: 'USD',
          periodStart: clock.now(),
          periodEnd: clock.now(),
        },
        { kind: 'subscription.changed', gatewaySubscriptionId: 'sbx_sub_foreign', status: 'cancelled' },
        { kind: 'payment.refunded', gatewayTransactionId: 'sbx_txn_foreign', gatewayRefundId: 're_1', amountCents: 1, fullyRefunded: true },
      ],
    });
    const res = await deliver(t, delivery);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, duplicate: false });
  });

  it('defers a fresh refund of a payment it has not seen yet: 503 and nothing recorded, so the gateway redelivers', async () => {
    const refund = {
      kind: 'payment.refunded' as const,
      gatewayTransactionId: 'sbx_txn_not_yet',
      gatewayRefundId: 're_2',
      amountCents: 1,
      fullyRefunded: true,
    };
    const res = await deliver(
      t,
      await signEvent(t, { id: 'evt_early_refund', type: 'refund', occurredAt: clock.now(), effects: [refund] }),
    );
    expect(res.status).toBe(503);
    const rows = await t.deps.db
      .select()
      .from(schema.processedWebhookEvents)
      .where(eq(schema.processedWebhookEvents.eventId, 'evt_early_refund'));
    expect(rows).toEqual([]);
  });
});
