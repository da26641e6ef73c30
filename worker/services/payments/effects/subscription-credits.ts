import { and, eq, gt, inArray, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import { schema, type Tx } from '@db/client';
import type { Logger } from '@worker/ports';
import { applyMovement, lockAccount } from '../../credits/ledger';
import { lapseKey, type Subscription } from './context';

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
