import type { SubscriptionStatus } from '../../../contract/payments';
import {
  GatewayError,
  WebhookVerificationError,
  type CheckoutPlan,
  type CheckoutRequest,
  type CheckoutSession,
  type GatewayEvent,
  type PaymentEffect,
  type PaymentGateway,
  type RefundRequest,
  type RefundResult,
} from '../port';

/**
 * PayPal behind the payments port, over its REST API with `fetch` only (runs on Workers and in Node):
 * Orders v2 (create, then capture once approved) for credit packs, Subscriptions v1 for plans,
 * webhooks verified by PayPal's own verify-webhook-signature API, refunds of captures (v2) and
 * subscription sales (v1).
 *
 * PayPal signs webhooks with a certificate named by the `paypal-cert-url` header. That URL comes from
 * the request, so this adapter never fetches it: it only forwards it to PayPal's verification API, and
 * refuses outright anything that is not an https URL on paypal.com.
 */

export interface PaypalGatewayOptions {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** https://api-m.paypal.com (live) or https://api-m.sandbox.paypal.com; tests use a local fake. */
  apiUrl: string;
  /** The app's public origin: return/cancel URLs that are not absolute are resolved against it. */
  publicUrl: string;
  /** Shown on PayPal's pages. */
  brandName?: string;
}

/** Refresh the token this long before PayPal says it expires, so no request carries a dying one. */
const TOKEN_MARGIN_MS = 5 * 60 * 1000;
/** Currencies PayPal takes without decimals. */
const ZERO_DECIMAL = new Set(['HUF', 'JPY', 'TWD']);
const DAY_MS = 24 * 3600 * 1000;

interface Link {
  href: string;
  rel: string;
  method?: string;
}
interface PaypalMoney {
  currency_code: string;
  value: string;
}
interface Capture {
  id: string;
  status: 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'PENDING' | 'REFUNDED' | 'FAILED';
  amount?: PaypalMoney;
  custom_id?: string;
  invoice_id?: string;
  create_time?: string;
  links?: Link[];
}
interface PaypalOrder {
  id: string;
  status: 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';
  purchase_units?: Array<{ reference_id?: string; custom_id?: string; payments?: { captures?: Capture[] } }>;
  links?: Link[];
}
interface PaypalSubscription {
  id: string;
  status: 'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';
  plan_id?: string;
  custom_id?: string;
  start_time?: string;
  billing_info?: { next_billing_time?: string; last_payment?: { amount?: PaypalMoney; time?: string } };
  links?: Link[];
}
interface Sale {
  id: string;
  state?: string;
  amount?: { total: string; currency: string };
  billing_agreement_id?: string;
  custom?: string;
  create_time?: string;
}
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

const interval = (plan: CheckoutPlan) => (plan.interval === 'year' ? 'YEAR' : 'MONTH');

/** Integer cents → PayPal's decimal string ("19.99"). */
export function paypalAmount(cents: number, currency: string): string {
  return ZERO_DECIMAL.has(currency.toUpperCase()) ? String(Math.round(cents / 100)) : (cents / 100).toFixed(2);
}
/** PayPal's decimal string → integer cents (the inverse of {@link paypalAmount}). */
function toCents(value: string | undefined): number {
  return Math.round(Number(value ?? 0) * 100);
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

const lastSegment = (href: string | undefined) => href?.replace(/\/+$/, '').split('/').pop() || undefined;
const linkOf = (links: Link[] | undefined, ...rels: string[]) => rels.map((rel) => links?.find((l) => l.rel === rel)?.href).find(Boolean);

const SUBSCRIPTION_STATUS: Partial<Record<PaypalSubscription['status'], SubscriptionStatus>> = {
  ACTIVE: 'active',
  SUSPENDED: 'suspended',
  CANCELLED: 'cancelled',
  EXPIRED: 'expired',
};

/** PayPal's error body (https://developer.paypal.com/api/rest/responses/); any field may be missing. */
interface PaypalErrorBody {
  name?: string;
  message?: string;
  debug_id?: string;
  details?: Array<{ issue?: string; description?: string }>;
}
class PaypalApiError extends GatewayError {
  constructor(
    message: string,
    readonly status: number,
    readonly body: PaypalErrorBody | undefined,
  ) {
    super(message, { status, name: body?.name, message: body?.message, debug_id: body?.debug_id, details: body?.details });
  }
  get issue() {
    return this.body?.details?.[0]?.issue ?? this.body?.name;
  }
}

export function createPaypalGateway(options: PaypalGatewayOptions): PaymentGateway {
  const base = (options.apiUrl || 'https://api-m.paypal.com').replace(/\/+$/, '');
  const brandName = (options.brandName ?? 'Image Studio').slice(0, 127);
  const absolute = (url: string) => new URL(url, options.publicUrl).toString();
  let token: { value: string; expiresAt: number } | null = null;
  let tokenRequest: Promise<string> | null = null;
  const planIntervals = new Map<string, { unit: string; count: number }>();

  /** OAuth2 client credentials; cached, and shared by concurrent callers while it is being fetched. */
  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    tokenRequest ??= (async () => {
      try {
        let res: Response;
        try {
          res = await fetch(`${base}/v1/oauth2/token`, {
            method: 'POST',
            headers: {
              authorization: `Basic ${btoa(`${options.clientId}:${options.clientSecret}`)}`,
              'content-type': 'application/x-www-form-urlencoded',
              accept: 'application/json',
            },
            body: 'grant_type=client_credentials',
          });
        } catch (error) {
          throw new GatewayError('PayPal is unavailable. Please try again later.', { action: 'token', message: String(error) });
        }
        const body = (await res.json().catch(() => undefined)) as
          | { access_token?: string; expires_in?: number; error?: string; error_description?: string }
          | undefined;
        if (!res.ok || !body?.access_token) {
          throw new GatewayError(
            res.status >= 500 ? 'PayPal is unavailable. Please try again later.' : 'PayPal refused the merchant credentials.',
            {
              action: 'token',
              status: res.status,
              error: body?.error,
              error_description: body?.error_description,
            },
          );
        }
        token = { value: body.access_token, expiresAt: Date.now() + Math.max(0, (body.expires_in ?? 0) * 1000 - TOKEN_MARGIN_MS) };
        return body.access_token;
      } finally {
        tokenRequest = null;
      }
    })();
    return tokenRequest;
  }

  /** One API call; non-2xx → PaypalApiError with PayPal's debug_id. A rejected token is renewed once. */
  async function api<T>(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    action: string,
    body?: unknown,
    requestId?: string,
    retried = false,
  ): Promise<T> {
    const bearer = await accessToken();
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${bearer}`,
          accept: 'application/json',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(requestId ? { 'paypal-request-id': requestId } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    } catch (error) {
      throw new GatewayError(`PayPal is unavailable (${action}). Please try again later.`, { action, message: String(error) });
    }
    if (res.status === 401 && !retried) {
      // Revoked or expired early: forget it and try once with a fresh token.
      token = null;
      return api<T>(method, path, action, body, requestId, true);
    }
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!res.ok) {
      const message =
        res.status >= 500 ? `PayPal is unavailable (${action}). Please try again later.` : `PayPal refused the request (${action}).`;
      throw new PaypalApiError(
        message,
        res.status,
        parsed !== null && typeof parsed === 'object' ? (parsed as PaypalErrorBody) : undefined,
      );
    }
    return parsed as T;
  }

  async function planInterval(planId: string): Promise<{ unit: string; count: number }> {
    const known = planIntervals.get(planId);
    if (known) return known;
    const plan = await api<{
      billing_cycles?: Array<{ tenure_type: string; frequency: { interval_unit: string; interval_count?: number } }>;
    }>('GET', `/v1/billing/plans/${encodeURIComponent(planId)}`, 'plan');
    const cycle = plan.billing_cycles?.find((c) => c.tenure_type === 'REGULAR') ?? plan.billing_cycles?.[0];
    const found = { unit: cycle?.frequency.interval_unit ?? 'MONTH', count: cycle?.frequency.interval_count ?? 1 };
    planIntervals.set(planId, found);
    return found;
  }

  /** Creates the product and monthly/yearly plan a subscription needs when the pricing plan has none yet. */
  async function createPlan(plan: CheckoutPlan): Promise<string> {
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
    planIntervals.set(created.id, { unit: interval(plan), count: 1 });
    return created.id;
  }

  function captureEffects(orderId: string, capture: Capture | undefined): PaymentEffect[] {
    if (!capture) return [];
    if (capture.status === 'COMPLETED' || capture.status === 'PARTIALLY_REFUNDED' || capture.status === 'REFUNDED') {
      return [
        {
          kind: 'checkout.paid',
          orderId,
          gatewayTransactionId: capture.id,
          ...(capture.amount ? { amountCents: toCents(capture.amount.value) } : {}),
        },
      ];
    }
    if (capture.status === 'DECLINED' || capture.status === 'FAILED') {
      return [{ kind: 'checkout.failed', orderId, status: 'FAILED', reason: 'The PayPal payment was declined' }];
    }
    // PENDING (e.g. eCheck, review): PAYMENT.CAPTURE.COMPLETED follows.
    return [];
  }

  const firstCapture = (order: PaypalOrder) => order.purchase_units?.flatMap((u) => u.payments?.captures ?? [])[0];

  async function reconcileOrder(orderId: string, paypalOrderId: string): Promise<PaymentEffect[]> {
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
  async function salePaid(sale: Sale, subscription: PaypalSubscription): Promise<PaymentEffect> {
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
      amountCents: toCents(sale.amount?.total),
      periodStart: paidAt,
      periodEnd,
    };
  }

  const getSubscription = (id: string) =>
    api<PaypalSubscription>('GET', `/v1/billing/subscriptions/${encodeURIComponent(id)}`, 'subscription');

  async function reconcileSubscription(orderId: string, subscriptionId: string): Promise<PaymentEffect[]> {
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

  /** Total refunded and whether nothing is left, from the refunded capture or sale itself. */
  async function refundState(kind: 'capture' | 'sale', id: string): Promise<boolean> {
    if (kind === 'capture') {
      const capture = await api<Capture>('GET', `/v2/payments/captures/${encodeURIComponent(id)}`, 'capture');
      return capture.status === 'REFUNDED';
    }
    const sale = await api<{ state?: string }>('GET', `/v1/payments/sale/${encodeURIComponent(id)}`, 'sale');
    return sale.state === 'refunded';
  }

  async function effectsOf(event: PaypalWebhookEvent): Promise<PaymentEffect[]> {
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
        return [await salePaid(sale, await getSubscription(sale.billing_agreement_id))];
      }
      case 'BILLING.SUBSCRIPTION.ACTIVATED':
      case 'BILLING.SUBSCRIPTION.UPDATED':
      case 'BILLING.SUBSCRIPTION.CANCELLED':
      case 'BILLING.SUBSCRIPTION.SUSPENDED':
      case 'BILLING.SUBSCRIPTION.EXPIRED': {
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
      case 'PAYMENT.CAPTURE.REFUNDED':
      case 'PAYMENT.SALE.REFUNDED': {
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
            fullyRefunded: await refundState(capture ? 'capture' : 'sale', transactionId),
          },
        ];
      }
      default:
        return [];
    }
  }

  return {
    name: 'PAYPAL',

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const { plan } = request;
      const returnUrl = absolute(request.successUrl);
      const cancelUrl = absolute(request.cancelUrl);
      if (request.kind === 'credits') {
        const order = await api<PaypalOrder>(
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
                  brand_name: brandName,
                  user_action: 'PAY_NOW',
                  shipping_preference: 'NO_SHIPPING',
                  payment_method_preference: 'IMMEDIATE_PAYMENT_REQUIRED',
                  return_url: returnUrl,
                  cancel_url: cancelUrl,
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

      if (!plan.interval) throw new GatewayError('This plan has no billing interval');
      const createdPlanId = plan.paypalPlanId ? undefined : await createPlan(plan);
      const subscription = await api<PaypalSubscription>(
        'POST',
        '/v1/billing/subscriptions',
        'checkout',
        {
          plan_id: plan.paypalPlanId || createdPlanId,
          custom_id: request.orderId,
          subscriber: { email_address: request.customerEmail },
          application_context: {
            brand_name: brandName,
            user_action: 'SUBSCRIBE_NOW',
            shipping_preference: 'NO_SHIPPING',
            return_url: returnUrl,
            cancel_url: cancelUrl,
          },
        },
        request.orderId,
      );
      const checkoutUrl = linkOf(subscription.links, 'approve');
      if (!checkoutUrl) throw new GatewayError('PayPal returned no approval page', { subscriptionId: subscription.id });
      return { sessionId: subscription.id, checkoutUrl, ...(createdPlanId ? { createdGatewayPlanId: createdPlanId } : {}) };
    },

    async parseWebhook(rawBody: string, headers: Headers): Promise<GatewayEvent> {
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
        verification = await api('POST', '/v1/notifications/verify-webhook-signature', 'webhook verification', {
          auth_algo: authAlgo,
          cert_url: certUrl,
          transmission_id: transmissionId,
          transmission_sig: transmissionSig,
          transmission_time: transmissionTime,
          webhook_id: options.webhookId,
          webhook_event: event,
        });
      } catch (error) {
        // PayPal refusing the verification request (4xx) is a failed verification; an outage is not.
        if (error instanceof PaypalApiError && error.status < 500)
          throw new WebhookVerificationError(`PayPal refused the verification (${error.issue ?? error.status})`);
        throw error;
      }
      if (verification?.verification_status !== 'SUCCESS') throw new WebhookVerificationError('PayPal did not verify the signature');

      const effects = await effectsOf(event);
      const occurredAt = new Date(event.create_time);
      return { id: event.id, type: event.event_type, occurredAt: Number.isNaN(occurredAt.getTime()) ? new Date() : occurredAt, effects };
    },

    reconcile(order) {
      return order.kind === 'subscription'
        ? reconcileSubscription(order.id, order.gatewaySessionId)
        : reconcileOrder(order.id, order.gatewaySessionId);
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
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
    },

    async cancelSubscription(gatewaySubscriptionId: string): Promise<void> {
      try {
        await api('POST', `/v1/billing/subscriptions/${encodeURIComponent(gatewaySubscriptionId)}/cancel`, 'cancel subscription', {
          reason: 'Cancelled by the customer',
        });
      } catch (error) {
        // Already cancelled or expired at PayPal: the wanted state.
        if (error instanceof PaypalApiError && error.issue === 'SUBSCRIPTION_STATUS_INVALID') return;
        throw error;
      }
    },
  };
}
