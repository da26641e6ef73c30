import { and, eq, like, or } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { schema } from '@db/client';
import { createTestApp, manualClock, type TestApp } from '@tests/setup/test-app';
import { runMaintenance } from '../jobs/maintenance';
import { addMonths } from '../lib/billing-periods';
import type { SignedDelivery } from '../adapters/payments/sandbox-port';
import { createOrder, deliver, expectLedgerConsistent, orderRow, sandboxOf, signEvent } from './payments.test-support';

/**
 * DESIGN.md §5 invariants 5 and 6 as properties: every webhook event delivered 1–5 times, in any
 * order, grants credits exactly once and reaches one and the same final state.
 */
let t: TestApp;
const clock = manualClock();
beforeAll(async () => {
  // Every run signs in a new user; lift the per-IP sign-in limit (30 an hour) for this file.
  t = await createTestApp({ clock, env: { LOGIN_CODE_MAX_PER_IP_HOUR: '1000' } });
});
afterAll(() => t.close());

/** Each delivery repeated 1–5 times, then the whole list in a random order. */
const deliveryPlan = (count: number) =>
  fc.array(fc.integer({ min: 1, max: 5 }), { minLength: count, maxLength: count }).chain((repeats) => {
    const list = repeats.flatMap((n, index) => Array.from({ length: n }, () => index));
    return fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length });
  });

async function deliverAll(deliveries: SignedDelivery[], plan: number[]) {
  for (const index of plan) {
    const res = await deliver(t, deliveries[index]!);
    expect(res.status).toBe(200);
  }
}

let users = 0;
/** Each run signs a new user in from its own address, so the per-IP code limits never stop a long run. */
const newUser = async () => {
  const email = `property${++users}@example.com`;
  const ip = `198.51.100.${users % 250}`;
  expect((await t.request('/api/auth/login/send-code', { method: 'POST', json: { email }, ip })).status).toBe(200);
  const verified = await t.request('/api/auth/login/verify-code', {
    method: 'POST',
    json: { email, verificationCode: t.latestCode(email) },
    ip,
  });
  const { token, user } = await verified.json();
  return { token: token as string, userId: user.id as string };
};
const account = async (userId: string) =>
  (await t.deps.db.select().from(schema.creditAccounts).where(eq(schema.creditAccounts.userId, userId)))[0]!;
const ledgerFor = (userId: string, orderIds: string[]) =>
  t.deps.db
    .select()
    .from(schema.creditLedger)
    .where(and(eq(schema.creditLedger.userId, userId), or(...orderIds.map((id) => like(schema.creditLedger.movementKey, `%${id}%`)))));

describe('sandbox events delivered 1–5 times in any order', () => {
  it('a credit pack: pay (and a stray cancel) → PAID, 500 credits exactly once', async () => {
    await fc.assert(
      fc.asyncProperty(deliveryPlan(2), async (plan) => {
        const { token, userId } = await newUser();
        const order = await createOrder(t, token, { packageId: 'pack_500' });
        const input = { sessionId: order.sessionId, orderId: order.orderId, kind: 'credits' as const, amountCents: 1999, interval: null };
        const deliveries = [
          ...(await sandboxOf(t).checkoutEvents(input, 'pay', clock.now())),
          ...(await sandboxOf(t).checkoutEvents(input, 'cancel', clock.now())),
        ];
        await deliverAll(deliveries, plan);

        expect(await orderRow(t, order.orderId)).toMatchObject({
          status: 'PAID',
          creditsAdded: 500,
          gatewayTransactionId: `sbx_txn_${order.sessionId.slice(4)}`,
          failureReason: null,
        });
        expect((await account(userId)).paidBalance).toBe(500);
        expect((await ledgerFor(userId, [order.orderId])).map((r) => r.amount)).toEqual([500]);
        await expectLedgerConsistent(t, userId);
      }),
      { numRuns: 15 },
    );
  });

  it('a subscription: checkout, first invoice, a renewal and a cancellation → the same final state', async () => {
    await fc.assert(
      fc.asyncProperty(deliveryPlan(4), async (plan) => {
        const { token, userId } = await newUser();
        const now = clock.now();
        const order = await createOrder(t, token, { planId: 'plan_basic_monthly' });
        const input = {
          sessionId: order.sessionId,
          orderId: order.orderId,
          kind: 'subscription' as const,
          amountCents: 999,
          interval: 'month' as const,
        };
        const [paid, firstInvoice] = await sandboxOf(t).checkoutEvents(input, 'pay', now);
        const suffix = order.sessionId.slice(4);
        const gatewaySubscriptionId = `sbx_sub_${suffix}`;
        const renewal = await signEvent(t, {
          id: `evt_renewal_${suffix}`,
          type: 'invoice.paid',
          occurredAt: addMonths(now, 1),
          effects: [
            {
              kind: 'invoice.paid',
              gatewaySubscriptionId,
              gatewayInvoiceId: `sbx_in_2_${suffix}`,
              orderId: order.orderId,
              first: false,
              gatewayTransactionId: `sbx_txn_2_${suffix}`,
              amountCents: 999,
              currency: 'USD',
              periodStart: addMonths(now, 1),
              periodEnd: addMonths(now, 2),
            },
          ],
        });
        const cancelledAt = new Date(addMonths(now, 1).getTime() + 3_600_000);
        const cancellation = await signEvent(t, {
          id: `evt_cancel_${suffix}`,
          type: 'customer.subscription.updated',
          occurredAt: cancelledAt,
          effects: [
            { kind: 'subscription.changed', gatewaySubscriptionId, orderId: order.orderId, status: 'active', cancelAtPeriodEnd: true },
          ],
        });
        await deliverAll([paid!, firstInvoice!, renewal, cancellation], plan);

        expect(await orderRow(t, order.orderId)).toMatchObject({
          status: 'PAID',
          creditsAdded: 200,
          gatewayTransactionId: `sbx_txn_${suffix}`,
          gatewayInvoiceId: `sbx_in_${suffix}`,
          periodStart: now,
          periodEnd: addMonths(now, 1),
        });
        const orders = await t.deps.db.select().from(schema.orders).where(eq(schema.orders.userId, userId));
        expect(orders).toHaveLength(2);
        const renewalOrder = orders.find((o) => o.id !== order.orderId)!;
        expect(renewalOrder).toMatchObject({
          status: 'PAID',
          creditsAdded: 200,
          gatewayInvoiceId: `sbx_in_2_${suffix}`,
          periodEnd: addMonths(now, 2),
        });
        const subs = await t.deps.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId));
        expect(subs).toHaveLength(1);
        expect(subs[0]).toMatchObject({
          status: 'cancelled',
          gatewaySubscriptionId,
          initialOrderId: order.orderId,
          currentPeriodStart: addMonths(now, 1),
          currentPeriodEnd: addMonths(now, 2),
          endsAt: addMonths(now, 2),
          cancelledAt,
          statusEventAt: cancelledAt,
          cancelAtPeriodEnd: true,
        });
        expect(renewalOrder.subscriptionId).toBe(subs[0]!.id);
        expect((await account(userId)).subscriptionBalance).toBe(400);
        expect((await ledgerFor(userId, [order.orderId, renewalOrder.id])).map((r) => r.amount)).toEqual([200, 200]);
        await expectLedgerConsistent(t, userId);
      }),
      { numRuns: 12 },
    );
  });

  it("a subscription: checkout, first invoice, a renewal and the gateway's expiry (expiry overtaking the renewal) → expired, every period granted once, nothing left to roll over", async () => {
    await fc.assert(
      fc.asyncProperty(deliveryPlan(4), async (plan) => {
        const { token, userId } = await newUser();
        const now = clock.now();
        const order = await createOrder(t, token, { planId: 'plan_basic_monthly' });
        const input = {
          sessionId: order.sessionId,
          orderId: order.orderId,
          kind: 'subscription' as const,
          amountCents: 999,
          interval: 'month' as const,
        };
        const [paid, firstInvoice] = await sandboxOf(t).checkoutEvents(input, 'pay', now);
        const subscription = {
          gatewaySubscriptionId: `sbx_sub_${order.sessionId.slice(4)}`,
          orderId: order.orderId,
          amountCents: 999,
          interval: 'month' as const,
          currentPeriodEnd: addMonths(now, 1),
        };
        const [renewal] = await sandboxOf(t).subscriptionEvents(subscription, 'renew', addMonths(now, 1));
        const [expired] = await sandboxOf(t).subscriptionEvents(subscription, 'lapse', addMonths(now, 2));
        await deliverAll([paid!, firstInvoice!, renewal!, expired!], plan);

        const orders = await t.deps.db.select().from(schema.orders).where(eq(schema.orders.userId, userId));
        expect(orders.map((o) => [o.status, o.creditsAdded])).toEqual([
          ['PAID', 200],
          ['PAID', 200],
        ]);
        const subs = await t.deps.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId));
        expect(subs).toEqual([
          expect.objectContaining({
            status: 'expired',
            currentPeriodStart: addMonths(now, 1),
            currentPeriodEnd: addMonths(now, 2),
            endsAt: addMonths(now, 2),
            cancelledAt: addMonths(now, 2),
          }),
        ]);
        // Both periods granted once each; whatever the order, the subscription bucket ends empty.
        const grants = (
          await ledgerFor(
            userId,
            orders.map((o) => o.id),
          )
        ).filter((r) => r.type === 'EARNED');
        expect(grants.map((r) => r.amount)).toEqual([200, 200]);
        expect((await account(userId)).subscriptionBalance).toBe(0);
        await expectLedgerConsistent(t, userId);
      }),
      { numRuns: 12 },
    );
  });

  it('a subscription paid and refunded at the gateway in any order → REFUNDED, the subscription ended at the refund, billing stopped, no credits left', async () => {
    const cancelCalls = vi.spyOn(sandboxOf(t), 'cancelSubscription');
    await fc.assert(
      fc.asyncProperty(deliveryPlan(3), async (plan) => {
        cancelCalls.mockClear();
        const { token, userId } = await newUser();
        const order = await createOrder(t, token, { planId: 'plan_basic_monthly' });
        const input = {
          sessionId: order.sessionId,
          orderId: order.orderId,
          kind: 'subscription' as const,
          amountCents: 999,
          interval: 'month' as const,
        };
        const [paid, firstInvoice] = await sandboxOf(t).checkoutEvents(input, 'pay', clock.now());
        const suffix = order.sessionId.slice(4);
        const refunded = await signEvent(t, {
          id: `evt_sub_refund_${suffix}`,
          type: 'charge.refunded',
          occurredAt: clock.now(),
          effects: [
            {
              kind: 'payment.refunded',
              gatewayTransactionId: `sbx_txn_${suffix}`,
              orderId: order.orderId,
              gatewayRefundId: `re_${suffix}`,
              amountCents: 999,
              fullyRefunded: true,
            },
          ],
        });
        await deliverAll([paid!, firstInvoice!, refunded], plan);

        expect(await orderRow(t, order.orderId)).toMatchObject({ status: 'REFUNDED', refundedAt: clock.now() });
        const subs = await t.deps.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId));
        expect(subs).toEqual([
          expect.objectContaining({
            status: 'cancelled',
            endsAt: clock.now(),
            cancelledAt: clock.now(),
            cancelAtPeriodEnd: false,
            gatewayCancelDue: false,
          }),
        ]);
        expect(cancelCalls.mock.calls).toEqual([[`sbx_sub_${suffix}`]]);
        expect((await account(userId)).subscriptionBalance).toBe(0);
        expect((await (await t.request('/api/subscriptions/current', { token })).json()).subscription).toBeNull();
        await expectLedgerConsistent(t, userId);
      }),
      { numRuns: 12 },
    );
    cancelCalls.mockRestore();
  });

  it('a paid and a refunded event in either order, repeated → REFUNDED, no credits left from it, one refund', async () => {
    await fc.assert(
      fc.asyncProperty(deliveryPlan(2), async (plan) => {
        const { token, userId } = await newUser();
        const order = await createOrder(t, token, { packageId: 'pack_100' });
        const input = { sessionId: order.sessionId, orderId: order.orderId, kind: 'credits' as const, amountCents: 499, interval: null };
        const [paid] = await sandboxOf(t).checkoutEvents(input, 'pay', clock.now());
        const refunded = await signEvent(t, {
          id: `evt_refund_${order.sessionId}`,
          type: 'charge.refunded',
          occurredAt: clock.now(),
          effects: [
            {
              kind: 'payment.refunded',
              gatewayTransactionId: `sbx_txn_${order.sessionId.slice(4)}`,
              orderId: order.orderId,
              gatewayRefundId: `re_${order.sessionId}`,
              amountCents: 499,
              fullyRefunded: true,
            },
          ],
        });
        await deliverAll([paid!, refunded], plan);

        expect(await orderRow(t, order.orderId)).toMatchObject({ status: 'REFUNDED', refundedAt: clock.now() });
        const refunds = await t.deps.db.select().from(schema.refunds).where(eq(schema.refunds.orderId, order.orderId));
        expect(refunds).toEqual([expect.objectContaining({ status: 'COMPLETED', gatewayRefundId: `re_${order.sessionId}` })]);
        const acc = await account(userId);
        expect(acc.paidBalance).toBe(0);
        // Net effect of this order on the ledger: nothing (granted and clawed back, or never granted).
        const net = (await ledgerFor(userId, [order.orderId])).reduce((sum, r) => sum + r.amount, 0);
        const refundRows = await t.deps.db
          .select()
          .from(schema.creditLedger)
          .where(like(schema.creditLedger.movementKey, `order-refund:${refunds[0]!.id}`));
        expect(net + refundRows.reduce((sum, r) => sum + r.amount, 0)).toBe(0);
        await expectLedgerConsistent(t, userId);
      }),
      { numRuns: 15 },
    );
  });

  it("expiry against payment in any order: the gateway's expired event and our own expiry run, shuffled with the paid events → PAID, credits once", async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), deliveryPlan(3), async (subscription, plan) => {
        const { token, userId } = await newUser();
        const order = await createOrder(t, token, subscription ? { planId: 'plan_basic_monthly' } : { packageId: 'pack_500' });
        const input = subscription
          ? {
              sessionId: order.sessionId,
              orderId: order.orderId,
              kind: 'subscription' as const,
              amountCents: 999,
              interval: 'month' as const,
            }
          : { sessionId: order.sessionId, orderId: order.orderId, kind: 'credits' as const, amountCents: 1999, interval: null };
        const paid = await sandboxOf(t).checkoutEvents(input, 'pay', clock.now());
        const expired = await signEvent(t, {
          id: `evt_expired_${order.sessionId}`,
          type: 'checkout.session.expired',
          occurredAt: clock.now(),
          effects: [{ kind: 'checkout.failed', orderId: order.orderId, status: 'EXPIRED', reason: 'The checkout session expired' }],
        });
        // Item 0: the payment's events; 1: the gateway's expiry; 2: our maintenance past the lifetime.
        for (const item of plan) {
          if (item === 0) for (const delivery of paid) expect((await deliver(t, delivery)).status).toBe(200);
          else if (item === 1) expect((await deliver(t, expired)).status).toBe(200);
          else {
            clock.advance(3600);
            await runMaintenance(t.deps);
          }
        }
        const credits = subscription ? 200 : 500;
        expect(await orderRow(t, order.orderId)).toMatchObject({ status: 'PAID', creditsAdded: credits, failureReason: null });
        expect((await ledgerFor(userId, [order.orderId])).map((r) => r.amount)).toEqual([credits]);
        const acc = await account(userId);
        expect(subscription ? acc.subscriptionBalance : acc.paidBalance).toBe(credits);
        if (subscription) {
          const subs = await t.deps.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId));
          expect(subs).toEqual([expect.objectContaining({ status: 'active', initialOrderId: order.orderId })]);
        }
        await expectLedgerConsistent(t, userId);
      }),
      { numRuns: 16 },
    );
  });

  it('two subscription checkouts both paid, events shuffled and replayed → one live subscription, credits once, the other refunded at the gateway', async () => {
    const sandbox = sandboxOf(t);
    const refundCalls = vi.spyOn(sandbox, 'refund');
    const cancelCalls = vi.spyOn(sandbox, 'cancelSubscription');
    await fc.assert(
      fc.asyncProperty(deliveryPlan(4), async (plan) => {
        refundCalls.mockClear();
        cancelCalls.mockClear();
        const { token, userId } = await newUser();
        // Two checkouts open at the gateway: the first left open there after being cancelled here.
        const first = await createOrder(t, token, { planId: 'plan_basic_monthly' });
        await t.request(`/api/v2/payment/order/${first.orderId}/cancel`, { method: 'POST', token });
        const second = await createOrder(t, token, { planId: 'plan_pro_monthly' });
        const events = async (order: typeof first, amountCents: number) =>
          sandbox.checkoutEvents(
            { sessionId: order.sessionId, orderId: order.orderId, kind: 'subscription', amountCents, interval: 'month' },
            'pay',
            clock.now(),
          );
        await deliverAll([...(await events(first, 999)), ...(await events(second, 1999))], plan);

        const orders = await Promise.all([orderRow(t, first.orderId), orderRow(t, second.orderId)]);
        const kept = orders.find((o) => o.status === 'PAID')!;
        const refunded = orders.find((o) => o.status === 'REFUNDED')!;
        expect(kept && refunded, JSON.stringify(orders.map((o) => o.status))).toBeTruthy();
        expect(kept.creditsAdded).toBe(kept.credits);
        expect(refunded.creditsAdded).toBe(0);
        const subs = await t.deps.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId));
        expect(subs.filter((s) => s.status !== 'expired')).toEqual([
          expect.objectContaining({ status: 'active', initialOrderId: kept.id }),
        ]);
        expect(subs.find((s) => s.initialOrderId === refunded.id)).toMatchObject({ status: 'expired', gatewayCancelDue: false });
        expect((await account(userId)).subscriptionBalance).toBe(kept.credits);
        expect((await ledgerFor(userId, [first.orderId, second.orderId])).map((r) => r.amount)).toEqual([kept.credits]);
        const refunds = await t.deps.db.select().from(schema.refunds).where(eq(schema.refunds.userId, userId));
        expect(refunds).toEqual([
          expect.objectContaining({ orderId: refunded.id, origin: 'DUPLICATE_SUBSCRIPTION', status: 'COMPLETED', creditsClawedBack: 0 }),
        ]);
        // At the gateway: its payment refunded once, with our refund id as the idempotency key, and its billing stopped.
        expect(refundCalls.mock.calls.map(([r]) => [r.orderId, r.refundId, r.gatewayTransactionId, r.amountCents])).toEqual([
          [refunded.id, refunds[0]!.id, refunded.gatewayTransactionId, refunded.amountCents],
        ]);
        const heldSub = subs.find((s) => s.initialOrderId === refunded.id)!;
        expect(cancelCalls.mock.calls).toEqual([[heldSub.gatewaySubscriptionId]]);

        // Current and cancel act on the live one.
        const current = (await (await t.request('/api/subscriptions/current', { token })).json()).subscription;
        expect(current).toMatchObject({ planId: kept.planId, status: 'active' });
        const cancelled = (await (await t.request('/api/subscriptions/current/cancel', { method: 'POST', token })).json()).subscription;
        expect(cancelled).toMatchObject({ id: current.id, status: 'cancelled' });
        await expectLedgerConsistent(t, userId);
      }),
      { numRuns: 10 },
    );
    refundCalls.mockRestore();
    cancelCalls.mockRestore();
  });
});
