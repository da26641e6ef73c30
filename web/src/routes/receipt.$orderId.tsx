import { createFileRoute } from '@tanstack/react-router';
import { RequireSignIn } from '../features/auth/signed-in-redirect';
import { ReceiptView } from '../features/payments/receipt-view';

function ReceiptPage() {
  const { orderId } = Route.useParams();
  return (
    <RequireSignIn>
      <ReceiptView orderId={orderId} />
    </RequireSignIn>
  );
}

/** `/receipt/<orderId>`: the receipt of one of my paid orders, opened from My orders; prints on its own. */
export const Route = createFileRoute('/receipt/$orderId')({ component: ReceiptPage });
