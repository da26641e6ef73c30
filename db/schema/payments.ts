import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { PAYMENT_GATEWAYS } from '../../worker/contract/gateways';
import { createdAt, tstz, updatedAt } from './_columns';
import { pricingPlans } from './credits';
import { users } from './users';

export const paymentGateway = pgEnum('payment_gateway', PAYMENT_GATEWAYS);
/** EXPIRED: a checkout abandoned past its gateway session's lifetime (decision 006); a late payment still wins. */
export const orderStatus = pgEnum('order_status', ['PENDING', 'PAID', 'FAILED', 'CANCELLED', 'REFUNDED', 'EXPIRED']);
export const orderKind = pgEnum('order_kind', ['credits', 'subscription']);

/**
 * A pricing plan's object at one gateway (a Stripe price, a PayPal billing plan), created by the
 * adapter on first checkout or set by an operator. One row per plan and gateway, so adding a gateway
 * adds rows, not columns.
 */
export const gatewayPlans = pgTable(
  'gateway_plans',
  {
    planId: text('plan_id')
      .notNull()
      .references(() => pricingPlans.id, { onDelete: 'cascade' }),
    gateway: paymentGateway('gateway').notNull(),
    externalId: text('external_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.gateway] })],
);

/**
 * One payment: a credit-pack checkout, a subscription's first checkout, or one renewal of a
 * subscription (created when the gateway reports the paid invoice). Credits are granted once per
 * order, keyed by `order:<id>` in the ledger.
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    orderNumber: text('order_number').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    planId: text('plan_id')
      .notNull()
      .references(() => pricingPlans.id),
    kind: orderKind('kind').notNull(),
    /** Who processes the money (SANDBOX in embedded mode, whatever the user picked). */
    gateway: paymentGateway('gateway').notNull(),
    /** What the user picked on the pricing page (STRIPE = card, PAYPAL); decides the return routes. */
    paymentMethod: paymentGateway('payment_method').notNull(),
    /** Subscription orders: the subscription they paid for (set once the gateway reports it). */
    subscriptionId: text('subscription_id'),
    /** Subscription orders: the gateway's invoice (Stripe) or sale (PayPal) that paid this period. */
    gatewayInvoiceId: text('gateway_invoice_id'),
    periodStart: tstz('period_start'),
    periodEnd: tstz('period_end'),
    status: orderStatus('status').notNull().default('PENDING'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    credits: integer('credits').notNull(),
    creditsAdded: integer('credits_added').notNull().default(0),
    gatewaySessionId: text('gateway_session_id'),
    gatewayTransactionId: text('gateway_transaction_id'),
    referralCode: text('referral_code'),
    /**
     * Why a FAILED, CANCELLED or EXPIRED order ended, for support. On a PAID order: why it is held for
     * support (the payment did not match it, so it granted nothing; docs/decisions/024). Turning an
     * order PAID otherwise clears it.
     */
    failureReason: text('failure_reason'),
    paidAt: tstz('paid_at'),
    refundedAt: tstz('refunded_at'),
    /**
     * Money the gateway reports as refunded so far (its cumulative total; the largest report wins, so
     * any order of refund events ends the same). Above zero while the order is still PAID, it is a
     * partial refund made at the gateway: the order shows "needs support" (docs/decisions/018).
     */
    gatewayRefundedCents: integer('gateway_refunded_cents').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_number_uq').on(t.orderNumber),
    uniqueIndex('orders_gateway_session_uq').on(t.gateway, t.gatewaySessionId),
    // One order per paid invoice: a replayed or reordered invoice event cannot create a second renewal.
    uniqueIndex('orders_gateway_invoice_uq').on(t.gateway, t.gatewayInvoiceId),
    index('orders_subscription_idx').on(t.subscriptionId),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // At most one subscription checkout open per user, so parallel "subscribe" clicks cannot open several.
    uniqueIndex('orders_one_open_subscription_checkout_uq').on(t.userId).where(sql`${t.kind} = 'subscription' and ${t.status} = 'PENDING'`),
    check('orders_amount_nonneg', sql`${t.amountCents} >= 0`),
  ],
);

export const subscriptionStatus = pgEnum('subscription_status', ['active', 'cancelled', 'suspended', 'expired']);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    planId: text('plan_id')
      .notNull()
      .references(() => pricingPlans.id),
    gateway: paymentGateway('gateway').notNull(),
    paymentMethod: paymentGateway('payment_method').notNull(),
    gatewaySubscriptionId: text('gateway_subscription_id'),
    /** The checkout order that started it; renewals are further orders with `subscriptionId` set. */
    initialOrderId: text('initial_order_id').notNull(),
    status: subscriptionStatus('status').notNull().default('active'),
    /** Credits granted per month of paid time (yearly plans grant monthly too). */
    monthlyCredits: integer('monthly_credits').notNull(),
    /** Gateway time of the newest status event applied, so an older event arriving late cannot undo it. */
    statusEventAt: tstz('status_event_at'),
    /**
     * Billing must still be stopped at the gateway: a second subscription that was paid while another
     * was live. Maintenance retries until the gateway confirms.
     */
    gatewayCancelDue: boolean('gateway_cancel_due').notNull().default(false),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    priceCents: integer('price_cents').notNull(),
    currentPeriodStart: tstz('current_period_start').notNull(),
    currentPeriodEnd: tstz('current_period_end').notNull(),
    cancelledAt: tstz('cancelled_at'),
    endsAt: tstz('ends_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_gateway_sub_uq').on(t.gateway, t.gatewaySubscriptionId),
    uniqueIndex('subscriptions_initial_order_uq').on(t.initialOrderId),
    index('subscriptions_user_idx').on(t.userId),
    // One live subscription per user, enforced here and not only by a read-then-check: a second
    // payment racing the first fails this insert and is refunded instead (decision 006).
    uniqueIndex('subscriptions_one_live_per_user_uq').on(t.userId).where(sql`${t.status} <> 'expired'`),
  ],
);

export const refundStatus = pgEnum('refund_status', ['PENDING', 'APPROVED', 'REJECTED', 'COMPLETED']);
/** Who started a refund: the customer, the gateway's dashboard, or this app for a second subscription payment. */
export const refundOrigin = pgEnum('refund_origin', ['CUSTOMER', 'GATEWAY', 'DUPLICATE_SUBSCRIPTION']);

/**
 * A refund request. At most one live (PENDING/APPROVED/COMPLETED) refund per order; a REJECTED one
 * (the gateway refused, credits given back) does not block a new request. The ledger clawback is
 * keyed by `order-refund:<refundId>`, its reversal by `order-refund-reversal:<refundId>`.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    status: refundStatus('status').notNull().default('PENDING'),
    origin: refundOrigin('origin').notNull().default('CUSTOMER'),
    reason: text('reason').notNull(),
    amountCents: integer('amount_cents').notNull(),
    creditsClawedBack: integer('credits_clawed_back').notNull(),
    gatewayRefundId: text('gateway_refund_id'),
    /** Why the gateway refused it (REJECTED). */
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('refunds_live_order_uq').on(t.orderId).where(sql`${t.status} <> 'REJECTED'`),
    index('refunds_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Every webhook event we acted on, written in the same transaction as its effect, so a redelivered
 * event is recognised and skipped (DESIGN.md §5 invariant 5).
 */
export const processedWebhookEvents = pgTable(
  'processed_webhook_events',
  {
    gateway: paymentGateway('gateway').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    processedAt: createdAt(),
  },
  (t) => [uniqueIndex('processed_webhook_events_pk').on(t.gateway, t.eventId)],
);

/** Client-supplied Idempotency-Key → the response first returned for it, per user and route. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotency_keys_uq').on(t.userId, t.scope, t.key)],
);
