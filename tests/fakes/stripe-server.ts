import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A small stand-in for api.stripe.com (the parts the Stripe adapter uses), on 127.0.0.1:<random>.
 *
 * It checks what a real Stripe would refuse — the secret key, form encoding, the Stripe-Version and
 * Idempotency-Key headers, required and mutually exclusive Checkout parameters — and answers with
 * Stripe's error shape (`{ error: { type, code, message, param } }`). Idempotency keys behave like
 * Stripe's: the same key and body replay the first response, the same key with another body is a 400.
 * Objects are kept in memory so a test can "pay" a session and build the webhook events Stripe would
 * send for it, in the current API version's shapes (or the pre-2025 ones with `legacy: true`).
 */

export interface StripeRequest {
  method: string;
  path: string;
  query: Record<string, any>;
  headers: IncomingHttpHeaders;
  /** The decoded form body (nested `a[b][0]` keys turned into objects and arrays). */
  form: Record<string, any>;
  raw: string;
}

interface Failure {
  method?: string;
  path: RegExp;
  status: number;
  error: { type: string; code?: string; message: string };
  retryable: boolean;
  times: number;
}

const API_VERSION = Stripe.API_VERSION;
const now = () => Math.floor(Date.now() / 1000);
let counter = 0;
/** Stripe-looking ids: prefix + 24 characters. */
export const stripeId = (prefix: string) =>
  `${prefix}_test_${(++counter).toString(36).padStart(6, '0')}${Math.random().toString(36).slice(2, 16).padEnd(14, 'x')}`;

/** Decodes Stripe's form bodies (`line_items[0][price_data][currency]=usd`) into nested values. */
export function decodeStripeForm(raw: string): Record<string, any> {
  const root: Record<string, any> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = node[part] ??= {};
    });
  }
  const arrays = (value: any): any => {
    if (!value || typeof value !== 'object') return value;
    const keys = Object.keys(value);
    const out: any = keys.length && keys.every((k) => /^\d+$/.test(k)) ? keys.sort((a, b) => +a - +b).map((k) => value[k]) : { ...value };
    for (const k of Object.keys(out)) out[k] = arrays(out[k]);
    return out;
  };
  return arrays(root);
}

const list = (url: string, data: unknown[]) => ({ object: 'list', data, has_more: false, url });
const addMonths = (seconds: number, months: number) => {
  const d = new Date(seconds * 1000);
  d.setUTCMonth(d.getUTCMonth() + months);
  return Math.floor(d.getTime() / 1000);
};

export async function startStripeFake(options: { secretKey?: string } = {}) {
  const secretKey = options.secretKey ?? 'sk_test_fake_0123456789abcdefghijklmn';
  const requests: StripeRequest[] = [];
  const failures: Failure[] = [];
  const idempotency = new Map<string, { raw: string; status: number; body: unknown }>();
  const sessions = new Map<string, any>();
  const subscriptions = new Map<string, any>();
  const invoices = new Map<string, any>();
  const invoicePayments = new Map<string, any>();
  const charges = new Map<string, any>();
  const refunds = new Map<string, any>();
  let nextRefundStatus: 'succeeded' | 'pending' = 'succeeded';

  const error = (status: number, type: string, message: string, extra: { code?: string; param?: string } = {}) => ({
    status,
    body: { error: { type, message, ...extra, request_log_url: 'https://dashboard.stripe.com/test/logs/req_fake' } },
  });
  const missing = (param: string) =>
    error(400, 'invalid_request_error', `Missing required param: ${param}.`, { code: 'parameter_missing', param });
  const noSuch = (what: string, id: string) =>
    error(404, 'invalid_request_error', `No such ${what}: '${id}'`, { code: 'resource_missing', param: 'id' });

  function createSession(form: Record<string, any>) {
    const mode = form.mode;
    if (mode !== 'payment' && mode !== 'subscription') return error(400, 'invalid_request_error', 'Invalid mode', { param: 'mode' });
    if (!form.success_url) return missing('success_url');
    const items: any[] = Array.isArray(form.line_items) ? form.line_items : [];
    if (!items.length) return missing('line_items');
    for (const [i, item] of items.entries()) {
      if (!item.price && !item.price_data) return missing(`line_items[${i}][price]`);
      if (item.price_data) {
        const p = item.price_data;
        if (!p.currency) return missing(`line_items[${i}][price_data][currency]`);
        if (!/^\d+$/.test(p.unit_amount ?? ''))
          return error(400, 'invalid_request_error', 'Invalid integer: unit_amount', {
            param: `line_items[${i}][price_data][unit_amount]`,
          });
        if (!p.product && !p.product_data?.name) return missing(`line_items[${i}][price_data][product_data][name]`);
        if (mode === 'payment' && p.recurring) {
          return error(
            400,
            'invalid_request_error',
            'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
          );
        }
        if (mode === 'subscription' && !['day', 'week', 'month', 'year'].includes(p.recurring?.interval)) {
          return error(
            400,
            'invalid_request_error',
            'You must provide at least one recurring price in `subscription` mode when using prices.',
          );
        }
      }
      if (!/^\d+$/.test(item.quantity ?? '')) return missing(`line_items[${i}][quantity]`);
    }
    if (mode === 'subscription' && form.payment_intent_data) {
      return error(400, 'invalid_request_error', 'You can not pass `payment_intent_data` in `subscription` mode.', {
        param: 'payment_intent_data',
      });
    }
    if (mode === 'payment' && form.subscription_data) {
      return error(400, 'invalid_request_error', 'You can not pass `subscription_data` in `payment` mode.', { param: 'subscription_data' });
    }
    if (mode === 'subscription' && form.invoice_creation) {
      return error(400, 'invalid_request_error', 'You can only use `invoice_creation` in `payment` mode.', { param: 'invoice_creation' });
    }
    if (form.customer_email && !/^[^@\s]+@[^@\s]+$/.test(form.customer_email))
      return error(400, 'invalid_request_error', 'Invalid email address', { param: 'customer_email' });
    const id = stripeId('cs');
    const item = items[0];
    const amount = item.price_data ? Number(item.price_data.unit_amount) * Number(item.quantity) : 1999;
    const session = {
      id,
      object: 'checkout.session',
      after_expiration: null,
      allow_promotion_codes: null,
      amount_subtotal: amount,
      amount_total: amount,
      billing_address_collection: null,
      cancel_url: form.cancel_url ?? null,
      client_reference_id: form.client_reference_id ?? null,
      created: now(),
      currency: item.price_data?.currency ?? 'usd',
      customer: null,
      customer_creation: mode === 'payment' ? 'if_required' : 'always',
      customer_details: null,
      customer_email: form.customer_email ?? null,
      expires_at: now() + 24 * 3600,
      invoice: null,
      livemode: false,
      locale: null,
      metadata: form.metadata ?? {},
      mode,
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: form.success_url,
      ui_mode: 'hosted',
      url: `https://checkout.stripe.com/c/pay/${id}#fidkdWxOYHwnPyd1blpxYHZxWjA0`,
      // Not part of Stripe's answer: what the fake needs to complete the session later.
      invoice_creation: mode === 'payment' ? { enabled: form.invoice_creation?.enabled === 'true', invoice_data: {} } : null,
      _private: { lineItem: item, subscriptionData: form.subscription_data, paymentIntentData: form.payment_intent_data },
    };
    sessions.set(id, session);
    return { status: 200, body: session };
  }

  const publicObject = (o: any) => {
    if (!o) return o;
    const { _private, ...rest } = o;
    return rest;
  };

  function newCharge(amount: number, paymentIntent: string, metadata: Record<string, string>) {
    const charge = {
      id: stripeId('ch'),
      object: 'charge',
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      captured: true,
      created: now(),
      currency: 'usd',
      livemode: false,
      // Charges created by a PaymentIntent carry a copy of its metadata.
      metadata: { ...metadata },
      paid: true,
      payment_intent: paymentIntent,
      refunded: false,
      status: 'succeeded',
    };
    charges.set(charge.id, charge);
    return charge;
  }

  const hostedInvoiceUrl = (id: string) => `https://invoice.stripe.com/i/acct_fake/test_${id.slice(3)}`;

  /** The post-purchase invoice of a payment-mode session with `invoice_creation` (already paid, no subscription). */
  function newOneTimeInvoice(session: any) {
    const id = stripeId('in');
    const created = now();
    const invoice = {
      id,
      object: 'invoice',
      amount_due: session.amount_total,
      amount_paid: session.amount_total,
      amount_remaining: 0,
      billing_reason: 'manual',
      collection_method: 'charge_automatically',
      created,
      currency: session.currency,
      customer: session.customer,
      livemode: false,
      metadata: {},
      parent: null,
      status: 'paid',
      status_transitions: { paid_at: created, finalized_at: created },
      total: session.amount_total,
      hosted_invoice_url: hostedInvoiceUrl(id),
      invoice_pdf: `${hostedInvoiceUrl(id)}/pdf`,
      _private: { paymentIntent: session.payment_intent },
    };
    invoices.set(id, invoice);
    return invoice;
  }

  /** An invoice for one period of a subscription, paid by a new payment intent. */
  function newInvoice(
    subscription: any,
    billingReason: 'subscription_create' | 'subscription_cycle',
    start: number,
    end: number,
    amount: number,
  ) {
    const id = stripeId('in');
    const paymentIntent = stripeId('pi');
    const charge = newCharge(amount, paymentIntent, {});
    const invoice = {
      id,
      object: 'invoice',
      account_country: 'US',
      amount_due: amount,
      amount_paid: amount,
      amount_remaining: 0,
      attempt_count: 1,
      attempted: true,
      billing_reason: billingReason,
      collection_method: 'charge_automatically',
      created: start,
      currency: 'usd',
      customer: subscription.customer,
      lines: list(`/v1/invoices/${id}/lines`, [
        {
          id: stripeId('il'),
          object: 'line_item',
          amount,
          currency: 'usd',
          description: `1 × Plan (at $${(amount / 100).toFixed(2)} / month)`,
          invoice: id,
          livemode: false,
          metadata: {},
          parent: {
            type: 'subscription_item_details',
            subscription_item_details: {
              invoice_item: null,
              proration: false,
              subscription: subscription.id,
              subscription_item: subscription.items.data[0].id,
            },
          },
          period: { start, end },
          quantity: 1,
        },
      ]),
      livemode: false,
      metadata: {},
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
      },
      // The invoice's own period is the billing run's: for a first invoice start and end are both "now".
      period_end: start,
      period_start: billingReason === 'subscription_create' ? start : addMonths(start, -1),
      status: 'paid',
      status_transitions: { paid_at: start, finalized_at: start },
      total: amount,
      hosted_invoice_url: hostedInvoiceUrl(id),
      invoice_pdf: `${hostedInvoiceUrl(id)}/pdf`,
      _private: { paymentIntent, charge: charge.id },
    };
    invoices.set(id, invoice);
    const payment = {
      id: stripeId('inpay'),
      object: 'invoice_payment',
      amount_paid: amount,
      amount_requested: amount,
      created: start,
      currency: 'usd',
      invoice: id,
      is_default: true,
      livemode: false,
      payment: { type: 'payment_intent', payment_intent: paymentIntent },
      status: 'paid',
      status_transitions: { canceled_at: null, paid_at: start },
    };
    invoicePayments.set(payment.id, payment);
    return invoice;
  }

  function handle(method: string, path: string, query: Record<string, any>, form: Record<string, any>): { status: number; body: unknown } {
    /** The path's one id when the method and pattern match. */
    const pathParam = (verb: string, pattern: RegExp): string | undefined => (method === verb ? path.match(pattern)?.[1] : undefined);
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(form);
    const sessionId = pathParam('GET', /^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (sessionId) {
      const session = sessions.get(sessionId);
      if (!session) return noSuch('checkout.session', sessionId);
      const expand: string[] = query.expand ?? [];
      const body = publicObject(session);
      if (expand.includes('invoice') && session.invoice) body.invoice = publicObject(invoices.get(session.invoice));
      return { status: 200, body };
    }
    const invoiceId = pathParam('GET', /^\/v1\/invoices\/([^/]+)$/);
    if (invoiceId) {
      const invoice = invoices.get(invoiceId);
      return invoice ? { status: 200, body: publicObject(invoice) } : noSuch('invoice', invoiceId);
    }
    if (method === 'GET' && path === '/v1/invoice_payments') {
      const data = [...invoicePayments.values()].filter(
        (p) => (!query.invoice || p.invoice === query.invoice) && (!query.status || p.status === query.status),
      );
      return { status: 200, body: list('/v1/invoice_payments', data) };
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const data = [...refunds.values()]
        .filter((r) => !query.charge || r.charge === query.charge)
        .sort((a, b) => b.created - a.created || (b.id > a.id ? 1 : -1));
      return { status: 200, body: list('/v1/refunds', data.slice(0, Number(query.limit ?? 10))) };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      let charge: any;
      if (form.charge) charge = charges.get(form.charge);
      else if (form.payment_intent) charge = [...charges.values()].find((c) => c.payment_intent === form.payment_intent);
      else return missing('payment_intent');
      if (!charge) return noSuch(form.charge ? 'charge' : 'payment_intent', form.charge ?? form.payment_intent);
      const amount = form.amount === undefined ? charge.amount - charge.amount_refunded : Number(form.amount);
      if (charge.refunded)
        return error(400, 'invalid_request_error', `Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
      if (!Number.isInteger(amount) || amount <= 0 || amount > charge.amount - charge.amount_refunded) {
        return error(
          400,
          'invalid_request_error',
          `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge`,
          { param: 'amount' },
        );
      }
      if (form.reason && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(form.reason))
        return error(400, 'invalid_request_error', 'Invalid reason', { param: 'reason' });
      const refund = {
        id: stripeId('re'),
        object: 'refund',
        amount,
        balance_transaction: null,
        charge: charge.id,
        created: now(),
        currency: 'usd',
        metadata: form.metadata ?? {},
        payment_intent: charge.payment_intent,
        reason: form.reason ?? null,
        status: nextRefundStatus,
      };
      refunds.set(refund.id, refund);
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded === charge.amount;
      return { status: 200, body: refund };
    }
    const updateSubscriptionId = pathParam('POST', /^\/v1\/subscriptions\/([^/]+)$/);
    if (updateSubscriptionId) {
      const subscription = subscriptions.get(updateSubscriptionId);
      if (!subscription) return noSuch('subscription', updateSubscriptionId);
      if (subscription.status === 'canceled') {
        return error(400, 'invalid_request_error', 'A canceled subscription can only update its cancellation_details and metadata.');
      }
      if (form.cancel_at_period_end !== undefined) {
        subscription.cancel_at_period_end = form.cancel_at_period_end === 'true';
        subscription.cancel_at = subscription.cancel_at_period_end ? subscription.items.data[0].current_period_end : null;
        subscription.canceled_at = subscription.cancel_at_period_end ? now() : null;
      }
      return { status: 200, body: subscription };
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://fake');
      const method = req.method ?? 'GET';
      const entry: StripeRequest = {
        method,
        path: url.pathname,
        query: decodeStripeForm(url.search.slice(1)),
        headers: req.headers,
        form: raw ? decodeStripeForm(raw) : {},
        raw,
      };
      requests.push(entry);
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${(++counter).toString(36)}`,
          'stripe-version': API_VERSION,
          ...headers,
        });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
        return send(401, {
          error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(8)}` },
        });
      }
      if (!req.headers['stripe-version'])
        return send(400, { error: { type: 'invalid_request_error', message: 'Missing Stripe-Version header' } });
      if (method === 'POST') {
        if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
          return send(400, { error: { type: 'invalid_request_error', message: 'Invalid request: bodies must be form-encoded' } });
        }
        if (!req.headers['idempotency-key'])
          return send(400, { error: { type: 'invalid_request_error', message: 'The fake requires an Idempotency-Key on every POST' } });
      }
      const failure = failures.find((f) => f.times > 0 && (!f.method || f.method === method) && f.path.test(url.pathname));
      if (failure) {
        failure.times -= 1;
        return send(failure.status, { error: failure.error }, { 'stripe-should-retry': String(failure.retryable) });
      }
      const key = method === 'POST' ? String(req.headers['idempotency-key']) : undefined;
      const previous = key ? idempotency.get(key) : undefined;
      if (previous) {
        if (previous.raw !== raw) {
          return send(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          });
        }
        return send(previous.status, previous.body, { 'idempotent-replayed': 'true' });
      }
      const result = handle(method, url.pathname, entry.query, entry.form);
      const body = JSON.parse(JSON.stringify(result.body, (k, v) => (k === '_private' ? undefined : v)));
      if (key) idempotency.set(key, { raw, status: result.status, body });
      send(result.status, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    secretKey,
    requests,
    /** Requests to one endpoint, e.g. `calls('POST', '/v1/refunds')`. */
    calls: (method: string, path: string | RegExp) =>
      requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path))),
    /** The next `times` matching calls answer `status` with Stripe's error shape. */
    fail(
      match: { method?: string; path: RegExp },
      status: number,
      error: Failure['error'],
      opts: { times?: number; retryable?: boolean } = {},
    ) {
      failures.push({ ...match, status, error, times: opts.times ?? 1, retryable: opts.retryable ?? false });
    },
    setRefundStatus(status: 'succeeded' | 'pending') {
      nextRefundStatus = status;
    },
    session: (id: string) => publicObject(sessions.get(id)),
    subscription: (id: string) => subscriptions.get(id),
    invoice: (id: string) => publicObject(invoices.get(id)),
    charge: (id: string) => charges.get(id),
    /** The payment intent that paid an invoice (Stripe shows it through /v1/invoice_payments). */
    invoicePaymentIntent: (invoiceId: string): string => invoices.get(invoiceId)?._private.paymentIntent,
    chargeForPaymentIntent: (pi: string) => [...charges.values()].find((c) => c.payment_intent === pi),

    /**
     * The customer pays a session: a payment intent + charge for a pack, or a subscription with its
     * first invoice for a subscription checkout. Returns the session as Stripe would now show it.
     */
    completeSession(id: string) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no session ${id}`);
      const created = now();
      session.status = 'complete';
      session.payment_status = 'paid';
      session.customer = stripeId('cus');
      session.customer_details = { email: session.customer_email, name: null, address: null, phone: null, tax_exempt: 'none', tax_ids: [] };
      if (session.mode === 'payment') {
        session.payment_intent = stripeId('pi');
        newCharge(session.amount_total, session.payment_intent, session._private.paymentIntentData?.metadata ?? {});
        if (session.invoice_creation?.enabled) session.invoice = newOneTimeInvoice(session).id;
      } else {
        const interval = session._private.lineItem.price_data?.recurring?.interval ?? 'month';
        const end = addMonths(created, interval === 'year' ? 12 : 1);
        const subscription = {
          id: stripeId('sub'),
          object: 'subscription',
          billing_cycle_anchor: created,
          cancel_at: null,
          cancel_at_period_end: false,
          canceled_at: null,
          collection_method: 'charge_automatically',
          created,
          currency: 'usd',
          customer: session.customer,
          ended_at: null,
          items: list('/v1/subscription_items', [
            {
              id: stripeId('si'),
              object: 'subscription_item',
              created,
              current_period_end: end,
              current_period_start: created,
              metadata: {},
              price: {
                id: stripeId('price'),
                object: 'price',
                currency: 'usd',
                recurring: { interval, interval_count: 1 },
                unit_amount: session.amount_total,
              },
              quantity: 1,
            },
          ]),
          latest_invoice: null as string | null,
          livemode: false,
          metadata: session._private.subscriptionData?.metadata ?? {},
          start_date: created,
          status: 'active',
        };
        subscriptions.set(subscription.id, subscription);
        const invoice = newInvoice(subscription, 'subscription_create', created, end, session.amount_total);
        subscription.latest_invoice = invoice.id;
        session.subscription = subscription.id;
        session.invoice = invoice.id;
      }
      return publicObject(session);
    },

    expireSession(id: string) {
      const session = sessions.get(id);
      session.status = 'expired';
      return publicObject(session);
    },

    /** The next period of a subscription is billed and paid. */
    renew(subscriptionId: string) {
      const subscription = subscriptions.get(subscriptionId);
      const item = subscription.items.data[0];
      const start = item.current_period_end;
      const end = addMonths(start, item.price.recurring.interval === 'year' ? 12 : 1);
      item.current_period_start = start;
      item.current_period_end = end;
      const invoice = newInvoice(subscription, 'subscription_cycle', start, end, item.price.unit_amount);
      subscription.latest_invoice = invoice.id;
      return publicObject(invoice);
    },

    /** A refund made from the dashboard (or by our refund call): the charge as `charge.refunded` carries it. */
    refundFromDashboard(chargeId: string, amount?: number) {
      const result = handle('POST', '/v1/refunds', {}, { charge: chargeId, ...(amount ? { amount: String(amount) } : {}) });
      if (result.status !== 200) throw new Error(JSON.stringify(result.body));
      return result.body as any;
    },

    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type StripeFake = Awaited<ReturnType<typeof startStripeFake>>;

/** A webhook event as Stripe delivers it (snapshot payload). */
export function stripeEvent(type: string, object: unknown, opts: { id?: string; created?: number; previousAttributes?: unknown } = {}) {
  return {
    id: opts.id ?? stripeId('evt'),
    object: 'event',
    api_version: API_VERSION,
    created: opts.created ?? now(),
    data: { object, ...(opts.previousAttributes ? { previous_attributes: opts.previousAttributes } : {}) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** Body + headers of a delivery, signed like Stripe signs them (optionally at another time or with another secret). */
export function signStripeEvent(event: unknown, secret: string, opts: { timestamp?: number } = {}) {
  const body = JSON.stringify(event, null, 2);
  const header = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret,
    ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
  });
  return { body, headers: new Headers({ 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header }) };
}

/** The pre-2025 (e.g. 2024-06-20) invoice shape: subscription and payment intent at the top level. */
export function legacyInvoice(invoice: any, paymentIntent: string) {
  const details = invoice.parent.subscription_details;
  const { parent, ...rest } = invoice;
  return {
    ...rest,
    subscription: details.subscription,
    subscription_details: { metadata: details.metadata },
    payment_intent: paymentIntent,
    charge: null,
    lines: {
      ...invoice.lines,
      data: invoice.lines.data.map(({ parent: lineParent, ...line }: any) => ({
        ...line,
        type: 'subscription',
        subscription: details.subscription,
      })),
    },
  };
}

/** The pre-2025 subscription shape: periods at the top level, none on items. */
export function legacySubscription(subscription: any) {
  const item = subscription.items.data[0];
  return {
    ...subscription,
    current_period_start: item.current_period_start,
    current_period_end: item.current_period_end,
    items: {
      ...subscription.items,
      data: subscription.items.data.map(({ current_period_start, current_period_end, ...rest }: any) => rest),
    },
  };
}
