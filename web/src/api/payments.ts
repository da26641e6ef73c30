import type { PaymentMethod } from '@worker/contract/payments';
import { ApiError, http, unwrap } from './client';
import type { components } from './schema.gen';

type CheckoutStarted = components['schemas']['CheckoutResponse'];
/** A started checkout (the server's answer), or the spec's `{success: false, checkoutUrl: null, error}` for a gateway failure. */
export type CheckoutResponse = CheckoutStarted | { success: false; checkoutUrl: null; error: string };

/**
 * A gateway failure is a 502 PAYMENT_PROVIDER_ERROR; it is folded back into the spec's
 * `{success: false, checkoutUrl: null, error}` shape here, so the pricing page shows the spec's alert.
 * openapi-fetch's answer type drops a field whose only value is null, so `error: null` is restored here.
 */
async function checkout(pending: Promise<Omit<CheckoutStarted, 'error'>>): Promise<CheckoutResponse> {
  try {
    return { ...(await pending), error: null };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'PAYMENT_PROVIDER_ERROR')
      return { success: false, checkoutUrl: null, error: error.message };
    throw error;
  }
}

/** Typed payment, order, refund and subscription calls (spec §7), shaped by worker/contract/responses/payments.ts. */
export const paymentsApi = {
  createCreditOrder: (packageId: string, gateway: PaymentMethod) =>
    checkout(unwrap(http.POST('/api/v2/payment/create-credit-order', { body: { packageId, gateway } }))),
  createSubscriptionOrder: (planId: string, gateway: PaymentMethod) =>
    checkout(unwrap(http.POST('/api/v2/payment/create-subscription-order', { body: { planId, gateway } }))),
  orderStatus: (orderId: string, signal?: AbortSignal) =>
    unwrap(http.GET('/api/v2/payment/order/{orderId}/status', { params: { path: { orderId } }, signal })),
  /** The cancel callback route tells the server the customer gave up (spec §4). */
  cancelOrder: (orderId: string) => unwrap(http.POST('/api/v2/payment/order/{orderId}/cancel', { params: { path: { orderId } } })),
  orders: (page: number, size: number, signal?: AbortSignal) =>
    unwrap(http.GET('/api/orders/user', { params: { query: { page, size } }, signal })),
  refundCheck: (id: string, signal?: AbortSignal) =>
    unwrap(http.GET('/api/orders/{id}/refund/check', { params: { path: { id } }, signal })),
  /** An empty reason is left out: the server fills in the spec's default reason. */
  refund: (id: string, reason: string) =>
    unwrap(http.POST('/api/orders/{id}/refund', { params: { path: { id } }, body: reason.trim() ? { reason: reason.trim() } : {} })),
  currentSubscription: (signal?: AbortSignal) => unwrap(http.GET('/api/subscriptions/current', { signal })),
  cancelSubscription: () => unwrap(http.POST('/api/subscriptions/current/cancel')),
};
