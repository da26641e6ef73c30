import type Stripe from 'stripe';
import type { SubscriptionStatus } from '@worker/contract/payments';
import { WebhookVerificationError, type GatewayEvent, type PaymentEffect } from '../port';
import { createStripeWebhookVerifier, type StripeClient, toGatewayError } from './client';

/**
 * Stripe webhooks: the signature checked on the raw body (WebCrypto, ./client.ts), then the event
 * translated into gateway-neutral {@link PaymentEffect}s. Checkout's reconcile reuses the session and
 * invoice translations, so a lost webhook and a late status check report the same effects.
 *
 * Webhook payloads follow the API version of the webhook endpoint in the Stripe dashboard, which may be
 * older than the library's, so events are read through the small wire types below that name both the
 * current fields (`parent.subscription_details`, item-level periods, `invoice_payments`) and the
 * pre-2025 ones (`invoice.subscription`, `invoice.payment_intent`, top-level subscription periods).
 */

/** Stripe's default signature tolerance: an event signed more than 5 minutes ago is refused (replays). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

export type Metadata = Record<string, string> | null | undefined;
export type Ref = string | { id: string } | null | undefined;

export interface WireSession {
  id: string;
  mode: 'payment' | 'subscription' | 'setup';
  status: 'open' | 'complete' | 'expired' | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  client_reference_id: string | null;
  metadata: Metadata;
  payment_intent: Ref;
  subscription: Ref;
  invoice: Ref | WireInvoice;
  amount_total: number | null;
  currency: string | null;
  url: string | null;
}

export interface WireInvoiceLine {
  type?: string;
  period?: { start: number; end: number };
  parent?: { type?: string; subscription_item_details?: { subscription?: string | null } | null } | null;
}

export interface WireInvoice {
  id: string;
  object?: 'invoice';
  billing_reason: string | null;
  amount_paid: number;
  currency: string;
  period_start: number;
  period_end: number;
  lines?: { data: WireInvoiceLine[] };
  parent?: { type?: string; subscription_details?: { subscription: Ref; metadata: Metadata } | null } | null;
  payments?: { data: Array<{ status?: string; payment?: { payment_intent?: Ref; charge?: Ref } }> };
  /** Before API 2025-03-31 (basil). */
  subscription?: Ref;
  subscription_details?: { metadata: Metadata } | null;
  payment_intent?: Ref;
  charge?: Ref;
}

export interface WireSubscription {
  id: string;
  status: string;
  cancel_at_period_end: boolean;
  cancel_at?: number | null;
  metadata: Metadata;
  items?: { data: Array<{ current_period_start?: number; current_period_end?: number }> };
  /** Before API 2025-03-31 (basil). */
  current_period_start?: number;
  current_period_end?: number;
}

export interface WireCharge {
  id: string;
  payment_intent: Ref;
  metadata: Metadata;
  amount_refunded: number;
  refunded: boolean;
  refunds?: { data: Array<{ id: string; created: number }> } | null;
}

export const refId = (ref: Ref | WireInvoice): string | undefined => (ref == null ? undefined : typeof ref === 'string' ? ref : ref.id);
export const fromUnix = (seconds: number) => new Date(seconds * 1000);

type StripeWebhookVerifier = ReturnType<typeof createStripeWebhookVerifier>;

export function createStripeEvents(stripe: StripeClient, webhookSecret: string) {
  const webhooks = createStripeWebhookVerifier(webhookSecret, { toleranceSeconds: WEBHOOK_TOLERANCE_SECONDS });
  return {
    parseWebhook: (rawBody: string, headers: Headers) => parseWebhook(webhooks, stripe, rawBody, headers),
    sessionPaid: (session: WireSession) => sessionPaid(stripe, session),
    invoicePaid: (invoice: WireInvoice) => invoicePaid(stripe, invoice),
    invoicePaymentIntentById: (invoiceId: string) => invoicePaymentIntentById(stripe, invoiceId),
  };
}

/** The payment intent that paid an invoice, whatever the payload's API version carried. */
async function invoicePaymentIntent(stripe: StripeClient, invoice: WireInvoice): Promise<string | undefined> {
  const direct = refId(invoice.payment_intent) ?? refId(invoice.charge);
  if (direct) return direct;
  const listed = invoice.payments?.data.find((p) => p.status === 'paid') ?? invoice.payments?.data[0];
  const fromList = refId(listed?.payment?.payment_intent) ?? refId(listed?.payment?.charge);
  if (fromList) return fromList;
  // Current API versions leave the payments out of invoice payloads: ask for them.
  const payments = await stripe.invoicePayments.list({ invoice: invoice.id, status: 'paid', limit: 3 });
  const paid = payments.data[0];
  return refId(paid?.payment.payment_intent as Ref) ?? refId(paid?.payment.charge as Ref);
}

async function invoicePaymentIntentById(stripe: StripeClient, invoiceId: string): Promise<string | undefined> {
  const payments = await stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 3 });
  const paid = payments.data[0];
  return refId(paid?.payment.payment_intent as Ref) ?? refId(paid?.payment.charge as Ref);
}

/**
 * `checkout.paid` for a completed, paid session. For subscriptions the transaction is the first
 * invoice's payment intent, so refunds and `charge.refunded` find the order by the same id.
 */
async function sessionPaid(stripe: StripeClient, session: WireSession): Promise<PaymentEffect[]> {
  const orderId = session.client_reference_id ?? session.metadata?.orderId;
  if (!orderId) return [];
  // What was taken, for the payment effects to compare with the order (Stripe writes currencies in lower case).
  const paid = {
    ...(session.amount_total != null ? { amountCents: session.amount_total } : {}),
    ...(session.currency ? { currency: session.currency.toUpperCase() } : {}),
  };
  if (session.mode === 'subscription') {
    const subscriptionId = refId(session.subscription);
    const invoice = session.invoice;
    let transactionId: string | undefined;
    if (invoice && typeof invoice === 'object' && 'billing_reason' in invoice) transactionId = await invoicePaymentIntent(stripe, invoice);
    else if (refId(invoice)) transactionId = (await invoicePaymentIntentById(stripe, refId(invoice)!)) ?? refId(invoice);
    return [
      {
        kind: 'checkout.paid',
        orderId,
        gatewayTransactionId: transactionId ?? session.id,
        ...(subscriptionId ? { gatewaySubscriptionId: subscriptionId } : {}),
        ...paid,
      },
    ];
  }
  return [
    {
      kind: 'checkout.paid',
      orderId,
      gatewayTransactionId: refId(session.payment_intent) ?? session.id,
      ...paid,
    },
  ];
}

/** `invoice.paid` for a subscription invoice; one-off invoices are not ours. */
async function invoicePaid(stripe: StripeClient, invoice: WireInvoice): Promise<PaymentEffect[]> {
  const details = invoice.parent?.subscription_details;
  const subscriptionId = refId(details?.subscription) ?? refId(invoice.subscription);
  if (!subscriptionId) return [];
  const metadata = details?.metadata ?? invoice.subscription_details?.metadata;
  const lines = invoice.lines?.data ?? [];
  const line =
    lines.find((l) => l.parent?.type === 'subscription_item_details' || l.type === 'subscription') ?? lines.find((l) => l.period);
  // The invoice's own period is the billing run's (start = end for a first invoice); the line's is the service period.
  const start = line?.period?.start ?? invoice.period_start;
  const end = line?.period?.end ?? invoice.period_end;
  const orderId = metadata?.orderId;
  return [
    {
      kind: 'invoice.paid',
      gatewaySubscriptionId: subscriptionId,
      gatewayInvoiceId: invoice.id,
      ...(orderId ? { orderId } : {}),
      first: invoice.billing_reason === 'subscription_create',
      gatewayTransactionId: (await invoicePaymentIntent(stripe, invoice)) ?? invoice.id,
      amountCents: invoice.amount_paid,
      ...(invoice.currency ? { currency: invoice.currency.toUpperCase() } : {}),
      periodStart: fromUnix(start),
      periodEnd: fromUnix(end),
    },
  ];
}

/** Our status for a Stripe subscription's, or null while its first payment has not gone through. */
function statusOf(subscription: WireSubscription, deleted: boolean, cancelling: boolean): SubscriptionStatus | null {
  // Deleted means the subscription has ended (at period end, or at once from the dashboard).
  if (deleted) return 'expired';
  switch (subscription.status) {
    case 'active':
    case 'trialing':
      return cancelling ? 'cancelled' : 'active';
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'suspended';
    case 'canceled':
      return 'cancelled';
    case 'incomplete_expired':
      return 'expired';
    default:
      // `incomplete`: the first payment has not gone through yet; the checkout's events decide.
      return null;
  }
}

function subscriptionChanged(subscription: WireSubscription, deleted: boolean): PaymentEffect[] {
  const cancelling = subscription.cancel_at_period_end || subscription.cancel_at != null;
  const status = statusOf(subscription, deleted, cancelling);
  if (!status) return [];
  const item = subscription.items?.data[0];
  const start = item?.current_period_start ?? subscription.current_period_start;
  const end = item?.current_period_end ?? subscription.current_period_end;
  const orderId = subscription.metadata?.orderId;
  return [
    {
      kind: 'subscription.changed',
      gatewaySubscriptionId: subscription.id,
      ...(orderId ? { orderId } : {}),
      status,
      ...(start != null ? { periodStart: fromUnix(start) } : {}),
      ...(end != null ? { periodEnd: fromUnix(end) } : {}),
      cancelAtPeriodEnd: cancelling,
    },
  ];
}

async function chargeRefunded(stripe: StripeClient, charge: WireCharge): Promise<PaymentEffect[]> {
  let refunds = charge.refunds?.data;
  // Since API 2022-11-15 a charge no longer carries its refunds: list the newest one.
  if (!refunds?.length) refunds = (await stripe.refunds.list({ charge: charge.id, limit: 1 })).data;
  const newest = [...(refunds ?? [])].sort((a, b) => b.created - a.created)[0];
  if (!newest) return [];
  const orderId = charge.metadata?.orderId;
  return [
    {
      kind: 'payment.refunded',
      gatewayTransactionId: refId(charge.payment_intent) ?? charge.id,
      ...(orderId ? { orderId } : {}),
      gatewayRefundId: newest.id,
      amountCents: charge.amount_refunded,
      fullyRefunded: charge.refunded,
    },
  ];
}

async function effectsOf(stripe: StripeClient, event: Stripe.Event): Promise<PaymentEffect[]> {
  const object = event.data.object as unknown;
  switch (event.type as string) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = object as WireSession;
      // An asynchronous method (bank debit) completes the session unpaid; its success event follows.
      return session.payment_status === 'paid' ? sessionPaid(stripe, session) : [];
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const session = object as WireSession;
      const orderId = session.client_reference_id ?? session.metadata?.orderId;
      if (!orderId) return [];
      return event.type === 'checkout.session.expired'
        ? [{ kind: 'checkout.failed', orderId, status: 'EXPIRED', reason: 'The checkout session expired' }]
        : [{ kind: 'checkout.failed', orderId, status: 'FAILED', reason: 'The payment failed' }];
    }
    case 'invoice.paid':
      return invoicePaid(stripe, object as WireInvoice);
    case 'customer.subscription.updated':
      return subscriptionChanged(object as WireSubscription, false);
    case 'customer.subscription.deleted':
      return subscriptionChanged(object as WireSubscription, true);
    case 'charge.refunded':
      return chargeRefunded(stripe, object as WireCharge);
    default:
      return [];
  }
}

async function parseWebhook(
  webhooks: StripeWebhookVerifier,
  stripe: StripeClient,
  rawBody: string,
  headers: Headers,
): Promise<GatewayEvent> {
  const signature = headers.get('stripe-signature');
  if (!signature) throw new WebhookVerificationError('Missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = await webhooks.constructEvent(rawBody, signature);
  } catch (error) {
    throw new WebhookVerificationError(error instanceof Error ? error.message : 'Invalid Stripe signature');
  }
  if (!event || typeof event.id !== 'string' || typeof event.type !== 'string' || !event.data?.object) {
    throw new WebhookVerificationError('Not a Stripe event');
  }
  let effects: PaymentEffect[];
  try {
    effects = await effectsOf(stripe, event);
  } catch (error) {
    throw toGatewayError(error, 'webhook');
  }
  return { id: event.id, type: event.type, occurredAt: fromUnix(event.created), effects };
}

export type StripeEvents = ReturnType<typeof createStripeEvents>;
