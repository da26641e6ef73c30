import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { ORDERS_PAGE_SIZE } from '@worker/contract/payments';
import type { OrderItem } from '@web/api/types';
import { useErrorText } from '../../api/error-text';
import { paymentsApi } from '../../api/payments';
import { keys, queries } from '../../api/queries';
import { Button } from '../../ui/button';
import { formatCreditsExact, formatDate, formatMoney } from '../../ui/format';
import { ErrorState } from '../../ui/page';
import { useToast } from '../../ui/toast';
import { RefundModal } from '../payments/refund-modal';
import { OrderStatusBadge, usePaymentMethodLabel } from '../payments/status-badge';
import { SubscriptionPanel } from './subscription-panel';

/** A refund can be asked for on a paid order with none in flight; the modal then checks the rules. */
const refundable = (order: OrderItem) =>
  order.status === 'PAID' && !order.needsSupport && order.refundStatus !== 'PENDING' && order.refundStatus !== 'APPROVED';

/** Paid and refunded orders have a receipt; one held for support does not until support settles it. */
const hasReceipt = (order: OrderItem) =>
  (order.status === 'PAID' || order.status === 'REFUNDED') && order.supportReason !== 'PAYMENT_MISMATCH';

function OrderRow({ order, onRefund, onCancel }: { order: OrderItem; onRefund: () => void; onCancel: () => void }) {
  const { t, i18n } = useLingui();
  const methodLabel = usePaymentMethodLabel();
  const { productName: product, orderNumber } = order;
  const credits = order.creditsAdded || order.creditsToAdd;
  return (
    <li
      data-testid="order-row"
      data-order-id={order.id}
      className="grid gap-x-6 gap-y-2 px-4 py-4 sm:px-5 md:grid-cols-[minmax(0,1.3fr)_minmax(0,1.2fr)_12rem] md:items-center"
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{order.productName}</span>
          <span className="md:hidden">
            <OrderStatusBadge order={order} />
          </span>
        </div>
        <p className="mt-0.5 truncate text-xs text-zinc-500">
          <span className="sr-only">
            <Trans>Order number</Trans>{' '}
          </span>
          <span className="tabular-nums">{order.orderNumber}</span>
        </p>
        <p className="text-xs text-zinc-500">
          <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
        </p>
        {order.needsSupport && (
          // Partly refunded at the payment provider (decision 018), or paid with an amount that is not the
          // order's (decision 024): nothing more happens here; support settles it.
          <p data-testid="order-needs-support" className="mt-1 text-xs text-amber-300">
            {order.supportReason === 'PAYMENT_MISMATCH' ? (
              <Trans>The payment did not match this order · our support team will settle it</Trans>
            ) : (
              <Trans>Partly refunded ({formatMoney(order.refundedAmount)}) · our support team will settle this order</Trans>
            )}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
        <span className="font-semibold tabular-nums">{formatMoney(order.amount)}</span>
        <span className="text-amber-200">
          ✦ {formatCreditsExact(credits, i18n.locale)}{' '}
          {order.kind === 'subscription' ? <Trans>credits / month</Trans> : <Trans>credits</Trans>}
        </span>
        <span className="text-zinc-400">{methodLabel(order.paymentMethod)}</span>
      </div>
      <div className="flex items-center gap-3 md:justify-end">
        <span className="hidden md:inline">
          <OrderStatusBadge order={order} />
        </span>
        {order.status === 'PENDING' && (
          // An open checkout holds the one subscription slot until it expires; the buyer can give it up now.
          <Button variant="ghost" className="px-3 py-1.5" onPress={onCancel} aria-label={t`Cancel checkout ${product} (${orderNumber})`}>
            <Trans>Cancel checkout</Trans>
          </Button>
        )}
        {hasReceipt(order) && (
          <Link
            to="/receipt/$orderId"
            params={{ orderId: order.id }}
            data-testid="order-receipt"
            className="rounded-xl px-3 py-1.5 text-sm font-semibold text-zinc-300 hover:bg-white/5 hover:text-white"
            aria-label={t`Receipt for ${product} (${orderNumber})`}
          >
            <Trans>Receipt</Trans>
          </Link>
        )}
        {refundable(order) && (
          <Button variant="secondary" className="px-3 py-1.5" onPress={onRefund} aria-label={t`Refund ${product} (${orderNumber})`}>
            <Trans>Refund</Trans>
          </Button>
        )}
      </div>
    </li>
  );
}

/** The orders of one page, a loading placeholder, or the invitation to buy when there are none. */
function OrderList({
  orders,
  onRefund,
  onCancel,
}: {
  orders: OrderItem[] | undefined;
  onRefund: (order: OrderItem) => void;
  onCancel: (order: OrderItem) => void;
}) {
  const { t } = useLingui();
  return !orders ? (
    <div role="status" className="space-y-2 p-4" aria-busy="true" aria-label={t`Loading orders`}>
      {Array.from({ length: 4 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical loading placeholders; they never reorder.
        <div key={i} className="skeleton h-16 rounded-lg" />
      ))}
    </div>
  ) : orders.length === 0 ? (
    <div className="flex flex-col items-center gap-3 p-10 text-center">
      <p className="text-zinc-400">
        <Trans>No orders yet. Credit packs and plans you buy will appear here.</Trans>
      </p>
      <Link to="/pricing" className="rounded-xl bg-gradient-to-r from-violet-500 to-fuchsia-500 px-5 py-2.5 text-sm font-semibold">
        <Trans>See pricing</Trans>
      </Link>
    </div>
  ) : (
    <ul data-testid="orders" className="divide-y divide-white/5">
      {orders.map((order) => (
        <OrderRow key={order.id} order={order} onRefund={() => onRefund(order)} onCancel={() => onCancel(order)} />
      ))}
    </ul>
  );
}

/** Previous / next through the order history. */
function OrdersPager({ page, totalPages, setPage }: { page: number; totalPages: number; setPage: Dispatch<SetStateAction<number>> }) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Pages`} className="flex items-center justify-center gap-3 border-t border-white/5 p-3 text-sm">
      <Button variant="ghost" className="px-3 py-1.5" isDisabled={page === 0} onPress={() => setPage((p) => p - 1)}>
        <Trans>Previous</Trans>
      </Button>
      <span className="text-zinc-400" aria-current="page">
        {page + 1} / {totalPages}
      </span>
      <Button variant="ghost" className="px-3 py-1.5" isDisabled={page + 1 >= totalPages} onPress={() => setPage((p) => p + 1)}>
        <Trans>Next</Trans>
      </Button>
    </nav>
  );
}

/** Personal center → My orders (spec §2): the subscription on top, then orders newest first, 20 a page. */
export function MyOrders() {
  const { t } = useLingui();
  const errorText = useErrorText();
  const toast = useToast();
  const [page, setPage] = useState(0);
  const [refunding, setRefunding] = useState<OrderItem | null>(null);
  // What the last refund did, kept on the page: the toast is gone in 2 s, the plan's end stays explained.
  const [refunded, setRefunded] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const list = useQuery(queries.orders(page, ORDERS_PAGE_SIZE));
  const orders = list.data?.orders;
  const totalPages = list.data?.totalPages ?? 0;
  const total = list.data?.total ?? 0;
  const error = list.error ? errorText(list.error) : undefined;
  const load = () => list.refetch();
  // The list and the plan both change (a cancelled checkout, a refunded order, a refunded plan ends).
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: keys.orders });
    void queryClient.invalidateQueries({ queryKey: keys.subscription });
  };
  const cancelCheckout = async (order: OrderItem) => {
    try {
      await paymentsApi.cancelOrder(order.id);
      reload();
    } catch (e) {
      toast.error(errorText(e));
    }
  };

  return (
    <div className="flex flex-col gap-6">
      {refunded && (
        // Not a live region: the toast already announces it, and two would say it twice.
        <p data-testid="refund-done" className="rounded-xl border border-emerald-400/30 bg-emerald-500/10 p-3 text-sm text-emerald-100">
          {refunded}
        </p>
      )}
      <SubscriptionPanel />

      {error ? (
        <ErrorState message={t`Failed to load data: ${error}`} onRetry={() => void load()} />
      ) : (
        <section aria-labelledby="orders-title" className="card overflow-hidden">
          <div className="flex items-center justify-between gap-3 border-b border-white/5 px-4 py-3 sm:px-5">
            <h2 id="orders-title" className="font-semibold">
              <Trans>Order history</Trans>
            </h2>
            {orders && total > 0 && (
              <span className="text-sm text-zinc-500">
                <Plural value={total} one="# order" other="# orders" />
              </span>
            )}
          </div>
          <OrderList orders={orders} onRefund={setRefunding} onCancel={(order) => void cancelCheckout(order)} />
          {totalPages > 1 && <OrdersPager page={page} totalPages={totalPages} setPage={setPage} />}
        </section>
      )}

      <RefundModal
        order={refunding}
        onClose={() => setRefunding(null)}
        onRefunded={(said) => {
          setRefunding(null);
          setRefunded(said);
          reload();
        }}
      />
    </div>
  );
}
