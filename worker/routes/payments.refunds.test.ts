import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { schema } from '@db/client';
import { createTestApp, manualClock, type TestApp } from '@tests/setup/test-app';
import { GatewayError } from '../adapters/payments/port';
import { runMaintenance } from '../jobs/maintenance';
import { balanceOf, buy, createOrder, deliver, expectLedgerConsistent, orderRow, sandboxOf, signEvent } from './payments.test-support';

let t: TestApp;
const clock = manualClock();
const DAY = 24 * 3600;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());
// Only our own spies: the console.error guard installs its own and restores it itself.
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
  const { token, user } = await t.signIn(`refunder${++users}@example.com`);
  return { token, userId: user.id };
};
const check = async (token: string, orderId: string) => (await t.request(`/api/orders/${orderId}/refund/check`, { token })).json();
const refund = (token: string, orderId: string, reason?: string) =>
  t.request(`/api/orders/${orderId}/refund`, { method: 'POST', token, json: reason === undefined ? {} : { reason } });
const refundsOf = (orderId: string) => t.deps.db.select().from(schema.refunds).where(eq(schema.refunds.orderId, orderId));

async function expectRefused(token: string, orderId: string, message: RegExp) {
  const before = await balanceOf(t, token);
  const res = await refund(token, orderId);
  expect(res.status).toBe(409);
  const body = await res.json();
  expect(body.error.code).toBe('REFUND_NOT_ALLOWED');
  expect(body.error.message).toMatch(message);
  expect(await balanceOf(t, token)).toEqual(before);
}

describe('refunds', () => {
  it('refunds a paid pack within the window: credits clawed back once, order REFUNDED', async () => {
    const { token, userId } = await newUser();
    const order = await buy(t, token, { packageId: 'pack_500' });
    clock.advance(DAY);
    const conditions = await check(token, order.orderId);
    expect(conditions).toEqual({
      success: true,
      canRefund: true,
      error: null,
      conditions: {
        isPaid: true,
        withinTimeLimit: true,
        hasEnoughCredits: true,
        currentCredits: 500,
        requiredCredits: 500,
        passRiskControl: true,
        recentRefundCount: 0,
        noPendingRefund: true,
      },
      refundAmount: 19.99,
      deadline: new Date(clock.now().getTime() + 2 * DAY * 1000).toISOString(),
    });
    const before = await balanceOf(t, token);
    const res = await refund(token, order.orderId, '  Changed my mind  ');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, refundAmount: 19.99, refundId: expect.stringMatching(/^rfd_/), status: 'COMPLETED' });
    expect((await balanceOf(t, token)).available).toBe(before.available - 500);
    expect(await orderRow(t, order.orderId)).toMatchObject({ status: 'REFUNDED', refundedAt: clock.now() });
    const [row] = await refundsOf(order.orderId);
    expect(row).toMatchObject({
      id: body.refundId,
      status: 'COMPLETED',
      reason: 'Changed my mind',
      creditsClawedBack: 500,
      amountCents: 1999,
      gatewayRefundId: expect.stringMatching(/^sbx_re_/),
    });
    const clawback = await t.deps.db
      .select()
      .from(schema.creditLedger)
      .where(eq(schema.creditLedger.movementKey, `order-refund:${body.refundId}`));
    expect(clawback.map((r) => [r.bucket, r.amount])).toEqual([['paid', -500]]);

    const list = await (await t.request('/api/orders/user', { token })).json();
    expect(list.orders[0]).toMatchObject({ status: 'REFUNDED', refundStatus: 'COMPLETED' });
    // The refund's own gateway webhook arriving afterwards changes nothing.
    await deliver(
      t,
      await signEvent(t, {
        id: `evt_refund_echo_${order.orderId}`,
        type: 'charge.refunded',
        occurredAt: clock.now(),
        effects: [
          {
            kind: 'payment.refunded',
            gatewayTransactionId: (await orderRow(t, order.orderId)).gatewayTransactionId!,
            gatewayRefundId: row!.gatewayRefundId!,
            amountCents: 1999,
            fullyRefunded: true,
          },
        ],
      }),
    );
    expect((await balanceOf(t, token)).available).toBe(before.available - 500);
    expect(await refundsOf(order.orderId)).toHaveLength(1);
    await expectRefused(token, order.orderId, /paid orders/);
    await expectLedgerConsistent(t, userId);
  });

  it('uses the default reason when none is given', async () => {
    const { token } = await newUser();
    const order = await buy(t, token, { packageId: 'pack_100' });
    expect((await refund(token, order.orderId, '')).status).toBe(200);
    expect((await refundsOf(order.orderId))[0]!.reason).toBe('Requested by customer');
  });

  it('refuses an unpaid order', async () => {
    const { token } = await newUser();
    const order = await createOrder(t, token, { packageId: 'pack_100' });
    expect((await check(token, order.orderId)).conditions.isPaid).toBe(false);
    await expectRefused(token, order.orderId, /Only paid orders/);
  });

  it('refuses after the 3-day window (manual clock), allows right at its end', async () => {
    const { token } = await newUser();
    const order = await buy(t, token, { packageId: 'pack_100' });
    clock.advance(3 * DAY);
    expect(await check(token, order.orderId)).toMatchObject({ canRefund: true, conditions: { withinTimeLimit: true } });
    clock.advance(1);
    const late = await check(token, order.orderId);
    expect(late).toMatchObject({
      canRefund: false,
      error: expect.stringMatching(/3 days/),
      conditions: { withinTimeLimit: false, isPaid: true, hasEnoughCredits: true },
    });
    await expectRefused(token, order.orderId, /within 3 days/);
  });

  it('refuses when the pack’s credits were spent, naming the numbers', async () => {
    const { token } = await newUser();
    const order = await buy(t, token, { packageId: 'pack_100' });
    // 20 free credits go first, then 90 of the pack's 100.
    const spent = await t.request('/api/credits/consume?amount=110&referenceType=IMAGE_GENERATION&referenceId=spend-1', {
      method: 'POST',
      token,
    });
    expect(spent.status).toBe(200);
    const result = await check(token, order.orderId);
    expect(result).toMatchObject({ canRefund: false, conditions: { hasEnoughCredits: false, currentCredits: 10, requiredCredits: 100 } });
    await expectRefused(token, order.orderId, /10 of 100/);
  });

  it('allows two refunds in 30 days and refuses the third; older refunds stop counting', async () => {
    const { token } = await newUser();
    for (let i = 0; i < 2; i++) {
      const order = await buy(t, token, { packageId: 'pack_100' });
      expect((await refund(token, order.orderId)).status).toBe(200);
      clock.advance(DAY);
    }
    const third = await buy(t, token, { packageId: 'pack_100' });
    expect(await check(token, third.orderId)).toMatchObject({
      canRefund: false,
      conditions: { passRiskControl: false, recentRefundCount: 2 },
    });
    await expectRefused(token, third.orderId, /At most 2 refunds/);
    clock.advance(30 * DAY);
    // Sessions last 7 days: sign in again after a month.
    const { token: fresh } = await t.signIn(`refunder${users}@example.com`);
    const fourth = await buy(t, fresh, { packageId: 'pack_100' });
    expect(await check(fresh, fourth.orderId)).toMatchObject({ canRefund: true, conditions: { recentRefundCount: 0 } });
  });

  it('a gateway refusal rejects the refund, gives the credits back, and a retry is possible', async () => {
    const { token, userId } = await newUser();
    const order = await buy(t, token, { packageId: 'pack_500' });
    const before = await balanceOf(t, token);
    const spy = track(vi.spyOn(sandboxOf(t), 'refund')).mockRejectedValueOnce(new GatewayError('Charge already disputed'));
    const failed = await refund(token, order.orderId);
    expect(failed.status).toBe(502);
    const body = await failed.json();
    expect(body.error).toMatchObject({ code: 'PAYMENT_PROVIDER_ERROR', message: expect.stringContaining('Charge already disputed') });
    // The clawback and its reversal both stay in the ledger (append-only), but a reversed clawback is
    // neither used nor earned: the lifetime counters end where they started (ledger rule).
    expect(await balanceOf(t, token)).toEqual(before);
    const [rejected] = await refundsOf(order.orderId);
    expect(rejected).toMatchObject({ status: 'REJECTED', failureReason: 'Charge already disputed', creditsClawedBack: 500 });
    expect((await orderRow(t, order.orderId)).status).toBe('PAID');
    expect(spy.mock.calls[0]![0]).toMatchObject({ orderId: order.orderId, refundId: rejected!.id, amountCents: 1999, currency: 'USD' });
    // A rejected refund neither blocks nor counts against the 30-day limit.
    expect(await check(token, order.orderId)).toMatchObject({
      canRefund: true,
      conditions: { recentRefundCount: 0, noPendingRefund: true },
    });

    const retry = await refund(token, order.orderId);
    expect(retry.status).toBe(200);
    expect((await balanceOf(t, token)).available).toBe(before.available - 500);
    expect((await refundsOf(order.orderId)).map((r) => r.status).sort()).toEqual(['COMPLETED', 'REJECTED']);
    await expectLedgerConsistent(t, userId);
  });

  it('a refund the gateway confirms later stays PENDING with the credits held, then completes on its webhook', async () => {
    const { token } = await newUser();
    const order = await buy(t, token, { packageId: 'pack_500' });
    const before = await balanceOf(t, token);
    track(vi.spyOn(sandboxOf(t), 'refund')).mockResolvedValueOnce({ gatewayRefundId: 'sbx_re_later', status: 'PENDING' });
    const res = await refund(token, order.orderId);
    expect(await res.json()).toMatchObject({ success: true, status: 'PENDING', message: expect.stringContaining('3-5 business days') });
    expect((await balanceOf(t, token)).available).toBe(before.available - 500);
    expect((await orderRow(t, order.orderId)).status).toBe('PAID');
    expect((await (await t.request('/api/orders/user', { token })).json()).orders[0].refundStatus).toBe('PENDING');
    expect(await check(token, order.orderId)).toMatchObject({
      canRefund: false,
      error: expect.stringMatching(/already being processed/),
      conditions: { noPendingRefund: false },
    });
    await expectRefused(token, order.orderId, /already being processed/);
    // The credits cannot be spent while the money is in flight.
    const spend = await t.request('/api/credits/consume?amount=500&referenceType=IMAGE_GENERATION&referenceId=in-flight', {
      method: 'POST',
      token,
    });
    expect(spend.status).toBe(402);

    const gatewayTransactionId = (await orderRow(t, order.orderId)).gatewayTransactionId!;
    const webhook = await signEvent(t, {
      id: 'evt_refund_later',
      type: 'charge.refunded',
      occurredAt: clock.now(),
      effects: [
        { kind: 'payment.refunded', gatewayTransactionId, gatewayRefundId: 'sbx_re_later', amountCents: 1999, fullyRefunded: true },
      ],
    });
    expect((await deliver(t, webhook)).status).toBe(200);
    expect((await orderRow(t, order.orderId)).status).toBe('REFUNDED');
    expect((await refundsOf(order.orderId))[0]).toMatchObject({ status: 'COMPLETED', gatewayRefundId: 'sbx_re_later' });
    expect((await balanceOf(t, token)).available).toBe(before.available - 500);
  });

  it('two refund requests at once: one refund, one clawback', async () => {
    const { token, userId } = await newUser();
    const order = await buy(t, token, { packageId: 'pack_500' });
    const results = await Promise.all([refund(token, order.orderId), refund(token, order.orderId)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await refundsOf(order.orderId)).toHaveLength(1);
    const clawbacks = await t.deps.db
      .select()
      .from(schema.creditLedger)
      .where(and(eq(schema.creditLedger.userId, userId), eq(schema.creditLedger.referenceType, 'REFUND')));
    expect(clawbacks).toHaveLength(1);
  });

  it('a refund made in the gateway’s dashboard claws back what is left, never below zero', async () => {
    const { token, userId } = await newUser();
    const order = await buy(t, token, { packageId: 'pack_100' });
    await t.request('/api/credits/consume?amount=60&referenceType=IMAGE_GENERATION&referenceId=dash-1', { method: 'POST', token });
    // 20 free + 40 paid spent: 60 of the pack's credits remain.
    expect((await balanceOf(t, token)).paid).toBe(60);
    const gatewayTransactionId = (await orderRow(t, order.orderId)).gatewayTransactionId!;
    const event = await signEvent(t, {
      id: 'evt_dashboard_refund',
      type: 'charge.refunded',
      occurredAt: clock.now(),
      effects: [{ kind: 'payment.refunded', gatewayTransactionId, gatewayRefundId: 're_dash', amountCents: 499, fullyRefunded: true }],
    });
    for (let i = 0; i < 3; i++) expect((await deliver(t, event)).status).toBe(200);
    expect(await balanceOf(t, token)).toMatchObject({ paid: 0, available: 0 });
    expect(await orderRow(t, order.orderId)).toMatchObject({ status: 'REFUNDED' });
    expect(await refundsOf(order.orderId)).toEqual([
      expect.objectContaining({ status: 'COMPLETED', creditsClawedBack: 60, gatewayRefundId: 're_dash' }),
    ]);
    await expectLedgerConsistent(t, userId);
  });

  it('refunding a subscription payment claws back its credits and ends the subscription', async () => {
    const { token, userId } = await newUser();
    const order = await buy(t, token, { planId: 'plan_basic_monthly' });
    expect((await balanceOf(t, token)).subscription).toBe(200);
    const cancel = track(vi.spyOn(sandboxOf(t), 'cancelSubscription'));
    expect((await refund(token, order.orderId)).status).toBe(200);
    expect(cancel).toHaveBeenCalledWith(expect.stringMatching(/^sbx_sub_/));
    expect((await balanceOf(t, token)).subscription).toBe(0);
    const [sub] = await t.deps.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId));
    expect(sub).toMatchObject({ status: 'cancelled', endsAt: clock.now() });
    expect((await (await t.request('/api/subscriptions/current', { token })).json()).subscription).toBeNull();
    clock.advance(1);
    await runMaintenance(t.deps);
    const [after] = await t.deps.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId));
    expect(after!.status).toBe('expired');
    await expectLedgerConsistent(t, userId);
  });
});
