import { and, eq, gt, inArray, isNotNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Tx } from '../../../db/client';
import type { GatewayName, SubscriptionStatus } from '../../contract/payments';
import { newId } from '../../lib/ids';
import type { Logger } from '../../ports';
import { applyMovement, lockAccount } from '../credits/ledger';
import type { PaymentEffect } from '../../adapters/payments/port';
import { addInterval, intervalOf } from '../../lib/billing-periods';

/**
 * Applies what a gateway reported (webhook or reconcile) to orders, subscriptions, refunds and the
 * ledger. Every effect is idempotent on its own — conditional status changes, ledger movement keys,
 * unique invoice ids, monotonic periods — so a replay changes nothing and any arrival order of the
 * same effects reaches the same final state (DESIGN.md §5 invariants 5, 6). Webhooks additionally
 * record their event id in the same transaction (see webhooks.ts).
 *
 * Lock order everywhere: order row → subscription row → credit account, so webhook, refund and
 * maintenance transactions cannot deadlock each other.
 */
export interface EffectContext {
  tx: Tx;
  /** Who reported the effect (the webhook route, or the order's gateway for reconcile). */
  gateway: GatewayName;
  /** The app's clock: paidAt, refundedAt, created rows. */
  now: Date;
  /** The gateway's time of the event, for ordering subscription status changes. */
  occurredAt: Date;
  log: Logger;
  /**
   * Users with gateway work due once the transaction has committed (gateways are never called inside
   * a transaction): a second subscription payment held for a refund (issue 12 break 3), or a
   * subscription whose billing must stop because its payment was refunded at the gateway (issue 19).
   * The caller runs `settleDuplicateSubscriptions` for them: it cancels every subscription marked
   * `gatewayCancelDue` and refunds the held payments.
   */
  heldDuplicates?: Set<string>;
}

/**
 * An effect that refers to something this app has not seen yet but very likely will (a refund that
 * overtook its payment's notification). The webhook answers 503 without recording the event, so the
 * gateway delivers it again later, when it can be applied.
 */
export class EffectNotReadyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EffectNotReadyError';
  }
}

/** How long an unmatched refund is worth a redelivery; older ones belong to another environment. */
const UNMATCHED_REFUND_RETRY_MS = 24 * 3600 * 1000;

export type Order = typeof schema.orders.$inferSelect;
export type Subscription = typeof schema.subscriptions.$inferSelect;
type Bucket = 'paid' | 'subscription';

/** Packs are paid credits that never expire; subscription credits roll over only while subscribed (decision 003). */
export const bucketOf = (kind: Order['kind']): Bucket => (kind === 'credits' ? 'paid' : 'subscription');
export const orderGrantKey = (orderId: string) => `order:${orderId}`;
export const refundClawbackKey = (refundId: string) => `order-refund:${refundId}`;
export const refundReversalKey = (refundId: string) => `order-refund-reversal:${refundId}`;
export const lapseKey = (subscriptionId: string) => `subscription-lapse:${subscriptionId}`;
export const supportHoldKey = (orderId: string) => `order-held:${orderId}`;

/**
 * An order held for support: the money the gateway reported did not match it (amount or currency),
 * so it granted nothing. It is PAID (money did move) with the reason kept in `failureReason`, which
 * no other PAID order has (turning an order PAID clears it). Support settles it; the app offers no
 * refund of its own, as for a partial refund at the gateway (docs/decisions/024).
 */
export const isHeldForSupport = (order: Pick<Order, 'status' | 'failureReason'>) => order.status === 'PAID' && order.failureReason !== null;

const money = (cents: number, currency: string) => `${currency.toUpperCase()} ${(cents / 100).toFixed(2)}`;

/**
 * Why a reported payment does not pay for `expected`, or null when it does: the same amount, a
 * positive whole number of minor units, in the same currency. A gateway that does not say what it
 * took is not taken at its word.
 */
export function paymentMismatch(
  expected: { amountCents: number; currency: string },
  paid: { amountCents?: number; currency?: string },
): string | null {
  if (paid.amountCents === undefined || paid.currency === undefined)
    return `The payment provider did not report the amount paid for ${money(expected.amountCents, expected.currency)}`;
  const valid = Number.isSafeInteger(paid.amountCents) && paid.amountCents > 0;
  if (valid && paid.amountCents === expected.amountCents && paid.currency.toUpperCase() === expected.currency.toUpperCase()) return null;
  const shown = valid ? money(paid.amountCents, paid.currency) : `${String(paid.amountCents).slice(0, 20)} ${paid.currency.slice(0, 3)}`;
  return `Paid ${shown} for ${money(expected.amountCents, expected.currency)}: held for support, no credits granted`;
}

/** Shown on a second subscription payment that is refunded instead of starting a second subscription. */
export const DUPLICATE_SUBSCRIPTION_REASON = 'You already have a subscription: this second payment is refunded and grants nothing';
/** Shown on a payment that arrived after its account was deleted (a checkout opened before, paid after). */
export const ACCOUNT_DELETED_REASON = 'The account was deleted before this payment arrived: it is refunded and grants nothing';

/**
 * The account was deleted (docs/decisions/018). A payment that arrives for it afterwards (a checkout
 * opened before the deletion and paid after it, a renewal the gateway charged anyway) is held like a
 * second subscription's: refunded at the gateway, its billing stopped, nothing granted.
 */
async function isDeletedUser(tx: Tx, userId: string) {
  const [user] = await tx.select({ deletedAt: schema.users.deletedAt }).from(schema.users).where(eq(schema.users.id, userId));
  return Boolean(user?.deletedAt);
}

/** Human-readable and unique (the unique index backs it up): `ORD-20261122-7K2M9QXA`. */
export function newOrderNumber(now: Date) {
  const day = now.toISOString().slice(0, 10).replace(/-/g, '');
  return `ORD-${day}-${newId('x', 8).slice(2).toUpperCase()}`;
}

export async function lockOrder(tx: Tx, where: SQL | undefined): Promise<Order | undefined> {
  const [order] = await tx.select().from(schema.orders).where(where).limit(1).for('update');
  return order;
}

async function planOf(tx: Tx, planId: string) {
  const [plan] = await tx.select().from(schema.pricingPlans).where(eq(schema.pricingPlans.id, planId));
  return plan!;
}

/**
 * Grants an order's credits once (`order:<id>`), into the bucket its kind decides, and records them
 * in `creditsAdded`. A replay finds the movement key and changes nothing.
 */
async function grantOrderCredits(tx: Tx, order: Order, now: Date) {
  if (order.credits <= 0) return;
  const plan = await planOf(tx, order.planId);
  // The plan's names as they were when bought: the history keeps saying what was bought.
  const planName = { en: plan.name, 'zh-Hant': plan.nameZh };
  const result = await applyMovement(tx, {
    userId: order.userId,
    movementKey: orderGrantKey(order.id),
    type: 'EARNED',
    referenceType: order.kind === 'credits' ? 'PURCHASE' : 'SUBSCRIPTION',
    referenceId: order.id,
    ...(order.kind === 'credits'
      ? { reason: 'PACK_PURCHASE' as const, reasonParams: { orderNumber: order.orderNumber, planId: plan.id, planName } }
      : {
          reason: 'SUBSCRIPTION_CREDITS' as const,
          reasonParams: {
            orderNumber: order.orderNumber,
            planId: plan.id,
            planName,
            cycle: plan.packageType === 'yearly' ? ('yearly' as const) : ('monthly' as const),
          },
        }),
    parts: { [bucketOf(order.kind)]: order.credits },
  });
  if (result.applied) {
    await tx
      .update(schema.orders)
      .set({ creditsAdded: sql`${schema.orders.creditsAdded} + ${order.credits}`, updatedAt: new Date() })
      .where(eq(schema.orders.id, order.id));
    if (order.kind === 'subscription') await lapseIfAlreadyEnded(tx, order, now);
  }
}

/**
 * A subscription payment granted after its subscription already ended (an `expired` event that
 * overtook this invoice, issue 19): had the events come in order, these credits would have been in
 * the bucket when it lapsed. So they lapse now, under a key of their own (the subscription's lapse
 * key is spent), and any order of the same events leaves the same balance (DESIGN.md §5.6).
 */
async function lapseIfAlreadyEnded(tx: Tx, order: Order, now: Date) {
  const s = schema.subscriptions;
  const [sub] = await tx
    .select()
    .from(s)
    .where(or(order.subscriptionId ? eq(s.id, order.subscriptionId) : undefined, eq(s.initialOrderId, order.id)))
    .limit(1)
    .for('update');
  if (sub?.status === 'expired') await lapseSubscriptionCredits(tx, sub, now, `${lapseKey(sub.id)}:order:${order.id}`);
}

/**
 * A subscription recorded only to stop it: a second subscription paid while another was live (issue 12
 * break 3). Its checkout order carries the DUPLICATE_SUBSCRIPTION refund; nothing it is paid for grants.
 */
async function isHeldDuplicate(tx: Tx, sub: Subscription) {
  const r = schema.refunds;
  const [held] = await tx
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.orderId, sub.initialOrderId), eq(r.origin, 'DUPLICATE_SUBSCRIPTION'), ne(r.status, 'REJECTED')))
    .limit(1);
  return Boolean(held);
}

/**
 * The money is real: PAID wins over PENDING, FAILED and CANCELLED (a late payment after the user
 * pressed cancel still gets its credits). REFUNDED stays REFUNDED and grants nothing, so a refund
 * that overtook its payment notification ends in the same state as one that followed it.
 * Expects the order row locked by the caller.
 */
async function markPaidAndGrant(
  ctx: EffectContext,
  order: Order,
  transactionId: string | null,
  opts: { overwriteTransaction?: boolean } = {},
) {
  if (order.status === 'REFUNDED') return;
  const gatewayTransactionId = opts.overwriteTransaction && transactionId ? transactionId : (order.gatewayTransactionId ?? transactionId);
  if (isHeldForSupport(order)) {
    // Another report of a payment already held (the checkout and its invoice, a replay): it stays
    // held whatever this report says, so any order of the same events ends the same.
    if (gatewayTransactionId !== order.gatewayTransactionId)
      await ctx.tx.update(schema.orders).set({ gatewayTransactionId, updatedAt: ctx.now }).where(eq(schema.orders.id, order.id));
    return;
  }
  if (order.status !== 'PAID' || gatewayTransactionId !== order.gatewayTransactionId) {
    await ctx.tx
      .update(schema.orders)
      .set({ status: 'PAID', paidAt: order.paidAt ?? ctx.now, gatewayTransactionId, failureReason: null, updatedAt: ctx.now })
      .where(eq(schema.orders.id, order.id));
  }
  // Money that arrives after the account was deleted goes back (decision 018). Only a payment that
  // turns the order PAID now: one paid (and granted) before the deletion is part of the record.
  if (order.status !== 'PAID' && order.creditsAdded === 0 && (await isDeletedUser(ctx.tx, order.userId))) {
    ctx.log.warn('payments: a payment arrived for a deleted account; refunding it', { orderId: order.id, gateway: ctx.gateway });
    await openDuplicateRefund(ctx, order, ACCOUNT_DELETED_REASON);
  }
  // A payment with a refund already under way grants nothing: a second subscription's payment held
  // for its refund, a payment for a deleted account, or a refund that overtook this event.
  const refund = await liveRefundOf(ctx.tx, order.id);
  if (refund) {
    if (refund.origin === 'DUPLICATE_SUBSCRIPTION') ctx.heldDuplicates?.add(order.userId);
    return;
  }
  await grantOrderCredits(ctx.tx, order, ctx.now);
}

/**
 * A payment that does not match its order (an underpaid, negative or foreign-currency report): the
 * order is PAID, since money moved, but grants nothing and waits for support. Had a matching report
 * of the same payment already granted it (events out of order), that grant is taken back, as far as
 * the bucket still holds it, so every arrival order ends in the same state (DESIGN.md §5.6).
 * Expects the order row locked by the caller.
 */
async function holdForSupport(ctx: EffectContext, order: Order, transactionId: string | null, reason: string) {
  // A refund that overtook this payment already settled the order.
  if (order.status === 'REFUNDED') return;
  ctx.log.warn('payments: the payment does not match its order; held for support', {
    orderId: order.id,
    gateway: ctx.gateway,
    reason,
  });
  let creditsAdded = order.creditsAdded;
  if (creditsAdded > 0) {
    const account = await lockAccount(ctx.tx, order.userId);
    const bucket = bucketOf(order.kind);
    const taken = Math.min(creditsAdded, bucket === 'paid' ? account.paidBalance : account.subscriptionBalance);
    if (taken > 0) {
      const result = await applyMovement(ctx.tx, {
        userId: order.userId,
        movementKey: supportHoldKey(order.id),
        type: 'REFUNDED',
        referenceType: order.kind === 'credits' ? 'PURCHASE' : 'SUBSCRIPTION',
        referenceId: order.id,
        reason: 'PAYMENT_HELD',
        reasonParams: { orderNumber: order.orderNumber },
        parts: { [bucket]: -taken },
      });
      if (result.applied) creditsAdded -= taken;
    }
  }
  await ctx.tx
    .update(schema.orders)
    .set({
      status: 'PAID',
      paidAt: order.paidAt ?? ctx.now,
      gatewayTransactionId: order.gatewayTransactionId ?? transactionId,
      failureReason: order.status === 'PAID' && order.failureReason ? order.failureReason : reason.slice(0, 500),
      creditsAdded,
      updatedAt: ctx.now,
    })
    .where(eq(schema.orders.id, order.id));
}

async function liveRefundOf(tx: Tx, orderId: string) {
  const r = schema.refunds;
  const [refund] = await tx
    .select({ id: r.id, origin: r.origin })
    .from(r)
    .where(and(eq(r.orderId, orderId), ne(r.status, 'REJECTED')))
    .limit(1);
  return refund;
}

/** Another subscription of the user that still counts as live for the one-per-user index (not `expired`). */
async function otherLiveSubscription(tx: Tx, order: Order) {
  const s = schema.subscriptions;
  const [other] = await tx
    .select({ id: s.id })
    .from(s)
    .where(and(eq(s.userId, order.userId), ne(s.status, 'expired'), ne(s.initialOrderId, order.id)))
    .limit(1);
  return other;
}

/**
 * Ends the user's subscriptions whose paid time is over but that maintenance has not reached yet, so
 * they neither block a new subscription nor make its payment look like a second one. Same transition
 * as maintenance: `expired`, and the rest of the subscription credits lapse once (decision 003).
 */
export async function expireEndedSubscriptionsOf(tx: Tx, userId: string, now: Date, log: Logger): Promise<number> {
  const s = schema.subscriptions;
  const ended = await tx
    .select()
    .from(s)
    .where(and(eq(s.userId, userId), inArray(s.status, ['active', 'suspended', 'cancelled']), isNotNull(s.endsAt), lte(s.endsAt, now)))
    .for('update');
  for (const sub of ended) {
    await tx.update(s).set({ status: 'expired', cancelAtPeriodEnd: false, updatedAt: now }).where(eq(s.id, sub.id));
    const lapsed = await lapseSubscriptionCredits(tx, { ...sub, status: 'expired' }, now);
    log.info('payments: subscription expired', { subscriptionId: sub.id, lapsedCredits: lapsed });
  }
  return ended.length;
}

/**
 * A subscription order paid (or activated) while the user already has a live subscription: it may not
 * start a second one (issue 12 break 3). Its gateway subscription is recorded as `expired` with billing
 * still to stop at the gateway, and a refund of its payment is opened (origin DUPLICATE_SUBSCRIPTION),
 * which also keeps any grant for the order from happening. The gateway calls follow the commit.
 */
async function holdAsDuplicate(
  ctx: EffectContext,
  order: Order,
  gatewaySubscriptionId: string | undefined,
  why: 'second-subscription' | 'account-deleted' = 'second-subscription',
): Promise<Subscription | undefined> {
  // A subscription of a deleted account is held the same way (decision 018). Its payment goes back
  // unless it was paid, and granted, before the deletion: then only its billing stops, and what it
  // granted lapses as at any end.
  const paidBefore = why === 'account-deleted' && order.status === 'PAID' && order.creditsAdded > 0;
  if (why === 'account-deleted')
    ctx.log.warn('payments: a subscription was reported for a deleted account; stopping it', { orderId: order.id, gateway: ctx.gateway });
  else
    ctx.log.warn('payments: a second subscription was paid while another is live; refunding it', {
      orderId: order.id,
      gateway: ctx.gateway,
    });
  if (!paidBefore)
    await openDuplicateRefund(ctx, order, why === 'account-deleted' ? ACCOUNT_DELETED_REASON : DUPLICATE_SUBSCRIPTION_REASON);
  else ctx.heldDuplicates?.add(order.userId);
  if (!gatewaySubscriptionId) return undefined;
  const s = schema.subscriptions;
  const plan = await planOf(ctx.tx, order.planId);
  await ctx.tx
    .insert(s)
    .values({
      id: newId('sub'),
      userId: order.userId,
      planId: order.planId,
      gateway: order.gateway,
      paymentMethod: order.paymentMethod,
      gatewaySubscriptionId,
      initialOrderId: order.id,
      status: 'expired',
      gatewayCancelDue: true,
      monthlyCredits: plan.credits,
      priceCents: order.amountCents,
      currentPeriodStart: ctx.now,
      currentPeriodEnd: ctx.now,
      cancelledAt: ctx.now,
      endsAt: ctx.now,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .onConflictDoNothing();
  const [held] = await ctx.tx
    .select()
    .from(s)
    .where(or(eq(s.initialOrderId, order.id), and(eq(s.gateway, ctx.gateway), eq(s.gatewaySubscriptionId, gatewaySubscriptionId))))
    .limit(1)
    .for('update');
  if (held && order.subscriptionId !== held.id)
    await ctx.tx.update(schema.orders).set({ subscriptionId: held.id }).where(eq(schema.orders.id, order.id));
  if (held && paidBefore) await lapseSubscriptionCredits(ctx.tx, held, ctx.now);
  return held;
}

/**
 * Opens the refund that sends a held payment back (settled at the gateway after the commit): a second
 * subscription's, or one for a deleted account. Both use the origin DUPLICATE_SUBSCRIPTION, which is
 * what settles them (services/payments/duplicates.ts); the reason tells them apart.
 */
async function openDuplicateRefund(ctx: EffectContext, order: Order, reason = DUPLICATE_SUBSCRIPTION_REASON) {
  await ctx.tx
    .insert(schema.refunds)
    .values({
      id: newId('rfd'),
      orderId: order.id,
      userId: order.userId,
      status: 'PENDING',
      origin: 'DUPLICATE_SUBSCRIPTION',
      reason,
      amountCents: order.amountCents,
      creditsClawedBack: 0,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    // At most one live refund per order: a replay, or a refund already under way, is left as it is.
    .onConflictDoNothing();
  ctx.heldDuplicates?.add(order.userId);
}

/** Creates the subscription row the first time the gateway reports it (or links an existing one); returns it locked. */
async function ensureSubscription(
  ctx: EffectContext,
  initial: Order,
  gatewaySubscriptionId: string,
  period: { start: Date; end: Date } | null,
): Promise<Subscription | undefined> {
  const s = schema.subscriptions;
  const find = () =>
    ctx.tx
      .select()
      .from(s)
      .where(or(eq(s.initialOrderId, initial.id), and(eq(s.gateway, ctx.gateway), eq(s.gatewaySubscriptionId, gatewaySubscriptionId))))
      .limit(1)
      .for('update');
  let [sub] = await find();
  if (!sub) {
    // A deleted account starts no subscription: held, its billing stopped (decision 018).
    if (await isDeletedUser(ctx.tx, initial.userId)) return holdAsDuplicate(ctx, initial, gatewaySubscriptionId, 'account-deleted');
    // One live subscription per user: ended ones are expired first (they do not count), then a live
    // one makes this a second subscription. The unique index decides races between two payments.
    await expireEndedSubscriptionsOf(ctx.tx, initial.userId, ctx.now, ctx.log);
    if (await otherLiveSubscription(ctx.tx, initial)) return holdAsDuplicate(ctx, initial, gatewaySubscriptionId);
    const plan = await planOf(ctx.tx, initial.planId);
    const interval = intervalOf(plan.packageType) ?? 'month';
    // Until an invoice reports the real period, the period starts when the order was created: never
    // later than the gateway's own period start, so the invoice's period (monotonic max) replaces it.
    const start = period?.start ?? initial.createdAt;
    // Its payment was refunded at the gateway before the gateway reported the subscription: it ends
    // where the refund ended it had it come second (issue 19), and its billing is stopped.
    const refunded = initial.status === 'REFUNDED' ? (initial.refundedAt ?? ctx.now) : null;
    if (refunded) ctx.heldDuplicates?.add(initial.userId);
    await ctx.tx
      .insert(s)
      .values({
        id: newId('sub'),
        userId: initial.userId,
        planId: initial.planId,
        gateway: initial.gateway,
        paymentMethod: initial.paymentMethod,
        gatewaySubscriptionId,
        initialOrderId: initial.id,
        status: refunded ? 'cancelled' : 'active',
        ...(refunded ? { cancelledAt: refunded, endsAt: refunded, gatewayCancelDue: true } : {}),
        monthlyCredits: plan.credits,
        priceCents: initial.amountCents,
        currentPeriodStart: start,
        currentPeriodEnd: period?.end ?? addInterval(start, interval),
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .onConflictDoNothing();
    [sub] = await find();
    if (!sub && (await otherLiveSubscription(ctx.tx, initial))) return holdAsDuplicate(ctx, initial, gatewaySubscriptionId);
    if (!sub) {
      ctx.log.warn('payments: subscription id already belongs to another order', { gatewaySubscriptionId, orderId: initial.id });
      return undefined;
    }
  } else if (!sub.gatewaySubscriptionId) {
    await ctx.tx.update(s).set({ gatewaySubscriptionId, updatedAt: ctx.now }).where(eq(s.id, sub.id));
    sub = { ...sub, gatewaySubscriptionId };
  }
  if (initial.subscriptionId !== sub.id) {
    await ctx.tx.update(schema.orders).set({ subscriptionId: sub.id }).where(eq(schema.orders.id, initial.id));
  }
  return sub;
}

/**
 * Periods only move forward (max by end), so late or replayed invoices cannot roll them back. A
 * subscription cancelled at period end ends with the newest paid period, whichever of the
 * cancellation and the invoice arrived first.
 */
async function advancePeriod(ctx: EffectContext, sub: Subscription, start: Date | undefined, end: Date | undefined) {
  if (!end || end.getTime() <= sub.currentPeriodEnd.getTime()) return sub;
  const changes: Partial<Subscription> = { currentPeriodStart: start ?? sub.currentPeriodStart, currentPeriodEnd: end, updatedAt: ctx.now };
  if (sub.status === 'cancelled' && sub.cancelAtPeriodEnd && (!sub.endsAt || sub.endsAt.getTime() < end.getTime())) changes.endsAt = end;
  await ctx.tx.update(schema.subscriptions).set(changes).where(eq(schema.subscriptions.id, sub.id));
  return { ...sub, ...changes };
}

async function findSubscription(ctx: EffectContext, gatewaySubscriptionId: string) {
  const [sub] = await ctx.tx
    .select()
    .from(schema.subscriptions)
    .where(and(eq(schema.subscriptions.gateway, ctx.gateway), eq(schema.subscriptions.gatewaySubscriptionId, gatewaySubscriptionId)))
    .limit(1);
  return sub;
}

async function checkoutPaid(ctx: EffectContext, effect: Extract<PaymentEffect, { kind: 'checkout.paid' }>) {
  const order = await lockOrder(ctx.tx, eq(schema.orders.id, effect.orderId));
  if (!order)
    return ctx.log.warn('payments: checkout.paid for an unknown order (another environment?)', {
      orderId: effect.orderId,
      gateway: ctx.gateway,
    });
  // Checked before anything else: a payment that does not pay for the order starts nothing either.
  const mismatch = paymentMismatch(order, effect);
  if (mismatch) return holdForSupport(ctx, order, effect.gatewayTransactionId, mismatch);
  if (order.kind === 'subscription') {
    // Decided before any grant: a second live subscription is refused and its payment refunded. A
    // payment refunded before this event still records its subscription, ended (issue 19).
    if (effect.gatewaySubscriptionId) await ensureSubscription(ctx, order, effect.gatewaySubscriptionId, null);
    else if (order.status !== 'REFUNDED' && !(await liveRefundOf(ctx.tx, order.id))) {
      await expireEndedSubscriptionsOf(ctx.tx, order.userId, ctx.now, ctx.log);
      if (await otherLiveSubscription(ctx.tx, order)) await holdAsDuplicate(ctx, order, undefined);
    }
  }
  await markPaidAndGrant(ctx, order, effect.gatewayTransactionId);
}

async function checkoutFailed(ctx: EffectContext, effect: Extract<PaymentEffect, { kind: 'checkout.failed' }>) {
  const updated = await ctx.tx
    .update(schema.orders)
    .set({ status: effect.status, failureReason: effect.reason.slice(0, 500), updatedAt: ctx.now })
    // Only a checkout still waiting can fail: a paid, refunded or already-ended order keeps its state.
    .where(and(eq(schema.orders.id, effect.orderId), eq(schema.orders.status, 'PENDING')))
    .returning({ id: schema.orders.id });
  if (updated.length === 0) {
    const [exists] = await ctx.tx.select({ id: schema.orders.id }).from(schema.orders).where(eq(schema.orders.id, effect.orderId));
    if (!exists)
      ctx.log.warn('payments: checkout.failed for an unknown order (another environment?)', {
        orderId: effect.orderId,
        gateway: ctx.gateway,
      });
  }
}

async function invoicePaid(ctx: EffectContext, effect: Extract<PaymentEffect, { kind: 'invoice.paid' }>) {
  const known = await findSubscription(ctx, effect.gatewaySubscriptionId);
  const initialOrderId = known?.initialOrderId ?? effect.orderId;
  const initial = initialOrderId ? await lockOrder(ctx.tx, eq(schema.orders.id, initialOrderId)) : undefined;
  if (initial?.kind !== 'subscription') {
    return ctx.log.warn('payments: invoice.paid for an unknown subscription (another environment?)', {
      gatewaySubscriptionId: effect.gatewaySubscriptionId,
      orderId: effect.orderId,
      gateway: ctx.gateway,
    });
  }
  // The first period belongs to the checkout order. A gateway that says `first: false` is believed,
  // so a renewal is never swallowed by an initial order whose first invoice event was lost.
  const isInitial =
    initial.gatewayInvoiceId === effect.gatewayInvoiceId ||
    effect.first === true ||
    (effect.first === undefined && !initial.gatewayInvoiceId);
  // A first payment that does not pay for its order starts nothing (as in checkoutPaid).
  const initialMismatch = isInitial ? paymentMismatch(initial, effect) : null;
  if (initialMismatch) return holdForSupport(ctx, initial, effect.gatewayTransactionId, initialMismatch);
  let sub = await ensureSubscription(ctx, initial, effect.gatewaySubscriptionId, { start: effect.periodStart, end: effect.periodEnd });
  if (!sub) return;

  if (isInitial) {
    if (!initial.gatewayInvoiceId) {
      const [taken] = await ctx.tx
        .select({ id: schema.orders.id })
        .from(schema.orders)
        .where(and(eq(schema.orders.gateway, initial.gateway), eq(schema.orders.gatewayInvoiceId, effect.gatewayInvoiceId)));
      if (!taken) {
        await ctx.tx
          .update(schema.orders)
          .set({
            gatewayInvoiceId: effect.gatewayInvoiceId,
            periodStart: initial.periodStart ?? effect.periodStart,
            periodEnd: initial.periodEnd ?? effect.periodEnd,
          })
          .where(eq(schema.orders.id, initial.id));
      }
    }
    // The invoice names the actual payment (refundable), whereas a checkout event may only know the session.
    await markPaidAndGrant(ctx, initial, effect.gatewayTransactionId, { overwriteTransaction: true });
  } else {
    // A renewal pays the subscription's price in the first order's currency; anything else is held.
    const renewalMismatch = paymentMismatch({ amountCents: sub.priceCents, currency: initial.currency }, effect);
    const renewalId = newId('ord');
    const inserted = await ctx.tx
      .insert(schema.orders)
      .values({
        id: renewalId,
        orderNumber: newOrderNumber(ctx.now),
        userId: initial.userId,
        planId: sub.planId,
        kind: 'subscription',
        gateway: initial.gateway,
        paymentMethod: initial.paymentMethod,
        subscriptionId: sub.id,
        gatewayInvoiceId: effect.gatewayInvoiceId,
        periodStart: effect.periodStart,
        periodEnd: effect.periodEnd,
        status: 'PAID',
        // What the subscription charges: the order is for its price, whatever was reported as paid.
        amountCents: sub.priceCents,
        currency: initial.currency,
        credits: sub.monthlyCredits,
        gatewayTransactionId: effect.gatewayTransactionId,
        failureReason: renewalMismatch?.slice(0, 500) ?? null,
        paidAt: ctx.now,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      // One order per paid invoice: a replayed or reordered invoice event finds the first one.
      .onConflictDoNothing()
      .returning({ id: schema.orders.id });
    const renewal = await lockOrder(
      ctx.tx,
      inserted.length
        ? eq(schema.orders.id, renewalId)
        : and(eq(schema.orders.gateway, initial.gateway), eq(schema.orders.gatewayInvoiceId, effect.gatewayInvoiceId)),
    );
    // A renewal charged after the account was deleted (the gateway ignored or never got the cancel);
    // one granted before the deletion is part of the record.
    const deleted = renewal && renewal.creditsAdded === 0 && (await isDeletedUser(ctx.tx, sub.userId));
    if (renewal && (deleted || (await isHeldDuplicate(ctx.tx, sub)))) {
      // A held second subscription the gateway billed again (its cancel still pending or ignored):
      // this payment grants nothing either and goes back too, and billing is stopped once more.
      ctx.log.warn('payments: a held subscription was billed again; refunding that payment too', {
        orderId: renewal.id,
        subscriptionId: sub.id,
        accountDeleted: Boolean(deleted),
      });
      // A payment held for support is not sent back automatically: what it really was is for support to see.
      if (renewal.status === 'PAID' && !isHeldForSupport(renewal))
        await openDuplicateRefund(ctx, renewal, deleted ? ACCOUNT_DELETED_REASON : DUPLICATE_SUBSCRIPTION_REASON);
      await ctx.tx
        .update(schema.subscriptions)
        .set({ gatewayCancelDue: true, updatedAt: ctx.now })
        .where(eq(schema.subscriptions.id, sub.id));
      return;
    }
    if (renewal && renewalMismatch && !inserted.length && !isHeldForSupport(renewal))
      await holdForSupport(ctx, renewal, effect.gatewayTransactionId, renewalMismatch);
    else if (renewalMismatch && inserted.length)
      ctx.log.warn('payments: the payment does not match its order; held for support', {
        orderId: renewalId,
        gateway: ctx.gateway,
        reason: renewalMismatch,
      });
    else if (renewal?.status === 'PAID' && !isHeldForSupport(renewal) && !(await liveRefundOf(ctx.tx, renewal.id)))
      await grantOrderCredits(ctx.tx, { ...renewal, subscriptionId: sub.id }, ctx.now);
  }
  sub = await advancePeriod(ctx, sub, effect.periodStart, effect.periodEnd);
}

const STATUS_RANK: Record<SubscriptionStatus, number> = { active: 0, suspended: 0, cancelled: 1, expired: 2 };

/**
 * Status changes form a one-way ladder: active/suspended → cancelled → expired. Moving up always
 * applies (cancel is irreversible, spec §4), whatever the arrival order; between active and
 * suspended the newest event (gateway time) wins. So any order of the same events ends the same.
 */
async function subscriptionChanged(ctx: EffectContext, effect: Extract<PaymentEffect, { kind: 'subscription.changed' }>) {
  let sub = await findSubscription(ctx, effect.gatewaySubscriptionId);
  if (!sub && effect.orderId) {
    const initial = await lockOrder(ctx.tx, eq(schema.orders.id, effect.orderId));
    if (initial?.kind === 'subscription') {
      const period = effect.periodStart && effect.periodEnd ? { start: effect.periodStart, end: effect.periodEnd } : null;
      sub = await ensureSubscription(ctx, initial, effect.gatewaySubscriptionId, period);
    }
  }
  if (!sub) {
    return ctx.log.warn('payments: subscription.changed for an unknown subscription (another environment?)', {
      gatewaySubscriptionId: effect.gatewaySubscriptionId,
      gateway: ctx.gateway,
    });
  }
  [sub] = await ctx.tx.select().from(schema.subscriptions).where(eq(schema.subscriptions.id, sub.id)).for('update');
  sub = await advancePeriod(ctx, sub!, effect.periodStart, effect.periodEnd);

  // Stripe's "active, cancel at period end" is a cancellation that keeps the paid period.
  const reported: SubscriptionStatus = effect.status === 'active' && effect.cancelAtPeriodEnd ? 'cancelled' : effect.status;
  const newer = !sub.statusEventAt || ctx.occurredAt.getTime() > sub.statusEventAt.getTime();
  const rankUp = STATUS_RANK[reported] > STATUS_RANK[sub.status];
  const sameRankNewer = STATUS_RANK[reported] === STATUS_RANK[sub.status] && newer;
  const status = rankUp || sameRankNewer ? reported : sub.status;

  const changes: Partial<Subscription> = {
    statusEventAt: newer ? ctx.occurredAt : sub.statusEventAt,
    updatedAt: ctx.now,
  };
  if (status !== sub.status) {
    changes.status = status;
    if (status === 'cancelled') {
      // Cancelled at the gateway: the customer keeps the time already paid for.
      changes.cancelAtPeriodEnd = true;
      changes.cancelledAt = sub.cancelledAt ?? ctx.occurredAt;
      changes.endsAt = sub.endsAt ?? sub.currentPeriodEnd;
    } else if (status === 'expired') {
      changes.cancelAtPeriodEnd = false;
      changes.cancelledAt = sub.cancelledAt ?? ctx.occurredAt;
      changes.endsAt = sub.endsAt ?? ctx.occurredAt;
    }
  } else if (STATUS_RANK[status] === 0 && newer && effect.cancelAtPeriodEnd !== undefined) {
    changes.cancelAtPeriodEnd = effect.cancelAtPeriodEnd;
  }
  await ctx.tx.update(schema.subscriptions).set(changes).where(eq(schema.subscriptions.id, sub.id));
  if (status === 'expired' && sub.status !== 'expired')
    await lapseSubscriptionCredits(ctx.tx, { ...sub, ...changes } as Subscription, ctx.now);
}

/** A subscription that still gives its owner the right to roll credits over. */
export const liveSubscriptionWhere = (now: Date) =>
  or(
    inArray(schema.subscriptions.status, ['active', 'suspended']),
    and(
      eq(schema.subscriptions.status, 'cancelled'),
      or(sql`${schema.subscriptions.endsAt} is null`, gt(schema.subscriptions.endsAt, now)),
    ),
  );

/**
 * Decision 003: subscription credits roll over only while subscribed. When a subscription ends, what
 * is left in the subscription bucket lapses — once per subscription — unless another subscription of
 * the same user is still live (then the credits keep rolling over under it). Called exactly when the
 * row turns `expired`.
 */
export async function lapseSubscriptionCredits(tx: Tx, sub: Subscription, now: Date, movementKey = lapseKey(sub.id)) {
  const [other] = await tx
    .select({ id: schema.subscriptions.id })
    .from(schema.subscriptions)
    .where(and(eq(schema.subscriptions.userId, sub.userId), ne(schema.subscriptions.id, sub.id), liveSubscriptionWhere(now)))
    .limit(1);
  if (other) return 0;
  const account = await lockAccount(tx, sub.userId);
  if (account.subscriptionBalance <= 0) return 0;
  const result = await applyMovement(tx, {
    userId: sub.userId,
    movementKey,
    type: 'SPENT',
    referenceType: 'SUBSCRIPTION',
    referenceId: sub.id,
    reason: 'SUBSCRIPTION_LAPSED',
    reasonParams: {},
    parts: { subscription: -account.subscriptionBalance },
  });
  return result.applied ? account.subscriptionBalance : 0;
}

async function paymentRefunded(ctx: EffectContext, effect: Extract<PaymentEffect, { kind: 'payment.refunded' }>) {
  const o = schema.orders;
  let order = await lockOrder(ctx.tx, and(eq(o.gateway, ctx.gateway), eq(o.gatewayTransactionId, effect.gatewayTransactionId)));
  if (!order && effect.orderId) order = await lockOrder(ctx.tx, eq(o.id, effect.orderId));
  if (!order && ctx.now.getTime() - ctx.occurredAt.getTime() < UNMATCHED_REFUND_RETRY_MS) {
    // E.g. a Stripe subscription charge refunded before its invoice.paid arrived: the charge carries
    // no order id, and the order learns its payment intent only from the invoice.
    throw new EffectNotReadyError(`payment ${effect.gatewayTransactionId} is not known yet`);
  }
  if (!order) {
    return ctx.log.warn('payments: payment.refunded for an unknown payment (another environment?)', {
      gatewayTransactionId: effect.gatewayTransactionId,
      orderId: effect.orderId,
      gateway: ctx.gateway,
    });
  }
  // The gateway reports its cumulative refunded total: keeping the largest makes any order of its
  // refund events end the same.
  if (effect.amountCents > order.gatewayRefundedCents) {
    await ctx.tx.update(o).set({ gatewayRefundedCents: effect.amountCents, updatedAt: ctx.now }).where(eq(o.id, order.id));
  }
  if (!effect.fullyRefunded) {
    // Our own refunds are always full. A partial refund is a person's decision at the gateway
    // (goodwill, a price correction, a settled dispute) that says nothing about the credits, so none
    // are taken back: the order shows "needs support" until someone settles it (docs/decisions/018).
    return ctx.log.warn('payments: partial refund at the gateway; the order needs support', {
      orderId: order.id,
      amountCents: effect.amountCents,
    });
  }
  const r = schema.refunds;
  const [live] = await ctx.tx
    .select()
    .from(r)
    .where(and(eq(r.orderId, order.id), ne(r.status, 'REJECTED')))
    .limit(1)
    .for('update');
  if (live) {
    // Our own refund: its credits were clawed back when it was requested; just complete it.
    if (live.status !== 'COMPLETED') {
      await ctx.tx
        .update(r)
        .set({ status: 'COMPLETED', gatewayRefundId: live.gatewayRefundId ?? effect.gatewayRefundId, updatedAt: ctx.now })
        .where(eq(r.id, live.id));
    }
  } else {
    // Refunded from the gateway's dashboard (or before we even saw the payment): claw back what the
    // order granted, but never more than is left in that bucket — a balance cannot go below zero.
    const refundId = newId('rfd');
    let clawed = 0;
    if (order.status === 'PAID' && order.creditsAdded > 0) {
      const account = await lockAccount(ctx.tx, order.userId);
      const bucket = bucketOf(order.kind);
      clawed = Math.min(order.creditsAdded, bucket === 'paid' ? account.paidBalance : account.subscriptionBalance);
      if (clawed > 0) {
        await applyMovement(ctx.tx, {
          userId: order.userId,
          movementKey: refundClawbackKey(refundId),
          type: 'REFUNDED',
          referenceType: 'REFUND',
          referenceId: order.id,
          reason: 'ORDER_REFUND',
          reasonParams: { orderNumber: order.orderNumber },
          parts: { [bucket]: -clawed },
        });
      }
    }
    await ctx.tx.insert(r).values({
      id: refundId,
      orderId: order.id,
      userId: order.userId,
      status: 'COMPLETED',
      origin: 'GATEWAY',
      reason: 'Refunded at the payment provider',
      amountCents: effect.amountCents,
      creditsClawedBack: clawed,
      gatewayRefundId: effect.gatewayRefundId,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    });
  }
  if (order.status !== 'REFUNDED') {
    await ctx.tx
      .update(o)
      .set({ status: 'REFUNDED', refundedAt: order.refundedAt ?? ctx.now, updatedAt: ctx.now })
      .where(eq(o.id, order.id));
  }
  if (order.kind === 'subscription') await endRefundedSubscription(ctx, order, order.refundedAt ?? ctx.now);
}

/**
 * A refunded subscription payment ends its subscription, wherever the refund was made (issue 19): the
 * refunded period is no longer paid for, so it ends now, not at the period's end, and billing stops
 * at the gateway after the commit (`gatewayCancelDue`, retried by maintenance). The same transition
 * as a refund from the app (refunds.ts), and idempotent: an ended or held subscription is left alone.
 */
async function endRefundedSubscription(ctx: EffectContext, order: Order, endsAt: Date) {
  const s = schema.subscriptions;
  const [sub] = await ctx.tx
    .select()
    .from(s)
    .where(or(order.subscriptionId ? eq(s.id, order.subscriptionId) : undefined, eq(s.initialOrderId, order.id)))
    .limit(1)
    .for('update');
  if (!sub || sub.status === 'expired') return;
  if (sub.status === 'cancelled' && sub.endsAt && sub.endsAt.getTime() <= endsAt.getTime()) return;
  await ctx.tx
    .update(s)
    .set({
      status: 'cancelled',
      cancelledAt: sub.cancelledAt ?? endsAt,
      endsAt,
      cancelAtPeriodEnd: false,
      // A subscription already cancelled here was already cancelled at the gateway.
      gatewayCancelDue: sub.status !== 'cancelled' || sub.gatewayCancelDue,
      updatedAt: ctx.now,
    })
    .where(eq(s.id, sub.id));
  ctx.log.info('payments: subscription ended by a refunded payment', { subscriptionId: sub.id, orderId: order.id });
  ctx.heldDuplicates?.add(order.userId);
}

export async function applyEffect(ctx: EffectContext, effect: PaymentEffect) {
  switch (effect.kind) {
    case 'checkout.paid':
      return checkoutPaid(ctx, effect);
    case 'checkout.failed':
      return checkoutFailed(ctx, effect);
    case 'invoice.paid':
      return invoicePaid(ctx, effect);
    case 'subscription.changed':
      return subscriptionChanged(ctx, effect);
    case 'payment.refunded':
      return paymentRefunded(ctx, effect);
  }
}

export async function applyEffects(ctx: EffectContext, effects: PaymentEffect[]) {
  for (const effect of effects) await applyEffect(ctx, effect);
}
