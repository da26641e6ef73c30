import { eq, or, sql } from 'drizzle-orm';
import { schema, type Tx } from '@db/client';
import { applyMovement } from '../../credits/ledger';
import { bucketOf, type EffectContext, isDeletedUser, lapseKey, liveRefundOf, type Order, orderGrantKey, planOf } from './context';
import { ACCOUNT_DELETED_REASON, openDuplicateRefund } from './refused-payments';
import { lapseSubscriptionCredits } from './subscription-credits';
import { isHeldForSupport } from './support-holds';

/**
 * Grants an order's credits once (`order:<id>`), into the bucket its kind decides, and records them
 * in `creditsAdded`. A replay finds the movement key and changes nothing.
 */
export async function grantOrderCredits(tx: Tx, order: Order, now: Date) {
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
 * overtook this invoice): had the events come in order, these credits would have been in
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
 * The money is real: PAID wins over PENDING, FAILED and CANCELLED (a late payment after the user
 * pressed cancel still gets its credits). REFUNDED stays REFUNDED and grants nothing, so a refund
 * that overtook its payment notification ends in the same state as one that followed it.
 * Expects the order row locked by the caller.
 */
export async function markPaidAndGrant(
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
