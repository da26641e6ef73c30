import * as z from 'zod';
import { DEFAULT_PAYMENT_METHOD, PAYMENT_METHODS, type PaymentGateway } from './gateways';
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
