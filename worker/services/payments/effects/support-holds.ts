import { eq } from 'drizzle-orm';
import { schema } from '@db/client';
import { applyMovement, lockAccount } from '../../credits/ledger';
import { bucketOf, type EffectContext, type Order, supportHoldKey } from './context';

/**
 * An order held for support: the money the gateway reported did not match it (amount or currency),
 * so it granted nothing. It is PAID (money did move) with the reason kept in `failureReason`, which
 * no other PAID order has (turning an order PAID clears it). Support settles it; the app offers no
 * refund of its own, as for a partial refund at the gateway (docs/decisions/024).
 */
export const isHeldForSupport = (order: Pick<Order, 'status' | 'failureReason'>) => order.status === 'PAID' && order.failureReason !== null;

const money = (cents: number, currency: string) => `${currency.toUpperCase()} ${(cents / 100).toFixed(2)}`;

/**
 * Why a reported payment does not pay for `expected`, or null when it does: the same amount, a
 * positive whole number of minor units, in the same currency. A gateway that does not say what it
 * took is not taken at its word.
 */
export function paymentMismatch(
  expected: { amountCents: number; currency: string },
  paid: { amountCents?: number; currency?: string },
): string | null {
  if (paid.amountCents === undefined || paid.currency === undefined)
    return `The payment provider did not report the amount paid for ${money(expected.amountCents, expected.currency)}`;
  const valid = Number.isSafeInteger(paid.amountCents) && paid.amountCents > 0;
  if (valid && paid.amountCents === expected.amountCents && paid.currency.toUpperCase() === expected.currency.toUpperCase()) return null;
  const shown = valid ? money(paid.amountCents, paid.currency) : `${String(paid.amountCents).slice(0, 20)} ${paid.currency.slice(0, 3)}`;
  return `Paid ${shown} for ${money(expected.amountCents, expected.currency)}: held for support, no credits granted`;
}

/**
 * A payment that does not match its order (an underpaid, negative or foreign-currency report): the
 * order is PAID, since money moved, but grants nothing and waits for support. Had a matching report
 * of the same payment already granted it (events out of order), that grant is taken back, as far as
 * the bucket still holds it, so every arrival order ends in the same state (DESIGN.md §5.6).
 * Expects the order row locked by the caller.
 */
export async function holdForSupport(ctx: EffectContext, order: Order, transactionId: string | null, reason: string) {
  // A refund that overtook this payment already settled the order.
  if (order.status === 'REFUNDED') return;
  ctx.log.warn('payments: the payment does not match its order; held for support', {
    orderId: order.id,
    gateway: ctx.gateway,
    reason,
  });
  let creditsAdded = order.creditsAdded;
  if (creditsAdded > 0) {
    const account = await lockAccount(ctx.tx, order.userId);
    const bucket = bucketOf(order.kind);
    const taken = Math.min(creditsAdded, bucket === 'paid' ? account.paidBalance : account.subscriptionBalance);
    if (taken > 0) {
      const result = await applyMovement(ctx.tx, {
        userId: order.userId,
        movementKey: supportHoldKey(order.id),
        type: 'REFUNDED',
        referenceType: order.kind === 'credits' ? 'PURCHASE' : 'SUBSCRIPTION',
        referenceId: order.id,
        reason: 'PAYMENT_HELD',
        reasonParams: { orderNumber: order.orderNumber },
        parts: { [bucket]: -taken },
      });
      if (result.applied) creditsAdded -= taken;
    }
  }
  await ctx.tx
    .update(schema.orders)
    .set({
      status: 'PAID',
      paidAt: order.paidAt ?? ctx.now,
      gatewayTransactionId: order.gatewayTransactionId ?? transactionId,
      failureReason: order.status === 'PAID' && order.failureReason ? order.failureReason : reason.slice(0, 500),
      creditsAdded,
      updatedAt: ctx.now,
    })
    .where(eq(schema.orders.id, order.id));
}
