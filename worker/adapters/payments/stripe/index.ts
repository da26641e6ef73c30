import type { PaymentGateway } from '../port';
import { createStripeCheckout } from './checkout';
import { createStripeClient } from './client';
import { createStripeEvents } from './events';

/**
 * Stripe behind the payments port: Checkout Sessions for credit packs and subscriptions, webhooks
 * verified on the raw body, refunds and cancellation through the API.
 *
 * Runs on Workers and in Node: a small REST client over `fetch` (./client.ts; the `stripe` SDK is
 * only a type source here, so it stays out of the Worker bundle) and webhook signatures checked with
 * WebCrypto. checkout.ts holds the verbs, events.ts the webhook side; this file assembles them.
 */

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  /** https://api.stripe.com in production; tests point it at a local fake server. */
  apiUrl: string;
  /** The app's public origin: success/cancel URLs that are not absolute are resolved against it. */
  publicUrl: string;
}

export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const stripe = createStripeClient({
    secretKey: options.secretKey,
    apiUrl: options.apiUrl,
    // One retry for connection errors / 5xx / 409 (every POST carries an idempotency key).
    maxRetries: 1,
    timeoutMs: 20_000,
  });
  const events = createStripeEvents(stripe, options.webhookSecret);
  return {
    name: 'STRIPE',
    ...createStripeCheckout(stripe, events, options),
    parseWebhook: events.parseWebhook,
  };
}
