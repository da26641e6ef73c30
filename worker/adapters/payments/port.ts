import type { GatewayName, PaymentMethod, SubscriptionStatus } from '../../contract/payments';

/**
 * The payments port (DESIGN.md §1): Stripe, PayPal and the local sandbox behind one interface.
 *
 * Its home is beside the adapters like every port's (re-exported from worker/ports.ts); the payment
 * services import its types and its two error classes from here.
 *
 * Adapters (stripe/, paypal/, sandbox/ in this folder) speak their gateway's API and translate what
 * it reports into gateway-neutral {@link PaymentEffect}s. The payment services apply effects; every
 * effect is idempotent on its own (conditional order updates, ledger movement keys, unique invoice ids), and
 * webhook event ids are recorded in the same transaction as their effects, so a replayed or
 * reordered delivery changes nothing after the first (DESIGN.md §5 invariants 5, 6).
 */

export interface CheckoutPlan {
  id: string;
  name: string;
  /** Integer cents. */
  priceCents: number;
  currency: string;
  credits: number;
  /** Billing interval for subscriptions; null for credit packs. */
  interval: 'month' | 'year' | null;
  /**
   * This gateway's own object for the plan (a Stripe price, a PayPal plan), from `gateway_plans`;
   * null: the adapter prices inline or creates one (and reports it as `createdGatewayPlanId`).
   */
  gatewayPlanId: string | null;
}

export interface CheckoutRequest {
  orderId: string;
  orderNumber: string;
  kind: 'credits' | 'subscription';
  method: PaymentMethod;
  plan: CheckoutPlan;
  userId: string;
  customerEmail: string;
  /** Absolute URLs of the SPA's callback routes (spec §2), already carrying `orderId`. */
  successUrl: string;
  cancelUrl: string;
  /** The app's origin for this request (`publicOrigin`), no trailing slash: the sandbox serves its page there. */
  publicOrigin: string;
}

export interface CheckoutSession {
  /** Stripe Checkout Session id, PayPal order or subscription id, sandbox session id. */
  sessionId: string;
  /** Where the browser goes to pay. */
  checkoutUrl: string;
  /**
   * A gateway plan the adapter had to create because `CheckoutPlan.gatewayPlanId`
   * was empty; the service stores it in `gateway_plans` so it is created only once.
   */
  createdGatewayPlanId?: string;
}

/**
 * What a gateway reported, in the app's terms. Dates are the gateway's. A payment carries the money
 * the gateway says it took (`amountCents` in the currency's minor unit, as orders store it, and the
 * ISO `currency`): a payment that does not match its order grants nothing and is held for support,
 * and one that does not say what was paid is treated the same (services/payments/effects/support-holds.ts).
 */
export type PaymentEffect =
  /** A checkout (pack or a subscription's first payment) was paid. */
  | {
      kind: 'checkout.paid';
      orderId: string;
      gatewayTransactionId: string;
      gatewaySubscriptionId?: string;
      amountCents?: number;
      currency?: string;
    }
  /** A checkout ended without payment (declined, cancelled at the gateway, or its session expired). */
  | { kind: 'checkout.failed'; orderId: string; status: 'FAILED' | 'CANCELLED' | 'EXPIRED'; reason: string }
  /**
   * One billing period of a subscription was paid. The first period belongs to the checkout order;
   * later periods become renewal orders. `gatewayInvoiceId` identifies the period's payment.
   */
  | {
      kind: 'invoice.paid';
      gatewaySubscriptionId: string;
      gatewayInvoiceId: string;
      /** Our order id from the subscription's metadata / custom_id, when the gateway carries it. */
      orderId?: string;
      /** True when the gateway says this is the subscription's first invoice. */
      first?: boolean;
      gatewayTransactionId: string;
      amountCents: number;
      currency?: string;
      periodStart: Date;
      periodEnd: Date;
    }
  /** The gateway's view of a subscription changed (renewal dates, cancellation, suspension, end). */
  | {
      kind: 'subscription.changed';
      gatewaySubscriptionId: string;
      orderId?: string;
      status: SubscriptionStatus;
      periodStart?: Date;
      periodEnd?: Date;
      cancelAtPeriodEnd?: boolean;
    }
  /** Money went back to the customer (from our refund call or the gateway's dashboard). */
  | {
      kind: 'payment.refunded';
      gatewayTransactionId: string;
      orderId?: string;
      gatewayRefundId: string;
      amountCents: number;
      fullyRefunded: boolean;
    };

export interface GatewayEvent {
  /** The gateway's event id: the de-duplication key together with the gateway name. */
  id: string;
  /** The gateway's own event type (e.g. `invoice.paid`), kept for the record. */
  type: string;
  occurredAt: Date;
  /** Empty for event types we acknowledge but do not act on. */
  effects: PaymentEffect[];
}

export interface RefundRequest {
  orderId: string;
  /** Our refund id; adapters pass it as the gateway's idempotency key. */
  refundId: string;
  /** What `checkout.paid` / `invoice.paid` reported: Stripe payment intent, PayPal capture or sale id. */
  gatewayTransactionId: string;
  amountCents: number;
  currency: string;
  reason: string;
}

export interface RefundResult {
  gatewayRefundId: string;
  /** PENDING when the gateway will confirm later (a `payment.refunded` effect then completes it). */
  status: 'COMPLETED' | 'PENDING';
}

/** Thrown by `parseWebhook` when the signature, timestamp or shape does not verify. */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

/** Thrown by adapters when the gateway refuses or fails a call; the message is safe to show. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

export interface PaymentGateway {
  readonly name: GatewayName;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Verifies the raw body's signature and translates the event; throws {@link WebhookVerificationError}. */
  parseWebhook(rawBody: string, headers: Headers): Promise<GatewayEvent>;
  /**
   * Asks the gateway about a checkout still PENDING here (its webhook late or lost; PayPal orders
   * need a capture after approval). Returns effects to apply exactly like a webhook's.
   */
  reconcile(order: { id: string; kind: 'credits' | 'subscription'; gatewaySessionId: string }): Promise<PaymentEffect[]>;
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Stops future billing; the customer keeps what they paid for until the period ends. */
  cancelSubscription(gatewaySubscriptionId: string): Promise<void>;
  /**
   * The gateway's own page for a paid order's invoice (Stripe's hosted invoice), when it has one;
   * receipts link it (docs/decisions/037-receipts.md). Null when there is none; gateways without
   * invoices leave it out.
   */
  hostedInvoiceUrl?(order: {
    kind: 'credits' | 'subscription';
    gatewaySessionId: string | null;
    gatewayInvoiceId: string | null;
  }): Promise<string | null>;
}

export interface PaymentGateways {
  /** The gateway that processes a new checkout paid with `method` (the sandbox for both in embedded mode). */
  forMethod(method: PaymentMethod): PaymentGateway;
  /** The gateway named on an order, a subscription or a webhook route; undefined when not configured. */
  byName(name: GatewayName): PaymentGateway | undefined;
}
