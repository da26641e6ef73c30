import { createFileRoute } from '@tanstack/react-router';
import { searchParams, text } from '../lib/search-params';
import { PaymentCallback } from '../features/payments/callback-screen';

/** Thank-you page: plain success without an order id, otherwise the same confirmation as the gateway routes. */
export const Route = createFileRoute('/payment/success')({
  validateSearch: searchParams({ orderId: text(64) }),
  component: function Success() {
    const { orderId } = Route.useSearch();
    return <PaymentCallback orderId={orderId} mode="success" thankYou />;
  },
});
