import type Stripe from 'stripe';
import {
  GatewayError,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentEffect,
  type PaymentGateway,
  type RefundRequest,
  type RefundResult,
} from '../port';
import { type StripeClient, toGatewayError } from './client';
import { refId, type StripeEvents, type WireSession } from './events';

/**
 * Stripe checkouts: Checkout Sessions for credit packs and subscriptions, the status check that
 * settles a session whose webhooks are late or lost, refunds and cancellation through the API.
 */
export function createStripeCheckout(
  stripe: StripeClient,
  events: StripeEvents,
  options: { publicUrl: string },
): Pick<PaymentGateway, 'createCheckout' | 'reconcile' | 'refund' | 'cancelSubscription' | 'hostedInvoiceUrl'> {
  const absolute = (url: string) => new URL(url, options.publicUrl).toString();
  return {
    createCheckout: (request: CheckoutRequest) => createSession(stripe, absolute, request),
    reconcile: (order) => reconcileSession(stripe, events, order),
    refund: (request: RefundRequest) => refundPayment(stripe, events, request),
    hostedInvoiceUrl: (order) => hostedInvoiceUrl(stripe, order),
    cancelSubscription: (gatewaySubscriptionId: string) => cancelSubscription(stripe, gatewaySubscriptionId),
  };
}

/** A Checkout Session for the order: a one-time payment for a pack, a subscription for a plan. */
async function createSession(stripe: StripeClient, absolute: (url: string) => string, request: CheckoutRequest): Promise<CheckoutSession> {
  const { plan } = request;
  const subscription = request.kind === 'subscription';
  if (subscription && !plan.interval) throw new GatewayError('This plan has no billing interval');
  const metadata = { orderId: request.orderId, userId: request.userId, orderNumber: request.orderNumber };
  const successUrl = absolute(request.successUrl);
  // Stripe substitutes the literal {CHECKOUT_SESSION_ID}; it must not be URL-encoded.
  const successWithSession = `${successUrl}${successUrl.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`;
  const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = plan.gatewayPlanId
    ? { price: plan.gatewayPlanId, quantity: 1 }
    : {
        quantity: 1,
        price_data: {
          currency: plan.currency.toLowerCase(),
          unit_amount: plan.priceCents,
          product_data: { name: plan.name },
          ...(subscription ? { recurring: { interval: plan.interval! } } : {}),
        },
      };
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: subscription ? 'subscription' : 'payment',
    line_items: [lineItem],
    client_reference_id: request.orderId,
    metadata,
    customer_email: request.customerEmail,
    success_url: successWithSession,
    cancel_url: absolute(request.cancelUrl),
    ...(subscription
      ? { subscription_data: { metadata: { orderId: request.orderId, userId: request.userId } } }
      : {
          payment_intent_data: { metadata },
          // A one-time payment gets a Stripe invoice too (subscriptions always have one), so every
          // card receipt can link Stripe's hosted invoice page. Payment mode only: Stripe refuses
          // `invoice_creation` on subscription sessions.
          invoice_creation: { enabled: true, invoice_data: { metadata } },
        }),
  };
  try {
    // One session per order, even if the create call is retried after a timeout.
    const session = await stripe.checkout.sessions.create(params, { idempotencyKey: `checkout-${request.orderId}` });
    if (!session.url) throw new GatewayError('The card payment service returned no checkout page', { sessionId: session.id });
    return { sessionId: session.id, checkoutUrl: session.url };
  } catch (error) {
    throw toGatewayError(error, 'checkout');
  }
}

/** Settles a session whose webhooks are late or lost: expired, or paid (with its first invoice). */
async function reconcileSession(
  stripe: StripeClient,
  events: StripeEvents,
  order: Parameters<PaymentGateway['reconcile']>[0],
): Promise<PaymentEffect[]> {
  try {
    const session = (await stripe.checkout.sessions.retrieve(order.gatewaySessionId, {
      expand: ['invoice'],
    })) as unknown as WireSession;
    if (session.status === 'expired') {
      const orderId = session.client_reference_id ?? session.metadata?.orderId ?? order.id;
      return [{ kind: 'checkout.failed', orderId, status: 'EXPIRED', reason: 'The checkout session expired' }];
    }
    if (session.status !== 'complete' || session.payment_status !== 'paid') return [];
    const effects = await events.sessionPaid({ ...session, client_reference_id: session.client_reference_id ?? order.id });
    // The first period's invoice too, so its credits arrive even when `invoice.paid` is lost.
    if (session.mode === 'subscription' && session.invoice && typeof session.invoice === 'object' && 'billing_reason' in session.invoice) {
      effects.push(...(await events.invoicePaid(session.invoice)));
    }
    return effects;
  } catch (error) {
    throw toGatewayError(error, 'status');
  }
}

async function refundPayment(stripe: StripeClient, events: StripeEvents, request: RefundRequest): Promise<RefundResult> {
  try {
    // Subscription orders may carry an invoice (in_) or session (cs_) id from older webhooks: find the payment.
    let target = request.gatewayTransactionId;
    if (target.startsWith('cs_')) {
      const session = (await stripe.checkout.sessions.retrieve(target)) as unknown as WireSession;
      target = refId(session.payment_intent) ?? refId(session.invoice) ?? target;
    }
    if (target.startsWith('in_')) {
      const paid = await events.invoicePaymentIntentById(target);
      if (!paid) throw new GatewayError('No payment was found for this order', { invoice: target });
      target = paid;
    }
    const refund = await stripe.refunds.create(
      {
        ...(target.startsWith('ch_') || target.startsWith('py_') ? { charge: target } : { payment_intent: target }),
        amount: request.amountCents,
        reason: 'requested_by_customer',
        metadata: { orderId: request.orderId, refundId: request.refundId },
      },
      { idempotencyKey: request.refundId },
    );
    if (refund.status === 'succeeded') return { gatewayRefundId: refund.id, status: 'COMPLETED' };
    if (refund.status === 'pending' || refund.status === 'requires_action') return { gatewayRefundId: refund.id, status: 'PENDING' };
    throw new GatewayError('The card payment service could not refund this payment', { refundId: refund.id, status: refund.status });
  } catch (error) {
    throw toGatewayError(error, 'refund');
  }
}

async function hostedInvoiceUrl(
  stripe: StripeClient,
  order: Parameters<NonNullable<PaymentGateway['hostedInvoiceUrl']>>[0],
): Promise<string | null> {
  try {
    // Subscription periods store their invoice id; a one-time payment's invoice hangs off its session.
    let invoiceId = order.gatewayInvoiceId?.startsWith('in_') ? order.gatewayInvoiceId : null;
    if (!invoiceId && order.gatewaySessionId?.startsWith('cs_')) {
      const session = (await stripe.checkout.sessions.retrieve(order.gatewaySessionId)) as unknown as WireSession;
      invoiceId = refId(session.invoice) ?? null;
    }
    if (!invoiceId) return null;
    const invoice = await stripe.invoices.retrieve(invoiceId);
    return invoice.hosted_invoice_url ?? null;
  } catch (error) {
    throw toGatewayError(error, 'invoice');
  }
}

async function cancelSubscription(stripe: StripeClient, gatewaySubscriptionId: string): Promise<void> {
  try {
    // At period end: the customer keeps what they paid for; Stripe sends customer.subscription.updated.
    await stripe.subscriptions.update(gatewaySubscriptionId, { cancel_at_period_end: true });
  } catch (error) {
    throw toGatewayError(error, 'cancel subscription');
  }
}
