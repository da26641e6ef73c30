import { and, count, eq, gte, inArray, ne } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@db/client';
import { ServiceError } from '../../contract/errors';
import { REFUND_RULES } from '../../contract/payments';
import type { RefundCheckResponse, RefundConditions, RefundResponse } from '../../contract/responses/payments';
import { newId } from '../../lib/ids';
import type { ServiceContext } from '../context';
import { applyMovement, lockAccount } from '../credits/ledger';
import { bucketOf, lockOrder, type Order, refundClawbackKey, refundReversalKey } from './effects/context';
import { isHeldForSupport } from './effects/support-holds';
import { GatewayError } from '../../adapters/payments/port';
import type { Locale } from '../../contract/locales';
import { type Message, renderMessage, say } from '../../contract/messages';

type Ctx = ServiceContext<'db' | 'payments' | 'clock' | 'log'>;

/**
 * Spec §5 refund rules, decided here and nowhere else. `evaluateRefund` is pure so the rules can be
 * table-tested; the inputs are read under locks when a refund is actually made.
 */
export interface RefundFacts {
  order: Pick<Order, 'status' | 'paidAt' | 'creditsAdded'> & { gatewayRefundedCents?: number; failureReason?: string | null };
  /** Balance of the bucket the order granted into (paid for packs, subscription for plans). */
  bucketBalance: number;
  /** The user's non-rejected refunds created in the last 30 days. */
  recentRefundCount: number;
  /** A PENDING or APPROVED refund for this order exists. */
  hasPendingRefund: boolean;
  now: Date;
}

export function evaluateRefund(facts: RefundFacts): { conditions: RefundConditions; failure: Message | null } {
  const { order, now } = facts;
  const conditions: RefundConditions = {
    isPaid: order.status === 'PAID',
    withinTimeLimit: !!order.paidAt && now.getTime() - order.paidAt.getTime() <= REFUND_RULES.windowMs,
    hasEnoughCredits: facts.bucketBalance >= order.creditsAdded,
    currentCredits: facts.bucketBalance,
    requiredCredits: order.creditsAdded,
    passRiskControl: facts.recentRefundCount < REFUND_RULES.maxRefundsPer30Days,
    recentRefundCount: facts.recentRefundCount,
    noPendingRefund: !facts.hasPendingRefund,
  };
  // The first failing rule names the refusal. A pending refund is checked right after "paid": its
  // credits are already clawed back, so "not enough credits" would be the wrong explanation.
  const failure = !conditions.isPaid
    ? say('refundOnlyPaid')
    : !conditions.noPendingRefund
      ? say('refundInProgress')
      : // Partly refunded at the gateway: a full refund would ask for more than is left (decision 018).
        (order.gatewayRefundedCents ?? 0) > 0
        ? say('refundPartlyAtProvider')
        : // Held for support: the order's price is not what was paid, so it is not what a refund may send back.
          isHeldForSupport({ status: order.status, failureReason: order.failureReason ?? null })
          ? say('paymentHeldForSupport')
          : !conditions.withinTimeLimit
            ? say('refundWindowPassed', { days: REFUND_RULES.windowMs / 86_400_000 })
            : !conditions.hasEnoughCredits
              ? say('refundCreditsSpent', { have: conditions.currentCredits, need: conditions.requiredCredits })
              : !conditions.passRiskControl
                ? say('refundsPerMonth', { max: REFUND_RULES.maxRefundsPer30Days })
                : null;
  return { conditions, failure };
}

async function findOwnOrder(db: Db | Tx, userId: string, orderId: string, lock = false) {
  const where = and(eq(schema.orders.id, orderId), eq(schema.orders.userId, userId));
  const order = lock ? await lockOrder(db as Tx, where) : (await db.select().from(schema.orders).where(where))[0];
  if (!order) throw new ServiceError('NOT_FOUND', 'orderNotFound');
  return order;
}

async function gatherFacts(
  db: Db | Tx,
  order: Order,
  now: Date,
  account?: { paidBalance: number; subscriptionBalance: number },
): Promise<RefundFacts> {
  const r = schema.refunds;
  // Sequential on purpose: inside a transaction these share one connection.
  const balances = account ?? (await db.select().from(schema.creditAccounts).where(eq(schema.creditAccounts.userId, order.userId)))[0];
  const [{ recent } = { recent: 0 }] = await db
    .select({ recent: count() })
    .from(r)
    .where(
      and(eq(r.userId, order.userId), ne(r.status, 'REJECTED'), gte(r.createdAt, new Date(now.getTime() - REFUND_RULES.riskWindowMs))),
    );
  const pending = await db
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.orderId, order.id), inArray(r.status, ['PENDING', 'APPROVED'])))
    .limit(1);
  const bucketBalance = bucketOf(order.kind) === 'paid' ? (balances?.paidBalance ?? 0) : (balances?.subscriptionBalance ?? 0);
  return { order, bucketBalance, recentRefundCount: Number(recent), hasPendingRefund: pending.length > 0, now };
}

const deadlineOf = (order: Order) => (order.paidAt ? new Date(order.paidAt.getTime() + REFUND_RULES.windowMs).toISOString() : null);

/** The refund rules for one order; `locale` is the language the refusal, if any, is said in. */
export async function checkRefund(
  ctx: Pick<Ctx, 'db' | 'clock'>,
  userId: string,
  orderId: string,
  locale: Locale,
): Promise<RefundCheckResponse> {
  const order = await findOwnOrder(ctx.db, userId, orderId);
  const { conditions, failure } = evaluateRefund(await gatherFacts(ctx.db, order, ctx.clock.now()));
  return {
    success: true,
    canRefund: failure === null,
    error: failure && renderMessage(failure, locale),
    conditions,
    refundAmount: order.amountCents / 100,
    deadline: deadlineOf(order),
  };
}

/**
 * Refunds an order: credits are clawed back FIRST (tx1, with the refund row PENDING), so they cannot
 * be spent while the money is in flight; then the gateway is asked (outside any transaction, our
 * refund id as its idempotency key); then tx2 records the outcome. A gateway refusal gives the
 * credits back with a reversing movement and marks the refund REJECTED, so the user may try again.
 */
export async function requestRefund(ctx: Ctx, userId: string, orderId: string, reason: string): Promise<RefundResponse> {
  const now = ctx.clock.now();
  const refundId = newId('rfd');
  const { order, clawed } = await openRefund(ctx.db, userId, orderId, refundId, reason, now);
  const outcome = await askGatewayToRefund(ctx, order, refundId, reason);
  const later = ctx.clock.now();
  if ('error' in outcome) return rejectRefund(ctx, order, refundId, clawed, outcome.error, later);
  await recordRefundOutcome(ctx.db, order, refundId, outcome, later);

  if (order.kind === 'subscription' && order.subscriptionId) await endRefundedSubscription(ctx, order.subscriptionId);

  return {
    success: true,
    refundAmount: order.amountCents / 100,
    refundId,
    status: outcome.status,
    message: outcome.status === 'COMPLETED' ? 'Refund completed' : 'Refund submitted; it takes 3-5 business days to reach your account',
  };
}

type GatewayOutcome = { gatewayRefundId: string; status: 'COMPLETED' | 'PENDING' };

/** tx1: checks the rules under locks, claws the order's credits back and records the refund PENDING. */
async function openRefund(db: Db, userId: string, orderId: string, refundId: string, reason: string, now: Date) {
  return db.transaction(async (tx) => {
    // Lock order: order row, then the credit account (the same order webhooks use).
    const order = await findOwnOrder(tx, userId, orderId, true);
    const account = await lockAccount(tx, userId);
    const { failure } = evaluateRefund(await gatherFacts(tx, order, now, account));
    if (failure) throw new ServiceError('REFUND_NOT_ALLOWED', failure);
    const bucket = bucketOf(order.kind);
    if (order.creditsAdded > 0) {
      await applyMovement(tx, {
        userId,
        movementKey: refundClawbackKey(refundId),
        type: 'REFUNDED',
        referenceType: 'REFUND',
        referenceId: order.id,
        reason: 'ORDER_REFUND',
        reasonParams: { orderNumber: order.orderNumber },
        parts: { [bucket]: -order.creditsAdded },
      });
    }
    await tx.insert(schema.refunds).values({
      id: refundId,
      orderId: order.id,
      userId,
      status: 'PENDING',
      reason,
      amountCents: order.amountCents,
      creditsClawedBack: order.creditsAdded,
      createdAt: now,
      updatedAt: now,
    });
    return { order, clawed: order.creditsAdded };
  });
}

/** Asks the order's gateway for the refund, outside any transaction; a clear refusal comes back as `error`. */
async function askGatewayToRefund(
  ctx: Ctx,
  order: Order,
  refundId: string,
  reason: string,
): Promise<GatewayOutcome | { error: GatewayError }> {
  const gateway = ctx.payments.byName(order.gateway);
  try {
    if (!gateway) throw new GatewayError(`${order.gateway} payments are not configured here`);
    if (!order.gatewayTransactionId) throw new GatewayError('The payment has no transaction to refund');
    return await gateway.refund({
      orderId: order.id,
      refundId,
      gatewayTransactionId: order.gatewayTransactionId,
      amountCents: order.amountCents,
      currency: order.currency,
      reason,
    });
  } catch (error) {
    // Anything but a clear refusal leaves the refund PENDING with the credits held: the money may
    // have moved, and the gateway's refund webhook (or support) settles it.
    if (!(error instanceof GatewayError)) throw error;
    return { error };
  }
}

/** tx2 after a refusal: the refund is REJECTED and the clawed credits come back, so the user may try again. */
async function rejectRefund(ctx: Ctx, order: Order, refundId: string, clawed: number, error: GatewayError, later: Date): Promise<never> {
  await ctx.db.transaction(async (tx) => {
    await lockOrder(tx, eq(schema.orders.id, order.id));
    await tx
      .update(schema.refunds)
      .set({ status: 'REJECTED', failureReason: error.message.slice(0, 500), updatedAt: later })
      .where(and(eq(schema.refunds.id, refundId), eq(schema.refunds.status, 'PENDING')));
    if (clawed > 0) {
      await applyMovement(tx, {
        userId: order.userId,
        movementKey: refundReversalKey(refundId),
        type: 'REFUNDED',
        referenceType: 'REFUND',
        referenceId: order.id,
        reason: 'ORDER_REFUND_REVERSED',
        reasonParams: { orderNumber: order.orderNumber },
        parts: { [bucketOf(order.kind)]: clawed },
      });
    }
  });
  ctx.log.warn('payments: gateway refused a refund', {
    orderId: order.id,
    refundId,
    reason: error.message,
    detail: error.detail,
  });
  throw new ServiceError('PAYMENT_PROVIDER_ERROR', say('refundRefusedByProvider', { detail: error.message }));
}

/** tx2 after an accepted refund: its gateway id, and once completed the order REFUNDED. */
async function recordRefundOutcome(db: Db, order: Order, refundId: string, outcome: GatewayOutcome, later: Date) {
  await db.transaction(async (tx) => {
    await lockOrder(tx, eq(schema.orders.id, order.id));
    const r = schema.refunds;
    if (outcome.status === 'COMPLETED') {
      // A `payment.refunded` webhook may have completed it already; both paths end in the same state.
      await tx
        .update(r)
        .set({ status: 'COMPLETED', gatewayRefundId: outcome.gatewayRefundId, updatedAt: later })
        .where(and(eq(r.id, refundId), ne(r.status, 'REJECTED')));
      await tx
        .update(schema.orders)
        .set({ status: 'REFUNDED', refundedAt: later, updatedAt: later })
        .where(and(eq(schema.orders.id, order.id), ne(schema.orders.status, 'REFUNDED')));
    } else {
      await tx.update(r).set({ gatewayRefundId: outcome.gatewayRefundId, updatedAt: later }).where(eq(r.id, refundId));
    }
  });
}

/**
 * A refunded subscription payment ends the subscription: billing stops at the gateway and, as the
 * refunded period is no longer paid for, it ends now (not at the period's end).
 */
async function endRefundedSubscription(ctx: Ctx, subscriptionId: string) {
  const [sub] = await ctx.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.id, subscriptionId));
  if (!sub || sub.status === 'expired') return;
  if (sub.gatewaySubscriptionId && sub.status !== 'cancelled') {
    try {
      await ctx.payments.byName(sub.gateway)?.cancelSubscription(sub.gatewaySubscriptionId);
    } catch (error) {
      ctx.log.warn('payments: could not cancel the refunded subscription at the gateway', {
        subscriptionId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  const now = ctx.clock.now();
  await ctx.db
    .update(schema.subscriptions)
    .set({ status: 'cancelled', cancelledAt: sub.cancelledAt ?? now, endsAt: now, cancelAtPeriodEnd: false, updatedAt: now })
    .where(and(eq(schema.subscriptions.id, subscriptionId), inArray(schema.subscriptions.status, ['active', 'suspended', 'cancelled'])));
}
