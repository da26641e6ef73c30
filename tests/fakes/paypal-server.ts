import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small stand-in for PayPal's REST API (api-m.paypal.com), on 127.0.0.1:<random>: OAuth2 client
 * credentials, Orders v2, Catalog products, Billing plans and subscriptions, capture and sale
 * refunds, and verify-webhook-signature.
 *
 * It checks what PayPal checks — Basic client credentials on the token call, a bearer token it issued
 * on every other call, JSON bodies, required fields, PayPal-Request-Id on creating calls (this fake
 * insists on it; PayPal replays the first answer for a repeated id, and so does the fake) — and answers
 * with PayPal's shapes, including `{ name, message, debug_id, details: [{ issue }] }` errors.
 *
 * Webhooks: `signPaypalEvent` produces the `paypal-*` headers; the fake's verify endpoint answers
 * SUCCESS only for an unmodified event signed for the configured webhook id (an HMAC stands in for
 * PayPal's certificate signature: the adapter never checks signatures itself, it asks this endpoint).
 */

export interface PaypalRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: any;
  raw: string;
}

const SIGNING_KEY = 'paypal-fake-signing-key';
export const PAYPAL_CERT_URL = 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270';
let counter = 0;
const alnum = 'ABCDEFGHJKLMNPRSTUVWXY0123456789';
/** PayPal-looking ids: 17 upper-case characters, with an optional prefix (I-, P-, PROD-, WH-). */
export const paypalId = (prefix = '') => {
  let id = (++counter).toString(36).toUpperCase().padStart(4, '0');
  while (id.length < 17) id += alnum[Math.floor(Math.random() * alnum.length)];
  return prefix + id;
};
const iso = (d = new Date()) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
const addMonths = (d: Date, months: number) => {
  const out = new Date(d);
  out.setUTCMonth(out.getUTCMonth() + months);
  return out;
};

const signature = (transmissionId: string, time: string, webhookId: string, event: unknown) =>
  createHmac('sha256', SIGNING_KEY)
    .update(`${transmissionId}|${time}|${webhookId}|${JSON.stringify(event)}`)
    .digest('base64');

/** A webhook event as PayPal delivers it. */
export function paypalEvent(eventType: string, resource: unknown, opts: { id?: string; createTime?: string; resourceType?: string } = {}) {
  return {
    id: opts.id ?? paypalId('WH-'),
    event_version: '1.0',
    create_time: opts.createTime ?? iso(),
    resource_type: opts.resourceType ?? eventType.split('.')[1]?.toLowerCase() ?? 'unknown',
    resource_version: eventType.startsWith('PAYMENT.SALE') ? '1.0' : '2.0',
    event_type: eventType,
    summary: `${eventType} event`,
    resource,
    links: [{ href: `https://api.sandbox.paypal.com/v1/notifications/webhooks-events/${opts.id ?? 'WH'}`, rel: 'self', method: 'GET' }],
  };
}

/** Body + `paypal-*` headers of a delivery signed for `webhookId` (override any header to test refusals). */
export function signPaypalEvent(event: unknown, webhookId: string, override: Record<string, string | null> = {}) {
  const body = JSON.stringify(event);
  const transmissionId = crypto.randomUUID();
  const time = iso();
  const headers = new Headers({
    'content-type': 'application/json',
    'paypal-auth-algo': 'SHA256withRSA',
    'paypal-cert-url': PAYPAL_CERT_URL,
    'paypal-transmission-id': transmissionId,
    'paypal-transmission-sig': signature(transmissionId, time, webhookId, JSON.parse(body)),
    'paypal-transmission-time': time,
  });
  for (const [name, value] of Object.entries(override)) {
    if (value === null) headers.delete(name);
    else headers.set(name, value);
  }
  return { body, headers };
}

interface Failure {
  method?: string;
  path: RegExp;
  status: number;
  body: unknown;
  times: number;
  /** Runs when the failure is served (e.g. another process captures the order meanwhile). */
  before?: () => void;
}

export async function startPaypalFake(
  options: { clientId?: string; clientSecret?: string; webhookId?: string; tokenTtlSeconds?: number } = {},
) {
  const clientId = options.clientId ?? 'AYfakeClientId0123456789';
  const clientSecret = options.clientSecret ?? 'EFfakeClientSecret0123456789';
  const webhookId = options.webhookId ?? '8PT597110X687430LKGECATA';
  let tokenTtl = options.tokenTtlSeconds ?? 32400;
  const tokens = new Set<string>();
  const requests: PaypalRequest[] = [];
  const failures: Failure[] = [];
  const replays = new Map<string, { status: number; body?: unknown }>();
  const orders = new Map<string, any>();
  const captures = new Map<string, any>();
  const products = new Map<string, any>();
  const plans = new Map<string, any>();
  const subscriptions = new Map<string, any>();
  const sales = new Map<string, any>();
  const refunds = new Map<string, any>();
  let url = '';
  let nextRefundStatus: 'COMPLETED' | 'PENDING' = 'COMPLETED';
  let declineNextCapture = false;
  let verifyOverride: { status: number; body: unknown } | null = null;

  const debugId = () => Math.random().toString(16).slice(2, 15);
  const err = (status: number, name: string, message: string, issue?: string, description?: string) => ({
    status,
    body: {
      name,
      message,
      debug_id: debugId(),
      ...(issue ? { details: [{ issue, description: description ?? issue }] } : {}),
      links: [{ href: `https://developer.paypal.com/docs/api/v2/errors/#${issue ?? name}`, rel: 'information_link', method: 'GET' }],
    },
  });
  const invalid = (field: string, issue = 'MISSING_REQUIRED_PARAMETER') =>
    err(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', issue, `field ${field}`);
  const notFound = () =>
    err(
      404,
      'RESOURCE_NOT_FOUND',
      'The specified resource does not exist.',
      'INVALID_RESOURCE_ID',
      'Specified resource ID does not exist. Please check the resource ID and try again.',
    );
  const unprocessable = (issue: string, description?: string) =>
    err(
      422,
      'UNPROCESSABLE_ENTITY',
      'The requested action could not be performed, semantically incorrect, or failed business validation.',
      issue,
      description,
    );
  const money = /^\d+(\.\d{1,2})?$/;

  function createOrder(body: any) {
    if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE') return invalid('/intent');
    const units: any[] = body.purchase_units ?? [];
    if (!units.length) return invalid('/purchase_units');
    for (const unit of units) {
      if (!/^[A-Z]{3}$/.test(unit.amount?.currency_code ?? '')) return invalid('/purchase_units/@reference_id/amount/currency_code');
      if (!money.test(unit.amount?.value ?? '')) return invalid('/purchase_units/@reference_id/amount/value', 'DECIMAL_PRECISION');
      if ((unit.custom_id ?? '').length > 127 || (unit.description ?? '').length > 127)
        return invalid('/purchase_units/custom_id', 'INVALID_STRING_MAX_LENGTH');
    }
    const context = body.payment_source?.paypal?.experience_context ?? body.application_context;
    if (!context?.return_url || !context?.cancel_url) return invalid('/payment_source/paypal/experience_context/return_url');
    const id = paypalId();
    const modern = Boolean(body.payment_source?.paypal);
    const order = {
      id,
      intent: body.intent,
      status: modern ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      create_time: iso(),
      purchase_units: units.map((u) => ({
        ...u,
        reference_id: u.reference_id ?? 'default',
        payee: { email_address: 'merchant@example.com', merchant_id: 'FAKEMERCHANT1' },
      })),
      _context: context,
      links: [
        { href: `${url}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
        modern
          ? { href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`, rel: 'payer-action', method: 'GET' }
          : { href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`, rel: 'approve', method: 'GET' },
        { href: `${url}/v2/checkout/orders/${id}/capture`, rel: 'capture', method: 'POST' },
      ],
    };
    orders.set(id, order);
    return { status: 200, body: { id, status: order.status, payment_source: modern ? { paypal: {} } : undefined, links: order.links } };
  }

  const publicOrder = (order: any) => {
    const { _context, ...rest } = order;
    return rest;
  };

  function captureOrder(id: string) {
    const order = orders.get(id);
    if (!order) return notFound();
    if (order.status === 'COMPLETED')
      return unprocessable('ORDER_ALREADY_CAPTURED', "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.");
    if (order.status !== 'APPROVED') return unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
    if (declineNextCapture) {
      declineNextCapture = false;
      return unprocessable(
        'INSTRUMENT_DECLINED',
        "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
      );
    }
    const unit = order.purchase_units[0];
    const captureId = paypalId();
    const capture = {
      id: captureId,
      status: 'COMPLETED',
      amount: unit.amount,
      final_capture: true,
      seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
      seller_receivable_breakdown: {
        gross_amount: unit.amount,
        paypal_fee: { currency_code: unit.amount.currency_code, value: '0.99' },
        net_amount: unit.amount,
      },
      custom_id: unit.custom_id,
      invoice_id: unit.invoice_id,
      supplementary_data: { related_ids: { order_id: id } },
      create_time: iso(),
      update_time: iso(),
      links: [
        { href: `${url}/v2/payments/captures/${captureId}`, rel: 'self', method: 'GET' },
        { href: `${url}/v2/payments/captures/${captureId}/refund`, rel: 'refund', method: 'POST' },
        { href: `${url}/v2/checkout/orders/${id}`, rel: 'up', method: 'GET' },
      ],
    };
    captures.set(captureId, capture);
    order.status = 'COMPLETED';
    unit.payments = { captures: [capture] };
    return { status: 201, body: publicOrder(order) };
  }

  function createPlan(body: any) {
    if (!products.has(body.product_id)) return invalid('/product_id', 'INVALID_PARAMETER_VALUE');
    if (!body.name) return invalid('/name');
    const cycles: any[] = body.billing_cycles ?? [];
    const regular = cycles.filter((c) => c.tenure_type === 'REGULAR');
    if (regular.length !== 1) return invalid('/billing_cycles', 'INVALID_PARAMETER_VALUE');
    for (const cycle of cycles) {
      if (!['DAY', 'WEEK', 'MONTH', 'YEAR'].includes(cycle.frequency?.interval_unit))
        return invalid('/billing_cycles/frequency/interval_unit');
      if (!Number.isInteger(cycle.sequence) || !Number.isInteger(cycle.total_cycles)) return invalid('/billing_cycles/sequence');
      const price = cycle.pricing_scheme?.fixed_price;
      if (!price || !money.test(price.value ?? '') || !/^[A-Z]{3}$/.test(price.currency_code ?? ''))
        return invalid('/billing_cycles/pricing_scheme/fixed_price');
    }
    if (!body.payment_preferences) return invalid('/payment_preferences');
    const id = paypalId('P-');
    const plan = {
      id,
      product_id: body.product_id,
      name: body.name,
      status: body.status ?? 'ACTIVE',
      billing_cycles: cycles,
      payment_preferences: body.payment_preferences,
      create_time: iso(),
    };
    plans.set(id, plan);
    return {
      status: 201,
      body: {
        id,
        product_id: plan.product_id,
        name: plan.name,
        status: plan.status,
        usage_type: 'LICENSED',
        create_time: plan.create_time,
        links: [{ href: `${url}/v1/billing/plans/${id}`, rel: 'self', method: 'GET' }],
      },
    };
  }

  function createSubscription(body: any) {
    const plan = plans.get(body.plan_id);
    if (!plan) return unprocessable('INVALID_PARAMETER_VALUE', 'The specified plan is not valid.');
    if (plan.status !== 'ACTIVE') return unprocessable('PLAN_STATUS_INVALID');
    if (!body.application_context?.return_url || !body.application_context?.cancel_url) return invalid('/application_context/return_url');
    if ((body.custom_id ?? '').length > 127) return invalid('/custom_id', 'INVALID_STRING_MAX_LENGTH');
    const id = paypalId('I-');
    const token = paypalId('BA-');
    const subscription = {
      id,
      plan_id: plan.id,
      status: 'APPROVAL_PENDING',
      status_update_time: iso(),
      custom_id: body.custom_id,
      quantity: '1',
      subscriber: body.subscriber,
      start_time: iso(),
      create_time: iso(),
      plan_overridden: false,
      links: [
        { href: `https://www.sandbox.paypal.com/webapps/billing/subscriptions?ba_token=${token}`, rel: 'approve', method: 'GET' },
        { href: `${url}/v1/billing/subscriptions/${id}`, rel: 'edit', method: 'PATCH' },
        { href: `${url}/v1/billing/subscriptions/${id}`, rel: 'self', method: 'GET' },
      ],
    };
    subscriptions.set(id, subscription);
    return { status: 201, body: { status: subscription.status, id, create_time: subscription.create_time, links: subscription.links } };
  }

  function refundCapture(id: string, body: any) {
    const capture = captures.get(id);
    if (!capture) return notFound();
    const refunded = Number(capture._refunded ?? 0);
    const value = body?.amount?.value ?? (Number(capture.amount.value) - refunded).toFixed(2);
    if (body?.amount && (!money.test(value) || body.amount.currency_code !== capture.amount.currency_code)) return invalid('/amount');
    if (capture.status === 'REFUNDED') return unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded');
    if (Number(value) + refunded > Number(capture.amount.value) + 1e-9) return unprocessable('REFUND_AMOUNT_EXCEEDED');
    const total = (refunded + Number(value)).toFixed(2);
    capture._refunded = total;
    capture.status = Number(total) >= Number(capture.amount.value) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    const refundId = paypalId();
    const refund = {
      id: refundId,
      amount: { value, currency_code: capture.amount.currency_code },
      status: nextRefundStatus,
      custom_id: body?.custom_id,
      note_to_payer: body?.note_to_payer,
      seller_payable_breakdown: {
        gross_amount: { value, currency_code: capture.amount.currency_code },
        total_refunded_amount: { value: total, currency_code: capture.amount.currency_code },
      },
      create_time: iso(),
      update_time: iso(),
      links: [
        { href: `${url}/v2/payments/refunds/${refundId}`, rel: 'self', method: 'GET' },
        { href: `${url}/v2/payments/captures/${id}`, rel: 'up', method: 'GET' },
      ],
    };
    refunds.set(refundId, refund);
    return { status: 201, body: { id: refundId, status: refund.status, links: refund.links } };
  }

  function refundSale(id: string, body: any) {
    const sale = sales.get(id);
    if (!sale) return err(404, 'INVALID_RESOURCE_ID', 'Requested resource ID was not found.');
    if (sale.state === 'refunded') return err(400, 'TRANSACTION_REFUSED', 'The request was refused.');
    const total = body?.amount?.total ?? (Number(sale.amount.total) - Number(sale._refunded ?? 0)).toFixed(2);
    if (!money.test(total) || (body?.amount && body.amount.currency !== sale.amount.currency))
      return err(400, 'VALIDATION_ERROR', 'Invalid request - see details.');
    const refunded = (Number(sale._refunded ?? 0) + Number(total)).toFixed(2);
    sale._refunded = refunded;
    sale.state = Number(refunded) >= Number(sale.amount.total) ? 'refunded' : 'partially_refunded';
    const refundId = paypalId();
    const refund = {
      id: refundId,
      state: nextRefundStatus.toLowerCase(),
      amount: { total, currency: sale.amount.currency },
      total_refunded_amount: { value: refunded, currency: sale.amount.currency },
      refund_from_received_amount: { value: total, currency: sale.amount.currency },
      sale_id: id,
      parent_payment: paypalId('PAYID-'),
      description: body?.description,
      create_time: iso(),
      update_time: iso(),
      links: [
        { href: `${url}/v1/payments/refund/${refundId}`, rel: 'self', method: 'GET' },
        { href: `${url}/v1/payments/payment/PAYID`, rel: 'parent_payment', method: 'GET' },
        { href: `${url}/v1/payments/sale/${id}`, rel: 'sale', method: 'GET' },
      ],
    };
    refunds.set(refundId, refund);
    return { status: 201, body: refund };
  }

  function verify(body: any) {
    if (verifyOverride) return verifyOverride;
    for (const field of ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id']) {
      if (typeof body?.[field] !== 'string' || !body[field]) return invalid(`/${field}`);
    }
    if (!body.webhook_event || typeof body.webhook_event !== 'object') return invalid('/webhook_event');
    const ok =
      body.webhook_id === webhookId &&
      body.transmission_sig === signature(body.transmission_id, body.transmission_time, body.webhook_id, body.webhook_event);
    return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
  }

  /** A completed subscription payment (v1 sale), as PAYMENT.SALE.COMPLETED carries it. */
  function newSale(subscription: any, at: Date) {
    const plan = plans.get(subscription.plan_id);
    const price = plan.billing_cycles.find((c: any) => c.tenure_type === 'REGULAR').pricing_scheme.fixed_price;
    const id = paypalId();
    const sale = {
      id,
      state: 'completed',
      amount: { total: price.value, currency: price.currency_code, details: { subtotal: price.value } },
      payment_mode: 'INSTANT_TRANSFER',
      protection_eligibility: 'ELIGIBLE',
      transaction_fee: { value: '0.59', currency: price.currency_code },
      billing_agreement_id: subscription.id,
      custom: subscription.custom_id,
      create_time: iso(at),
      update_time: iso(at),
      links: [
        { href: `${url}/v1/payments/sale/${id}`, rel: 'self', method: 'GET' },
        { href: `${url}/v1/payments/sale/${id}/refund`, rel: 'refund', method: 'POST' },
      ],
    };
    sales.set(id, sale);
    const months = plan.billing_cycles[0].frequency.interval_unit === 'YEAR' ? 12 : 1;
    subscription.billing_info = {
      outstanding_balance: { currency_code: price.currency_code, value: '0.00' },
      cycle_executions: [
        {
          tenure_type: 'REGULAR',
          sequence: 1,
          cycles_completed: (subscription.billing_info?.cycle_executions?.[0]?.cycles_completed ?? 0) + 1,
          cycles_remaining: 0,
          total_cycles: 0,
        },
      ],
      last_payment: { amount: { currency_code: price.currency_code, value: price.value }, time: iso(at) },
      next_billing_time: iso(addMonths(at, months)),
      failed_payments_count: 0,
    };
    return sale;
  }

  function handle(method: string, path: string, query: URLSearchParams, body: any): { status: number; body?: unknown } {
    /** The path's one id when the method and pattern match. */
    const pathParam = (verb: string, pattern: RegExp): string | undefined => (method === verb ? path.match(pattern)?.[1] : undefined);
    if (method === 'POST' && path === '/v2/checkout/orders') return createOrder(body);
    const orderId = pathParam('GET', /^\/v2\/checkout\/orders\/([^/]+)$/);
    if (orderId) {
      const order = orders.get(orderId);
      return order ? { status: 200, body: publicOrder(order) } : notFound();
    }
    const captureOrderId = pathParam('POST', /^\/v2\/checkout\/orders\/([^/]+)\/capture$/);
    if (captureOrderId) return captureOrder(captureOrderId);
    const captureId = pathParam('GET', /^\/v2\/payments\/captures\/([^/]+)$/);
    if (captureId) {
      const capture = captures.get(captureId);
      if (!capture) return notFound();
      const { _refunded, ...rest } = capture;
      return { status: 200, body: rest };
    }
    const refundCaptureId = pathParam('POST', /^\/v2\/payments\/captures\/([^/]+)\/refund$/);
    if (refundCaptureId) return refundCapture(refundCaptureId, body);
    const saleId = pathParam('GET', /^\/v1\/payments\/sale\/([^/]+)$/);
    if (saleId) {
      const sale = sales.get(saleId);
      if (!sale) return err(404, 'INVALID_RESOURCE_ID', 'Requested resource ID was not found.');
      const { _refunded, ...rest } = sale;
      return { status: 200, body: rest };
    }
    const refundSaleId = pathParam('POST', /^\/v1\/payments\/sale\/([^/]+)\/refund$/);
    if (refundSaleId) return refundSale(refundSaleId, body);
    if (method === 'POST' && path === '/v1/catalogs/products') {
      if (!body?.name) return invalid('/name');
      if (!['PHYSICAL', 'DIGITAL', 'SERVICE'].includes(body.type)) return invalid('/type', 'INVALID_PARAMETER_VALUE');
      const id = paypalId('PROD-');
      products.set(id, { id, ...body });
      return {
        status: 201,
        body: {
          id,
          name: body.name,
          description: body.description,
          create_time: iso(),
          links: [{ href: `${url}/v1/catalogs/products/${id}`, rel: 'self', method: 'GET' }],
        },
      };
    }
    if (method === 'POST' && path === '/v1/billing/plans') return createPlan(body);
    const planId = pathParam('GET', /^\/v1\/billing\/plans\/([^/]+)$/);
    if (planId) {
      const plan = plans.get(planId);
      return plan ? { status: 200, body: plan } : notFound();
    }
    if (method === 'POST' && path === '/v1/billing/subscriptions') return createSubscription(body);
    const subscriptionId = pathParam('GET', /^\/v1\/billing\/subscriptions\/([^/]+)$/);
    if (subscriptionId) {
      const subscription = subscriptions.get(subscriptionId);
      return subscription ? { status: 200, body: subscription } : notFound();
    }
    const transactionsSubscriptionId = pathParam('GET', /^\/v1\/billing\/subscriptions\/([^/]+)\/transactions$/);
    if (transactionsSubscriptionId) {
      const subscription = subscriptions.get(transactionsSubscriptionId);
      if (!subscription) return notFound();
      const from = query.get('start_time');
      const to = query.get('end_time');
      if (!from || !to || Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to))) return invalid('start_time');
      const transactions = [...sales.values()]
        .filter((s) => s.billing_agreement_id === subscription.id && s.create_time >= from && s.create_time <= to)
        .map((s) => ({
          status: 'COMPLETED',
          id: s.id,
          amount_with_breakdown: {
            gross_amount: { currency_code: s.amount.currency, value: s.amount.total },
            fee_amount: { currency_code: s.amount.currency, value: '0.59' },
          },
          payer_email: subscription.subscriber?.email_address,
          time: s.create_time,
        }));
      return { status: 200, body: { transactions, links: [] } };
    }
    const cancelSubscriptionId = pathParam('POST', /^\/v1\/billing\/subscriptions\/([^/]+)\/cancel$/);
    if (cancelSubscriptionId) {
      const subscription = subscriptions.get(cancelSubscriptionId);
      if (!subscription) return notFound();
      if (!body?.reason) return invalid('/reason');
      if (subscription.status === 'CANCELLED' || subscription.status === 'EXPIRED') {
        return unprocessable(
          'SUBSCRIPTION_STATUS_INVALID',
          'Invalid subscription status for cancel action; subscription status should be active or suspended.',
        );
      }
      subscription.status = 'CANCELLED';
      subscription.status_update_time = iso();
      subscription.status_change_note = body.reason;
      delete subscription.billing_info?.next_billing_time;
      return { status: 204 };
    }
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') return verify(body);
    return notFound();
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const parsedUrl = new URL(req.url ?? '/', 'http://fake');
      const method = req.method ?? 'GET';
      const path = parsedUrl.pathname;
      const send = (status: number, body?: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': debugId() });
        res.end(body === undefined ? '' : JSON.stringify(body));
      };
      const entry: PaypalRequest = { method, path, query: parsedUrl.searchParams, headers: req.headers, body: undefined, raw };
      requests.push(entry);

      if (method === 'POST' && path === '/v1/oauth2/token') {
        const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
        if (req.headers.authorization !== expected)
          return send(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
        if (
          !String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded') ||
          new URLSearchParams(raw).get('grant_type') !== 'client_credentials'
        ) {
          return send(400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
        }
        const token = `A21AA${paypalId()}${paypalId()}`;
        tokens.add(token);
        return send(200, {
          scope: 'https://uri.paypal.com/services/payments/refund https://uri.paypal.com/services/subscriptions',
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-80W284485P519543T',
          expires_in: tokenTtl,
          nonce: `${iso()}${debugId()}`,
        });
      }
      const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!tokens.has(bearer)) return send(401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
      if (raw) {
        if (!String(req.headers['content-type']).startsWith('application/json'))
          return send(415, {
            name: 'UNSUPPORTED_MEDIA_TYPE',
            message: 'The server does not support the request payload’s media type.',
            debug_id: debugId(),
          });
        try {
          entry.body = JSON.parse(raw);
        } catch {
          return send(400, {
            name: 'INVALID_REQUEST',
            message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
            debug_id: debugId(),
            details: [{ issue: 'MALFORMED_REQUEST_JSON' }],
          });
        }
      }
      const creates =
        method === 'POST' &&
        /^\/v2\/checkout\/orders(\/[^/]+\/capture)?$|^\/v1\/billing\/(subscriptions|plans)$|^\/v1\/catalogs\/products$|\/refund$/.test(
          path,
        );
      const requestId = req.headers['paypal-request-id'] as string | undefined;
      if (creates && !requestId)
        return send(400, {
          name: 'INVALID_REQUEST',
          message: 'The fake requires PayPal-Request-Id on creating calls',
          debug_id: debugId(),
          details: [{ issue: 'PAYPAL_REQUEST_ID_REQUIRED' }],
        });
      const failure = failures.find((f) => f.times > 0 && (!f.method || f.method === method) && f.path.test(path));
      if (failure) {
        failure.times -= 1;
        failure.before?.();
        return send(failure.status, failure.body);
      }
      const replayKey = requestId ? `${path} ${requestId}` : undefined;
      const previous = replayKey ? replays.get(replayKey) : undefined;
      if (previous) return send(previous.status, previous.body);
      const result = handle(method, path, parsedUrl.searchParams, entry.body);
      if (replayKey && result.status < 500) replays.set(replayKey, result);
      send(result.status, result.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    clientId,
    clientSecret,
    webhookId,
    requests,
    calls: (method: string, path: string | RegExp) =>
      requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path))),
    tokenCalls: () => requests.filter((r) => r.path === '/v1/oauth2/token').length,
    /** Tokens issued so far stop working (as after a revocation). */
    revokeTokens: () => tokens.clear(),
    setTokenTtl: (seconds: number) => {
      tokenTtl = seconds;
    },
    setRefundStatus: (status: 'COMPLETED' | 'PENDING') => {
      nextRefundStatus = status;
    },
    declineNextCapture: () => {
      declineNextCapture = true;
    },
    /** Make verify-webhook-signature answer this instead of checking (null restores checking). */
    setVerifyResponse: (response: { status: number; body: unknown } | null) => {
      verifyOverride = response;
    },
    fail(match: { method?: string; path: RegExp }, status: number, body: unknown, opts: { times?: number; before?: () => void } = {}) {
      failures.push({ ...match, status, body, times: opts.times ?? 1, before: opts.before });
    },
    /** Captures an approved order as if someone else's call did. */
    captureElsewhere(id: string) {
      const result = captureOrder(id);
      if (result.status !== 201) throw new Error(JSON.stringify(result.body));
    },
    errorBody: (status: number, name: string, issue: string) => err(status, name, name, issue).body,
    order: (id: string) => orders.get(id) && publicOrder(orders.get(id)),
    capture: (id: string) => {
      const capture = captures.get(id);
      if (!capture) return capture;
      const { _refunded, ...rest } = capture;
      return rest;
    },
    refundResource: (id: string) => refunds.get(id),
    /** The refunds of one capture, as PAYMENT.CAPTURE.REFUNDED carries them. */
    refundsOfCapture: (captureId: string) =>
      [...refunds.values()].filter((r) => r.links?.some((l: any) => l.rel === 'up' && l.href.endsWith(`/captures/${captureId}`))),
    plan: (id: string) => plans.get(id),
    subscription: (id: string) => subscriptions.get(id),
    sale: (id: string) => {
      const sale = sales.get(id);
      if (!sale) return sale;
      const { _refunded, ...rest } = sale;
      return rest;
    },

    /** The buyer approves the order on PayPal's page. */
    approveOrder(id: string) {
      const order = orders.get(id);
      order.status = 'APPROVED';
      order.payer = { name: { given_name: 'Pat', surname: 'Buyer' }, email_address: 'buyer@example.com', payer_id: 'FAKEPAYER01' };
      return publicOrder(order);
    },
    voidOrder(id: string) {
      orders.get(id).status = 'VOIDED';
      return publicOrder(orders.get(id));
    },
    /** The buyer approves the subscription and PayPal takes the first payment. */
    activateSubscription(id: string, at = new Date()) {
      const subscription = subscriptions.get(id);
      subscription.status = 'ACTIVE';
      subscription.start_time = iso(at);
      subscription.status_update_time = iso(at);
      subscription.subscriber = { ...subscription.subscriber, payer_id: 'FAKEPAYER01', name: { given_name: 'Pat', surname: 'Buyer' } };
      const sale = newSale(subscription, at);
      return { subscription: structuredClone(subscription), sale: structuredClone(sale) };
    },
    /** The next billing cycle is paid. */
    renewSubscription(id: string) {
      const subscription = subscriptions.get(id);
      const sale = newSale(subscription, new Date(subscription.billing_info.next_billing_time));
      return { subscription: structuredClone(subscription), sale: structuredClone(sale) };
    },
    /** A refund issued from PayPal's dashboard: returns the refund resource PAYMENT.CAPTURE.REFUNDED carries. */
    refundCaptureFromDashboard(captureId: string, value?: string) {
      const result = refundCapture(
        captureId,
        value ? { amount: { value, currency_code: captures.get(captureId).amount.currency_code } } : {},
      );
      if (result.status !== 201) throw new Error(JSON.stringify(result.body));
      return refunds.get((result.body as { id: string }).id);
    },
    refundSaleFromDashboard(saleId: string) {
      const result = refundSale(saleId, {});
      if (result.status !== 201) throw new Error(JSON.stringify(result.body));
      return result.body as any;
    },

    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type PaypalFake = Awaited<ReturnType<typeof startPaypalFake>>;
