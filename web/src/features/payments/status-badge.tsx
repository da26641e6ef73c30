import { useLingui } from '@lingui/react/macro';
import type { PaymentMethod, SubscriptionStatus } from '@worker/contract/payments';
import type { OrderItem } from '@web/api/types';

const TONE = {
  good: 'border-emerald-400/30 bg-emerald-400/10 text-emerald-200',
  wait: 'border-amber-400/30 bg-amber-400/10 text-amber-200',
  bad: 'border-rose-400/30 bg-rose-400/10 text-rose-200',
  muted: 'border-white/15 bg-white/5 text-zinc-300',
  info: 'border-sky-400/30 bg-sky-400/10 text-sky-200',
} as const;

function Badge({ tone, children, testId }: { tone: keyof typeof TONE; children: React.ReactNode; testId?: string }) {
  return (
    <span
      data-testid={testId}
      className={`inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold ${TONE[tone]}`}
    >
      {children}
    </span>
  );
}

/** Spec §4 order states, plus "refund pending" while a refund of a paid order is being processed. */
export function OrderStatusBadge({ order }: { order: Pick<OrderItem, 'status' | 'refundStatus'> }) {
  const { t } = useLingui();
  if (order.status === 'PAID' && (order.refundStatus === 'PENDING' || order.refundStatus === 'APPROVED')) {
    return <Badge tone="info" testId="order-status">{t`Refund pending`}</Badge>;
  }
  const [tone, label] = (
    {
      PAID: ['good', t`Paid`],
      PENDING: ['wait', t`Pending`],
      FAILED: ['bad', t`Failed`],
      CANCELLED: ['muted', t`Cancelled`],
      // Its own id: in Chinese an order is 已退款, while a credit movement of the same English name is 已退還.
      REFUNDED: ['info', t({ id: 'order.status.refunded', message: 'Refunded' })],
      // Abandoned past the checkout's lifetime: nothing was charged.
      EXPIRED: ['muted', t({ id: 'order.status.expired', message: 'Expired' })],
    } as const
  )[order.status];
  return (
    <Badge tone={tone} testId="order-status">
      {label}
    </Badge>
  );
}

/** Spec §4 subscription states; a cancelled plan still runs until its end date. */
export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  const { t } = useLingui();
  const [tone, label] = (
    {
      active: ['good', t`Active`],
      cancelled: ['muted', t`Cancelled`],
      suspended: ['wait', t`Suspended`],
      expired: ['bad', t`Expired`],
    } as const
  )[status];
  return (
    <Badge tone={tone} testId="subscription-status">
      {label}
    </Badge>
  );
}

/** A payment method's name, short (order lists) or as a receipt states it; one row per method. */
export function usePaymentMethodLabel(form: 'short' | 'receipt' = 'short') {
  const { t } = useLingui();
  const names: Record<PaymentMethod, { short: string; receipt: string }> = {
    STRIPE: { short: t`Card`, receipt: t`Card (Stripe)` },
    PAYPAL: { short: 'PayPal', receipt: t`PayPal` },
  };
  return (method: PaymentMethod) => names[method][form];
}
