import { and, eq, inArray, isNotNull, isNull, ne, type SQL } from 'drizzle-orm';
import { schema } from '@db/client';
import type { ServiceContext } from '../context';
import { lockOrder } from './effects/context';
import { GatewayError, type RefundResult } from '../../adapters/payments/port';

type Ctx = ServiceContext<'db' | 'payments' | 'clock' | 'log'>;

const BATCH = 100;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The gateway half of "one live subscription per user" (decision 006). The effects
 * hold a second subscription's payment — its subscription recorded `expired` with `gatewayCancelDue`,
 * a refund opened with origin DUPLICATE_SUBSCRIPTION, no credits — and this, run after the commit
 * (webhook, status poll) and again by maintenance until the gateway agrees, stops its billing and
 * sends the money back. Our refund id is the gateway's idempotency key, so a retry after a crash
 * between the gateway's answer and our write cannot refund twice.
 */
export async function settleDuplicateSubscriptions(ctx: Ctx, userIds?: string[]): Promise<{ cancelled: number; refunded: number }> {
  const forUsers: ForUsers = (column) => (userIds ? inArray(column, userIds) : undefined);
  if (userIds && userIds.length === 0) return { cancelled: 0, refunded: 0 };
  const cancelled = await stopDueBilling(ctx, forUsers);
  const refunded = await refundHeldPayments(ctx, forUsers);
  if (cancelled || refunded) ctx.log.info('payments: second subscriptions settled at the gateway', { cancelled, refunded });
  return { cancelled, refunded };
}

/** Narrows a query to the given users' rows, or leaves it for everyone's. */
type ForUsers = (column: Parameters<typeof inArray>[0]) => SQL | undefined;

/** Cancels at the gateway every subscription marked `gatewayCancelDue`; returns how many it stopped. */
async function stopDueBilling(ctx: Ctx, forUsers: ForUsers): Promise<number> {
  const { db, log } = ctx;
  const s = schema.subscriptions;
  let cancelled = 0;
  const due = await db
    .select()
    .from(s)
    .where(and(eq(s.gatewayCancelDue, true), isNotNull(s.gatewaySubscriptionId), forUsers(s.userId)))
    .limit(BATCH);
  for (const sub of due) {
    const gateway = ctx.payments.byName(sub.gateway);
    if (!gateway) continue;
    try {
      await gateway.cancelSubscription(sub.gatewaySubscriptionId!);
      await db.update(s).set({ gatewayCancelDue: false, updatedAt: ctx.clock.now() }).where(eq(s.id, sub.id));
      cancelled++;
    } catch (error) {
      log.warn('payments: could not stop billing of a second subscription yet; will retry', {
        subscriptionId: sub.id,
        error: errorText(error),
      });
    }
  }
  return cancelled;
}

/** Sends back every held payment whose refund the gateway has not taken yet; returns how many it took. */
async function refundHeldPayments(ctx: Ctx, forUsers: ForUsers): Promise<number> {
  const { db, log } = ctx;
  const r = schema.refunds;
  const o = schema.orders;
  let refunded = 0;
  const open = await db
    .select({ refund: r, order: o })
    .from(r)
    .innerJoin(o, eq(o.id, r.orderId))
    // Only money that arrived: an order held before its payment is refunded once it is PAID.
    .where(
      and(
        eq(r.origin, 'DUPLICATE_SUBSCRIPTION'),
        eq(r.status, 'PENDING'),
        isNull(r.gatewayRefundId),
        eq(o.status, 'PAID'),
        isNotNull(o.gatewayTransactionId),
        forUsers(r.userId),
      ),
    )
    .limit(BATCH);
  for (const { refund, order } of open) {
    const gateway = ctx.payments.byName(order.gateway);
    if (!gateway) continue;
    let outcome: RefundResult;
    try {
      outcome = await gateway.refund({
        orderId: order.id,
        refundId: refund.id,
        gatewayTransactionId: order.gatewayTransactionId!,
        amountCents: order.amountCents,
        currency: order.currency,
        reason: refund.reason,
      });
    } catch (error) {
      // Never given up: the money is the customer's. Maintenance retries with the same idempotency key.
      log.warn('payments: refund of a second subscription payment failed; will retry', {
        orderId: order.id,
        refundId: refund.id,
        error: errorText(error),
        refused: error instanceof GatewayError,
      });
      continue;
    }
    await recordHeldRefund(db, order.id, refund.id, outcome, ctx.clock.now());
    refunded++;
  }
  return refunded;
}

async function recordHeldRefund(db: Ctx['db'], orderId: string, refundId: string, outcome: RefundResult, now: Date) {
  const r = schema.refunds;
  const o = schema.orders;
  await db.transaction(async (tx) => {
    await lockOrder(tx, eq(o.id, orderId));
    if (outcome.status === 'COMPLETED') {
      // A `payment.refunded` webhook may have completed it already; both paths end the same.
      await tx
        .update(r)
        .set({ status: 'COMPLETED', gatewayRefundId: outcome.gatewayRefundId, updatedAt: now })
        .where(and(eq(r.id, refundId), ne(r.status, 'REJECTED')));
      await tx
        .update(o)
        .set({ status: 'REFUNDED', refundedAt: now, updatedAt: now })
        .where(and(eq(o.id, orderId), ne(o.status, 'REFUNDED')));
    } else {
      await tx.update(r).set({ gatewayRefundId: outcome.gatewayRefundId, updatedAt: now }).where(eq(r.id, refundId));
    }
  });
}

/** After a committed webhook or reconcile: settle what it held; a failure is left to maintenance. */
export async function settleHeldDuplicates(ctx: Ctx, held: Set<string>) {
  if (held.size === 0) return;
  try {
    await settleDuplicateSubscriptions(ctx, [...held]);
  } catch (error) {
    ctx.log.warn('payments: settling a second subscription failed; maintenance retries it', { error: errorText(error) });
  }
}
