import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PaymentCallback } from '../features/payments/callback-screen';

/** Thank-you page: plain success without an order id, otherwise the same confirmation as the gateway routes. */
export const Route = createFileRoute('/payment/success')({
  validateSearch: z.object({ orderId: z.string().max(64).optional().catch(undefined) }),
  component: function Success() {
    const { orderId } = Route.useSearch();
    return <PaymentCallback orderId={orderId} mode="success" thankYou />;
  },
});
