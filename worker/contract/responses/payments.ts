/**
 * Success bodies of the payment, order, subscription and webhook routes (spec §3 Order,
 * Subscription, Refund check, Payment status; §7). The routes declare these in `createRoute`, so
 * the services' return types are checked against them at compile time and the OpenAPI document
 * shows exactly these fields. `.meta({ id })` names each as a component of the document.
 */
import * as z from 'zod';
import { ORDER_STATUSES, PAYMENT_METHODS } from '../payments';

const int = z.number().int();
const instant = z.iso.datetime();
const dollars = z.number().describe('In the order’s currency units (dollars), for display');

export const checkoutResponse = z
  .object({
    success: z.literal(true),
    checkoutUrl: z.string().nullable().describe('Where to send the browser to pay'),
    error: z.null().describe('Always null here: a gateway failure is a 502 PAYMENT_PROVIDER_ERROR error body'),
    orderId: z.string(),
    orderNumber: z.string(),
  })
  .meta({ id: 'CheckoutResponse' });
/**
 * What the create-order routes answer (200). A gateway failure is the usual error body with 502
 * PAYMENT_PROVIDER_ERROR (the order is then FAILED); the SPA folds that into its own `success: false`.
 */
export type CheckoutStarted = z.infer<typeof checkoutResponse>;

export const paymentStatusResponse = z
  .object({
    success: z.literal(true),
    message: z.string(),
    status: z.enum(ORDER_STATUSES),
    creditsAdded: int,
    gatewayTransactionId: z.string().nullable(),
    orderId: z.string(),
    needsSupport: z.boolean().describe('The payment did not match the order: nothing was granted and support settles it'),
  })
  .meta({ id: 'PaymentStatus' });
/** `GET /api/v2/payment/order/{orderId}/status` (spec §3 Payment status response). */
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponse>;

export const orderItem = z
  .object({
    id: z.string(),
    orderNumber: z.string(),
    packageName: z.string(),
    productName: z.string(),
    kind: z.enum(['credits', 'subscription']),
    amount: dollars,
    currency: z.string(),
    status: z.enum(ORDER_STATUSES),
    credits: int,
    creditsToAdd: int,
    creditsAdded: int,
    paymentMethod: z.enum(PAYMENT_METHODS),
    email: z.string(),
    createdAt: instant,
    completedAt: instant.nullable(),
    paidTime: instant.nullable(),
    refundedAt: instant.nullable(),
    refundStatus: z
      .enum(['PENDING', 'APPROVED', 'COMPLETED'])
      .nullable()
      .describe('The live refund request, if any (PENDING while the gateway processes it)'),
    refundedAmount: z.number().describe('What the payment provider reports as refunded so far, in dollars (0 when nothing was)'),
    needsSupport: z
      .boolean()
      .describe(
        'Refunded in part at the provider, or paid with the wrong amount or currency: support settles it, the app offers no refund',
      ),
    supportReason: z
      .enum(['PARTIAL_REFUND', 'PAYMENT_MISMATCH'])
      .nullable()
      .describe('PARTIAL_REFUND: no credits were taken back; PAYMENT_MISMATCH: nothing was granted'),
  })
  .meta({ id: 'Order' });
/** One row of `GET /api/orders/user` (spec §3 Order). Money in dollars for display, like pricing. */
export type OrderItem = z.infer<typeof orderItem>;

export const ordersPageResponse = z
  .object({
    success: z.literal(true),
    orders: z.array(orderItem),
    currentPage: int,
    totalPages: int,
    total: int,
    pageSize: int,
    error: z.null(),
  })
  .meta({
    id: 'OrdersPage',
    description:
      'The orders list in the spec’s own shape (§3 Order: success, orders, currentPage, totalPages, total, pageSize, error), ' +
      '`currentPage` counted from 0. Every other list answers the list envelope (`Page`).',
  });
export type OrdersPage = z.infer<typeof ordersPageResponse>;

export const refundCheckResponse = z
  .object({
    success: z.literal(true),
    canRefund: z.boolean(),
    error: z.string().nullable().describe('The first refund rule that fails, or null when the order may be refunded'),
    conditions: z.object({
      isPaid: z.boolean(),
      withinTimeLimit: z.boolean(),
      hasEnoughCredits: z.boolean(),
      currentCredits: int,
      requiredCredits: int,
      passRiskControl: z.boolean(),
      recentRefundCount: int,
      noPendingRefund: z.boolean(),
    }),
    refundAmount: dollars,
    deadline: instant.nullable().describe('When the refund window closes'),
  })
  .meta({ id: 'RefundCheck' });
/** `GET /api/orders/{id}/refund/check` (spec §3 Refund check). Decided on the server. */
export type RefundCheckResponse = z.infer<typeof refundCheckResponse>;
export type RefundConditions = RefundCheckResponse['conditions'];

export const refundResponse = z
  .object({
    success: z.literal(true),
    refundAmount: dollars,
    refundId: z.string(),
    status: z.enum(['PENDING', 'COMPLETED']),
    message: z.string(),
  })
  .meta({ id: 'RefundResult' });
/** `POST /api/orders/{id}/refund`. */
export type RefundResponse = z.infer<typeof refundResponse>;

export const subscriptionInfo = z
  .object({
    id: z.string(),
    planId: z.string(),
    planName: z.string(),
    packageType: z.enum(['monthly', 'yearly']),
    price: dollars,
    currency: z.string(),
    monthlyCredits: int,
    startDate: instant,
    nextBillingDate: instant.nullable(),
    endDate: instant.nullable(),
    status: z.enum(['active', 'cancelled', 'suspended', 'expired']),
    paymentProvider: z.enum(PAYMENT_METHODS),
    cancelAtPeriodEnd: z.boolean(),
    sandboxBillingUrl: z.string().nullable().describe('Sandbox only: its local page for trying renewals and a lapse'),
  })
  .meta({ id: 'Subscription' });
/** `GET /api/subscriptions/current` (spec §3 Subscription). */
export type SubscriptionInfo = z.infer<typeof subscriptionInfo>;

// A union with null, not `.nullable()`: the document drops the null of a nullable named component.
export const subscriptionResponse = z
  .object({
    success: z.literal(true),
    subscription: z.union([subscriptionInfo, z.null()]).describe('The current subscription, or null without one'),
  })
  .meta({ id: 'SubscriptionResponse' });
export type SubscriptionResponse = z.infer<typeof subscriptionResponse>;

/** What every gateway's webhook answers once the event is verified (a replayed event id: `duplicate`, nothing moved). */
export const webhookReceipt = z
  .object({ received: z.literal(true), duplicate: z.boolean().describe('The event id was seen before; nothing was applied again') })
  .meta({ id: 'WebhookReceipt' });
