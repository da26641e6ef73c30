import { GatewayError, type PaymentGateway } from '../../services/payments/gateway';

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  apiUrl: string;
  publicUrl: string;
}

/** Stripe Checkout + webhooks behind the payments port (work in progress: stubs that refuse). */
export function createStripeGateway(_options: StripeGatewayOptions): PaymentGateway {
  const notYet = (): never => {
    throw new GatewayError('Stripe is not available yet');
  };
  return {
    name: 'STRIPE',
    createCheckout: async () => notYet(),
    parseWebhook: async () => notYet(),
    reconcile: async () => notYet(),
    refund: async () => notYet(),
    cancelSubscription: async () => notYet(),
  };
}
