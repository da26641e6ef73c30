import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  legacyInvoice,
  legacySubscription,
  signStripeEvent,
  startStripeFake,
  stripeEvent,
  type StripeFake,
} from '@tests/fakes/stripe-server';
import { GatewayError, WebhookVerificationError, type CheckoutRequest, type PaymentEffect, type PaymentGateway } from '../port';
import { createStripeGateway } from './index';

type InvoicePaid = Extract<PaymentEffect, { kind: 'invoice.paid' }>;

/**
 * The Stripe adapter against a local fake of api.stripe.com (tests/fakes/stripe-server.ts) and
 * webhook deliveries signed with the stripe library's own test-header helper.
 */

const WEBHOOK_SECRET = 'whsec_test_0123456789abcdefghijklmnopqrstuv';
let fake: StripeFake;
let stripe: PaymentGateway;

beforeAll(async () => {
  fake = await startStripeFake();
  stripe = createStripeGateway({
    secretKey: fake.secretKey,
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: fake.url,
    publicUrl: 'http://localhost:8787',
  });
});
afterAll(() => fake.close());

let seq = 0;
const packRequest = (over: Partial<CheckoutRequest> = {}): CheckoutRequest => {
  const orderId = `ord_pack${++seq}`;
  return {
    orderId,
    orderNumber: `IS2611${String(seq).padStart(6, '0')}`,
    kind: 'credits',
    method: 'STRIPE',
    plan: {
      id: 'pack_500',
      name: '500 credits',
      priceCents: 1999,
      currency: 'USD',
      credits: 500,
      interval: null,
      gatewayPlanId: null,
    },
    userId: 'usr_buyer',
    customerEmail: 'buyer@example.com',
    successUrl: `http://localhost:8787/payment/stripe/success?orderId=${orderId}`,
    cancelUrl: `http://localhost:8787/payment/stripe/cancel?orderId=${orderId}`,
    publicOrigin: 'http://localhost:8787',
    ...over,
  };
};
const subscriptionRequest = (interval: 'month' | 'year' = 'month', over: Partial<CheckoutRequest> = {}): CheckoutRequest => {
  const base = packRequest();
  return {
    ...base,
    kind: 'subscription',
    plan: {
      id: `plan_pro_${interval}`,
      name: `Pro ${interval}ly`,
      priceCents: interval === 'month' ? 999 : 9990,
      currency: 'USD',
      credits: 1000,
      interval,
      gatewayPlanId: null,
    },
    ...over,
  };
};

const deliver = (event: unknown, opts: { secret?: string; timestamp?: number } = {}) => {
  const { body, headers } = signStripeEvent(event, opts.secret ?? WEBHOOK_SECRET, opts);
  return stripe.parseWebhook(body, headers);
};

/** A paid pack checkout: the session as Stripe shows it after payment. */
async function paidPack() {
  const request = packRequest();
  const { sessionId } = await stripe.createCheckout(request);
  return { request, session: fake.completeSession(sessionId) };
}
async function paidSubscription(interval: 'month' | 'year' = 'month') {
  const request = subscriptionRequest(interval);
  const { sessionId } = await stripe.createCheckout(request);
  const session = fake.completeSession(sessionId);
  return { request, session, subscription: fake.subscription(session.subscription), invoice: fake.invoice(session.invoice) };
}

beforeEach(() => {
  fake.requests.length = 0;
  fake.setRefundStatus('succeeded');
});

describe('Stripe adapter: checkout', () => {
  it('creates a payment-mode session for a pack with inline price, order metadata and an order-derived idempotency key', async () => {
    const request = packRequest();
    const result = await stripe.createCheckout(request);
    expect(result.sessionId).toMatch(/^cs_test_/);
    expect(result.checkoutUrl).toBe(`https://checkout.stripe.com/c/pay/${result.sessionId}#fidkdWxOYHwnPyd1blpxYHZxWjA0`);

    const [call] = fake.calls('POST', '/v1/checkout/sessions');
    expect(call!.headers.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(call!.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(call!.headers['idempotency-key']).toBe(`checkout-${request.orderId}`);
    expect(call!.headers['stripe-version']).toBeTruthy();
    const metadata = { orderId: request.orderId, userId: 'usr_buyer', orderNumber: request.orderNumber };
    expect(call!.form).toEqual({
      mode: 'payment',
      line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: '1999', product_data: { name: '500 credits' } } }],
      client_reference_id: request.orderId,
      metadata,
      payment_intent_data: { metadata },
      // A one-time payment asks Stripe for an invoice, so its receipt can link Stripe's hosted page.
      invoice_creation: { enabled: 'true', invoice_data: { metadata } },
      customer_email: 'buyer@example.com',
      success_url: `${request.successUrl}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: request.cancelUrl,
    });
  });

  it('creates a subscription-mode session with a recurring monthly or yearly price and subscription metadata', async () => {
    for (const interval of ['month', 'year'] as const) {
      fake.requests.length = 0;
      const request = subscriptionRequest(interval);
      await stripe.createCheckout(request);
      const [call] = fake.calls('POST', '/v1/checkout/sessions');
      expect(call!.form.mode).toBe('subscription');
      expect(call!.form.line_items).toEqual([
        {
          quantity: '1',
          price_data: {
            currency: 'usd',
            unit_amount: interval === 'month' ? '999' : '9990',
            product_data: { name: `Pro ${interval}ly` },
            recurring: { interval },
          },
        },
      ]);
      expect(call!.form.subscription_data).toEqual({ metadata: { orderId: request.orderId, userId: 'usr_buyer' } });
      expect(call!.form.payment_intent_data).toBeUndefined();
      expect(call!.form.invoice_creation).toBeUndefined();
      expect(call!.form.client_reference_id).toBe(request.orderId);
    }
  });

  it('uses a pre-created price when the plan has one, and resolves relative callback URLs against the public URL', async () => {
    const request = subscriptionRequest('month', {
      successUrl: '/payment/stripe/success?orderId=ord_rel',
      cancelUrl: '/payment/stripe/cancel?orderId=ord_rel',
    });
    request.plan.gatewayPlanId = 'price_1PRO';
    await stripe.createCheckout(request);
    const [call] = fake.calls('POST', '/v1/checkout/sessions');
    expect(call!.form.line_items).toEqual([{ price: 'price_1PRO', quantity: '1' }]);
    expect(call!.form.success_url).toBe('http://localhost:8787/payment/stripe/success?orderId=ord_rel&session_id={CHECKOUT_SESSION_ID}');
    expect(call!.form.cancel_url).toBe('http://localhost:8787/payment/stripe/cancel?orderId=ord_rel');
  });

  it('gives the same session for the same order twice (idempotency key)', async () => {
    const request = packRequest();
    const first = await stripe.createCheckout(request);
    const second = await stripe.createCheckout(request);
    expect(second).toEqual(first);
  });

  it('retries a retryable 5xx once with the same idempotency key', async () => {
    fake.fail(
      { method: 'POST', path: /^\/v1\/checkout\/sessions$/ },
      500,
      { type: 'api_error', message: 'Something went wrong' },
      { retryable: true },
    );
    const request = packRequest();
    const result = await stripe.createCheckout(request);
    expect(result.sessionId).toMatch(/^cs_test_/);
    const calls = fake.calls('POST', '/v1/checkout/sessions');
    expect(calls).toHaveLength(2);
    expect(calls.map((c) => c.headers['idempotency-key'])).toEqual([`checkout-${request.orderId}`, `checkout-${request.orderId}`]);
  });

  it('turns Stripe errors into GatewayErrors with safe messages and the details kept', async () => {
    fake.fail({ path: /checkout\/sessions/ }, 400, {
      type: 'invalid_request_error',
      code: 'parameter_invalid_integer',
      message: 'Invalid integer: abc',
    });
    const refused = await stripe.createCheckout(packRequest()).catch((e) => e);
    expect(refused).toBeInstanceOf(GatewayError);
    expect(refused.message).toBe('The card payment service refused the request (checkout).');
    expect(refused.detail).toMatchObject({ type: 'StripeInvalidRequestError', code: 'parameter_invalid_integer', statusCode: 400 });

    fake.fail({ path: /checkout\/sessions/ }, 503, { type: 'api_error', message: 'Service unavailable' });
    const down = await stripe.createCheckout(packRequest()).catch((e) => e);
    expect(down).toBeInstanceOf(GatewayError);
    expect(down.message).toMatch(/unavailable/);

    const wrongKey = createStripeGateway({
      secretKey: 'sk_test_wrong_secret_key_value',
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: fake.url,
      publicUrl: 'http://localhost:8787',
    });
    const auth = await wrongKey.createCheckout(packRequest()).catch((e) => e);
    expect(auth).toBeInstanceOf(GatewayError);
    expect(auth.message).not.toContain('sk_test');
    expect(auth.detail).toMatchObject({ statusCode: 401 });
  });

  it('sends a pack as a one-off payment even if its plan has an interval; refuses a subscription without one before calling Stripe', async () => {
    const request = packRequest();
    request.plan = { ...request.plan, interval: 'month' };
    await expect(stripe.createCheckout(request)).resolves.toMatchObject({ sessionId: expect.stringMatching(/^cs_/) });
    expect(fake.calls('POST', '/v1/checkout/sessions')[0]!.form).toMatchObject({ mode: 'payment' });
    expect(fake.calls('POST', '/v1/checkout/sessions')[0]!.form.line_items[0].price_data.recurring).toBeUndefined();
    fake.requests.length = 0;
    await expect(stripe.createCheckout(subscriptionRequest('month', { plan: { ...request.plan, interval: null } }))).rejects.toBeInstanceOf(
      GatewayError,
    );
    expect(fake.requests).toHaveLength(0);
  });
});

describe('Stripe adapter: webhooks', () => {
  it('maps a paid pack checkout to checkout.paid with the payment intent', async () => {
    const { request, session } = await paidPack();
    const event = stripeEvent('checkout.session.completed', session, { created: 1_795_000_000 });
    const parsed = await deliver(event);
    expect(parsed).toEqual({
      id: event.id,
      type: 'checkout.session.completed',
      occurredAt: new Date(1_795_000_000_000),
      effects: [
        {
          kind: 'checkout.paid',
          orderId: request.orderId,
          gatewayTransactionId: session.payment_intent,
          amountCents: 1999,
          currency: 'USD',
        },
      ],
    });
  });

  it('waits for async_payment_succeeded when the session completed unpaid', async () => {
    const { request, session } = await paidPack();
    const unpaid = { ...session, payment_status: 'unpaid' };
    expect((await deliver(stripeEvent('checkout.session.completed', unpaid))).effects).toEqual([]);
    expect((await deliver(stripeEvent('checkout.session.async_payment_succeeded', session))).effects).toEqual([
      { kind: 'checkout.paid', orderId: request.orderId, gatewayTransactionId: session.payment_intent, amountCents: 1999, currency: 'USD' },
    ]);
  });

  it('maps a paid subscription checkout to checkout.paid with the subscription and the first invoice payment', async () => {
    const { request, session, invoice } = await paidSubscription();
    const { effects } = await deliver(stripeEvent('checkout.session.completed', session));
    expect(effects).toEqual([
      {
        kind: 'checkout.paid',
        orderId: request.orderId,
        gatewayTransactionId: fake.invoicePaymentIntent(invoice.id),
        gatewaySubscriptionId: session.subscription,
        amountCents: 999,
        currency: 'USD',
      },
    ]);
    // The payment intent came from the invoice's payments (current API versions leave it out of the invoice).
    expect(fake.calls('GET', '/v1/invoice_payments')[0]!.query).toMatchObject({ invoice: session.invoice, status: 'paid' });
    const charge = fake.chargeForPaymentIntent((effects[0] as { gatewayTransactionId: string }).gatewayTransactionId);
    expect(charge?.amount).toBe(999);
  });

  it('maps expired and failed sessions to checkout.failed', async () => {
    const request = packRequest();
    const { sessionId } = await stripe.createCheckout(request);
    const expired = fake.expireSession(sessionId);
    expect((await deliver(stripeEvent('checkout.session.expired', expired))).effects).toEqual([
      { kind: 'checkout.failed', orderId: request.orderId, status: 'EXPIRED', reason: 'The checkout session expired' },
    ]);
    const failed = { ...expired, status: 'complete', payment_status: 'unpaid' };
    expect((await deliver(stripeEvent('checkout.session.async_payment_failed', failed))).effects).toEqual([
      { kind: 'checkout.failed', orderId: request.orderId, status: 'FAILED', reason: 'The payment failed' },
    ]);
  });

  it('ignores sessions that are not ours (no order reference)', async () => {
    const { session } = await paidPack();
    const foreign = { ...session, client_reference_id: null, metadata: {} };
    expect((await deliver(stripeEvent('checkout.session.completed', foreign))).effects).toEqual([]);
  });

  it('maps invoice.paid (current API shape) with the line period, first flag and payment intent', async () => {
    const { request, session, subscription, invoice } = await paidSubscription();
    const line = invoice.lines.data[0];
    const { effects } = await deliver(stripeEvent('invoice.paid', invoice));
    expect(effects).toEqual([
      {
        kind: 'invoice.paid',
        gatewaySubscriptionId: subscription.id,
        gatewayInvoiceId: invoice.id,
        orderId: request.orderId,
        first: true,
        gatewayTransactionId: expect.stringMatching(/^pi_/),
        amountCents: 999,
        currency: 'USD',
        periodStart: new Date(line.period.start * 1000),
        periodEnd: new Date(line.period.end * 1000),
      },
    ]);
    expect(line.period.end - line.period.start).toBeGreaterThan(27 * 86400);
    expect(session.invoice).toBe(invoice.id);

    const renewal = fake.renew(subscription.id);
    const next = (await deliver(stripeEvent('invoice.paid', renewal))).effects[0] as InvoicePaid;
    expect(next).toMatchObject({
      kind: 'invoice.paid',
      gatewayInvoiceId: renewal.id,
      first: false,
      orderId: request.orderId,
      amountCents: 999,
    });
    expect(next.periodStart).toEqual(new Date(line.period.end * 1000));
    expect(next.gatewayTransactionId).not.toBe((effects[0] as InvoicePaid).gatewayTransactionId);
  });

  it('maps invoice.paid in the pre-2025 shape (subscription and payment intent on the invoice) without extra calls', async () => {
    const { request, subscription, invoice } = await paidSubscription('year');
    const old = legacyInvoice(invoice, 'pi_legacy_123');
    fake.requests.length = 0;
    const { effects } = await deliver(stripeEvent('invoice.paid', old));
    expect(effects).toEqual([
      expect.objectContaining({
        gatewaySubscriptionId: subscription.id,
        orderId: request.orderId,
        first: true,
        gatewayTransactionId: 'pi_legacy_123',
        amountCents: 9990,
      }),
    ]);
    const effect = effects[0] as InvoicePaid;
    expect((effect.periodEnd.getTime() - effect.periodStart.getTime()) / 86400_000).toBeGreaterThanOrEqual(365);
    expect(fake.requests).toHaveLength(0);
  });

  it('falls back to the invoice period when no line carries one, and ignores invoices outside subscriptions', async () => {
    const { subscription, invoice } = await paidSubscription();
    const noLines = {
      ...invoice,
      lines: { object: 'list', data: [], has_more: false },
      period_start: 1_790_000_000,
      period_end: 1_792_000_000,
    };
    const effect = (await deliver(stripeEvent('invoice.paid', noLines))).effects[0];
    expect(effect).toMatchObject({
      gatewaySubscriptionId: subscription.id,
      periodStart: new Date(1_790_000_000_000),
      periodEnd: new Date(1_792_000_000_000),
    });
    const oneOff = { ...invoice, parent: null, billing_reason: 'manual' };
    expect((await deliver(stripeEvent('invoice.paid', oneOff))).effects).toEqual([]);
  });

  it('maps customer.subscription.updated / deleted to subscription.changed with the item periods', async () => {
    const paid = await paidSubscription();
    const { request } = paid;
    const subscription = structuredClone(paid.subscription);
    const item = subscription.items.data[0];
    const period = { periodStart: new Date(item.current_period_start * 1000), periodEnd: new Date(item.current_period_end * 1000) };
    const changed = async (type: string, object: unknown) => (await deliver(stripeEvent(type, object))).effects;
    const base = { kind: 'subscription.changed', gatewaySubscriptionId: subscription.id, orderId: request.orderId, ...period };

    expect(await changed('customer.subscription.updated', subscription)).toEqual([{ ...base, status: 'active', cancelAtPeriodEnd: false }]);
    await stripe.cancelSubscription(subscription.id);
    const cancelling = fake.subscription(subscription.id);
    expect(await changed('customer.subscription.updated', cancelling)).toEqual([{ ...base, status: 'cancelled', cancelAtPeriodEnd: true }]);
    expect(await changed('customer.subscription.updated', { ...subscription, status: 'past_due' })).toEqual([
      { ...base, status: 'suspended', cancelAtPeriodEnd: false },
    ]);
    expect(await changed('customer.subscription.updated', { ...subscription, status: 'unpaid' })).toEqual([
      { ...base, status: 'suspended', cancelAtPeriodEnd: false },
    ]);
    expect(await changed('customer.subscription.updated', { ...subscription, status: 'trialing' })).toEqual([
      { ...base, status: 'active', cancelAtPeriodEnd: false },
    ]);
    expect(await changed('customer.subscription.updated', { ...subscription, status: 'canceled' })).toEqual([
      { ...base, status: 'cancelled', cancelAtPeriodEnd: false },
    ]);
    expect(await changed('customer.subscription.updated', { ...subscription, status: 'incomplete' })).toEqual([]);
    expect(
      await changed('customer.subscription.deleted', { ...subscription, status: 'canceled', ended_at: item.current_period_end }),
    ).toEqual([{ ...base, status: 'expired', cancelAtPeriodEnd: false }]);
    // Older API versions keep the periods on the subscription itself.
    expect(await changed('customer.subscription.updated', legacySubscription(subscription))).toEqual([
      { ...base, status: 'active', cancelAtPeriodEnd: false },
    ]);
  });

  it('maps charge.refunded to payment.refunded with the newest refund (listed when the charge does not carry them)', async () => {
    const { request, session } = await paidPack();
    const charge = fake.chargeForPaymentIntent(session.payment_intent);
    const first = fake.refundFromDashboard(charge.id, 500);
    const partial = (await deliver(stripeEvent('charge.refunded', { ...fake.charge(charge.id) }))).effects;
    expect(partial).toEqual([
      {
        kind: 'payment.refunded',
        gatewayTransactionId: session.payment_intent,
        orderId: request.orderId,
        gatewayRefundId: first.id,
        amountCents: 500,
        fullyRefunded: false,
      },
    ]);
    expect(fake.calls('GET', '/v1/refunds')[0]!.query).toMatchObject({ charge: charge.id, limit: '1' });

    const second = fake.refundFromDashboard(charge.id);
    const full = { ...fake.charge(charge.id), refunds: { object: 'list', data: [second, first], has_more: false } };
    fake.requests.length = 0;
    expect((await deliver(stripeEvent('charge.refunded', full))).effects).toEqual([
      {
        kind: 'payment.refunded',
        gatewayTransactionId: session.payment_intent,
        orderId: request.orderId,
        gatewayRefundId: second.id,
        amountCents: 1999,
        fullyRefunded: true,
      },
    ]);
    expect(fake.requests).toHaveLength(0);
  });

  it('acknowledges other event types with no effects', async () => {
    const event = stripeEvent(
      'payment_intent.succeeded',
      { id: 'pi_123', object: 'payment_intent', status: 'succeeded' },
      { created: 1_795_000_123 },
    );
    expect(await deliver(event)).toEqual({
      id: event.id,
      type: 'payment_intent.succeeded',
      occurredAt: new Date(1_795_000_123_000),
      effects: [],
    });
  });

  it('refuses a tampered body, a wrong secret, a stale timestamp and a missing header', async () => {
    const { session } = await paidPack();
    const event = stripeEvent('checkout.session.completed', session);
    const { body, headers } = signStripeEvent(event, WEBHOOK_SECRET);
    await expect(stripe.parseWebhook(body.replace('"paid"', '"paid" '), headers)).rejects.toBeInstanceOf(WebhookVerificationError);
    await expect(deliver(event, { secret: 'whsec_someone_else_0123456789' })).rejects.toBeInstanceOf(WebhookVerificationError);
    const nowSeconds = Math.floor(Date.now() / 1000);
    await expect(deliver(event, { timestamp: nowSeconds - 301 })).rejects.toThrow(WebhookVerificationError);
    await expect(deliver(event, { timestamp: nowSeconds - 290 })).resolves.toMatchObject({ id: event.id });
    await expect(stripe.parseWebhook(body, new Headers())).rejects.toBeInstanceOf(WebhookVerificationError);
    await expect(stripe.parseWebhook(body, new Headers({ 'stripe-signature': 't=1,v1=00' }))).rejects.toBeInstanceOf(
      WebhookVerificationError,
    );
  });

  it('reports an API failure while reading an event as a GatewayError (Stripe will redeliver)', async () => {
    const { session } = await paidSubscription();
    fake.fail({ path: /invoice_payments/ }, 500, { type: 'api_error', message: 'boom' });
    await expect(deliver(stripeEvent('checkout.session.completed', session))).rejects.toBeInstanceOf(GatewayError);
  });
});

describe('Stripe adapter: reconcile, refund, cancel', () => {
  it('reconciles open, paid, subscription and expired sessions', async () => {
    const request = packRequest();
    const { sessionId } = await stripe.createCheckout(request);
    const order = { id: request.orderId, kind: 'credits' as const, gatewaySessionId: sessionId };
    expect(await stripe.reconcile(order)).toEqual([]);
    const session = fake.completeSession(sessionId);
    expect(await stripe.reconcile(order)).toEqual([
      { kind: 'checkout.paid', orderId: request.orderId, gatewayTransactionId: session.payment_intent, amountCents: 1999, currency: 'USD' },
    ]);

    const sub = subscriptionRequest();
    const created = await stripe.createCheckout(sub);
    const paid = fake.completeSession(created.sessionId);
    const effects = await stripe.reconcile({ id: sub.orderId, kind: 'subscription', gatewaySessionId: created.sessionId });
    expect(effects).toEqual([
      expect.objectContaining({
        kind: 'checkout.paid',
        orderId: sub.orderId,
        gatewaySubscriptionId: paid.subscription,
        gatewayTransactionId: expect.stringMatching(/^pi_/),
      }),
      expect.objectContaining({
        kind: 'invoice.paid',
        gatewayInvoiceId: paid.invoice,
        first: true,
        orderId: sub.orderId,
        amountCents: 999,
      }),
    ]);
    expect(fake.calls('GET', `/v1/checkout/sessions/${created.sessionId}`)[0]!.query).toEqual({ expand: ['invoice'] });

    const other = packRequest();
    const third = await stripe.createCheckout(other);
    fake.expireSession(third.sessionId);
    expect(await stripe.reconcile({ id: other.orderId, kind: 'credits', gatewaySessionId: third.sessionId })).toEqual([
      { kind: 'checkout.failed', orderId: other.orderId, status: 'EXPIRED', reason: 'The checkout session expired' },
    ]);
    await expect(stripe.reconcile({ id: 'ord_x', kind: 'credits', gatewaySessionId: 'cs_test_missing' })).rejects.toBeInstanceOf(
      GatewayError,
    );
  });

  it('refunds the payment intent with the refund id as idempotency key; a repeat does not refund twice', async () => {
    const { request, session } = await paidPack();
    const refundRequest = {
      orderId: request.orderId,
      refundId: 'rfd_001',
      gatewayTransactionId: session.payment_intent,
      amountCents: 1999,
      currency: 'USD',
      reason: 'Requested by customer',
    };
    const result = await stripe.refund(refundRequest);
    expect(result).toEqual({ gatewayRefundId: expect.stringMatching(/^re_/), status: 'COMPLETED' });
    const [call] = fake.calls('POST', '/v1/refunds');
    expect(call!.headers['idempotency-key']).toBe('rfd_001');
    expect(call!.form).toEqual({
      payment_intent: session.payment_intent,
      amount: '1999',
      reason: 'requested_by_customer',
      metadata: { orderId: request.orderId, refundId: 'rfd_001' },
    });

    expect(await stripe.refund(refundRequest)).toEqual(result);
    expect(fake.chargeForPaymentIntent(session.payment_intent).amount_refunded).toBe(1999);

    // A different refund of an already refunded charge is refused by Stripe.
    await expect(stripe.refund({ ...refundRequest, refundId: 'rfd_002' })).rejects.toBeInstanceOf(GatewayError);
  });

  it('reports a pending refund as PENDING', async () => {
    const { request, session } = await paidPack();
    fake.setRefundStatus('pending');
    expect(
      await stripe.refund({
        orderId: request.orderId,
        refundId: 'rfd_pending',
        gatewayTransactionId: session.payment_intent,
        amountCents: 1999,
        currency: 'USD',
        reason: 'x',
      }),
    ).toMatchObject({
      status: 'PENDING',
    });
  });

  it('refunds a subscription order recorded by invoice or session id through the invoice payment', async () => {
    const { request, session, invoice } = await paidSubscription();
    const viaInvoice = await stripe.refund({
      orderId: request.orderId,
      refundId: 'rfd_inv',
      gatewayTransactionId: invoice.id,
      amountCents: 999,
      currency: 'USD',
      reason: 'x',
    });
    expect(viaInvoice.status).toBe('COMPLETED');
    const [call] = fake.calls('POST', '/v1/refunds');
    expect(call!.form.payment_intent).toMatch(/^pi_/);
    expect(fake.chargeForPaymentIntent(call!.form.payment_intent).amount).toBe(999);

    const second = await paidSubscription();
    fake.requests.length = 0;
    await stripe.refund({
      orderId: second.request.orderId,
      refundId: 'rfd_cs',
      gatewayTransactionId: second.session.id,
      amountCents: 999,
      currency: 'USD',
      reason: 'x',
    });
    expect(fake.calls('POST', '/v1/refunds')[0]!.form.payment_intent).toMatch(/^pi_/);
    expect(session.id).not.toBe(second.session.id);
  });

  it('cancels a subscription at period end', async () => {
    const { subscription } = await paidSubscription();
    await stripe.cancelSubscription(subscription.id);
    const [call] = fake.calls('POST', `/v1/subscriptions/${subscription.id}`);
    expect(call!.form).toEqual({ cancel_at_period_end: 'true' });
    expect(fake.subscription(subscription.id)).toMatchObject({ status: 'active', cancel_at_period_end: true });
    await expect(stripe.cancelSubscription('sub_missing')).rejects.toBeInstanceOf(GatewayError);
  });

  it('imports nothing from node: (it runs on Workers)', () => {
    for (const file of ['index.ts', 'checkout.ts', 'events.ts']) {
      const source = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
      expect(source).not.toMatch(/from 'node:|require\(/);
      // Only types come from the SDK, so the bundler leaves it out (client.test.ts checks client.ts).
      expect(source).not.toMatch(/^import (?!type )[^;]*from 'stripe'/m);
    }
  });
});

describe('Stripe adapter: hosted invoices for receipts', () => {
  it('finds the hosted invoice of a one-time payment (through its session) and of each subscription period', async () => {
    const { session } = await paidPack();
    expect(session.invoice).toMatch(/^in_/);
    const pack = await stripe.hostedInvoiceUrl!({ kind: 'credits', gatewaySessionId: session.id, gatewayInvoiceId: null });
    expect(pack).toBe(fake.invoice(session.invoice).hosted_invoice_url);
    expect(pack).toMatch(/^https:\/\/invoice\.stripe\.com\//);

    const { subscription, invoice } = await paidSubscription();
    const first = await stripe.hostedInvoiceUrl!({ kind: 'subscription', gatewaySessionId: null, gatewayInvoiceId: invoice.id });
    expect(first).toBe(invoice.hosted_invoice_url);
    const renewal = fake.renew(subscription.id);
    const next = await stripe.hostedInvoiceUrl!({ kind: 'subscription', gatewaySessionId: 'cs_ignored', gatewayInvoiceId: renewal.id });
    expect(next).toBe(renewal.hosted_invoice_url);
    expect(next).not.toBe(first);
  });

  it('answers null for an unpaid session without an invoice and fails as a gateway error when Stripe does', async () => {
    const { sessionId } = await stripe.createCheckout(packRequest());
    expect(await stripe.hostedInvoiceUrl!({ kind: 'credits', gatewaySessionId: sessionId, gatewayInvoiceId: null })).toBeNull();
    await expect(
      stripe.hostedInvoiceUrl!({ kind: 'subscription', gatewaySessionId: null, gatewayInvoiceId: 'in_missing' }),
    ).rejects.toThrow(GatewayError);
  });
});
