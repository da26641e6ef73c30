import { and, eq, ne, type SQL } from 'drizzle-orm';
import { schema, type Tx } from '@db/client';
import type { GatewayName } from '@worker/contract/payments';
import { newId } from '@worker/lib/ids';
import type { Logger } from '@worker/ports';

/** What every payment effect works with: one transaction, the reporting gateway, two clocks. */
export interface EffectContext {
  tx: Tx;
  /** Who reported the effect (the webhook route, or the order's gateway for reconcile). */
  gateway: GatewayName;
  /** The app's clock: paidAt, refundedAt, created rows. */
  now: Date;
  /** The gateway's time of the event, for ordering subscription status changes. */
  occurredAt: Date;
  log: Logger;
  /**
   * Users with gateway work due once the transaction has committed (gateways are never called inside
   * a transaction): a second subscription payment held for a refund, or a
   * subscription whose billing must stop because its payment was refunded at the gateway.
   * The caller runs `settleDuplicateSubscriptions` for them: it cancels every subscription marked
   * `gatewayCancelDue` and refunds the held payments.
   */
  heldDuplicates?: Set<string>;
}

/**
 * An effect that refers to something this app has not seen yet but very likely will (a refund that
 * overtook its payment's notification). The webhook answers 503 without recording the event, so the
 * gateway delivers it again later, when it can be applied.
 */
export class EffectNotReadyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EffectNotReadyError';
  }
}

export type Order = typeof schema.orders.$inferSelect;
export type Subscription = typeof schema.subscriptions.$inferSelect;
type Bucket = 'paid' | 'subscription';

/** Packs are paid credits that never expire; subscription credits roll over only while subscribed (decision 003). */
export const bucketOf = (kind: Order['kind']): Bucket => (kind === 'credits' ? 'paid' : 'subscription');
export const orderGrantKey = (orderId: string) => `order:${orderId}`;
export const refundClawbackKey = (refundId: string) => `order-refund:${refundId}`;
export const refundReversalKey = (refundId: string) => `order-refund-reversal:${refundId}`;
export const lapseKey = (subscriptionId: string) => `subscription-lapse:${subscriptionId}`;
export const supportHoldKey = (orderId: string) => `order-held:${orderId}`;

/**
 * The account was deleted (docs/decisions/018). A payment that arrives for it afterwards (a checkout
 * opened before the deletion and paid after it, a renewal the gateway charged anyway) is held like a
 * second subscription's: refunded at the gateway, its billing stopped, nothing granted.
 */
export async function isDeletedUser(tx: Tx, userId: string) {
  const [user] = await tx.select({ deletedAt: schema.users.deletedAt }).from(schema.users).where(eq(schema.users.id, userId));
  return Boolean(user?.deletedAt);
}

/** Human-readable and unique (the unique index backs it up): `ORD-20261122-7K2M9QXA`. */
export function newOrderNumber(now: Date) {
  const day = now.toISOString().slice(0, 10).replace(/-/g, '');
  return `ORD-${day}-${newId('x', 8).slice(2).toUpperCase()}`;
}

export async function lockOrder(tx: Tx, where: SQL | undefined): Promise<Order | undefined> {
  const [order] = await tx.select().from(schema.orders).where(where).limit(1).for('update');
  return order;
}

export async function planOf(tx: Tx, planId: string) {
  const [plan] = await tx.select().from(schema.pricingPlans).where(eq(schema.pricingPlans.id, planId));
  return plan!;
}

export async function liveRefundOf(tx: Tx, orderId: string) {
  const r = schema.refunds;
  const [refund] = await tx
    .select({ id: r.id, origin: r.origin })
    .from(r)
    .where(and(eq(r.orderId, orderId), ne(r.status, 'REJECTED')))
    .limit(1);
  return refund;
}
