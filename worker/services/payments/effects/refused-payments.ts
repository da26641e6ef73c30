import { and, eq, ne, or } from 'drizzle-orm';
import { schema, type Tx } from '@db/client';
import { newId } from '@worker/lib/ids';
import { type EffectContext, type Order, planOf, type Subscription } from './context';
import { lapseSubscriptionCredits } from './subscription-credits';

/*
 * Payments this app refuses and sends back: a second live subscription's, or one for an account
 * deleted before it arrived. Each is recorded, grants nothing and gets a refund opened, settled at the
 * gateway after the commit (services/payments/duplicates.ts).
 */

/** Shown on a second subscription payment that is refunded instead of starting a second subscription. */
export const DUPLICATE_SUBSCRIPTION_REASON = 'You already have a subscription: this second payment is refunded and grants nothing';
/** Shown on a payment that arrived after its account was deleted (a checkout opened before, paid after). */
export const ACCOUNT_DELETED_REASON = 'The account was deleted before this payment arrived: it is refunded and grants nothing';

/**
 * A subscription recorded only to stop it: a second subscription paid while another was live. Its
 * checkout order carries the DUPLICATE_SUBSCRIPTION refund; nothing it is paid for grants.
 */
export async function isHeldDuplicate(tx: Tx, sub: Subscription) {
  const r = schema.refunds;
  const [held] = await tx
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.orderId, sub.initialOrderId), eq(r.origin, 'DUPLICATE_SUBSCRIPTION'), ne(r.status, 'REJECTED')))
    .limit(1);
  return Boolean(held);
}

/**
 * A subscription order paid (or activated) while the user already has a live subscription: it may not
 * start a second one. Its gateway subscription is recorded as `expired` with billing
 * still to stop at the gateway, and a refund of its payment is opened (origin DUPLICATE_SUBSCRIPTION),
 * which also keeps any grant for the order from happening. The gateway calls follow the commit.
 */
export async function holdAsDuplicate(
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
export async function openDuplicateRefund(ctx: EffectContext, order: Order, reason = DUPLICATE_SUBSCRIPTION_REASON) {
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
