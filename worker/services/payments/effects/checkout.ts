import { and, eq } from 'drizzle-orm';
import { schema } from '@db/client';
import type { PaymentEffect } from '@worker/adapters/payments/port';
import { type EffectContext, liveRefundOf, lockOrder } from './context';
import { markPaidAndGrant } from './order-grants';
import { holdAsDuplicate } from './refused-payments';
import { expireEndedSubscriptionsOf } from './subscription-credits';
import { ensureSubscription, otherLiveSubscription } from './subscription-records';
import { holdForSupport, paymentMismatch } from './support-holds';

export async function checkoutPaid(ctx: EffectContext, effect: Extract<PaymentEffect, { kind: 'checkout.paid' }>) {
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
    // payment refunded before this event still records its subscription, ended.
    if (effect.gatewaySubscriptionId) await ensureSubscription(ctx, order, effect.gatewaySubscriptionId, null);
    else if (order.status !== 'REFUNDED' && !(await liveRefundOf(ctx.tx, order.id))) {
      await expireEndedSubscriptionsOf(ctx.tx, order.userId, ctx.now, ctx.log);
      if (await otherLiveSubscription(ctx.tx, order)) await holdAsDuplicate(ctx, order, undefined);
    }
  }
  await markPaidAndGrant(ctx, order, effect.gatewayTransactionId);
}

export async function checkoutFailed(ctx: EffectContext, effect: Extract<PaymentEffect, { kind: 'checkout.failed' }>) {
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
