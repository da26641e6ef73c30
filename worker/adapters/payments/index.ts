import type { Config } from '../../env';
import type { GatewayName, PaymentMethod } from '../../contract/payments';
import type { PaymentGateway, PaymentGateways } from './port';
import { createPaypalGateway } from './paypal';
import { createSandboxGateway } from './sandbox';
import { createStripeGateway } from './stripe';

/**
 * Builds the gateways the config asks for. `sandbox`: the embedded gateway processes both payment
 * methods (the order still records which one the user picked, so the right callback route is used).
 * `live`: cards go to Stripe, PayPal to PayPal; the sandbox does not exist, so its webhook route
 * and checkout page answer 404. Worker-safe: no node: imports here or in the adapters.
 */
export function createPaymentGateways(config: Config, options: { now?: () => Date } = {}): PaymentGateways {
  if (config.PAYMENTS === 'sandbox') {
    const sandbox = createSandboxGateway({ secret: config.PAYMENTS_SANDBOX_SECRET!, publicUrl: config.PUBLIC_URL, now: options.now });
    return {
      forMethod: () => sandbox,
      byName: (name) => (name === 'SANDBOX' ? sandbox : undefined),
    };
  }
  const stripe = createStripeGateway({
    secretKey: config.STRIPE_SECRET_KEY!,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
    apiUrl: config.STRIPE_API_URL,
    publicUrl: config.PUBLIC_URL,
  });
  const paypal = createPaypalGateway({
    clientId: config.PAYPAL_CLIENT_ID!,
    clientSecret: config.PAYPAL_CLIENT_SECRET!,
    webhookId: config.PAYPAL_WEBHOOK_ID!,
    apiUrl: config.PAYPAL_API_URL,
    publicUrl: config.PUBLIC_URL,
  });
  const byMethod: Record<PaymentMethod, PaymentGateway> = { STRIPE: stripe, PAYPAL: paypal };
  return {
    forMethod: (method) => byMethod[method],
    byName: (name: GatewayName) => (name === 'SANDBOX' ? undefined : byMethod[name]),
  };
}
