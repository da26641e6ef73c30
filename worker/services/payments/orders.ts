import { and, count, desc, eq, inArray, ne } from 'drizzle-orm';
import { schema, type Db } from '@db/client';
import { ServiceError } from '../../contract/errors';
import { asPaymentMethod, GATEWAYS } from '../../contract/gateways';
import type { OrderStatus, PaymentMethod } from '../../contract/payments';
import type { CheckoutStarted, OrderItem, OrdersPage, PaymentStatusResponse } from '../../contract/responses/payments';
import type { AuthUser } from '../../contract/auth-user';
import { newId } from '../../lib/ids';
import type { ServiceContext } from '../context';
import { applyEffects } from './effects';
import { newOrderNumber, type Order } from './effects/context';
import { expireEndedSubscriptionsOf, liveSubscriptionWhere } from './effects/subscription-credits';
import { isHeldForSupport } from './effects/support-holds';
import { settleHeldDuplicates } from './duplicates';
import { expireAbandonedCheckouts } from './expiry';
import { gatewayPlanIdOf, rememberGatewayPlan } from './gateway-plans';
import { type CheckoutPlan, GatewayError } from '../../adapters/payments/port';
import { intervalOf } from '../../lib/billing-periods';
import { planName, type Locale } from '../pricing/pricing';
import { say } from '../../contract/messages';

type Ctx = ServiceContext<'db' | 'payments' | 'clock' | 'log' | 'config'>;

export interface CheckoutInput {
  kind: 'credits' | 'subscription';
  planId: string;
  /** The request field that named the plan, so a 400/404 can point at it. */
  field: 'planId' | 'packageId' | 'id';
  method: PaymentMethod;
  referralCode?: string;
  /** `publicOrigin(c)` of the request: where the buyer comes back to (the origin they are signed in on). */
  publicOrigin: string;
}

/** The SPA's callback routes (spec §2), per payment method, carrying the order id for the poller. */
export function callbackUrls(publicUrl: string, method: PaymentMethod, orderId: string) {
  const base = `${publicUrl.replace(/\/+$/, '')}/payment/${GATEWAYS[method].callbackSlug}`;
  const query = `?orderId=${encodeURIComponent(orderId)}`;
  return { successUrl: `${base}/success${query}`, cancelUrl: `${base}/cancel${query}` };
}

/** Postgres unique_violation, as thrown by node-postgres, PGlite or wrapped by drizzle. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * One live subscription per user: refused while one is live or a subscription
 * checkout is still open. The friendly checks are backed by the database: the open-checkout unique
 * index refuses parallel creations, and the live-subscription index refuses a second payment.
 */
async function assertCanStartSubscription(ctx: Ctx, userId: string, now: Date) {
  const { db } = ctx;
  // Ended but not yet reached by maintenance: they must not block (nor lapse later than they should).
  await db.transaction((tx) => expireEndedSubscriptionsOf(tx, userId, now, ctx.log));
  const [live] = await db
    .select({ id: schema.subscriptions.id })
    .from(schema.subscriptions)
    .where(and(eq(schema.subscriptions.userId, userId), liveSubscriptionWhere(now)))
    .limit(1);
  if (live) throw new ServiceError('SUBSCRIPTION_EXISTS', 'subscriptionExists');
  // An abandoned checkout past its lifetime no longer holds the slot (asked at its gateway first).
  await expireAbandonedCheckouts(ctx, { userId, kind: 'subscription' });
  const o = schema.orders;
  const [open] = await db
    .select({ id: o.id })
    .from(o)
    .where(and(eq(o.userId, userId), eq(o.kind, 'subscription'), eq(o.status, 'PENDING')))
    .limit(1);
  if (open) throw new ServiceError('SUBSCRIPTION_CHECKOUT_OPEN', 'subscriptionCheckoutOpen');
}

/**
 * Creates a PENDING order priced from the plan and opens the gateway's checkout for it. The order
 * exists before the gateway is called, so every checkout the gateway knows has an order to pay.
 * A gateway failure marks the order FAILED and is a 502 PAYMENT_PROVIDER_ERROR (the one error model).
 */
export async function createCheckoutOrder(ctx: Ctx, user: AuthUser, input: CheckoutInput): Promise<CheckoutStarted> {
  const { db, clock } = ctx;
  const plan = await findCheckoutPlan(db, input);
  const now = clock.now();
  if (input.kind === 'subscription') await assertCanStartSubscription(ctx, user.id, now);
  const gateway = ctx.payments.forMethod(input.method);

  const orderId = newId('ord');
  const orderNumber = newOrderNumber(now);
  await insertPendingOrder(db, { id: orderId, orderNumber, user, plan, input, gateway: gateway.name, now });

  const { successUrl, cancelUrl } = callbackUrls(input.publicOrigin, input.method, orderId);
  try {
    const session = await gateway.createCheckout({
      orderId,
      orderNumber,
      kind: input.kind,
      method: input.method,
      plan: checkoutPlanOf(plan, await gatewayPlanIdOf(db, plan.id, gateway.name)),
      userId: user.id,
      customerEmail: user.email,
      successUrl,
      cancelUrl,
      publicOrigin: input.publicOrigin,
    });
    await db.update(schema.orders).set({ gatewaySessionId: session.sessionId, updatedAt: now }).where(eq(schema.orders.id, orderId));
    if (session.createdGatewayPlanId) await rememberGatewayPlan(db, plan.id, gateway.name, session.createdGatewayPlanId);
    return { success: true, checkoutUrl: session.checkoutUrl, error: null, orderId, orderNumber };
  } catch (error) {
    const reason = error instanceof GatewayError ? error.message : 'Unexpected error while creating the checkout';
    await db
      .update(schema.orders)
      .set({ status: 'FAILED', failureReason: reason.slice(0, 500), updatedAt: now })
      .where(eq(schema.orders.id, orderId));
    if (!(error instanceof GatewayError)) throw error;
    ctx.log.warn('payments: checkout creation failed', { orderId, gateway: gateway.name, reason, detail: error.detail });
    throw new ServiceError(
      'PAYMENT_PROVIDER_ERROR',
      error.message ? say('paymentProviderError', { detail: error.message }) : 'checkoutFailed',
    );
  }
}

type PricingPlan = typeof schema.pricingPlans.$inferSelect;

/** The active plan the checkout names, of the kind it asks for (a pack or a subscription plan). */
async function findCheckoutPlan(db: Db, input: CheckoutInput): Promise<PricingPlan> {
  const [plan] = await db.select().from(schema.pricingPlans).where(eq(schema.pricingPlans.id, input.planId));
  if (!plan?.active) throw new ServiceError('NOT_FOUND', input.kind === 'credits' ? 'noSuchPack' : 'noSuchPlan', { field: input.field });
  const isPack = plan.packageType === 'credits';
  if (isPack !== (input.kind === 'credits')) {
    throw new ServiceError('VALIDATION_FAILED', say(input.kind === 'credits' ? 'planIsNotPack' : 'packIsNotPlan', { id: input.planId }), {
      field: input.field,
    });
  }
  return plan;
}

/** The PENDING order, priced from the plan, that the gateway's checkout will pay. */
async function insertPendingOrder(
  db: Db,
  order: { id: string; orderNumber: string; user: AuthUser; plan: PricingPlan; input: CheckoutInput; gateway: Order['gateway']; now: Date },
) {
  const { plan, input, now } = order;
  try {
    await db.insert(schema.orders).values({
      id: order.id,
      orderNumber: order.orderNumber,
      userId: order.user.id,
      planId: plan.id,
      kind: input.kind,
      gateway: order.gateway,
      paymentMethod: input.method,
      status: 'PENDING',
      amountCents: plan.priceCents,
      currency: plan.currency,
      credits: plan.credits,
      referralCode: input.referralCode || null,
      createdAt: now,
      updatedAt: now,
    });
  } catch (error) {
    // Another request of the same user opened a subscription checkout between the check and here.
    if (input.kind === 'subscription' && isUniqueViolation(error))
      throw new ServiceError('SUBSCRIPTION_CHECKOUT_OPEN', 'subscriptionCheckoutOpen');
    throw error;
  }
}

/** What the gateway is told about the plan being bought. */
const checkoutPlanOf = (plan: PricingPlan, gatewayPlanId: string | null): CheckoutPlan => ({
  id: plan.id,
  name: plan.name,
  priceCents: plan.priceCents,
  currency: plan.currency,
  credits: plan.credits,
  interval: intervalOf(plan.packageType),
  gatewayPlanId,
});

async function findOwnOrder(db: Db, userId: string, orderId: string) {
  const [order] = await db
    .select()
    .from(schema.orders)
    .where(and(eq(schema.orders.id, orderId), eq(schema.orders.userId, userId)));
  // Someone else's order is indistinguishable from a missing one.
  if (!order) throw new ServiceError('NOT_FOUND', 'orderNotFound');
  return order;
}

const STATUS_MESSAGE: Record<OrderStatus, (o: Order) => string> = {
  PAID: (o) =>
    isHeldForSupport(o)
      ? 'The payment did not match the order, so no credits were added; our support team will settle it'
      : o.creditsAdded > 0
        ? 'Payment confirmed'
        : 'Payment confirmed, processing credits',
  PENDING: () => 'Waiting for payment confirmation',
  FAILED: (o) => `Payment failed${o.failureReason ? `: ${o.failureReason}` : ''}`,
  CANCELLED: () => 'Payment was cancelled',
  REFUNDED: () => 'Payment refunded',
  EXPIRED: () => 'The checkout expired before it was paid',
};

function statusResponse(order: Order): PaymentStatusResponse {
  return {
    success: true,
    message: STATUS_MESSAGE[order.status](order),
    status: order.status,
    creditsAdded: order.creditsAdded,
    gatewayTransactionId: order.gatewayTransactionId,
    orderId: order.id,
    needsSupport: isHeldForSupport(order),
  };
}

/**
 * The callback screen's poll (spec §4). A PENDING order is reconciled with its gateway first, through
 * the same effects as webhooks: PayPal captures approved orders this way, and a lost webhook cannot
 * leave a paying customer without credits. A gateway hiccup only means the stored status is returned.
 */
export async function getOrderStatus(ctx: Ctx, userId: string, orderId: string): Promise<PaymentStatusResponse> {
  let order = await findOwnOrder(ctx.db, userId, orderId);
  const gateway = order.status === 'PENDING' && order.gatewaySessionId ? ctx.payments.byName(order.gateway) : undefined;
  if (gateway && order.gatewaySessionId) {
    try {
      const effects = await gateway.reconcile({ id: order.id, kind: order.kind, gatewaySessionId: order.gatewaySessionId });
      if (effects.length) {
        const now = ctx.clock.now();
        const heldDuplicates = new Set<string>();
        await ctx.db.transaction((tx) =>
          applyEffects({ tx, gateway: gateway.name, now, occurredAt: now, log: ctx.log, heldDuplicates }, effects),
        );
        await settleHeldDuplicates(ctx, heldDuplicates);
        order = await findOwnOrder(ctx.db, userId, orderId);
      }
    } catch (error) {
      ctx.log.warn('payments: reconcile failed; returning the stored status', {
        orderId,
        gateway: gateway.name,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return statusResponse(order);
}

/** The cancel callback route (spec §4): a PENDING order becomes CANCELLED; anything else is left as it is. */
export async function cancelOrder(ctx: Ctx, userId: string, orderId: string): Promise<PaymentStatusResponse> {
  await findOwnOrder(ctx.db, userId, orderId);
  const now = ctx.clock.now();
  await ctx.db
    .update(schema.orders)
    .set({ status: 'CANCELLED', failureReason: 'Cancelled by the customer', updatedAt: now })
    .where(and(eq(schema.orders.id, orderId), eq(schema.orders.userId, userId), eq(schema.orders.status, 'PENDING')));
  return statusResponse(await findOwnOrder(ctx.db, userId, orderId));
}

const dollars = (cents: number) => cents / 100;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** `GET /api/orders/user` (spec §3 Order list), newest first, with the live refund's state. */
export async function listUserOrders(db: Db, user: AuthUser, query: { page: number; size: number }, locale: Locale): Promise<OrdersPage> {
  const o = schema.orders;
  const where = eq(o.userId, user.id);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ order: o, plan: schema.pricingPlans })
      .from(o)
      .innerJoin(schema.pricingPlans, eq(schema.pricingPlans.id, o.planId))
      .where(where)
      .orderBy(desc(o.createdAt), desc(o.id))
      .limit(query.size)
      .offset(query.page * query.size),
    db.select({ total: count() }).from(o).where(where),
  ]);
  const ids = rows.map((r) => r.order.id);
  const refunds = ids.length
    ? await db
        .select({ orderId: schema.refunds.orderId, status: schema.refunds.status })
        .from(schema.refunds)
        .where(and(inArray(schema.refunds.orderId, ids), ne(schema.refunds.status, 'REJECTED')))
    : [];
  const refundOf = new Map(refunds.map((r) => [r.orderId, r.status as OrderItem['refundStatus']]));
  const orders: OrderItem[] = rows.map(({ order, plan }) => ({
    id: order.id,
    orderNumber: order.orderNumber,
    packageName: planName(plan, locale),
    productName: planName(plan, locale),
    kind: order.kind,
    amount: dollars(order.amountCents),
    currency: order.currency,
    status: order.status,
    credits: order.credits,
    creditsToAdd: order.credits,
    creditsAdded: order.creditsAdded,
    paymentMethod: asPaymentMethod(order.paymentMethod),
    email: user.email,
    createdAt: order.createdAt.toISOString(),
    completedAt: iso(order.paidAt),
    paidTime: iso(order.paidAt),
    refundedAt: iso(order.refundedAt),
    refundStatus: refundOf.get(order.id) ?? null,
    refundedAmount: dollars(order.gatewayRefundedCents),
    needsSupport: order.status === 'PAID' && (order.gatewayRefundedCents > 0 || isHeldForSupport(order)),
    supportReason: isHeldForSupport(order)
      ? 'PAYMENT_MISMATCH'
      : order.status === 'PAID' && order.gatewayRefundedCents > 0
        ? 'PARTIAL_REFUND'
        : null,
  }));
  const size = query.size;
  return {
    success: true,
    orders,
    currentPage: query.page,
    totalPages: Math.ceil(Number(total) / size),
    total: Number(total),
    pageSize: size,
    error: null,
  };
}
