import { createFileRoute, notFound } from '@tanstack/react-router';
import { GATEWAYS, PAYMENT_METHODS } from '@worker/contract/gateways';
import { searchParams, text } from '../lib/search-params';
import { PaymentCallback } from '../features/payments/callback-screen';

/** The gateways' return pages (`/payment/stripe/success`, `/payment/paypal/cancel`, …), from the gateway list. */
const CALLBACK_SLUGS: readonly string[] = PAYMENT_METHODS.map((method) => GATEWAYS[method].callbackSlug);
const RESULTS = ['success', 'cancel'] as const;
const isResult = (value: string): value is (typeof RESULTS)[number] => (RESULTS as readonly string[]).includes(value);

export const Route = createFileRoute('/payment/$gateway/$result')({
  validateSearch: searchParams({ orderId: text(64), token: text(200) }),
  beforeLoad: ({ params }: { params: { gateway: string; result: string } }) => {
    if (!CALLBACK_SLUGS.includes(params.gateway) || !isResult(params.result)) throw notFound();
  },
  component: function Callback() {
    const { result } = Route.useParams();
    const { orderId } = Route.useSearch();
    return <PaymentCallback orderId={orderId} mode={isResult(result) ? result : 'cancel'} />;
  },
});
