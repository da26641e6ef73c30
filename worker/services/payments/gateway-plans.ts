import { and, eq } from 'drizzle-orm';
import { type Db, schema } from '@db/client';
import type { PaymentGateway } from '../../contract/gateways';

/** The gateway's own object for a pricing plan (a Stripe price, a PayPal plan), if one is known. */
export async function gatewayPlanIdOf(db: Db, planId: string, gateway: PaymentGateway): Promise<string | null> {
  const g = schema.gatewayPlans;
  const [row] = await db
    .select({ externalId: g.externalId })
    .from(g)
    .where(and(eq(g.planId, planId), eq(g.gateway, gateway)));
  return row?.externalId ?? null;
}

/**
 * Remembers the object an adapter created for a plan, so later checkouts reuse it. Two checkouts
 * racing on a plan's first sale each create one; the first to land is kept.
 */
export async function rememberGatewayPlan(db: Db, planId: string, gateway: PaymentGateway, externalId: string): Promise<void> {
  await db.insert(schema.gatewayPlans).values({ planId, gateway, externalId }).onConflictDoNothing();
}
