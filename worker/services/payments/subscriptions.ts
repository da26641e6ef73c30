import { and, desc, eq, inArray, isNotNull, isNull, like, lte, notExists, sql } from 'drizzle-orm';
import { schema, type Db } from '@db/client';
import { ServiceError } from '../../contract/errors';
import { asPaymentMethod } from '../../contract/gateways';
import type { SubscriptionInfo, SubscriptionResponse } from '../../contract/responses/payments';
import type { ServiceContext } from '../context';
import { applyMovement } from '../credits/ledger';
import { lockOrder, orderGrantKey, type Subscription } from './effects/context';
import { lapseSubscriptionCredits, liveSubscriptionWhere } from './effects/subscription-credits';
import { isHeldForSupport } from './effects/support-holds';
import { settleDuplicateSubscriptions } from './duplicates';
import { expireAbandonedCheckouts } from './expiry';
import { addMonths } from '../../lib/billing-periods';
import { planName, type Locale } from '../pricing/pricing';
import { say } from '../../contract/messages';

type Ctx = ServiceContext<'db' | 'payments' | 'clock' | 'log'>;

async function findCurrent(db: Db, userId: string, now: Date) {
  const [row] = await db
    .select({ sub: schema.subscriptions, plan: schema.pricingPlans, sessionId: schema.orders.gatewaySessionId })
    .from(schema.subscriptions)
    .innerJoin(schema.pricingPlans, eq(schema.pricingPlans.id, schema.subscriptions.planId))
    .leftJoin(schema.orders, eq(schema.orders.id, schema.subscriptions.initialOrderId))
    .where(and(eq(schema.subscriptions.userId, userId), liveSubscriptionWhere(now)))
    .orderBy(desc(schema.subscriptions.createdAt), desc(schema.subscriptions.id))
    .limit(1);
  return row;
}

function present(
  sub: Subscription,
  plan: typeof schema.pricingPlans.$inferSelect,
  locale: Locale,
  sessionId: string | null,
): SubscriptionInfo {
  const billing = sub.status === 'active' && !sub.cancelAtPeriodEnd;
  return {
    id: sub.id,
    planId: sub.planId,
    planName: planName(plan, locale),
    packageType: plan.packageType === 'yearly' ? 'yearly' : 'monthly',
    price: sub.priceCents / 100,
    currency: plan.currency,
    monthlyCredits: sub.monthlyCredits,
    startDate: sub.createdAt.toISOString(),
    nextBillingDate: billing ? sub.currentPeriodEnd.toISOString() : null,
    endDate: sub.endsAt ? sub.endsAt.toISOString() : null,
    status: sub.status,
    paymentProvider: asPaymentMethod(sub.paymentMethod),
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    sandboxBillingUrl: sub.gateway === 'SANDBOX' && sessionId ? `/api/sandbox/checkout/${encodeURIComponent(sessionId)}` : null,
  };
}

/** The newest subscription still giving its owner something: active, suspended, or cancelled but not yet ended. */
export async function currentSubscription(ctx: Pick<Ctx, 'db' | 'clock'>, userId: string, locale: Locale): Promise<SubscriptionResponse> {
  const row = await findCurrent(ctx.db, userId, ctx.clock.now());
  return { success: true, subscription: row ? present(row.sub, row.plan, locale, row.sessionId) : null };
}

/**
 * Cancel is irreversible (spec §4): billing stops at the gateway first (a refusal changes nothing
 * here), then the subscription is `cancelled` and ends with the period already paid for. Cancelling
 * again is a no-op that answers the same.
 */
export async function cancelCurrentSubscription(ctx: Ctx, userId: string, locale: Locale): Promise<SubscriptionResponse> {
  const now = ctx.clock.now();
  const row = await findCurrent(ctx.db, userId, now);
  if (!row) throw new ServiceError('NOT_FOUND', 'noActiveSubscription');
  if (row.sub.status !== 'cancelled') {
    const gateway = ctx.payments.byName(row.sub.gateway);
    if (!gateway) throw new ServiceError('NOT_CONFIGURED', say('gatewayNotConfigured', { gateway: row.sub.gateway }));
    if (row.sub.gatewaySubscriptionId) {
      try {
        await gateway.cancelSubscription(row.sub.gatewaySubscriptionId);
      } catch (error) {
        ctx.log.warn('payments: gateway refused to cancel a subscription', {
          subscriptionId: row.sub.id,
          error: error instanceof Error ? error.message : String(error),
        });
        throw new ServiceError('PAYMENT_PROVIDER_ERROR', 'cancelAtProviderFailed');
      }
    }
    const s = schema.subscriptions;
    await ctx.db
      .update(s)
      .set({
        status: 'cancelled',
        cancelledAt: now,
        endsAt: sql`coalesce(${s.endsAt}, ${s.currentPeriodEnd})`,
        cancelAtPeriodEnd: true,
        updatedAt: now,
      })
      .where(and(eq(s.id, row.sub.id), inArray(s.status, ['active', 'suspended'])));
  }
  return currentSubscription(ctx, userId, locale);
}

const YEARLY_MONTHS = 12;
const monthKey = (orderId: string, month: number) => `${orderGrantKey(orderId)}:month:${month}`;
// Keep in step with monthKey: the SQL below builds the last month's key as 'order:' || id || ':month:11'.

/**
 * Yearly plans are paid once but grant credits monthly (month 0 with the payment, months 1..11 here)
 * while the order stays PAID and no refund is in flight. Each month has its own movement key, so
 * overlapping or repeated runs grant it once; a run after a long pause catches up every due month.
 */
export async function grantYearlyMonthlyCredits(ctx: Pick<Ctx, 'db' | 'clock' | 'log'>): Promise<number> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const candidates = await yearlyOrdersDue(db, now);
  let granted = 0;
  for (const order of candidates) {
    const start = order.periodStart ?? order.paidAt!;
    const grantedKeys = new Set(
      (
        await db
          .select({ key: schema.creditLedger.movementKey })
          .from(schema.creditLedger)
          .where(
            and(eq(schema.creditLedger.userId, order.userId), like(schema.creditLedger.movementKey, `${orderGrantKey(order.id)}:month:%`)),
          )
      ).map((r) => r.key),
    );
    for (let month = 1; month < YEARLY_MONTHS; month++) {
      if (addMonths(start, month).getTime() > now.getTime()) break;
      if (grantedKeys.has(monthKey(order.id, month))) continue;
      if (await grantMonth(db, order, month, now)) granted++;
    }
  }
  if (granted) ctx.log.info('payments: yearly monthly credits granted', { granted });
  return granted;
}

/** Paid yearly orders with a month due and not all months granted, none held for support or being refunded. */
function yearlyOrdersDue(db: Ctx['db'], now: Date) {
  const o = schema.orders;
  const started = sql<Date>`coalesce(${o.periodStart}, ${o.paidAt})`;
  return db
    .select({ id: o.id, userId: o.userId, credits: o.credits, orderNumber: o.orderNumber, periodStart: o.periodStart, paidAt: o.paidAt })
    .from(o)
    .innerJoin(schema.pricingPlans, eq(schema.pricingPlans.id, o.planId))
    .where(
      and(
        eq(o.status, 'PAID'),
        // Not an order held for support (its payment did not match it): it grants no month at all.
        isNull(o.failureReason),
        eq(o.kind, 'subscription'),
        eq(schema.pricingPlans.packageType, 'yearly'),
        isNotNull(o.paidAt),
        // Month 1 is due a month after the start; month 11 by the end of the year.
        sql`${started} <= ${addMonths(now, -1).toISOString()}::timestamptz`,
        // Fully granted orders drop out (indexed lookup of the last month's key), however long
        // maintenance was paused; an order is never skipped because it got old.
        notExists(
          db
            .select({ id: schema.creditLedger.id })
            .from(schema.creditLedger)
            .where(
              and(
                eq(schema.creditLedger.userId, o.userId),
                eq(schema.creditLedger.movementKey, sql`'order:' || ${o.id} || ${`:month:${YEARLY_MONTHS - 1}`}`),
              ),
            ),
        ),
        notExists(
          db
            .select({ id: schema.refunds.id })
            .from(schema.refunds)
            .where(and(eq(schema.refunds.orderId, o.id), sql`${schema.refunds.status} <> 'REJECTED'`)),
        ),
      ),
    )
    .limit(500);
}

type YearlyOrder = Awaited<ReturnType<typeof yearlyOrdersDue>>[number];

/** Grants one month of a yearly order, re-checked under its lock; true when it was granted now. */
function grantMonth(db: Ctx['db'], order: YearlyOrder, month: number, now: Date): Promise<boolean> {
  const o = schema.orders;
  return db.transaction(async (tx) => {
    // Re-checked under the order lock: a refund racing this grant either sees it or prevents it.
    const locked = await lockOrder(tx, eq(o.id, order.id));
    if (locked?.status !== 'PAID' || isHeldForSupport(locked)) return false;
    const [live] = await tx
      .select({ id: schema.refunds.id })
      .from(schema.refunds)
      .where(and(eq(schema.refunds.orderId, order.id), sql`${schema.refunds.status} <> 'REJECTED'`))
      .limit(1);
    if (live) return false;
    // An ended subscription's months are not granted: they would only lapse (decision 003).
    const [ended] = await tx
      .select({ id: schema.subscriptions.id })
      .from(schema.subscriptions)
      .where(and(eq(schema.subscriptions.initialOrderId, order.id), eq(schema.subscriptions.status, 'expired')))
      .limit(1);
    if (ended) return false;
    const result = await applyMovement(tx, {
      userId: order.userId,
      movementKey: monthKey(order.id, month),
      type: 'EARNED',
      referenceType: 'SUBSCRIPTION',
      referenceId: order.id,
      reason: 'SUBSCRIPTION_MONTH',
      reasonParams: { orderNumber: order.orderNumber, month: month + 1 },
      parts: { subscription: order.credits },
    });
    if (result.applied) {
      await tx
        .update(o)
        .set({ creditsAdded: sql`${o.creditsAdded} + ${order.credits}`, updatedAt: now })
        .where(eq(o.id, order.id));
    }
    return result.applied;
  });
}

/**
 * Ends subscriptions whose paid time is over (cancelled, or refunded, with `endsAt` passed) and lets
 * their remaining subscription credits lapse (decision 003). The status change to `expired` happens
 * once, in the same transaction as the lapse, so the lapse happens once.
 */
export async function expireEndedSubscriptions(ctx: Pick<Ctx, 'db' | 'clock' | 'log'>): Promise<number> {
  const now = ctx.clock.now();
  const s = schema.subscriptions;
  const due = await ctx.db
    .select({ id: s.id })
    .from(s)
    .where(and(inArray(s.status, ['active', 'suspended', 'cancelled']), isNotNull(s.endsAt), lte(s.endsAt, now)))
    .limit(500);
  let expired = 0;
  for (const { id } of due) {
    await ctx.db.transaction(async (tx) => {
      const [sub] = await tx.select().from(s).where(eq(s.id, id)).for('update');
      if (!sub || sub.status === 'expired' || !sub.endsAt || sub.endsAt.getTime() > now.getTime()) return;
      await tx.update(s).set({ status: 'expired', cancelAtPeriodEnd: false, updatedAt: now }).where(eq(s.id, id));
      const lapsed = await lapseSubscriptionCredits(tx, { ...sub, status: 'expired' }, now);
      ctx.log.info('payments: subscription expired', { subscriptionId: id, lapsedCredits: lapsed });
      expired++;
    });
  }
  return expired;
}

export async function runPaymentMaintenance(ctx: Ctx) {
  const yearlyGrants = await grantYearlyMonthlyCredits(ctx);
  const expiredSubscriptions = await expireEndedSubscriptions(ctx);
  const expiredCheckouts = await expireAbandonedCheckouts(ctx);
  // Retries what a webhook could not finish: billing of a second subscription stopped, its payment refunded.
  const duplicates = await settleDuplicateSubscriptions(ctx);
  return {
    yearlyGrants,
    expiredSubscriptions,
    expiredCheckouts,
    duplicateSubscriptionsCancelled: duplicates.cancelled,
    duplicateSubscriptionsRefunded: duplicates.refunded,
  };
}
