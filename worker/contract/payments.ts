import * as z from 'zod';
import { DEFAULT_PAYMENT_METHOD, PAYMENT_METHODS, type PaymentGateway, type PaymentMethod } from './gateways';
import { wholeNumber } from './numbers';
import { multiline } from './text';
import { AUTH_MESSAGES } from './auth-rules';

/**
 * Payments as the API and the SPA see them (spec §3 Order, Subscription, Refund check, Payment
 * status; §7 Pricing and payment, Orders). Field names are the spec's.
 */

export { PAYMENT_METHODS, type PaymentMethod } from './gateways';
/** Who actually processes the money: the chosen method, or the local sandbox in embedded mode. */
export type GatewayName = PaymentGateway;

/** EXPIRED: the checkout was abandoned past its gateway session's lifetime (a late payment still counts). */
export const ORDER_STATUSES = ['PENDING', 'PAID', 'FAILED', 'CANCELLED', 'REFUNDED', 'EXPIRED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type SubscriptionStatus = 'active' | 'cancelled' | 'suspended' | 'expired';

/** Spec §9 / §5 refund rules. */
export const REFUND_RULES = {
  windowMs: 3 * 24 * 3600 * 1000,
  maxRefundsPer30Days: 2,
  riskWindowMs: 30 * 24 * 3600 * 1000,
  reasonMaxLength: 200,
  defaultReason: 'Requested by customer',
} as const;

export const ORDERS_PAGE_SIZE = 20;

const gateway = z.enum(PAYMENT_METHODS);
const planIdField = () => z.string().trim().min(1).max(64);
const referralCode = z
  .string()
  .trim()
  .max(32)
  .regex(/^[A-Za-z0-9_-]*$/, AUTH_MESSAGES.referralCodeInvalid)
  .optional();

export const createSubscriptionOrderRequest = z.object({ planId: planIdField(), gateway, referralCode });
export const createCreditOrderRequest = z.object({ packageId: planIdField(), gateway, referralCode });
/** `POST /api/credits/packages/{id}/purchase?referralCode`: the gateway may come in the body; card by default. */
export const purchasePackageQuery = z.object({ referralCode });
export const purchasePackageBody = z
  .object({ gateway: gateway.default(DEFAULT_PAYMENT_METHOD) })
  .default({ gateway: DEFAULT_PAYMENT_METHOD });

export const orderIdParam = z.object({ orderId: z.string().trim().min(1).max(64) });
export const idParam = z.object({ id: z.string().trim().min(1).max(64) });

export const ordersQuery = z.object({
  page: wholeNumber('page', 0, 100_000).default(0),
  size: wholeNumber('size', 1, 100).default(ORDERS_PAGE_SIZE),
});

export const refundRequest = z
  .object({
    reason: multiline(z.string()).trim().max(REFUND_RULES.reasonMaxLength).optional(),
  })
  .default({});

/**
 * `POST /api/v2/payment/create-*-order` (spec §7). A gateway failure is the usual error body with
 * 502 PAYMENT_PROVIDER_ERROR (the order is then FAILED); the SPA folds it back into `success: false`.
 */
export interface CheckoutResponse {
  success: boolean;
  checkoutUrl: string | null;
  error: string | null;
  orderId?: string;
  orderNumber?: string;
}

/** What the create-order routes answer (200): the SPA's `success: false` exists only client-side. */
export interface CheckoutStarted extends CheckoutResponse {
  success: true;
  error: null;
  orderId: string;
  orderNumber: string;
}

/** `GET /api/v2/payment/order/{orderId}/status` (spec §3 Payment status response). */
export interface PaymentStatusResponse {
  success: true;
  message: string;
  status: OrderStatus;
  creditsAdded: number;
  gatewayTransactionId: string | null;
  orderId: string;
  /** The payment did not match the order: nothing was granted and support settles it (the screen stops waiting). */
  needsSupport: boolean;
}

/** One row of `GET /api/orders/user` (spec §3 Order). Money in dollars for display, like pricing. */
export interface OrderItem {
  id: string;
  orderNumber: string;
  packageName: string;
  productName: string;
  kind: 'credits' | 'subscription';
  amount: number;
  currency: string;
  status: OrderStatus;
  credits: number;
  creditsToAdd: number;
  creditsAdded: number;
  paymentMethod: PaymentMethod;
  email: string;
  createdAt: string;
  completedAt: string | null;
  paidTime: string | null;
  refundedAt: string | null;
  /** The live refund request, if any (PENDING while the gateway processes it). */
  refundStatus: 'PENDING' | 'APPROVED' | 'COMPLETED' | null;
  /** What the payment provider reports as refunded so far, in dollars (0 when nothing was). */
  refundedAmount: number;
  /**
   * Part of a paid order was refunded at the payment provider: no credits were taken back and support
   * settles it (docs/decisions/018); the order list shows it and the app offers no refund of its own.
   */
  needsSupport: boolean;
  /**
   * Why it needs support: part of it was refunded at the provider, or the payment the provider
   * reported did not match the order (amount or currency), so it granted nothing (docs/decisions/024).
   */
  supportReason: 'PARTIAL_REFUND' | 'PAYMENT_MISMATCH' | null;
}

export interface OrdersPage {
  success: true;
  orders: OrderItem[];
  currentPage: number;
  totalPages: number;
  total: number;
  pageSize: number;
  error: null;
}

/** `GET /api/orders/{id}/refund/check` (spec §3 Refund check). Decided on the server. */
export interface RefundConditions {
  isPaid: boolean;
  withinTimeLimit: boolean;
  hasEnoughCredits: boolean;
  currentCredits: number;
  requiredCredits: number;
  passRiskControl: boolean;
  recentRefundCount: number;
  noPendingRefund: boolean;
}

export interface RefundCheckResponse {
  success: true;
  canRefund: boolean;
  error: string | null;
  conditions: RefundConditions;
  refundAmount: number;
  /** When the 3-day window closes. */
  deadline: string | null;
}

/** `POST /api/orders/{id}/refund`. */
export interface RefundResponse {
  success: true;
  refundAmount: number;
  refundId: string;
  status: 'PENDING' | 'COMPLETED';
  message: string;
}

/** `GET /api/subscriptions/current` (spec §3 Subscription). */
export interface SubscriptionInfo {
  id: string;
  planId: string;
  planName: string;
  packageType: 'monthly' | 'yearly';
  price: number;
  currency: string;
  monthlyCredits: number;
  startDate: string;
  nextBillingDate: string | null;
  endDate: string | null;
  status: SubscriptionStatus;
  paymentProvider: PaymentMethod;
  cancelAtPeriodEnd: boolean;
  /** Sandbox only: its local page, where renewals and a lapse are tried by hand; null elsewhere. */
  sandboxBillingUrl: string | null;
}

export interface SubscriptionResponse {
  success: true;
  subscription: SubscriptionInfo | null;
}
