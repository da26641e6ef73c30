import { and, eq, ne, or } from 'drizzle-orm';
import { schema } from '@db/client';
import type { PaymentEffect } from '@worker/adapters/payments/port';
import { newId } from '@worker/lib/ids';
import { applyMovement, lockAccount } from '../../credits/ledger';
import { bucketOf, type EffectContext, EffectNotReadyError, lockOrder, type Order, refundClawbackKey } from './context';

/*
 * A refund the gateway reports: ours completing, or one made at the gateway (its dashboard, a
 * dispute), whose credits are clawed back here. A refunded subscription payment ends its subscription.
 */

type PaymentRefunded = Extract<PaymentEffect, { kind: 'payment.refunded' }>;

/** How long an unmatched refund is worth a redelivery; older ones belong to another environment. */
const UNMATCHED_REFUND_RETRY_MS = 24 * 3600 * 1000;

export async function paymentRefunded(ctx: EffectContext, effect: PaymentRefunded) {
  const o = schema.orders;
  const order = await findRefundedOrder(ctx, effect);
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
  } else await recordGatewayRefund(ctx, order, effect);
  if (order.status !== 'REFUNDED') {
    await ctx.tx
      .update(o)
      .set({ status: 'REFUNDED', refundedAt: order.refundedAt ?? ctx.now, updatedAt: ctx.now })
      .where(eq(o.id, order.id));
  }
  if (order.kind === 'subscription') await endRefundedSubscription(ctx, order, order.refundedAt ?? ctx.now);
}

/** The refunded payment's order, locked; not-ready (redelivered later) while it may still be on its way. */
async function findRefundedOrder(ctx: EffectContext, effect: PaymentRefunded): Promise<Order | undefined> {
  const o = schema.orders;
  let order = await lockOrder(ctx.tx, and(eq(o.gateway, ctx.gateway), eq(o.gatewayTransactionId, effect.gatewayTransactionId)));
  if (!order && effect.orderId) order = await lockOrder(ctx.tx, eq(o.id, effect.orderId));
  if (!order && ctx.now.getTime() - ctx.occurredAt.getTime() < UNMATCHED_REFUND_RETRY_MS) {
    // E.g. a Stripe subscription charge refunded before its invoice.paid arrived: the charge carries
    // no order id, and the order learns its payment intent only from the invoice.
    throw new EffectNotReadyError(`payment ${effect.gatewayTransactionId} is not known yet`);
  }
  return order;
}

/**
 * Refunded from the gateway's dashboard (or before we even saw the payment): claw back what the
 * order granted, but never more than is left in that bucket — a balance cannot go below zero — and
 * record the refund, completed.
 */
async function recordGatewayRefund(ctx: EffectContext, order: Order, effect: PaymentRefunded) {
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
  await ctx.tx.insert(schema.refunds).values({
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

/**
 * A refunded subscription payment ends its subscription, wherever the refund was made: the
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
