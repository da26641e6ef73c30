import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@db/client';
import { createTestApp, manualClock, type TestApp } from '@tests/setup/test-app';
import { runMaintenance } from '../jobs/maintenance';
import { addMonths } from '../lib/billing-periods';
import { balanceOf, buy, createOrder, deliver, expectLedgerConsistent, orderRow, sandboxOf, signEvent } from './payments.test-support';

let t: TestApp;
const clock = manualClock();
const DAY = 24 * 3600;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

let users = 0;
const newUser = async () => {
  const email = `subscriber${++users}@example.com`;
  const { token, user } = await t.signIn(email);
  return { token, userId: user.id, email };
};
const current = async (token: string) => (await (await t.request('/api/subscriptions/current', { token })).json()).subscription;
const subscriptionOf = async (userId: string) =>
  (await t.deps.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId)))[0]!;
const ordersOf = async (token: string) =>
  (await (await t.request('/api/orders/user', { token })).json()).orders as {
    id: string;
    status: string;
    creditsAdded: number;
    kind: string;
  }[];

describe('subscriptions through the sandbox', () => {
  it('subscribes monthly: credits go to the subscription bucket, current shows it, a second one is refused', async () => {
    const { token, userId } = await newUser();
    const started = clock.now();
    const order = await buy(t, token, { planId: 'plan_pro_monthly', gateway: 'PAYPAL' });
    expect(await orderRow(t, order.orderId)).toMatchObject({
      status: 'PAID',
      creditsAdded: 500,
      kind: 'subscription',
      gatewayInvoiceId: expect.stringMatching(/^sbx_in_/),
      periodStart: started,
      periodEnd: addMonths(started, 1),
    });
    expect(await balanceOf(t, token)).toMatchObject({ subscription: 500, paid: 0, free: 20 });
    const [grant] = await t.deps.db
      .select()
      .from(schema.creditLedger)
      .where(eq(schema.creditLedger.movementKey, `order:${order.orderId}`));
    expect(grant).toMatchObject({ bucket: 'subscription', referenceType: 'SUBSCRIPTION', type: 'EARNED', amount: 500 });

    expect(await current(token)).toEqual({
      id: expect.stringMatching(/^sub_/),
      planId: 'plan_pro_monthly',
      planName: 'Pro',
      packageType: 'monthly',
      price: 19.99,
      currency: 'USD',
      monthlyCredits: 500,
      startDate: started.toISOString(),
      nextBillingDate: addMonths(started, 1).toISOString(),
      endDate: null,
      status: 'active',
      paymentProvider: 'PAYPAL',
      cancelAtPeriodEnd: false,
      sandboxBillingUrl: `/api/sandbox/checkout/${order.sessionId}`,
    });
    const second = await t.request('/api/v2/payment/create-subscription-order', {
      method: 'POST',
      token,
      json: { planId: 'plan_basic_yearly', gateway: 'STRIPE' },
    });
    expect(second.status).toBe(409);
    expect((await second.json()).error.code).toBe('SUBSCRIPTION_EXISTS');
    // Packs are still fine while subscribed.
    await buy(t, token, { packageId: 'pack_100' });
    await expectLedgerConsistent(t, userId);
  });

  it('cancel is irreversible, keeps the paid period, then the subscription expires and its credits lapse', async () => {
    const { token, userId } = await newUser();
    const started = clock.now();
    await buy(t, token, { planId: 'plan_basic_monthly' });
    await buy(t, token, { packageId: 'pack_100' });
    expect(await balanceOf(t, token)).toMatchObject({ subscription: 200, paid: 100 });

    clock.advance(DAY);
    const cancelled = await (await t.request('/api/subscriptions/current/cancel', { method: 'POST', token })).json();
    expect(cancelled.subscription).toMatchObject({
      status: 'cancelled',
      nextBillingDate: null,
      endDate: addMonths(started, 1).toISOString(),
      cancelAtPeriodEnd: true,
    });
    const again = await t.request('/api/subscriptions/current/cancel', { method: 'POST', token });
    expect(again.status).toBe(200);
    expect((await again.json()).subscription).toEqual(cancelled.subscription);

    // A newer "active" report from the gateway cannot undo the cancellation.
    const sub = await subscriptionOf(userId);
    await deliver(
      t,
      await signEvent(t, {
        id: `evt_reactivate_${sub.id}`,
        type: 'customer.subscription.updated',
        occurredAt: new Date(clock.now().getTime() + 60_000),
        effects: [
          { kind: 'subscription.changed', gatewaySubscriptionId: sub.gatewaySubscriptionId!, status: 'active', cancelAtPeriodEnd: false },
        ],
      }),
    );
    expect((await current(token)).status).toBe('cancelled');
    // Still live until the end: no new subscription yet.
    expect(
      (
        await t.request('/api/v2/payment/create-subscription-order', {
          method: 'POST',
          token,
          json: { planId: 'plan_pro_monthly', gateway: 'STRIPE' },
        })
      ).status,
    ).toBe(409);

    await t.request('/api/credits/consume?amount=50&referenceType=IMAGE_GENERATION&referenceId=sub-spend', { method: 'POST', token });
    clock.advance(30 * DAY);
    const { token: fresh } = await t.signIn(`subscriber${users}@example.com`);
    const result = await runMaintenance(t.deps);
    expect(result.expiredSubscriptions).toBeGreaterThanOrEqual(1);
    expect(await current(fresh)).toBeNull();
    expect((await subscriptionOf(userId)).status).toBe('expired');
    // Subscription credits are spent first (50 of 200); the other 150 lapse, free credits and the pack stay.
    expect(await balanceOf(t, fresh)).toMatchObject({ subscription: 0, paid: 100, free: 20 });
    const lapse = await t.deps.db
      .select()
      .from(schema.creditLedger)
      .where(eq(schema.creditLedger.movementKey, `subscription-lapse:${sub.id}`));
    expect(lapse.map((r) => r.amount)).toEqual([-150]);
    await runMaintenance(t.deps);
    expect(
      await t.deps.db.select().from(schema.creditLedger).where(like(schema.creditLedger.movementKey, 'subscription-lapse:%')),
    ).toHaveLength(1);
    // Over: a new subscription may start.
    await buy(t, fresh, { planId: 'plan_pro_monthly' });
    expect((await current(fresh)).status).toBe('active');
    await expectLedgerConsistent(t, userId);
  });

  it('a renewal invoice creates one PAID renewal order and grants that period once', async () => {
    const { token, userId } = await newUser();
    const start = clock.now();
    const initial = await buy(t, token, { planId: 'plan_basic_monthly' });
    const sub = await subscriptionOf(userId);
    const next = addMonths(start, 1);
    const renewal = await signEvent(t, {
      id: `evt_renewal_${sub.id}`,
      type: 'invoice.paid',
      occurredAt: next,
      effects: [
        {
          kind: 'invoice.paid',
          gatewaySubscriptionId: sub.gatewaySubscriptionId!,
          gatewayInvoiceId: `sbx_in_renewal_${sub.id}`,
          first: false,
          gatewayTransactionId: `sbx_txn_renewal_${sub.id}`,
          amountCents: 999,
          currency: 'USD',
          periodStart: next,
          periodEnd: addMonths(start, 2),
        },
      ],
    });
    for (let i = 0; i < 3; i++) expect((await deliver(t, renewal)).status).toBe(200);
    // The same invoice under a different event id (a gateway resend) is still one order.
    await deliver(t, await signEvent(t, { ...JSON.parse(renewal.rawBody), id: `evt_renewal_again_${sub.id}` }));
    const orders = await ordersOf(token);
    expect(orders.filter((o) => o.kind === 'subscription').map((o) => [o.status, o.creditsAdded])).toEqual([
      ['PAID', 200],
      ['PAID', 200],
    ]);
    expect((await balanceOf(t, token)).subscription).toBe(400);
    const renewalOrder = orders.find((o) => o.id !== initial.orderId)!;
    expect(await orderRow(t, renewalOrder.id)).toMatchObject({
      subscriptionId: sub.id,
      gatewayInvoiceId: `sbx_in_renewal_${sub.id}`,
      amountCents: 999,
    });
    expect((await current(token)).nextBillingDate).toBe(addMonths(start, 2).toISOString());
    await expectLedgerConsistent(t, userId);
  });

  it('status events in any order: cancellation wins over any active report; suspended vs active by gateway time', async () => {
    /** Delivers two status events for a fresh subscription in the given order; returns the row and the base time. */
    const deliverInOrder = async (order: number[], statuses: ['cancelled' | 'suspended', 'active']) => {
      const { token, userId } = await newUser();
      await buy(t, token, { planId: 'plan_basic_monthly' });
      const sub = await subscriptionOf(userId);
      const base = clock.now().getTime();
      const events = statuses.map((status, i) => ({ id: `evt_${status}_${sub.id}`, at: base + 1000 * (i + 1), status }));
      for (const i of order) {
        const e = events[i]!;
        await deliver(
          t,
          await signEvent(t, {
            id: e.id,
            type: 'customer.subscription.updated',
            occurredAt: new Date(e.at),
            effects: [{ kind: 'subscription.changed', gatewaySubscriptionId: sub.gatewaySubscriptionId!, status: e.status }],
          }),
        );
      }
      return { row: await subscriptionOf(userId), base };
    };
    for (const order of [
      [0, 1],
      [1, 0],
    ]) {
      const cancelled = await deliverInOrder(order, ['cancelled', 'active']);
      expect(cancelled.row, `order ${order}`).toMatchObject({
        status: 'cancelled',
        statusEventAt: new Date(cancelled.base + 2000),
        cancelledAt: new Date(cancelled.base + 1000),
      });
      const resumed = await deliverInOrder(order, ['suspended', 'active']);
      expect(resumed.row.status, `order ${order}`).toBe('active');
    }
  });

  it('an expired event ends the subscription at once and its credits lapse once', async () => {
    const { token, userId } = await newUser();
    await buy(t, token, { planId: 'plan_basic_monthly' });
    const sub = await subscriptionOf(userId);
    const expired = await signEvent(t, {
      id: `evt_expired_${sub.id}`,
      type: 'customer.subscription.deleted',
      occurredAt: clock.now(),
      effects: [{ kind: 'subscription.changed', gatewaySubscriptionId: sub.gatewaySubscriptionId!, status: 'expired' }],
    });
    for (let i = 0; i < 2; i++) await deliver(t, expired);
    expect(await subscriptionOf(userId)).toMatchObject({ status: 'expired', endsAt: clock.now() });
    expect((await balanceOf(t, token)).subscription).toBe(0);
    expect(await current(token)).toBeNull();
    await expectLedgerConsistent(t, userId);
  });

  it('the database itself refuses a second live subscription for a user', async () => {
    const { token, userId } = await newUser();
    await buy(t, token, { planId: 'plan_basic_monthly' });
    const second = {
      id: `sub_other_${userId}`,
      userId,
      planId: 'plan_pro_monthly',
      gateway: 'SANDBOX' as const,
      paymentMethod: 'PAYPAL' as const,
      gatewaySubscriptionId: `sbx_sub_other_${userId}`,
      initialOrderId: `ord_other_${userId}`,
      monthlyCredits: 500,
      priceCents: 1999,
      currentPeriodStart: clock.now(),
      currentPeriodEnd: addMonths(clock.now(), 1),
    };
    for (const status of ['active', 'suspended', 'cancelled'] as const) {
      await expect(t.deps.db.insert(schema.subscriptions).values({ ...second, status })).rejects.toThrow();
    }
    // An ended one may sit beside it.
    await t.deps.db.insert(schema.subscriptions).values({ ...second, status: 'expired' });
  });

  it('ten parallel subscription checkouts open one; the others are a clear 409', async () => {
    const { token, userId } = await newUser();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.request('/api/v2/payment/create-subscription-order', {
          method: 'POST',
          token,
          json: { planId: i % 2 ? 'plan_pro_monthly' : 'plan_basic_monthly', gateway: 'STRIPE' },
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    for (const res of results.filter((r) => r.status === 409)) {
      expect((await res.json()).error).toMatchObject({
        code: 'SUBSCRIPTION_CHECKOUT_OPEN',
        message: expect.stringContaining('already open'),
      });
    }
    const open = await t.deps.db
      .select()
      .from(schema.orders)
      .where(and(eq(schema.orders.userId, userId), eq(schema.orders.kind, 'subscription')));
    expect(open.map((o) => o.status)).toEqual(['PENDING']);
    // Packs are not limited, and a cancelled checkout frees the slot.
    await buy(t, token, { packageId: 'pack_100' });
    expect((await t.request(`/api/v2/payment/order/${open[0]!.id}/cancel`, { method: 'POST', token })).status).toBe(200);
    const again = await buy(t, token, { planId: 'plan_pro_monthly' });
    expect(await orderRow(t, again.orderId)).toMatchObject({ status: 'PAID', creditsAdded: 500 });
    const refused = await t.request('/api/v2/payment/create-subscription-order', {
      method: 'POST',
      token,
      json: { planId: 'plan_basic_monthly', gateway: 'PAYPAL' },
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.code).toBe('SUBSCRIPTION_EXISTS');
    await expectLedgerConsistent(t, userId);
  });

  it('an abandoned subscription checkout holds the slot only for its lifetime; a late payment then is refunded', async () => {
    const { token, userId } = await newUser();
    const abandoned = await createOrder(t, token, { planId: 'plan_basic_monthly' });
    const blocked = await t.request('/api/v2/payment/create-subscription-order', {
      method: 'POST',
      token,
      json: { planId: 'plan_pro_monthly', gateway: 'STRIPE' },
    });
    expect((await blocked.json()).error.code).toBe('SUBSCRIPTION_CHECKOUT_OPEN');
    clock.advance(3600);
    const { token: again } = await t.signIn(`subscriber${users}@example.com`);
    const next = await buy(t, again, { planId: 'plan_pro_monthly' });
    expect(await orderRow(t, abandoned.orderId)).toMatchObject({ status: 'EXPIRED' });
    expect(await orderRow(t, next.orderId)).toMatchObject({ status: 'PAID', creditsAdded: 500 });
    // The old checkout's payment arrives after all: never lost, never a second subscription.
    const late = await sandboxOf(t).checkoutEvents(
      { sessionId: abandoned.sessionId, orderId: abandoned.orderId, kind: 'subscription', amountCents: 999, interval: 'month' },
      'pay',
      clock.now(),
    );
    for (const delivery of late) expect((await deliver(t, delivery)).status).toBe(200);
    expect(await orderRow(t, abandoned.orderId)).toMatchObject({ status: 'REFUNDED', creditsAdded: 0 });
    expect((await balanceOf(t, again)).subscription).toBe(500);
    await expectLedgerConsistent(t, userId);
  });

  it('a subscription whose time is over no longer blocks a new one, even before maintenance ran', async () => {
    const { token, userId } = await newUser();
    await buy(t, token, { planId: 'plan_basic_monthly' });
    await t.request('/api/subscriptions/current/cancel', { method: 'POST', token });
    clock.advance(32 * DAY);
    const { token: fresh } = await t.signIn(`subscriber${users}@example.com`);
    const order = await buy(t, fresh, { planId: 'plan_pro_monthly' });
    expect(await orderRow(t, order.orderId)).toMatchObject({ status: 'PAID', creditsAdded: 500 });
    const subs = await t.deps.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId));
    expect(subs.map((s) => s.status).sort()).toEqual(['active', 'expired']);
    // The old subscription's 200 lapsed when it ended; the new one's 500 are there.
    expect((await balanceOf(t, fresh)).subscription).toBe(500);
    await expectLedgerConsistent(t, userId);
  });

  it('checkout for a subscription that fails at the page leaves no subscription', async () => {
    const { token, userId } = await newUser();
    const order = await createOrder(t, token, { planId: 'plan_pro_yearly' });
    const page = await (await t.request(`/api/sandbox/checkout/${order.sessionId}`)).text();
    expect(page).toContain('$191.90');
    expect(page).toContain('billed yearly');
    await t.request(`/api/sandbox/checkout/${order.sessionId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=cancel',
    });
    expect((await orderRow(t, order.orderId)).status).toBe('CANCELLED');
    expect(await t.deps.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId))).toHaveLength(0);
    expect(await current(token)).toBeNull();
  });
});

describe('yearly plans grant monthly', () => {
  it('grants month 0 at payment and months 1..11 as they come due, each once; none after a refund', async () => {
    const { token, userId } = await newUser();
    // Sessions last 7 days, so read balances straight from the account after moving the clock.
    const subscriptionBalance = async () =>
      (await t.deps.db.select().from(schema.creditAccounts).where(eq(schema.creditAccounts.userId, userId)))[0]!.subscriptionBalance;
    const start = clock.now();
    const order = await buy(t, token, { planId: 'plan_basic_yearly' });
    expect((await orderRow(t, order.orderId)).periodEnd).toEqual(addMonths(start, 12));
    expect((await balanceOf(t, token)).subscription).toBe(200);
    await runMaintenance(t.deps);
    expect(await subscriptionBalance()).toBe(200);

    clock.advance(31 * DAY); // one calendar month (Nov 22 → Dec 23) has passed
    await runMaintenance(t.deps);
    await runMaintenance(t.deps);
    expect(await subscriptionBalance()).toBe(400);

    // A long pause catches up every due month, once.
    clock.advance(5 * 31 * DAY);
    await Promise.all([runMaintenance(t.deps), runMaintenance(t.deps)]);
    expect(await subscriptionBalance()).toBe(1400);

    clock.advance(365 * DAY);
    await runMaintenance(t.deps);
    const keys = (
      await t.deps.db
        .select({ key: schema.creditLedger.movementKey })
        .from(schema.creditLedger)
        .where(and(eq(schema.creditLedger.userId, userId), like(schema.creditLedger.movementKey, `order:${order.orderId}%`)))
    ).map((r) => r.key);
    expect(keys.sort()).toEqual(
      [`order:${order.orderId}`, ...Array.from({ length: 11 }, (_, i) => `order:${order.orderId}:month:${i + 1}`)].sort(),
    );
    expect((await orderRow(t, order.orderId)).creditsAdded).toBe(2400);
    await expectLedgerConsistent(t, userId);

    // A refunded yearly order stops granting.
    const { token: other, userId: otherId } = await newUser();
    const refunded = await buy(t, other, { planId: 'plan_studio_yearly' });
    expect((await t.request(`/api/orders/${refunded.orderId}/refund`, { method: 'POST', token: other, json: {} })).status).toBe(200);
    clock.advance(62 * DAY);
    await runMaintenance(t.deps);
    expect((await orderRow(t, refunded.orderId)).creditsAdded).toBe(1500);
    const grants = await t.deps.db
      .select()
      .from(schema.creditLedger)
      .where(like(schema.creditLedger.movementKey, `order:${refunded.orderId}:month:%`));
    expect(grants).toHaveLength(0);
    await expectLedgerConsistent(t, otherId);
  });
});
