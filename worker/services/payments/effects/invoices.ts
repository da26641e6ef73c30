import { and, eq } from 'drizzle-orm';
import { schema } from '@db/client';
import type { PaymentEffect } from '@worker/adapters/payments/port';
import { newId } from '@worker/lib/ids';
import { type EffectContext, isDeletedUser, liveRefundOf, lockOrder, newOrderNumber, type Order, type Subscription } from './context';
import { grantOrderCredits, markPaidAndGrant } from './order-grants';
import { ACCOUNT_DELETED_REASON, DUPLICATE_SUBSCRIPTION_REASON, isHeldDuplicate, openDuplicateRefund } from './refused-payments';
import { advancePeriod, ensureSubscription, findSubscription } from './subscription-records';
import { holdForSupport, isHeldForSupport, paymentMismatch } from './support-holds';

/*
 * A paid subscription invoice: the first one pays the checkout order, every later one is a renewal
 * with an order of its own (one per invoice). Either moves the subscription's period forward.
 */

type InvoicePaid = Extract<PaymentEffect, { kind: 'invoice.paid' }>;

export async function invoicePaid(ctx: EffectContext, effect: InvoicePaid) {
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
  const sub = await ensureSubscription(ctx, initial, effect.gatewaySubscriptionId, { start: effect.periodStart, end: effect.periodEnd });
  if (!sub) return;

  if (isInitial) await payInitialOrder(ctx, initial, effect);
  // A refused renewal leaves the subscription's period where it was.
  else if ((await payRenewal(ctx, sub, initial, effect)) === 'refused') return;
  await advancePeriod(ctx, sub, effect.periodStart, effect.periodEnd);
}

/** The first invoice: the checkout order learns its invoice and period (if no other order has them) and is paid. */
async function payInitialOrder(ctx: EffectContext, initial: Order, effect: InvoicePaid) {
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
}

/**
 * A renewal: records its order (once per invoice), then refuses it (a held or deleted account's
 * subscription billed again), holds it for support (it does not pay the subscription's price), or
 * grants its credits.
 */
async function payRenewal(ctx: EffectContext, sub: Subscription, initial: Order, effect: InvoicePaid): Promise<'refused' | 'recorded'> {
  // A renewal pays the subscription's price in the first order's currency; anything else is held.
  const renewalMismatch = paymentMismatch({ amountCents: sub.priceCents, currency: initial.currency }, effect);
  const { renewalId, inserted, renewal } = await recordRenewalOrder(ctx, sub, initial, effect, renewalMismatch);
  // A renewal charged after the account was deleted (the gateway ignored or never got the cancel);
  // one granted before the deletion is part of the record.
  const deleted = renewal && renewal.creditsAdded === 0 && (await isDeletedUser(ctx.tx, sub.userId));
  if (renewal && (deleted || (await isHeldDuplicate(ctx.tx, sub)))) {
    await refuseRenewal(ctx, sub, renewal, Boolean(deleted));
    return 'refused';
  }
  if (renewal && renewalMismatch && !inserted && !isHeldForSupport(renewal))
    await holdForSupport(ctx, renewal, effect.gatewayTransactionId, renewalMismatch);
  else if (renewalMismatch && inserted)
    ctx.log.warn('payments: the payment does not match its order; held for support', {
      orderId: renewalId,
      gateway: ctx.gateway,
      reason: renewalMismatch,
    });
  else if (renewal?.status === 'PAID' && !isHeldForSupport(renewal) && !(await liveRefundOf(ctx.tx, renewal.id)))
    await grantOrderCredits(ctx.tx, { ...renewal, subscriptionId: sub.id }, ctx.now);
  return 'recorded';
}

/**
 * Inserts the renewal's order, PAID (held for support at once when `mismatch` says why), or finds the
 * one an earlier report of the same invoice inserted; returns it locked, and whether it is new.
 */
async function recordRenewalOrder(ctx: EffectContext, sub: Subscription, initial: Order, effect: InvoicePaid, mismatch: string | null) {
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
      failureReason: mismatch?.slice(0, 500) ?? null,
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
  return { renewalId, inserted: inserted.length > 0, renewal };
}

/**
 * A held second subscription the gateway billed again (its cancel still pending or ignored), or one
 * of a deleted account: this payment grants nothing either and goes back too, and billing is stopped
 * once more.
 */
async function refuseRenewal(ctx: EffectContext, sub: Subscription, renewal: Order, accountDeleted: boolean) {
  ctx.log.warn('payments: a held subscription was billed again; refunding that payment too', {
    orderId: renewal.id,
    subscriptionId: sub.id,
    accountDeleted,
  });
  // A payment held for support is not sent back automatically: what it really was is for support to see.
  if (renewal.status === 'PAID' && !isHeldForSupport(renewal))
    await openDuplicateRefund(ctx, renewal, accountDeleted ? ACCOUNT_DELETED_REASON : DUPLICATE_SUBSCRIPTION_REASON);
  await ctx.tx.update(schema.subscriptions).set({ gatewayCancelDue: true, updatedAt: ctx.now }).where(eq(schema.subscriptions.id, sub.id));
}
