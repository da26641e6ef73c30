import { createFileRoute } from '@tanstack/react-router';
import { searchParams, text } from '../lib/search-params';
import { PaymentCallback } from '../features/payments/callback-screen';

export const Route = createFileRoute('/payment/stripe/cancel')({
  validateSearch: searchParams({ orderId: text(64), token: text(200) }),
  component: function Callback() {
    const { orderId } = Route.useSearch();
    return <PaymentCallback orderId={orderId} mode="cancel" />;
  },
});
