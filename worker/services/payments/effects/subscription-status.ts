import { eq } from 'drizzle-orm';
import { schema } from '@db/client';
import type { SubscriptionStatus } from '@worker/contract/payments';
import type { PaymentEffect } from '@worker/adapters/payments/port';
import { type EffectContext, lockOrder, type Subscription } from './context';
import { lapseSubscriptionCredits } from './subscription-credits';
import { advancePeriod, ensureSubscription, findSubscription } from './subscription-records';

const STATUS_RANK: Record<SubscriptionStatus, number> = { active: 0, suspended: 0, cancelled: 1, expired: 2 };

/**
 * Status changes form a one-way ladder: active/suspended → cancelled → expired. Moving up always
 * applies (cancel is irreversible, spec §4), whatever the arrival order; between active and
 * suspended the newest event (gateway time) wins. So any order of the same events ends the same.
 */
export async function subscriptionChanged(ctx: EffectContext, effect: Extract<PaymentEffect, { kind: 'subscription.changed' }>) {
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
