import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@db/client';
import { paypalEvent, signPaypalEvent } from '@tests/fakes/paypal-server';
import { signStripeEvent, stripeEvent } from '@tests/fakes/stripe-server';
import { createTestApp, manualClock, type TestApp } from '@tests/setup/test-app';
import type { GatewayEvent, PaymentEffect } from '../adapters/payments/port';
import {
  balanceOf,
  createLivePaymentsApp,
  createOrder,
  deliver,
  expectLedgerConsistent,
  orderRow,
  signEvent,
  submitCheckout,
} from './payments.test-support';

/**
 * A payment grants what was paid for only when it pays for the order: the amount and the currency
 * the gateway reports must be the order's. Anything else (1 cent for a $19.99 pack, a payment in
 * another currency, no amount at all) grants nothing and holds the order for support, with no
 * refund offered by the app; an amount of 0 or below is refused by the webhook's schema.
 */

const clock = manualClock();
let t: TestApp;
let buyers = 0;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

async function newBuyer() {
  const { token, user } = await t.signIn(`amounts-${++buyers}@example.com`);
  return { token, userId: user.id };
}

const paidEvent = (id: string, effect: PaymentEffect): GatewayEvent => ({
  id,
  type: 'checkout.session.completed',
  occurredAt: clock.now(),
  effects: [effect],
});

async function orderItem(token: string, orderId: string) {
  const { orders } = await (await t.request('/api/orders/user', { token })).json();
  return orders.find((o: { id: string }) => o.id === orderId);
}

describe('a payment that does not match its order (sandbox webhooks)', () => {
  it('1 cent for a $19.99 pack grants nothing, holds the order for support and offers no refund', async () => {
    const { token, userId } = await newBuyer();
    const before = await balanceOf(t, token);
    const order = await createOrder(t, token, { packageId: 'pack_500' });
    const res = await deliver(
      t,
      await signEvent(
        t,
        paidEvent(`evt_underpaid_${order.orderId}`, {
          kind: 'checkout.paid',
          orderId: order.orderId,
          gatewayTransactionId: `txn_underpaid_${order.orderId}`,
          amountCents: 1,
          currency: 'USD',
        }),
      ),
    );
    expect(res.status).toBe(200);
    expect(await orderRow(t, order.orderId)).toMatchObject({ status: 'PAID', creditsAdded: 0 });
    expect((await balanceOf(t, token)).available).toBe(before.available);
    expect(await orderItem(token, order.orderId)).toMatchObject({ status: 'PAID', needsSupport: true, supportReason: 'PAYMENT_MISMATCH' });
    const status = await (await t.request(`/api/v2/payment/order/${order.orderId}/status`, { token })).json();
    expect(status).toMatchObject({ status: 'PAID', creditsAdded: 0, needsSupport: true });
    const check = await (await t.request(`/api/orders/${order.orderId}/refund/check`, { token })).json();
    expect(check).toMatchObject({ canRefund: false });
    // A later report of the full amount for the same order does not release it: it stays held.
    const full = paidEvent(`evt_full_${order.orderId}`, {
      kind: 'checkout.paid',
      orderId: order.orderId,
      gatewayTransactionId: `txn_full_${order.orderId}`,
      amountCents: 1999,
      currency: 'USD',
    });
    expect((await deliver(t, await signEvent(t, full))).status).toBe(200);
    expect(await orderRow(t, order.orderId)).toMatchObject({ status: 'PAID', creditsAdded: 0 });
    await expectLedgerConsistent(t, userId);
  });

  it('the right amount in another currency, or no amount at all, is held the same way', async () => {
    const { token } = await newBuyer();
    for (const paid of [{ amountCents: 1999, currency: 'EUR' }, {}, { amountCents: 1999 }]) {
      const order = await createOrder(t, token, { packageId: 'pack_500' });
      const effect = { kind: 'checkout.paid' as const, orderId: order.orderId, gatewayTransactionId: `txn_${order.orderId}`, ...paid };
      // The sandbox's schema wants both; a real gateway's report reaches effects.ts as it is.
      const { applyEffects } = await import('../services/payments/effects');
      await t.deps.db.transaction((tx) =>
        applyEffects({ tx, gateway: 'SANDBOX', now: clock.now(), occurredAt: clock.now(), log: t.deps.log }, [effect]),
      );
      expect(await orderRow(t, order.orderId), JSON.stringify(paid)).toMatchObject({ status: 'PAID', creditsAdded: 0 });
      expect((await orderRow(t, order.orderId)).failureReason).toBeTruthy();
    }
  });

  it('a held order earns the inviter no purchase bonus once the refund window has passed', async () => {
    const inviter = await newBuyer();
    const { code } = await (await t.request('/api/referral/link', { token: inviter.token })).json();
    const invitee = await t.signIn(`amounts-invited-${buyers}@example.com`);
    expect(
      (await t.request('/api/referral/process-registration', { method: 'POST', token: invitee.token, json: { referralCode: code } }))
        .status,
    ).toBe(200);
    const order = await createOrder(t, invitee.token, { packageId: 'pack_500' });
    const short = paidEvent(`evt_short_ref_${order.orderId}`, {
      kind: 'checkout.paid',
      orderId: order.orderId,
      gatewayTransactionId: `txn_short_ref_${order.orderId}`,
      amountCents: 1,
      currency: 'USD',
    });
    expect((await deliver(t, await signEvent(t, short))).status).toBe(200);
    const before = await balanceOf(t, inviter.token);
    const { grantMaturedPurchaseBonuses } = await import('../services/referrals/referrals');
    const later = new Date(clock.now().getTime() + 4 * 24 * 3600 * 1000);
    await grantMaturedPurchaseBonuses(t.deps.db, later);
    expect((await balanceOf(t, inviter.token)).available).toBe(before.available);
  });

  it('a yearly plan held for support grants none of its later months either', async () => {
    const { token, userId } = await newBuyer();
    const order = await createOrder(t, token, { planId: 'plan_basic_yearly' });
    const short = paidEvent(`evt_short_year_${order.orderId}`, {
      kind: 'checkout.paid',
      orderId: order.orderId,
      gatewayTransactionId: `txn_short_year_${order.orderId}`,
      amountCents: 1,
      currency: 'USD',
    });
    expect((await deliver(t, await signEvent(t, short))).status).toBe(200);
    const before = await balanceOf(t, token);
    const { grantYearlyMonthlyCredits } = await import('../services/payments/subscriptions');
    const later = manualClock(new Date(clock.now().getTime() + 65 * 24 * 3600 * 1000));
    await grantYearlyMonthlyCredits({ db: t.deps.db, clock: later, log: t.deps.log });
    expect((await balanceOf(t, token)).available).toBe(before.available);
    expect(await orderRow(t, order.orderId)).toMatchObject({ status: 'PAID', creditsAdded: 0 });
    await expectLedgerConsistent(t, userId);
  });

  it('refuses amounts of 0 and below at the schema: nothing is recorded or granted', async () => {
    const { token } = await newBuyer();
    const order = await createOrder(t, token, { packageId: 'pack_500' });
    for (const amountCents of [-499, 0]) {
      const res = await deliver(
        t,
        await signEvent(
          t,
          paidEvent(`evt_negative_${amountCents}_${order.orderId}`, {
            kind: 'checkout.paid',
            orderId: order.orderId,
            gatewayTransactionId: 'txn_negative',
            amountCents,
            currency: 'USD',
          }),
        ),
      );
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    }
    expect(await orderRow(t, order.orderId)).toMatchObject({ status: 'PENDING', creditsAdded: 0 });
    const [recorded] = await t.deps.db
      .select()
      .from(schema.processedWebhookEvents)
      .where(eq(schema.processedWebhookEvents.eventId, `evt_negative_-499_${order.orderId}`));
    expect(recorded).toBeUndefined();
  });

  it('a subscription renewal that pays less than the plan creates a held renewal order and grants nothing', async () => {
    const { token, userId } = await newBuyer();
    const order = await createOrder(t, token, { planId: 'plan_basic_monthly' });
    expect((await submitCheckout(t, order.sessionId, 'pay')).status).toBe(303);
    const [sub] = await t.deps.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId));
    const before = await balanceOf(t, token);
    const next = new Date(sub!.currentPeriodEnd);
    const renewal = await signEvent(t, {
      id: `evt_cheap_renewal_${sub!.id}`,
      type: 'invoice.paid',
      occurredAt: next,
      effects: [
        {
          kind: 'invoice.paid',
          gatewaySubscriptionId: sub!.gatewaySubscriptionId!,
          gatewayInvoiceId: `sbx_in_cheap_${sub!.id}`,
          first: false,
          gatewayTransactionId: `sbx_txn_cheap_${sub!.id}`,
          amountCents: 1,
          currency: 'USD',
          periodStart: next,
          periodEnd: new Date(next.getTime() + 30 * 24 * 3600 * 1000),
        },
      ],
    });
    for (let i = 0; i < 2; i++) expect((await deliver(t, renewal)).status).toBe(200);
    const held = await t.deps.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.gatewayInvoiceId, `sbx_in_cheap_${sub!.id}`));
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ status: 'PAID', creditsAdded: 0, amountCents: sub!.priceCents });
    expect(held[0]!.failureReason).toMatch(/USD 0\.01/);
    expect((await balanceOf(t, token)).available).toBe(before.available);
    await expectLedgerConsistent(t, userId);
  });

  it('ends the same whichever report of the first payment comes first: a matching one granted, then a short one takes it back', async () => {
    const balances: number[] = [];
    for (const order of [
      ['match', 'short'],
      ['short', 'match'],
    ] as const) {
      const { token, userId } = await newBuyer();
      const o = await createOrder(t, token, { planId: 'plan_basic_monthly' });
      const [plan] = await t.deps.db.select().from(schema.pricingPlans).where(eq(schema.pricingPlans.id, 'plan_basic_monthly'));
      const events = {
        match: paidEvent(`evt_match_${o.orderId}`, {
          kind: 'checkout.paid',
          orderId: o.orderId,
          gatewayTransactionId: `txn_${o.orderId}`,
          gatewaySubscriptionId: `sbx_sub_${o.orderId}`,
          amountCents: plan!.priceCents,
          currency: 'USD',
        }),
        short: {
          id: `evt_short_${o.orderId}`,
          type: 'invoice.paid',
          occurredAt: clock.now(),
          effects: [
            {
              kind: 'invoice.paid' as const,
              gatewaySubscriptionId: `sbx_sub_${o.orderId}`,
              gatewayInvoiceId: `sbx_in_${o.orderId}`,
              orderId: o.orderId,
              first: true,
              gatewayTransactionId: `txn_${o.orderId}`,
              amountCents: 1,
              currency: 'USD',
              periodStart: clock.now(),
              periodEnd: new Date(clock.now().getTime() + 30 * 24 * 3600 * 1000),
            },
          ],
        },
      };
      for (const name of order) expect((await deliver(t, await signEvent(t, events[name]))).status).toBe(200);
      expect(await orderRow(t, o.orderId)).toMatchObject({ status: 'PAID', creditsAdded: 0 });
      balances.push((await balanceOf(t, token)).available);
      await expectLedgerConsistent(t, userId);
    }
    expect(balances[0]).toBe(balances[1]);
  });
});

describe('a payment that does not match its order (Stripe and PayPal webhooks)', () => {
  let live: Awaited<ReturnType<typeof createLivePaymentsApp>>;
  const STRIPE_SECRET = 'whsec_amounts_test_0123456789abcdefghij';
  beforeAll(async () => {
    live = await createLivePaymentsApp({ gateway: 'STRIPE', stripeWebhookSecret: STRIPE_SECRET });
  });
  afterAll(() => live?.close());

  it('Stripe: a signed checkout.session.completed of 1 cent for a $19.99 pack grants nothing', async () => {
    const { token, userId } = await live.newUser();
    const { orderId, sessionId } = await live.checkout(token, { packageId: 'pack_500' });
    const session = { ...live.stripe.completeSession(sessionId), amount_total: 1 };
    const { body, headers } = signStripeEvent(stripeEvent('checkout.session.completed', session), STRIPE_SECRET);
    expect((await live.t.request('/api/webhooks/stripe', { method: 'POST', headers, body })).status).toBe(200);
    expect(await orderRow(live.t, orderId)).toMatchObject({ status: 'PAID', creditsAdded: 0 });
    expect((await balanceOf(live.t, token)).paid).toBe(0);
    // The same session as Stripe really reports it (19.99 USD) does not release the hold.
    const real = live.stripe.completeSession(sessionId);
    const again = signStripeEvent(stripeEvent('checkout.session.async_payment_succeeded', real), STRIPE_SECRET);
    expect((await live.t.request('/api/webhooks/stripe', { method: 'POST', headers: again.headers, body: again.body })).status).toBe(200);
    expect(await orderRow(live.t, orderId)).toMatchObject({ status: 'PAID', creditsAdded: 0 });
    await expectLedgerConsistent(live.t, userId);
  });

  it('PayPal: a capture of -4.99 or in another currency grants nothing', async () => {
    const { t: app, paypal } = live;
    for (const amount of [
      { value: '-4.99', currency_code: 'USD' },
      { value: '19.99', currency_code: 'EUR' },
      { value: '0x7CF', currency_code: 'USD' },
    ]) {
      const { token } = await live.newUser();
      const res = await app.request('/api/v2/payment/create-credit-order', {
        method: 'POST',
        token,
        json: { packageId: 'pack_500', gateway: 'PAYPAL' },
      });
      const { orderId } = await res.json();
      const capture = { id: `CAP${orderId.slice(4, 14).toUpperCase()}`, status: 'COMPLETED', custom_id: orderId, amount };
      const { body, headers } = signPaypalEvent(paypalEvent('PAYMENT.CAPTURE.COMPLETED', capture), paypal.webhookId);
      expect((await app.request('/api/webhooks/paypal', { method: 'POST', headers, body })).status).toBe(200);
      expect(await orderRow(app, orderId), amount.value).toMatchObject({ status: 'PAID', creditsAdded: 0 });
      expect((await balanceOf(app, token)).paid).toBe(0);
    }
  });
});
