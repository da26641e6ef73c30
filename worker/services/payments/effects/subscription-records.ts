import { and, eq, ne, or } from 'drizzle-orm';
import { schema, type Tx } from '@db/client';
import { addInterval, intervalOf } from '@worker/lib/billing-periods';
import { newId } from '@worker/lib/ids';
import { type EffectContext, isDeletedUser, type Order, planOf, type Subscription } from './context';
import { holdAsDuplicate } from './refused-payments';
import { expireEndedSubscriptionsOf } from './subscription-credits';

/** Another subscription of the user that still counts as live for the one-per-user index (not `expired`). */
export async function otherLiveSubscription(tx: Tx, order: Order) {
  const s = schema.subscriptions;
  const [other] = await tx
    .select({ id: s.id })
    .from(s)
    .where(and(eq(s.userId, order.userId), ne(s.status, 'expired'), ne(s.initialOrderId, order.id)))
    .limit(1);
  return other;
}

/** Creates the subscription row the first time the gateway reports it (or links an existing one); returns it locked. */
export async function ensureSubscription(
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
    // where the refund ended it had it come second, and its billing is stopped.
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
export async function advancePeriod(ctx: EffectContext, sub: Subscription, start: Date | undefined, end: Date | undefined) {
  if (!end || end.getTime() <= sub.currentPeriodEnd.getTime()) return sub;
  const changes: Partial<Subscription> = { currentPeriodStart: start ?? sub.currentPeriodStart, currentPeriodEnd: end, updatedAt: ctx.now };
  if (sub.status === 'cancelled' && sub.cancelAtPeriodEnd && (!sub.endsAt || sub.endsAt.getTime() < end.getTime())) changes.endsAt = end;
  await ctx.tx.update(schema.subscriptions).set(changes).where(eq(schema.subscriptions.id, sub.id));
  return { ...sub, ...changes };
}

export async function findSubscription(ctx: EffectContext, gatewaySubscriptionId: string) {
  const [sub] = await ctx.tx
    .select()
    .from(schema.subscriptions)
    .where(and(eq(schema.subscriptions.gateway, ctx.gateway), eq(schema.subscriptions.gatewaySubscriptionId, gatewaySubscriptionId)))
    .limit(1);
  return sub;
}
