import { and, eq, lte, type SQL } from 'drizzle-orm';
import { schema } from '@db/client';
import { GATEWAYS, PAYMENT_GATEWAYS } from '../../contract/gateways';
import type { GatewayName } from '../../contract/payments';
import type { ServiceContext } from '../context';
import { settleHeldDuplicates } from './duplicates';
import { applyEffects } from './effects';
import type { Order } from './effects/context';

type Ctx = ServiceContext<'db' | 'payments' | 'clock' | 'log'>;

/** How long a checkout at `gateway` can still be paid, in ms (the catalogue's `checkoutLifetimeHours`). */
export const checkoutLifetimeMs = (gateway: GatewayName) => GATEWAYS[gateway].checkoutLifetimeHours * 3600 * 1000;

export const CHECKOUT_EXPIRED_REASON = 'The checkout was not completed in time';

export const checkoutExpired = (order: Pick<Order, 'gateway' | 'createdAt'>, now: Date) =>
  now.getTime() - order.createdAt.getTime() >= checkoutLifetimeMs(order.gateway);

/** Marks one PENDING order EXPIRED; anything that already ended (or was paid) keeps its state. */
export async function markExpired(ctx: Pick<Ctx, 'db' | 'clock'>, orderId: string) {
  const o = schema.orders;
  const now = ctx.clock.now();
  const updated = await ctx.db
    .update(o)
    .set({ status: 'EXPIRED', failureReason: CHECKOUT_EXPIRED_REASON, updatedAt: now })
    .where(and(eq(o.id, orderId), eq(o.status, 'PENDING')))
    .returning({ id: o.id });
  return updated.length > 0;
}

/**
 * Ends checkouts abandoned past their gateway's lifetime, so "My orders" stops saying Pending forever
 *. The gateway is asked first, through the same reconcile and effects as the
 * status poll: a checkout that was paid after all (a lost webhook, a PayPal approval never captured)
 * is honoured, never expired. Expiry is not final for money either: a late payment for an EXPIRED
 * order still wins (PAID over EXPIRED), or is refunded when it would be a second subscription.
 */
export async function expireAbandonedCheckouts(ctx: Ctx, scope: { userId?: string; kind?: Order['kind'] } = {}): Promise<number> {
  const { db, log } = ctx;
  const o = schema.orders;
  const now = ctx.clock.now();
  let expired = 0;
  for (const gatewayName of PAYMENT_GATEWAYS) {
    const filters: (SQL | undefined)[] = [
      eq(o.status, 'PENDING'),
      eq(o.gateway, gatewayName),
      lte(o.createdAt, new Date(now.getTime() - checkoutLifetimeMs(gatewayName))),
      scope.userId ? eq(o.userId, scope.userId) : undefined,
      scope.kind ? eq(o.kind, scope.kind) : undefined,
    ];
    const stale = await db
      .select()
      .from(o)
      .where(and(...filters))
      .limit(200);
    const gateway = ctx.payments.byName(gatewayName);
    for (const order of stale) {
      if (gateway && order.gatewaySessionId) {
        try {
          const effects = await gateway.reconcile({ id: order.id, kind: order.kind, gatewaySessionId: order.gatewaySessionId });
          if (effects.length) {
            const heldDuplicates = new Set<string>();
            await db.transaction((tx) => applyEffects({ tx, gateway: gatewayName, now, occurredAt: now, log, heldDuplicates }, effects));
            await settleHeldDuplicates(ctx, heldDuplicates);
          }
        } catch (error) {
          // Not expired on a guess: the gateway may have taken the money. The next run asks again.
          log.warn('payments: could not check an abandoned checkout with its gateway; will retry', {
            orderId: order.id,
            error: error instanceof Error ? error.message : String(error),
          });
          continue;
        }
      }
      if (await markExpired(ctx, order.id)) expired++;
    }
  }
  if (expired) log.info('payments: abandoned checkouts expired', { expired });
  return expired;
}
