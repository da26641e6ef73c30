import {
  GatewayError,
  type CheckoutPlan,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentEffect,
  type PaymentGateway,
  type RefundRequest,
  type RefundResult,
} from '../port';
import {
  linkOf,
  paypalAmount,
  type PaypalClient,
  type PaypalMoney,
  PaypalApiError,
  type PaypalOrder,
  type PaypalSubscription,
} from './client';
import type { PaypalEvents } from './events';

/**
 * PayPal checkouts: Orders v2 (create, then capture once approved) for credit packs, Subscriptions v1
 * for plans (creating the PayPal product and plan on first use), the status check that captures an
 * approved order when its webhook is late or lost, refunds of captures (v2) and subscription sales
 * (v1), and cancellation.
 */

const DAY_MS = 24 * 3600 * 1000;

const interval = (plan: CheckoutPlan) => (plan.interval === 'year' ? 'YEAR' : 'MONTH');

/** Where a PayPal checkout page brands itself and sends the buyer back to. */
interface CheckoutPages {
  brandName: string;
  returnUrl: string;
  cancelUrl: string;
}

export function createPaypalCheckout(
  client: PaypalClient,
  events: PaypalEvents,
  options: { publicUrl: string; brandName?: string },
): Pick<PaymentGateway, 'createCheckout' | 'reconcile' | 'refund' | 'cancelSubscription'> {
  const brandName = (options.brandName ?? 'Image Studio').slice(0, 127);
  const absolute = (url: string) => new URL(url, options.publicUrl).toString();

  return {
    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const pages = { brandName, returnUrl: absolute(request.successUrl), cancelUrl: absolute(request.cancelUrl) };
      return request.kind === 'credits' ? createPackCheckout(client, request, pages) : createSubscriptionCheckout(client, request, pages);
    },

    reconcile(order) {
      return order.kind === 'subscription'
        ? reconcileSubscription(client, events, order.id, order.gatewaySessionId)
        : reconcileOrder(client, events, order.id, order.gatewaySessionId);
    },

    refund: (request: RefundRequest) => refundPayment(client, request),

    cancelSubscription: (gatewaySubscriptionId: string) => cancelSubscription(client, gatewaySubscriptionId),
  };
}

/** A credit pack: an Orders v2 order to capture once the buyer approves it. */
async function createPackCheckout(client: PaypalClient, request: CheckoutRequest, pages: CheckoutPages): Promise<CheckoutSession> {
  const { plan } = request;
  const order = await client.api<PaypalOrder>(
    'POST',
    '/v2/checkout/orders',
    'checkout',
    {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: request.orderId,
          custom_id: request.orderId,
          invoice_id: request.orderNumber,
          description: plan.name.slice(0, 127),
          amount: { currency_code: plan.currency.toUpperCase(), value: paypalAmount(plan.priceCents, plan.currency) },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            brand_name: pages.brandName,
            user_action: 'PAY_NOW',
            shipping_preference: 'NO_SHIPPING',
            payment_method_preference: 'IMMEDIATE_PAYMENT_REQUIRED',
            return_url: pages.returnUrl,
            cancel_url: pages.cancelUrl,
          },
        },
      },
    },
    // One PayPal order per order, even when the create call is retried.
    request.orderId,
  );
  const checkoutUrl = linkOf(order.links, 'payer-action', 'approve');
  if (!checkoutUrl) throw new GatewayError('PayPal returned no approval page', { orderId: order.id });
  return { sessionId: order.id, checkoutUrl };
}

/** A plan: a Subscriptions v1 subscription, creating the PayPal plan first when the pricing plan has none. */
async function createSubscriptionCheckout(client: PaypalClient, request: CheckoutRequest, pages: CheckoutPages): Promise<CheckoutSession> {
  const { plan } = request;
  if (!plan.interval) throw new GatewayError('This plan has no billing interval');
  const createdPlanId = plan.gatewayPlanId ? undefined : await createPlan(client, plan);
  const subscription = await client.api<PaypalSubscription>(
    'POST',
    '/v1/billing/subscriptions',
    'checkout',
    {
      plan_id: plan.gatewayPlanId || createdPlanId,
      custom_id: request.orderId,
      subscriber: { email_address: request.customerEmail },
      application_context: {
        brand_name: pages.brandName,
        user_action: 'SUBSCRIBE_NOW',
        shipping_preference: 'NO_SHIPPING',
        return_url: pages.returnUrl,
        cancel_url: pages.cancelUrl,
      },
    },
    request.orderId,
  );
  const checkoutUrl = linkOf(subscription.links, 'approve');
  if (!checkoutUrl) throw new GatewayError('PayPal returned no approval page', { subscriptionId: subscription.id });
  return { sessionId: subscription.id, checkoutUrl, ...(createdPlanId ? { createdGatewayPlanId: createdPlanId } : {}) };
}

/** Creates the product and monthly/yearly plan a subscription needs when the pricing plan has none yet. */
async function createPlan({ api, rememberPlanInterval }: PaypalClient, plan: CheckoutPlan): Promise<string> {
  // Request ids derived from the plan's terms: two checkouts racing to create it get the same objects.
  const terms = `${plan.id}-${plan.priceCents}-${plan.currency}-${plan.interval}`;
  const product = await api<{ id: string }>(
    'POST',
    '/v1/catalogs/products',
    'create product',
    {
      name: plan.name.slice(0, 127),
      type: 'SERVICE',
      category: 'SOFTWARE',
      description: `${plan.credits} credits per ${plan.interval}`.slice(0, 256),
    },
    `product-${terms}`,
  );
  const created = await api<{ id: string }>(
    'POST',
    '/v1/billing/plans',
    'create plan',
    {
      product_id: product.id,
      name: plan.name.slice(0, 127),
      status: 'ACTIVE',
      billing_cycles: [
        {
          frequency: { interval_unit: interval(plan), interval_count: 1 },
          tenure_type: 'REGULAR',
          sequence: 1,
          total_cycles: 0,
          pricing_scheme: {
            fixed_price: { value: paypalAmount(plan.priceCents, plan.currency), currency_code: plan.currency.toUpperCase() },
          },
        },
      ],
      payment_preferences: { auto_bill_outstanding: true, setup_fee_failure_action: 'CANCEL', payment_failure_threshold: 1 },
    },
    `plan-${terms}`,
  );
  rememberPlanInterval(created.id, { unit: interval(plan), count: 1 });
  return created.id;
}

const firstCapture = (order: PaypalOrder) => order.purchase_units?.flatMap((u) => u.payments?.captures ?? [])[0];

async function reconcileOrder(
  { api }: PaypalClient,
  { captureEffects }: PaypalEvents,
  orderId: string,
  paypalOrderId: string,
): Promise<PaymentEffect[]> {
  const order = await api<PaypalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}`, 'status');
  switch (order.status) {
    case 'APPROVED': {
      let captured: PaypalOrder;
      try {
        captured = await api<PaypalOrder>(
          'POST',
          `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}/capture`,
          'capture',
          {},
          `capture-${orderId}`,
        );
      } catch (error) {
        if (error instanceof PaypalApiError && error.issue === 'ORDER_ALREADY_CAPTURED') {
          return captureEffects(
            orderId,
            firstCapture(await api<PaypalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}`, 'status')),
          );
        }
        if (error instanceof PaypalApiError && (error.issue === 'INSTRUMENT_DECLINED' || error.issue === 'TRANSACTION_REFUSED')) {
          return [{ kind: 'checkout.failed', orderId, status: 'FAILED', reason: 'The PayPal payment was declined' }];
        }
        throw error;
      }
      return captureEffects(orderId, firstCapture(captured));
    }
    case 'COMPLETED':
      return captureEffects(orderId, firstCapture(order));
    case 'VOIDED':
      return [{ kind: 'checkout.failed', orderId, status: 'CANCELLED', reason: 'The PayPal order was voided' }];
    default:
      // CREATED / PAYER_ACTION_REQUIRED / SAVED: the buyer has not approved yet.
      return [];
  }
}

async function reconcileSubscription(
  { api }: PaypalClient,
  { subscriptionChanged, salePaid, getSubscription }: PaypalEvents,
  orderId: string,
  subscriptionId: string,
): Promise<PaymentEffect[]> {
  const subscription = await getSubscription(subscriptionId);
  if (subscription.status === 'ACTIVE') {
    const effects: PaymentEffect[] = [subscriptionChanged({ ...subscription, custom_id: subscription.custom_id ?? orderId }, 'active')];
    // The first payment normally arrives as PAYMENT.SALE.COMPLETED; if that webhook is late or lost,
    // the subscription's transactions show it, and the same sale id keeps it from counting twice.
    const from = new Date(new Date(subscription.start_time ?? Date.now()).getTime() - DAY_MS).toISOString();
    const to = new Date(Date.now() + DAY_MS).toISOString();
    const { transactions = [] } = await api<{
      transactions?: Array<{ id: string; status: string; time: string; amount_with_breakdown?: { gross_amount?: PaypalMoney } }>;
    }>(
      'GET',
      `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}/transactions?start_time=${encodeURIComponent(from)}&end_time=${encodeURIComponent(to)}`,
      'transactions',
    );
    const paid = transactions.filter((t) => t.status === 'COMPLETED').sort((a, b) => a.time.localeCompare(b.time))[0];
    if (paid) {
      const gross = paid.amount_with_breakdown?.gross_amount;
      effects.push(
        await salePaid(
          {
            id: paid.id,
            create_time: paid.time,
            custom: orderId,
            amount: gross ? { total: gross.value, currency: gross.currency_code } : undefined,
          },
          subscription,
        ),
      );
    }
    return effects;
  }
  if ((subscription.status === 'CANCELLED' || subscription.status === 'EXPIRED') && !subscription.billing_info?.last_payment) {
    // Ended before the first payment: this checkout will never be paid.
    return [{ kind: 'checkout.failed', orderId, status: 'CANCELLED', reason: 'The PayPal subscription was cancelled before payment' }];
  }
  return [];
}

/** Refunds a v2 capture (a pack), or else the v1 sale (a subscription payment) of the same id. */
async function refundPayment({ api }: PaypalClient, request: RefundRequest): Promise<RefundResult> {
  const id = encodeURIComponent(request.gatewayTransactionId);
  try {
    const refund = await api<{ id: string; status: string }>(
      'POST',
      `/v2/payments/captures/${id}/refund`,
      'refund',
      {
        amount: { value: paypalAmount(request.amountCents, request.currency), currency_code: request.currency.toUpperCase() },
        custom_id: request.orderId,
        note_to_payer: request.reason.slice(0, 255),
      },
      request.refundId,
    );
    if (refund.status === 'COMPLETED') return { gatewayRefundId: refund.id, status: 'COMPLETED' };
    if (refund.status === 'PENDING') return { gatewayRefundId: refund.id, status: 'PENDING' };
    throw new GatewayError('PayPal could not refund this payment', { refundId: refund.id, status: refund.status });
  } catch (error) {
    // Subscription payments are v1 sales, not captures: PayPal does not know the id as a capture.
    if (!(error instanceof PaypalApiError && error.status === 404)) throw error;
  }
  const refund = await api<{ id: string; state: string }>(
    'POST',
    `/v1/payments/sale/${id}/refund`,
    'refund',
    {
      amount: { total: paypalAmount(request.amountCents, request.currency), currency: request.currency.toUpperCase() },
      description: request.reason.slice(0, 255),
    },
    request.refundId,
  );
  if (refund.state === 'completed') return { gatewayRefundId: refund.id, status: 'COMPLETED' };
  if (refund.state === 'pending') return { gatewayRefundId: refund.id, status: 'PENDING' };
  throw new GatewayError('PayPal could not refund this payment', { refundId: refund.id, state: refund.state });
}

async function cancelSubscription({ api }: PaypalClient, gatewaySubscriptionId: string): Promise<void> {
  try {
    await api('POST', `/v1/billing/subscriptions/${encodeURIComponent(gatewaySubscriptionId)}/cancel`, 'cancel subscription', {
      reason: 'Cancelled by the customer',
    });
  } catch (error) {
    // Already cancelled or expired at PayPal: the wanted state.
    if (error instanceof PaypalApiError && error.issue === 'SUBSCRIPTION_STATUS_INVALID') return;
    throw error;
  }
}
