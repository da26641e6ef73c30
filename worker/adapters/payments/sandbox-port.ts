import type { GatewayEvent, PaymentGateway } from './port';
import type { BillingInterval } from '../../lib/billing-periods';

/**
 * What the sandbox checkout page needs from the sandbox gateway beyond the payments port: the signed
 * webhook deliveries a real gateway would send after Pay / Cancel. The page hands them to the very
 * same `handleWebhook` path, so the sandbox exercises signature checks, de-duplication and effects
 * exactly like Stripe or PayPal would.
 */
export interface SignedDelivery {
  rawBody: string;
  headers: Headers;
}

export interface SandboxCheckoutOrder {
  sessionId: string;
  orderId: string;
  kind: 'credits' | 'subscription';
  amountCents: number;
  /** ISO code; USD, the plans' currency, when not given. */
  currency?: string;
  /** Billing interval of a subscription's plan; null for credit packs. */
  interval: BillingInterval | null;
}

export interface SandboxSubscription {
  gatewaySubscriptionId: string;
  /** The checkout order that started it (carried as the gateway's metadata). */
  orderId: string;
  amountCents: number;
  /** ISO code; USD when not given. */
  currency?: string;
  interval: BillingInterval;
  /** The end of the period paid so far: a renewal pays the period that starts there. */
  currentPeriodEnd: Date;
}

export interface SandboxGateway extends PaymentGateway {
  readonly name: 'SANDBOX';
  /**
   * The events the gateway "sends" when the customer presses Pay or Cancel. `now` is the app's clock
   * (periods and event times); the signature timestamp is the gateway's own wall clock, like a real
   * gateway's.
   */
  checkoutEvents(order: SandboxCheckoutOrder, action: 'pay' | 'cancel', now: Date): Promise<SignedDelivery[]>;
  /**
   * "Renew now" and "Let it lapse" on the sandbox page: the sandbox never bills on its own,
   * so these produce what a real gateway sends at a renewal (the next period's paid invoice) or when a
   * subscription ends unpaid (`expired`). Ids derive from the subscription and the period, so a form
   * sent twice is one renewal.
   */
  subscriptionEvents(subscription: SandboxSubscription, action: 'renew' | 'lapse', now: Date): Promise<SignedDelivery[]>;
  /** Signs any event the way the sandbox signs its own (tests use it to deliver refunds, cancellations…). */
  sign(event: GatewayEvent): Promise<SignedDelivery>;
}

export const isSandboxGateway = (gateway: PaymentGateway | undefined): gateway is SandboxGateway =>
  gateway?.name === 'SANDBOX' && typeof (gateway as Partial<SandboxGateway>).checkoutEvents === 'function';
