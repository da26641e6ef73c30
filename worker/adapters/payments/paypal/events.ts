import type { SubscriptionStatus } from '@worker/contract/payments';
import { WebhookVerificationError, type GatewayEvent, type PaymentEffect } from '../port';
import {
  lastSegment,
  linkOf,
  paidCents,
  toCents,
  type Capture,
  type Link,
  type PaypalMoney,
  type PaypalClient,
  PaypalApiError,
  type PaypalOrder,
  type PaypalSubscription,
  type Sale,
} from './client';

/**
 * PayPal webhooks: verified by PayPal's own verify-webhook-signature API, then translated into
 * gateway-neutral {@link PaymentEffect}s. The translations that read a capture, a subscription or a
 * sale are shared with checkout's reconcile, so a lost webhook and a late status check report the
 * same effects (the same ids keep them from counting twice).
 *
 * PayPal signs webhooks with a certificate named by the `paypal-cert-url` header. That URL comes from
 * the request, so this adapter never fetches it: it only forwards it to PayPal's verification API, and
 * refuses outright anything that is not an https URL on paypal.com.
 */

/**
 * The resource fields read across event types (a capture, sale, order, subscription or refund);
 * effectsOf narrows by event_type. A refund's `amount` is money on a capture refund, `total`/`currency` on a sale refund.
 */
interface PaypalEventResource {
  id?: string;
  custom_id?: string;
  custom?: string;
  sale_id?: string;
  links?: Link[];
  amount?: { value?: string; currency_code?: string; total?: string; currency?: string };
  seller_payable_breakdown?: { total_refunded_amount?: PaypalMoney };
  total_refunded_amount?: PaypalMoney;
}
interface PaypalWebhookEvent {
  id: string;
  event_type: string;
  create_time: string;
  resource_type?: string;
  resource: PaypalEventResource;
}

function addInterval(from: Date, unit: string, count: number): Date {
  const d = new Date(from);
  switch (unit) {
    case 'DAY':
      d.setUTCDate(d.getUTCDate() + count);
      break;
    case 'WEEK':
      d.setUTCDate(d.getUTCDate() + 7 * count);
      break;
    case 'YEAR':
      d.setUTCFullYear(d.getUTCFullYear() + count);
      break;
    default:
      d.setUTCMonth(d.getUTCMonth() + count);
  }
  return d;
}

/** Only PayPal's own certificate hosts, over https; anything else is refused before any call. */
export function isPaypalCertUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  return url.protocol === 'https:' && !url.username && !url.password && (host === 'paypal.com' || host.endsWith('.paypal.com'));
}

const SUBSCRIPTION_STATUS: Partial<Record<PaypalSubscription['status'], SubscriptionStatus>> = {
  ACTIVE: 'active',
  SUSPENDED: 'suspended',
  CANCELLED: 'cancelled',
  EXPIRED: 'expired',
};

/** The amount and currency a capture reports, for the payment effects to compare with the order. */
function paidMoney(value: string | undefined, currency: string | undefined) {
  const amountCents = paidCents(value);
  return { ...(amountCents !== undefined ? { amountCents } : {}), ...(currency ? { currency: currency.toUpperCase() } : {}) };
}

export function createPaypalEvents(client: PaypalClient, webhookId: string) {
  return {
    parseWebhook: (rawBody: string, headers: Headers) => parseWebhook(client, webhookId, rawBody, headers),
    captureEffects,
    subscriptionChanged,
    salePaid: (sale: Sale, subscription: PaypalSubscription) => salePaid(client, sale, subscription),
    getSubscription: (id: string) => getSubscription(client, id),
  };
}

function captureEffects(orderId: string, capture: Capture | undefined): PaymentEffect[] {
  if (!capture) return [];
  if (capture.status === 'COMPLETED' || capture.status === 'PARTIALLY_REFUNDED' || capture.status === 'REFUNDED') {
    return [
      {
        kind: 'checkout.paid',
        orderId,
        gatewayTransactionId: capture.id,
        ...paidMoney(capture.amount?.value, capture.amount?.currency_code),
      },
    ];
  }
  if (capture.status === 'DECLINED' || capture.status === 'FAILED') {
    return [{ kind: 'checkout.failed', orderId, status: 'FAILED', reason: 'The PayPal payment was declined' }];
  }
  // PENDING (e.g. eCheck, review): PAYMENT.CAPTURE.COMPLETED follows.
  return [];
}

function subscriptionChanged(subscription: PaypalSubscription, status: SubscriptionStatus): PaymentEffect {
  const start = subscription.billing_info?.last_payment?.time ?? subscription.start_time;
  const end = subscription.billing_info?.next_billing_time;
  return {
    kind: 'subscription.changed',
    gatewaySubscriptionId: subscription.id,
    ...(subscription.custom_id ? { orderId: subscription.custom_id } : {}),
    status,
    ...(start ? { periodStart: new Date(start) } : {}),
    ...(end ? { periodEnd: new Date(end) } : {}),
    // PayPal stops billing at once; what was paid for stays until the period ends.
    cancelAtPeriodEnd: status === 'cancelled',
  };
}

/**
 * `invoice.paid` for one subscription payment. The period runs from the payment for one billing
 * interval of the subscription's plan (a sale carries no period, and the subscription's
 * next_billing_time moves on, so it would not give the same answer on a late redelivery).
 */
async function salePaid({ planInterval }: PaypalClient, sale: Sale, subscription: PaypalSubscription): Promise<PaymentEffect> {
  const paidAt = new Date(sale.create_time ?? Date.now());
  const every = subscription.plan_id ? await planInterval(subscription.plan_id) : { unit: 'MONTH', count: 1 };
  const periodEnd = addInterval(paidAt, every.unit, every.count);
  const started = subscription.start_time ? new Date(subscription.start_time) : undefined;
  // The first payment follows activation; the next one comes a whole interval later.
  const first = started ? paidAt.getTime() - started.getTime() < (periodEnd.getTime() - paidAt.getTime()) / 2 : undefined;
  const orderId = sale.custom || subscription.custom_id;
  return {
    kind: 'invoice.paid',
    gatewaySubscriptionId: subscription.id,
    gatewayInvoiceId: sale.id,
    ...(orderId ? { orderId } : {}),
    ...(first !== undefined ? { first } : {}),
    gatewayTransactionId: sale.id,
    // A sale without a readable amount matches no order (the payment effects hold it for support).
    amountCents: paidCents(sale.amount?.total) ?? -1,
    ...(sale.amount?.currency ? { currency: sale.amount.currency.toUpperCase() } : {}),
    periodStart: paidAt,
    periodEnd,
  };
}

const getSubscription = ({ api }: PaypalClient, id: string) =>
  api<PaypalSubscription>('GET', `/v1/billing/subscriptions/${encodeURIComponent(id)}`, 'subscription');

/** Total refunded and whether nothing is left, from the refunded capture or sale itself. */
async function refundState({ api }: PaypalClient, kind: 'capture' | 'sale', id: string): Promise<boolean> {
  if (kind === 'capture') {
    const capture = await api<Capture>('GET', `/v2/payments/captures/${encodeURIComponent(id)}`, 'capture');
    return capture.status === 'REFUNDED';
  }
  const sale = await api<{ state?: string }>('GET', `/v1/payments/sale/${encodeURIComponent(id)}`, 'sale');
  return sale.state === 'refunded';
}

async function effectsOf(client: PaypalClient, event: PaypalWebhookEvent): Promise<PaymentEffect[]> {
  const r = event.resource ?? {};
  switch (event.event_type) {
    case 'PAYMENT.CAPTURE.COMPLETED':
      return r.custom_id ? captureEffects(r.custom_id, r as Capture) : [];
    case 'PAYMENT.CAPTURE.DENIED':
      return r.custom_id
        ? [{ kind: 'checkout.failed', orderId: r.custom_id, status: 'FAILED', reason: 'The PayPal payment was declined' }]
        : [];
    case 'CHECKOUT.ORDER.VOIDED': {
      const unit = (r as PaypalOrder).purchase_units?.[0];
      const orderId = unit?.custom_id ?? unit?.reference_id;
      return orderId ? [{ kind: 'checkout.failed', orderId, status: 'CANCELLED', reason: 'The PayPal order was voided' }] : [];
    }
    case 'PAYMENT.SALE.COMPLETED': {
      const sale = r as Sale;
      if (!sale.billing_agreement_id) return [];
      return [await salePaid(client, sale, await getSubscription(client, sale.billing_agreement_id))];
    }
    case 'BILLING.SUBSCRIPTION.ACTIVATED':
    case 'BILLING.SUBSCRIPTION.UPDATED':
    case 'BILLING.SUBSCRIPTION.CANCELLED':
    case 'BILLING.SUBSCRIPTION.SUSPENDED':
    case 'BILLING.SUBSCRIPTION.EXPIRED':
      return subscriptionEventEffects(event);
    case 'PAYMENT.CAPTURE.REFUNDED':
    case 'PAYMENT.SALE.REFUNDED':
      return refundEventEffects(client, event);
    default:
      return [];
  }
}

/** A subscription's status event, or nothing while it has not started. */
function subscriptionEventEffects(event: PaypalWebhookEvent): PaymentEffect[] {
  const r = event.resource ?? {};
  const subscription = r as PaypalSubscription;
  const byEvent: Record<string, SubscriptionStatus> = {
    'BILLING.SUBSCRIPTION.CANCELLED': 'cancelled',
    'BILLING.SUBSCRIPTION.SUSPENDED': 'suspended',
    'BILLING.SUBSCRIPTION.EXPIRED': 'expired',
  };
  const status = byEvent[event.event_type] ?? SUBSCRIPTION_STATUS[subscription.status];
  // APPROVAL_PENDING / APPROVED: not started yet, nothing to change.
  return status && subscription.id ? [subscriptionChanged(subscription, status)] : [];
}

/** A refund of a capture (a pack) or a sale (a subscription payment), with whether nothing is left of it. */
async function refundEventEffects(client: PaypalClient, event: PaypalWebhookEvent): Promise<PaymentEffect[]> {
  const r = event.resource ?? {};
  const capture = event.event_type === 'PAYMENT.CAPTURE.REFUNDED';
  const transactionId = capture ? lastSegment(linkOf(r.links, 'up')) : (r.sale_id ?? lastSegment(linkOf(r.links, 'sale', 'up')));
  if (!transactionId || !r.id) return [];
  const total = capture ? r.seller_payable_breakdown?.total_refunded_amount : r.total_refunded_amount;
  const amount = total ?? (capture ? r.amount : { value: r.amount?.total, currency_code: r.amount?.currency });
  const orderId = capture ? r.custom_id : r.custom;
  return [
    {
      kind: 'payment.refunded',
      gatewayTransactionId: transactionId,
      ...(orderId ? { orderId } : {}),
      gatewayRefundId: r.id,
      amountCents: toCents(amount?.value),
      fullyRefunded: await refundState(client, capture ? 'capture' : 'sale', transactionId),
    },
  ];
}

async function parseWebhook(client: PaypalClient, webhookId: string, rawBody: string, headers: Headers): Promise<GatewayEvent> {
  const h = (name: string) => headers.get(name)?.trim() || undefined;
  const authAlgo = h('paypal-auth-algo');
  const certUrl = h('paypal-cert-url');
  const transmissionId = h('paypal-transmission-id');
  const transmissionSig = h('paypal-transmission-sig');
  const transmissionTime = h('paypal-transmission-time');
  if (!authAlgo || !certUrl || !transmissionId || !transmissionSig || !transmissionTime) {
    throw new WebhookVerificationError('Missing PayPal transmission headers');
  }
  if (!isPaypalCertUrl(certUrl)) throw new WebhookVerificationError('The certificate URL is not PayPal’s');
  let event: PaypalWebhookEvent;
  try {
    event = JSON.parse(rawBody);
  } catch {
    throw new WebhookVerificationError('The body is not JSON');
  }
  if (!event || typeof event.id !== 'string' || typeof event.event_type !== 'string')
    throw new WebhookVerificationError('Not a PayPal event');

  let verification: { verification_status?: string };
  try {
    verification = await client.api('POST', '/v1/notifications/verify-webhook-signature', 'webhook verification', {
      auth_algo: authAlgo,
      cert_url: certUrl,
      transmission_id: transmissionId,
      transmission_sig: transmissionSig,
      transmission_time: transmissionTime,
      webhook_id: webhookId,
      webhook_event: event,
    });
  } catch (error) {
    // PayPal refusing the verification request (4xx) is a failed verification; an outage is not.
    if (error instanceof PaypalApiError && error.status < 500)
      throw new WebhookVerificationError(`PayPal refused the verification (${error.issue ?? error.status})`);
    throw error;
  }
  if (verification?.verification_status !== 'SUCCESS') throw new WebhookVerificationError('PayPal did not verify the signature');

  const effects = await effectsOf(client, event);
  const occurredAt = new Date(event.create_time);
  return { id: event.id, type: event.event_type, occurredAt: Number.isNaN(occurredAt.getTime()) ? new Date() : occurredAt, effects };
}

export type PaypalEvents = ReturnType<typeof createPaypalEvents>;
