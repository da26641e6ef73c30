import { and, eq } from 'drizzle-orm';
import { schema } from '../../../../db/client';
import type { PaymentEffect } from '../../../adapters/payments/port';
import { newId } from '../../../lib/ids';
import { type EffectContext, isDeletedUser, liveRefundOf, lockOrder, newOrderNumber } from './context';
import { grantOrderCredits, markPaidAndGrant } from './order-grants';
import { ACCOUNT_DELETED_REASON, DUPLICATE_SUBSCRIPTION_REASON, isHeldDuplicate, openDuplicateRefund } from './refused-payments';
import { advancePeriod, ensureSubscription, findSubscription } from './subscription-records';
import { holdForSupport, isHeldForSupport, paymentMismatch } from './support-holds';

export async function invoicePaid(ctx: EffectContext, effect: Extract<PaymentEffect, { kind: 'invoice.paid' }>) {
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
