import { GatewayError, type PaymentGateway } from '../../services/payments/gateway';

export interface PaypalGatewayOptions {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  apiUrl: string;
  publicUrl: string;
  brandName?: string;
}

/** PayPal Orders v2 / Subscriptions + webhooks behind the payments port (work in progress: stubs that refuse). */
export function createPaypalGateway(_options: PaypalGatewayOptions): PaymentGateway {
  const notYet = (): never => {
    throw new GatewayError('PayPal is not available yet');
  };
  return {
    name: 'PAYPAL',
    createCheckout: async () => notYet(),
    parseWebhook: async () => notYet(),
    reconcile: async () => notYet(),
    refund: async () => notYet(),
    cancelSubscription: async () => notYet(),
  };
}
