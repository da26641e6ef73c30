import type { GatewayEvent, PaymentGateway } from './gateway';
import type { BillingInterval } from './periods';

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
  /** Billing interval of a subscription's plan; null for credit packs. */
  interval: BillingInterval | null;
}

export interface SandboxGateway extends PaymentGateway {
  readonly name: 'SANDBOX';
  /**
   * The events the gateway "sends" when the customer presses Pay or Cancel. `now` is the app's clock
   * (periods and event times); the signature timestamp is the gateway's own wall clock, like a real
   * gateway's.
   */
  checkoutEvents(order: SandboxCheckoutOrder, action: 'pay' | 'cancel', now: Date): Promise<SignedDelivery[]>;
  /** Signs any event the way the sandbox signs its own (tests use it to deliver refunds, cancellations…). */
  sign(event: GatewayEvent): Promise<SignedDelivery>;
}

export const isSandboxGateway = (gateway: PaymentGateway | undefined): gateway is SandboxGateway =>
  gateway?.name === 'SANDBOX' && typeof (gateway as Partial<SandboxGateway>).checkoutEvents === 'function';
