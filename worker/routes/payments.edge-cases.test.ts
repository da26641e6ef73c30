import { eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { schema } from '@db/client';
import { createTestApp, manualClock, type TestApp } from '@tests/setup/test-app';
import { runMaintenance } from '../jobs/maintenance';
import { addMonths } from '../lib/billing-periods';
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

/**
 * a held second subscription never grants, a refund made
 * at the gateway ends its subscription, an `expired` that overtakes a renewal still lapses what the
 * renewal grants, partial gateway refunds mark the order for support, and the sandbox page renews
 * and lapses subscriptions by hand.
 */
let t: TestApp;
const clock = manualClock();

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());
const spies: { mockRestore(): void }[] = [];
const track = <T extends { mockRestore(): void }>(spy: T) => {
  spies.push(spy);
  return spy;
};
afterEach(() => {
  for (const spy of spies.splice(0)) spy.mockRestore();
});

let users = 0;
const newUser = async () => {
  const { token, user } = await t.signIn(`edge${++users}@example.com`);
  return { token, userId: user.id };
};
const subscriptionsOf = (userId: string) => t.deps.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId));
const ordersOf = (userId: string) => t.deps.db.select().from(schema.orders).where(eq(schema.orders.userId, userId));
const current = async (token: string) => (await (await t.request('/api/subscriptions/current', { token })).json()).subscription;
const refundEvent = (id: string, gatewayTransactionId: string, amountCents: number, fullyRefunded: boolean, orderId?: string) =>
  signEvent(t, {
    id,
    type: 'charge.refunded',
    occurredAt: clock.now(),
    effects: [
      {
        kind: 'payment.refunded',
        gatewayTransactionId,
        gatewayRefundId: `re_${id}`,
        amountCents,
        fullyRefunded,
        ...(orderId ? { orderId } : {}),
      },
    ],
  });

describe('a held second subscription', () => {
  it('never grants: a later invoice of it is refunded too and its billing is stopped again', async () => {
    const sandbox = sandboxOf(t);
    const cancel = track(vi.spyOn(sandbox, 'cancelSubscription'));
    const refundCall = track(vi.spyOn(sandbox, 'refund'));
    const { token, userId } = await newUser();
    // Two checkouts open at the gateway: the first cancelled here but still payable there.
    const first = await createOrder(t, token, { planId: 'plan_basic_monthly' });
    await t.request(`/api/v2/payment/order/${first.orderId}/cancel`, { method: 'POST', token });
    await buy(t, token, { planId: 'plan_pro_monthly' });
    const input = {
      sessionId: first.sessionId,
      orderId: first.orderId,
      kind: 'subscription' as const,
      amountCents: 999,
      interval: 'month' as const,
    };
    for (const delivery of await sandbox.checkoutEvents(input, 'pay', clock.now())) expect((await deliver(t, delivery)).status).toBe(200);
    const held = (await subscriptionsOf(userId)).find((s) => s.initialOrderId === first.orderId)!;
    expect(held).toMatchObject({ status: 'expired', gatewayCancelDue: false });
    expect(await orderRow(t, first.orderId)).toMatchObject({ status: 'REFUNDED', creditsAdded: 0 });
    const before = await balanceOf(t, token);
    expect(before.subscription).toBe(500);

    // The gateway bills the held subscription once more (its cancel lost or ignored), twice delivered.
    const [renewal] = await sandbox.subscriptionEvents(
      {
        gatewaySubscriptionId: held.gatewaySubscriptionId!,
        orderId: first.orderId,
        amountCents: 999,
        interval: 'month',
        currentPeriodEnd: addMonths(clock.now(), 1),
      },
      'renew',
      clock.now(),
    );
    for (let i = 0; i < 2; i++) expect((await deliver(t, renewal!)).status).toBe(200);

    expect(await balanceOf(t, token)).toEqual(before);
    const renewalOrder = (await ordersOf(userId)).find((o) => o.subscriptionId === held.id && o.id !== first.orderId)!;
    expect(renewalOrder).toMatchObject({ status: 'REFUNDED', creditsAdded: 0 });
    const grants = await t.deps.db
      .select()
      .from(schema.creditLedger)
      .where(like(schema.creditLedger.movementKey, `%${renewalOrder.id}%`));
    expect(grants).toEqual([]);
    const refunds = await t.deps.db.select().from(schema.refunds).where(eq(schema.refunds.orderId, renewalOrder.id));
    expect(refunds).toEqual([expect.objectContaining({ origin: 'DUPLICATE_SUBSCRIPTION', status: 'COMPLETED', creditsClawedBack: 0 })]);
    expect(refundCall.mock.calls.map(([r]) => r.orderId)).toEqual([first.orderId, renewalOrder.id]);
    // Billing stopped again at the gateway, and nothing left due.
    expect(cancel.mock.calls).toEqual([[held.gatewaySubscriptionId], [held.gatewaySubscriptionId]]);
    expect((await subscriptionsOf(userId)).find((s) => s.id === held.id)).toMatchObject({ status: 'expired', gatewayCancelDue: false });
    await expectLedgerConsistent(t, userId);
  });
});

describe('a refund made at the gateway ends the subscription', () => {
  it('of the first payment: credits taken back, subscription ended now, billing stopped, then expired', async () => {
    const cancel = track(vi.spyOn(sandboxOf(t), 'cancelSubscription'));
    const { token, userId } = await newUser();
    const order = await buy(t, token, { planId: 'plan_basic_monthly' });
    const paid = await orderRow(t, order.orderId);
    const event = await refundEvent(`gw_sub_${order.orderId}`, paid.gatewayTransactionId!, 999, true);
    for (let i = 0; i < 2; i++) expect((await deliver(t, event)).status).toBe(200);

    expect(await orderRow(t, order.orderId)).toMatchObject({ status: 'REFUNDED' });
    const [sub] = await subscriptionsOf(userId);
    expect(sub).toMatchObject({ status: 'cancelled', endsAt: clock.now(), cancelAtPeriodEnd: false, gatewayCancelDue: false });
    expect(cancel.mock.calls).toEqual([[sub!.gatewaySubscriptionId]]);
    expect(await current(token)).toBeNull();
    expect((await balanceOf(t, token)).subscription).toBe(0);
    clock.advance(1);
    await runMaintenance(t.deps);
    expect((await subscriptionsOf(userId))[0]!.status).toBe('expired');
    await expectLedgerConsistent(t, userId);
  });

  it('of a renewal payment too', async () => {
    const { token, userId } = await newUser();
    const order = await buy(t, token, { planId: 'plan_basic_monthly' });
    expect((await submitCheckout(t, order.sessionId, 'renew')).status).toBe(303);
    const renewal = (await ordersOf(userId)).find((o) => o.id !== order.orderId)!;
    expect(renewal).toMatchObject({ status: 'PAID', creditsAdded: 200 });
    expect((await deliver(t, await refundEvent(`gw_renewal_${renewal.id}`, renewal.gatewayTransactionId!, 999, true))).status).toBe(200);
    expect(await orderRow(t, renewal.id)).toMatchObject({ status: 'REFUNDED' });
    expect(await orderRow(t, order.orderId)).toMatchObject({ status: 'PAID' });
    expect((await subscriptionsOf(userId))[0]).toMatchObject({ status: 'cancelled', endsAt: clock.now(), gatewayCancelDue: false });
    expect(await current(token)).toBeNull();
    await expectLedgerConsistent(t, userId);
  });
});

describe('an expired event that overtakes a renewal invoice', () => {
  it('lapses what the renewal then grants: the same balance as in the gateway order', async () => {
    const outcome = async (expiredFirst: boolean) => {
      const { token, userId } = await newUser();
      const order = await buy(t, token, { planId: 'plan_basic_monthly' });
      const [sub] = await subscriptionsOf(userId);
      const input = {
        gatewaySubscriptionId: sub!.gatewaySubscriptionId!,
        orderId: order.orderId,
        amountCents: 999,
        interval: 'month' as const,
        currentPeriodEnd: sub!.currentPeriodEnd,
      };
      const [renewal] = await sandboxOf(t).subscriptionEvents(input, 'renew', clock.now());
      const [expired] = await sandboxOf(t).subscriptionEvents(input, 'lapse', clock.now());
      for (const delivery of expiredFirst ? [expired!, renewal!, expired!] : [renewal!, expired!, renewal!])
        expect((await deliver(t, delivery)).status).toBe(200);
      await expectLedgerConsistent(t, userId);
      const orders = await ordersOf(userId);
      return {
        balance: await balanceOf(t, token),
        orders: orders.map((o) => [o.status, o.creditsAdded]).sort(),
        sub: (({ status, currentPeriodEnd, endsAt }) => ({ status, currentPeriodEnd, endsAt }))((await subscriptionsOf(userId))[0]!),
      };
    };
    const inOrder = await outcome(false);
    expect(inOrder.balance).toMatchObject({ subscription: 0, free: 20 });
    expect(inOrder.orders).toEqual([
      ['PAID', 200],
      ['PAID', 200],
    ]);
    expect(await outcome(true)).toEqual(inOrder);
  });
});

describe('a partial refund made at the gateway: the order needs support', () => {
  const ordersPage = async (token: string) => (await (await t.request('/api/orders/user', { token })).json()).orders;

  it('takes no credits, shows the order as needing support, refuses an in-app refund; a later full refund settles it, in either order', async () => {
    for (const fullFirst of [false, true]) {
      const { token, userId } = await newUser();
      const order = await buy(t, token, { packageId: 'pack_500' });
      const txn = (await orderRow(t, order.orderId)).gatewayTransactionId!;
      const partial = await refundEvent(`partial_${order.orderId}`, txn, 500, false);
      const full = await refundEvent(`full_${order.orderId}`, txn, 1999, true);

      if (!fullFirst) {
        for (let i = 0; i < 2; i++) expect((await deliver(t, partial)).status).toBe(200);
        expect(await orderRow(t, order.orderId)).toMatchObject({ status: 'PAID', gatewayRefundedCents: 500, creditsAdded: 500 });
        expect((await balanceOf(t, token)).paid).toBe(500);
        expect((await ordersPage(token))[0]).toMatchObject({ id: order.orderId, status: 'PAID', needsSupport: true, refundedAmount: 5 });
        const check = await (await t.request(`/api/orders/${order.orderId}/refund/check`, { token })).json();
        expect(check).toMatchObject({ canRefund: false, error: expect.stringMatching(/support/) });
        const refused = await t.request(`/api/orders/${order.orderId}/refund`, { method: 'POST', token, json: {} });
        expect(refused.status).toBe(409);
        expect((await refused.json()).error.code).toBe('REFUND_NOT_ALLOWED');
      }
      for (const delivery of fullFirst ? [full, partial] : [full]) expect((await deliver(t, delivery)).status).toBe(200);
      expect(await orderRow(t, order.orderId), `full first: ${fullFirst}`).toMatchObject({
        status: 'REFUNDED',
        gatewayRefundedCents: 1999,
      });
      expect((await ordersPage(token))[0]).toMatchObject({ status: 'REFUNDED', needsSupport: false, refundedAmount: 19.99 });
      expect((await balanceOf(t, token)).paid).toBe(0);
      await expectLedgerConsistent(t, userId);
    }
  });
});

describe('the sandbox page renews and lapses a subscription by hand', () => {
  it('Renew now pays the next period once per click; Let it lapse ends it and its credits lapse', async () => {
    const { token, userId } = await newUser();
    const started = clock.now();
    const order = await buy(t, token, { planId: 'plan_basic_monthly' });
    const sub = await current(token);
    expect(sub.sandboxBillingUrl).toBe(`/api/sandbox/checkout/${order.sessionId}`);
    const page = await (await t.request(sub.sandboxBillingUrl)).text();
    expect(page).toContain('Renew now');
    expect(page).toContain('Let it lapse');

    const renewed = await submitCheckout(t, order.sessionId, 'renew');
    expect(renewed.status).toBe(303);
    expect(renewed.headers.get('location')).toBe(`http://localhost:${t.config.PORT}/api/sandbox/checkout/${order.sessionId}`);
    expect((await current(token)).nextBillingDate).toBe(addMonths(started, 2).toISOString());
    expect((await balanceOf(t, token)).subscription).toBe(400);
    expect((await submitCheckout(t, order.sessionId, 'renew')).status).toBe(303);
    expect((await current(token)).nextBillingDate).toBe(addMonths(started, 3).toISOString());
    expect((await ordersOf(userId)).map((o) => [o.status, o.creditsAdded])).toEqual([
      ['PAID', 200],
      ['PAID', 200],
      ['PAID', 200],
    ]);

    expect((await submitCheckout(t, order.sessionId, 'lapse')).status).toBe(303);
    expect(await current(token)).toBeNull();
    expect((await subscriptionsOf(userId))[0]).toMatchObject({ status: 'expired' });
    expect((await balanceOf(t, token)).subscription).toBe(0);
    // Ended: the page no longer offers either control, and a stale form changes nothing.
    const after = await t.request(`/api/sandbox/checkout/${order.sessionId}`);
    expect(after.status).toBe(409);
    expect(await after.text()).not.toContain('Renew now');
    expect((await submitCheckout(t, order.sessionId, 'renew')).status).toBe(409);
    expect(await ordersOf(userId)).toHaveLength(3);
    await expectLedgerConsistent(t, userId);
  });

  it('a cancelled subscription is not offered a renewal', async () => {
    const { token } = await newUser();
    const order = await buy(t, token, { planId: 'plan_basic_monthly' });
    await t.request('/api/subscriptions/current/cancel', { method: 'POST', token });
    const page = await (await t.request(`/api/sandbox/checkout/${order.sessionId}`)).text();
    expect(page).not.toContain('Renew now');
    expect(page).toContain('Let it lapse');
    expect((await submitCheckout(t, order.sessionId, 'renew')).status).toBe(409);
  });
});
