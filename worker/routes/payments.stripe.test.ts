import { and, eq, inArray, like } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@db/client';
import { signStripeEvent, stripeEvent, type StripeFake } from '@tests/fakes/stripe-server';
import type { TestApp } from '@tests/setup/test-app';
import { balanceOf, createLivePaymentsApp, expectLedgerConsistent, orderRow } from './payments.test-support';

/**
 * Live payments through the API with the real Stripe adapter against a local fake of the Stripe API:
 * checkouts created by the API, webhook events signed with the stripe library's test-header helper and
 * delivered to /api/webhooks/stripe — each several times, in any order — and the ledger checked.
 */

const WEBHOOK_SECRET = 'whsec_route_test_0123456789abcdefghijkl';
let live: Awaited<ReturnType<typeof createLivePaymentsApp>>;
let t: TestApp;
let stripe: StripeFake;
let newUser: typeof live.newUser;
let checkout: typeof live.checkout;

beforeAll(async () => {
  live = await createLivePaymentsApp({ gateway: 'STRIPE', stripeWebhookSecret: WEBHOOK_SECRET });
  ({ t, stripe, newUser, checkout } = live);
});
afterAll(() => live?.close());

const deliver = (event: unknown, opts: { secret?: string; timestamp?: number } = {}) => {
  const { body, headers } = signStripeEvent(event, opts.secret ?? WEBHOOK_SECRET, opts);
  return t.request('/api/webhooks/stripe', { method: 'POST', headers, body });
};
async function deliverOk(event: unknown) {
  const res = await deliver(event);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { received: true; duplicate: boolean };
}

const processed = async (eventIds: string[]) =>
  t.deps.db
    .select()
    .from(schema.processedWebhookEvents)
    .where(and(eq(schema.processedWebhookEvents.gateway, 'STRIPE'), inArray(schema.processedWebhookEvents.eventId, eventIds)));

const grantsFor = async (orderId: string) =>
  t.deps.db
    .select()
    .from(schema.creditLedger)
    .where(eq(schema.creditLedger.movementKey, `order:${orderId}`));

/** Each event 1–5 times, shuffled: a delivery plan as a list of event indexes. */
const deliveryPlan = (events: number) =>
  fc.array(fc.integer({ min: 1, max: 5 }), { minLength: events, maxLength: events }).chain((counts) => {
    const plan = counts.flatMap((count, index) => Array<number>(count).fill(index));
    return fc.shuffledSubarray(plan, { minLength: plan.length, maxLength: plan.length });
  });

describe('Stripe live payments through the API', () => {
  it('creates the Checkout Session for a pack from the API with the order references', async () => {
    const { token, userId } = await newUser();
    stripe.requests.length = 0;
    const { orderId, checkoutUrl, sessionId } = await checkout(token, { packageId: 'pack_500' });
    expect(checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const [call] = stripe.calls('POST', '/v1/checkout/sessions');
    expect(call!.form).toMatchObject({
      mode: 'payment',
      client_reference_id: orderId,
      metadata: { orderId, userId },
      payment_intent_data: { metadata: { orderId, userId } },
      line_items: [{ price_data: { currency: 'usd', unit_amount: '1999', product_data: { name: 'Creator pack' } }, quantity: '1' }],
    });
    expect(call!.form.success_url).toBe(
      `${t.config.PUBLIC_URL}/payment/stripe/success?orderId=${orderId}&session_id={CHECKOUT_SESSION_ID}`,
    );
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'PENDING', gateway: 'STRIPE', gatewaySessionId: sessionId });
  });

  it('grants a pack exactly once whatever the deliveries: completed and async_payment_succeeded, each 1–5 times, shuffled', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(deliveryPlan(3), async (plan) => {
        runs += 1;
        const { token, userId } = await newUser();
        const { orderId, sessionId } = await checkout(token, { packageId: 'pack_500' });
        const session = stripe.completeSession(sessionId);
        const created = Math.floor(Date.now() / 1000);
        const events = [
          stripeEvent('checkout.session.completed', session, { created }),
          stripeEvent('checkout.session.async_payment_succeeded', session, { created: created + 1 }),
          stripeEvent(
            'payment_intent.succeeded',
            { id: session.payment_intent, object: 'payment_intent', status: 'succeeded', metadata: { orderId } },
            { created },
          ),
        ];
        for (const index of plan) await deliverOk(events[index]);

        expect(await orderRow(t, orderId)).toMatchObject({
          status: 'PAID',
          creditsAdded: 500,
          gatewayTransactionId: session.payment_intent,
        });
        expect(await grantsFor(orderId)).toHaveLength(1);
        expect(await balanceOf(t, token)).toMatchObject({ paid: 500, free: 20, available: 520 });
        expect((await processed(events.map((e) => e.id))).map((row) => row.eventId).sort()).toEqual(events.map((e) => e.id).sort());
        await expectLedgerConsistent(t, userId);
      }),
      { numRuns: 10 },
    );
    expect(runs).toBe(10);
  });

  it('reaches the same subscription state from any order of its events, each delivered 1–5 times', async () => {
    await fc.assert(
      fc.asyncProperty(deliveryPlan(6), async (plan) => {
        const { token, userId } = await newUser();
        const { orderId, sessionId } = await checkout(token, { planId: 'plan_pro_monthly' });
        const session = stripe.completeSession(sessionId);
        const subscriptionId = session.subscription as string;
        const firstPeriod = structuredClone(stripe.subscription(subscriptionId));
        const firstInvoice = stripe.invoice(session.invoice);
        const renewal = stripe.renew(subscriptionId);
        const secondPeriod = structuredClone(stripe.subscription(subscriptionId));
        const periodEnd = secondPeriod.items.data[0].current_period_end as number;
        const cancelled = {
          ...structuredClone(secondPeriod),
          cancel_at_period_end: true,
          cancel_at: periodEnd,
          canceled_at: periodEnd - 86400,
        };
        const t0 = Math.floor(Date.now() / 1000);
        const events = [
          stripeEvent('checkout.session.completed', session, { created: t0 }),
          stripeEvent('invoice.paid', firstInvoice, { created: t0 }),
          stripeEvent('customer.subscription.updated', firstPeriod, { created: t0 + 1 }),
          stripeEvent('invoice.paid', renewal, { created: t0 + 10 }),
          stripeEvent('customer.subscription.updated', secondPeriod, { created: t0 + 11 }),
          stripeEvent('customer.subscription.updated', cancelled, { created: t0 + 20 }),
        ];
        for (const index of plan) await deliverOk(events[index]);

        expect(await orderRow(t, orderId)).toMatchObject({
          status: 'PAID',
          creditsAdded: 500,
          gatewayInvoiceId: firstInvoice.id,
          gatewayTransactionId: stripe.invoicePaymentIntent(firstInvoice.id),
        });
        const orders = await t.deps.db.select().from(schema.orders).where(eq(schema.orders.userId, userId));
        const renewals = orders.filter((o) => o.id !== orderId);
        expect(renewals).toEqual([
          expect.objectContaining({
            status: 'PAID',
            creditsAdded: 500,
            gatewayInvoiceId: renewal.id,
            gatewayTransactionId: stripe.invoicePaymentIntent(renewal.id),
          }),
        ]);
        const [sub] = await t.deps.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId));
        expect(sub).toMatchObject({
          gatewaySubscriptionId: subscriptionId,
          initialOrderId: orderId,
          status: 'cancelled',
          cancelAtPeriodEnd: true,
          currentPeriodStart: new Date(secondPeriod.items.data[0].current_period_start * 1000),
          currentPeriodEnd: new Date(periodEnd * 1000),
          endsAt: new Date(periodEnd * 1000),
        });
        expect(await balanceOf(t, token)).toMatchObject({ subscription: 1000, paid: 0, free: 20 });
        for (const o of orders) expect(await grantsFor(o.id)).toHaveLength(1);
        await expectLedgerConsistent(t, userId);
      }),
      { numRuns: 8 },
    );
  });

  it('a second subscription paid at Stripe is refunded and its billing stopped there; the first paid stays the one live subscription', async () => {
    const { token, userId } = await newUser();
    const first = await checkout(token, { planId: 'plan_basic_monthly' });
    // Cancelled here, still payable at Stripe: the buyer opens a second checkout and pays both.
    await t.request(`/api/v2/payment/order/${first.orderId}/cancel`, { method: 'POST', token });
    const second = await checkout(token, { planId: 'plan_pro_monthly' });
    const [a, b] = [stripe.completeSession(first.sessionId), stripe.completeSession(second.sessionId)];
    const [invoiceA, invoiceB] = [stripe.invoice(a.invoice), stripe.invoice(b.invoice)];
    const events = [
      stripeEvent('checkout.session.completed', a),
      stripeEvent('invoice.paid', invoiceA),
      stripeEvent('checkout.session.completed', b),
      stripeEvent('invoice.paid', invoiceB),
    ];
    stripe.requests.length = 0;
    // The second checkout's payment is reported first, so it is the one kept.
    for (const index of [3, 2, 1, 3, 0, 1, 2, 0]) await deliverOk(events[index]);

    expect(await orderRow(t, second.orderId)).toMatchObject({ status: 'PAID', creditsAdded: 500 });
    expect(await orderRow(t, first.orderId)).toMatchObject({ status: 'REFUNDED', creditsAdded: 0 });
    const [refund, ...more] = await t.deps.db.select().from(schema.refunds).where(eq(schema.refunds.userId, userId));
    expect(more).toEqual([]);
    expect(refund).toMatchObject({
      orderId: first.orderId,
      origin: 'DUPLICATE_SUBSCRIPTION',
      status: 'COMPLETED',
      gatewayRefundId: expect.stringMatching(/^re_/),
    });
    const refundCalls = stripe.calls('POST', '/v1/refunds');
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]!.form).toMatchObject({ payment_intent: stripe.invoicePaymentIntent(invoiceA.id), amount: '999' });
    expect(refundCalls[0]!.headers['idempotency-key']).toBe(refund!.id);
    const cancelCalls = stripe.calls('POST', `/v1/subscriptions/${a.subscription}`);
    expect(cancelCalls.map((c) => c.form)).toEqual([expect.objectContaining({ cancel_at_period_end: 'true' })]);
    expect(stripe.calls('POST', `/v1/subscriptions/${b.subscription}`)).toEqual([]);

    // Stripe's own refund notice changes nothing more.
    await deliverOk(stripeEvent('charge.refunded', stripe.chargeForPaymentIntent(stripe.invoicePaymentIntent(invoiceA.id))));
    expect(await t.deps.db.select().from(schema.refunds).where(eq(schema.refunds.userId, userId))).toHaveLength(1);
    const subs = await t.deps.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId));
    expect(subs.filter((s) => s.status !== 'expired')).toEqual([
      expect.objectContaining({ gatewaySubscriptionId: b.subscription, status: 'active' }),
    ]);
    expect(await balanceOf(t, token)).toMatchObject({ subscription: 500 });
    await expectLedgerConsistent(t, userId);
  });

  it('refunds through the API at Stripe; charge.refunded replays complete it without clawing back twice', async () => {
    const { token, userId } = await newUser();
    const { orderId, sessionId } = await checkout(token, { packageId: 'pack_500' });
    const session = stripe.completeSession(sessionId);
    await deliverOk(stripeEvent('checkout.session.completed', session));
    expect(await balanceOf(t, token)).toMatchObject({ paid: 500 });

    stripe.setRefundStatus('pending');
    stripe.requests.length = 0;
    const res = await t.request(`/api/orders/${orderId}/refund`, { method: 'POST', token, json: { reason: 'Not what I expected' } });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ success: true, status: 'PENDING' });
    const [call] = stripe.calls('POST', '/v1/refunds');
    expect(call!.form).toMatchObject({
      payment_intent: session.payment_intent,
      amount: '1999',
      reason: 'requested_by_customer',
      metadata: { orderId },
    });
    expect(call!.headers['idempotency-key']).toBe(body.refundId);
    expect(await balanceOf(t, token)).toMatchObject({ paid: 0 });

    const charge = stripe.chargeForPaymentIntent(session.payment_intent);
    const refunded = stripeEvent('charge.refunded', charge);
    for (let i = 0; i < 3; i++) await deliverOk(refunded);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'REFUNDED' });
    const refunds = await t.deps.db.select().from(schema.refunds).where(eq(schema.refunds.orderId, orderId));
    expect(refunds).toEqual([expect.objectContaining({ status: 'COMPLETED', creditsClawedBack: 500 })]);
    expect(await balanceOf(t, token)).toMatchObject({ paid: 0, free: 20 });
    await expectLedgerConsistent(t, userId);
    stripe.setRefundStatus('succeeded');
  });

  it('defers a subscription refund that overtakes its invoice (503, nothing recorded) and applies it once redelivered', async () => {
    const { token, userId } = await newUser();
    const { orderId, sessionId } = await checkout(token, { planId: 'plan_basic_monthly' });
    const session = stripe.completeSession(sessionId);
    const invoice = stripe.invoice(session.invoice);
    const charge = stripe.chargeForPaymentIntent(stripe.invoicePaymentIntent(invoice.id));
    const refund = {
      id: 're_test_dashboard',
      object: 'refund',
      amount: charge.amount,
      charge: charge.id,
      created: Math.floor(Date.now() / 1000),
      status: 'succeeded',
    };
    const refunded = stripeEvent('charge.refunded', {
      ...charge,
      refunded: true,
      amount_refunded: charge.amount,
      refunds: { object: 'list', data: [refund] },
    });

    // The subscription charge carries no order id and the order has not learnt its payment intent yet.
    const early = await deliver(refunded);
    expect(early.status).toBe(503);
    expect(early.headers.get('retry-after')).toBe('60');
    expect(await processed([refunded.id])).toEqual([]);

    await deliverOk(stripeEvent('invoice.paid', invoice));
    expect(await balanceOf(t, token)).toMatchObject({ subscription: 200 });
    await deliverOk(refunded);
    await deliverOk(refunded);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'REFUNDED', creditsAdded: 200 });
    expect(await balanceOf(t, token)).toMatchObject({ subscription: 0, free: 20 });
    // A refund made in Stripe's dashboard ends the subscription now, like an in-app refund, and billing
    // stops at Stripe once (.
    const [sub] = await t.deps.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId));
    expect(sub).toMatchObject({ status: 'cancelled', cancelAtPeriodEnd: false, gatewayCancelDue: false });
    expect(sub!.endsAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(stripe.calls('POST', `/v1/subscriptions/${session.subscription}`).map((c) => c.form)).toEqual([
      expect.objectContaining({ cancel_at_period_end: 'true' }),
    ]);
    // A late checkout.session.completed cannot grant again.
    await deliverOk(stripeEvent('checkout.session.completed', session));
    expect(await balanceOf(t, token)).toMatchObject({ subscription: 0 });
    expect(stripe.calls('POST', `/v1/subscriptions/${session.subscription}`)).toHaveLength(1);
    await expectLedgerConsistent(t, userId);
  });

  it('credits a pack whose webhook never came: the status poll reconciles with Stripe, and the late webhook changes nothing', async () => {
    const { token } = await newUser();
    const { orderId, sessionId } = await checkout(token, { packageId: 'pack_100' });
    const pending = await (await t.request(`/api/v2/payment/order/${orderId}/status`, { token })).json();
    expect(pending).toMatchObject({ status: 'PENDING', creditsAdded: 0 });
    const session = stripe.completeSession(sessionId);
    const paid = await (await t.request(`/api/v2/payment/order/${orderId}/status`, { token })).json();
    expect(paid).toMatchObject({ success: true, status: 'PAID', creditsAdded: 100, gatewayTransactionId: session.payment_intent });
    expect(await deliverOk(stripeEvent('checkout.session.completed', session))).toEqual({ received: true, duplicate: false });
    expect(await grantsFor(orderId)).toHaveLength(1);
    expect(await balanceOf(t, token)).toMatchObject({ paid: 100 });
  });

  it('answers 400 to a bad, foreign or stale signature and records nothing', async () => {
    const { token } = await newUser();
    const { orderId, sessionId } = await checkout(token, { packageId: 'pack_500' });
    const event = stripeEvent('checkout.session.completed', stripe.completeSession(sessionId));
    const signed = signStripeEvent(event, WEBHOOK_SECRET);
    const attempts = [
      () => t.request('/api/webhooks/stripe', { method: 'POST', headers: signed.headers, body: signed.body.replace('"paid"', '"paid" ') }),
      () => deliver(event, { secret: 'whsec_not_ours_0123456789abcdef' }),
      () => deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 400 }),
      () => t.request('/api/webhooks/stripe', { method: 'POST', headers: { 'content-type': 'application/json' }, body: signed.body }),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    }
    expect(await processed([event.id])).toEqual([]);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'PENDING', creditsAdded: 0 });
    expect(await balanceOf(t, token)).toMatchObject({ paid: 0 });
    // The same event, properly signed, is then applied.
    await deliverOk(event);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'PAID', creditsAdded: 500 });
  });

  it('answers a Stripe outage at checkout with 502 PAYMENT_PROVIDER_ERROR and a failed order', async () => {
    const { token, userId } = await newUser();
    stripe.fail({ method: 'POST', path: /^\/v1\/checkout\/sessions$/ }, 500, { type: 'api_error', message: 'An unknown error occurred' });
    const res = await t.request('/api/v2/payment/create-credit-order', {
      method: 'POST',
      token,
      json: { packageId: 'pack_500', gateway: 'STRIPE' },
    });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({
      success: false,
      error: { code: 'PAYMENT_PROVIDER_ERROR', message: 'The card payment service is unavailable (checkout). Please try again later.' },
    });
    const [order] = await t.deps.db
      .select()
      .from(schema.orders)
      .where(and(eq(schema.orders.userId, userId), like(schema.orders.failureReason, '%unavailable%')));
    expect(order).toMatchObject({ status: 'FAILED' });
  });
});
