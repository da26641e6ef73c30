import type {
  CheckoutResponse,
  OrdersPage,
  PaymentMethod,
  PaymentStatusResponse,
  RefundCheckResponse,
  RefundResponse,
  SubscriptionResponse,
} from '../../../worker/contract/payments';
import { ORDERS_PAGE_SIZE } from '../../../worker/contract/payments';
import { ApiError, request } from './client';

/**
 * A gateway failure is a 502 PAYMENT_PROVIDER_ERROR; it is folded back into the spec's
 * `{success: false, checkoutUrl: null, error}` shape here, so the pricing page shows the spec's alert.
 */
async function checkout(path: string, body: Record<string, string>): Promise<CheckoutResponse> {
  try {
    return await request<CheckoutResponse>(path, { json: body });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'PAYMENT_PROVIDER_ERROR')
      return { success: false, checkoutUrl: null, error: error.message };
    throw error;
  }
}

const enc = encodeURIComponent;

/** Typed payment, order, refund and subscription calls (spec §7), shaped by worker/contract/payments.ts. */
export const paymentsApi = {
  createCreditOrder: (packageId: string, gateway: PaymentMethod) => checkout('/v2/payment/create-credit-order', { packageId, gateway }),
  createSubscriptionOrder: (planId: string, gateway: PaymentMethod) =>
    checkout('/v2/payment/create-subscription-order', { planId, gateway }),
  orderStatus: (orderId: string) => request<PaymentStatusResponse>(`/v2/payment/order/${enc(orderId)}/status`),
  /** The cancel callback route tells the server the customer gave up (spec §4). */
  cancelOrder: (orderId: string) =>
    request<PaymentStatusResponse>(`/v2/payment/order/${enc(orderId)}/cancel`, { method: 'POST', json: {} }),
  orders: (page: number, size = ORDERS_PAGE_SIZE) => request<OrdersPage>('/orders/user', { query: { page, size } }),
  refundCheck: (orderId: string) => request<RefundCheckResponse>(`/orders/${enc(orderId)}/refund/check`),
  /** An empty reason is left out: the server fills in the spec's default reason. */
  refund: (orderId: string, reason: string) =>
    request<RefundResponse>(`/orders/${enc(orderId)}/refund`, { method: 'POST', json: reason.trim() ? { reason: reason.trim() } : {} }),
  currentSubscription: () => request<SubscriptionResponse>('/subscriptions/current'),
  cancelSubscription: () => request<SubscriptionResponse>('/subscriptions/current/cancel', { method: 'POST', json: {} }),
};
