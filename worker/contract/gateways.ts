/**
 * Payment gateways: the one list (zod-free, so the SPA imports it as plain data). The DB enum, the
 * request validation, the webhook route and the per-gateway choices in the payment services are
 * all built from `PAYMENT_GATEWAYS` and `GATEWAYS`; adding a gateway fails to compile until
 * `GATEWAYS` (and every other `Record<PaymentGateway, …>` table) has its row.
 */

/** Who actually processes the money: a real gateway, or the local sandbox in embedded mode. */
export const PAYMENT_GATEWAYS = ['STRIPE', 'PAYPAL', 'SANDBOX'] as const;
export type PaymentGateway = (typeof PAYMENT_GATEWAYS)[number];

/** What the user picks in the payment-method modal (card = Stripe, or PayPal); never the sandbox. */
export const PAYMENT_METHODS = ['STRIPE', 'PAYPAL'] as const satisfies readonly PaymentGateway[];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The method a new checkout uses when the request names none. */
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'STRIPE';

export interface GatewayInfo {
  /** Path segment of its webhook: `POST /api/webhooks/<slug>`. */
  readonly webhookSlug: string;
  /**
   * Path segment of the SPA's return pages for a checkout paid this way:
   * `/payment/<slug>/success|cancel` (null: never a payment method the user picks).
   */
  readonly callbackSlug: string | null;
  /**
   * How long a checkout can still be paid (decision 006). Stripe: a Checkout Session's default
   * lifetime (its `checkout.session.expired` usually arrives first). PayPal: the ~3 hours a buyer has
   * to approve an order. Sandbox: our own page, one hour — short, because an open subscription
   * checkout keeps the user from opening another.
   */
  readonly checkoutLifetimeHours: number;
}

export const GATEWAYS = {
  STRIPE: { webhookSlug: 'stripe', callbackSlug: 'stripe', checkoutLifetimeHours: 24 },
  PAYPAL: { webhookSlug: 'paypal', callbackSlug: 'paypal', checkoutLifetimeHours: 3 },
  SANDBOX: { webhookSlug: 'sandbox', callbackSlug: null, checkoutLifetimeHours: 1 },
} as const satisfies Record<PaymentGateway, GatewayInfo>;

export type WebhookSlug = (typeof GATEWAYS)[PaymentGateway]['webhookSlug'];

/** Every webhook path segment, in list order (for a route pattern or an OpenAPI enum). */
export const WEBHOOK_SLUGS = PAYMENT_GATEWAYS.map((g) => GATEWAYS[g].webhookSlug) as [WebhookSlug, ...WebhookSlug[]];

/** The gateway whose webhook path segment is `slug`, or undefined for any other segment. */
export function gatewayOfWebhookSlug(slug: string): PaymentGateway | undefined {
  return PAYMENT_GATEWAYS.find((g) => GATEWAYS[g].webhookSlug === slug);
}

export const isPaymentMethod = (value: string): value is PaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(value);

/** The method a stored order or subscription was paid with, as the API reports it (never SANDBOX). */
export const asPaymentMethod = (gateway: PaymentGateway): PaymentMethod => (isPaymentMethod(gateway) ? gateway : DEFAULT_PAYMENT_METHOD);
