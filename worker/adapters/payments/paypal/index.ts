import type { PaymentGateway } from '../port';
import { createPaypalCheckout } from './checkout';
import { createPaypalClient } from './client';
import { createPaypalEvents } from './events';

export { paypalAmount } from './client';
export { isPaypalCertUrl } from './events';

/**
 * PayPal behind the payments port, over its REST API with `fetch` only (runs on Workers and in Node).
 * client.ts speaks HTTP (token, errors, wire types), checkout.ts creates, captures, refunds and
 * cancels, events.ts verifies webhooks and translates them into payment effects; this file
 * assembles the gateway.
 */

export interface PaypalGatewayOptions {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** https://api-m.paypal.com (live) or https://api-m.sandbox.paypal.com; tests use a local fake. */
  apiUrl: string;
  /** The app's public origin: return/cancel URLs that are not absolute are resolved against it. */
  publicUrl: string;
  /** Shown on PayPal's pages. */
  brandName?: string;
}

/** One client per gateway: the token and the plan intervals it caches serve checkout and webhooks alike. */
export function createPaypalGateway(options: PaypalGatewayOptions): PaymentGateway {
  const client = createPaypalClient(options);
  const events = createPaypalEvents(client, options.webhookId);
  return {
    name: 'PAYPAL',
    ...createPaypalCheckout(client, events, options),
    parseWebhook: events.parseWebhook,
  };
}
