import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PaymentCallback } from '../features/payments/callback-screen';

export const Route = createFileRoute('/payment/paypal/success')({
  validateSearch: z.object({ orderId: z.string().max(64).optional().catch(undefined), token: z.string().max(200).optional().catch(undefined) }),
  component: function Callback() {
    const { orderId } = Route.useSearch();
    return <PaymentCallback orderId={orderId} mode="success" />;
  },
});
