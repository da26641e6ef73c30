import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paypalEvent, signPaypalEvent, startPaypalFake, type PaypalFake } from '@tests/fakes/paypal-server';
import { GatewayError, WebhookVerificationError, type CheckoutRequest, type PaymentGateway } from '../port';
import { createPaypalGateway, isPaypalCertUrl, paypalAmount } from './index';

/** The PayPal adapter against a local fake of PayPal's REST API (tests/fakes/paypal-server.ts). */

let fake: PaypalFake;
let paypal: PaymentGateway;
const gateway = (over: Partial<Parameters<typeof createPaypalGateway>[0]> = {}) =>
  createPaypalGateway({
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    webhookId: fake.webhookId,
    apiUrl: fake.url,
    publicUrl: 'http://localhost:8787',
    brandName: 'Image Studio',
    ...over,
  });

beforeAll(async () => {
  fake = await startPaypalFake();
  paypal = gateway();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.setRefundStatus('COMPLETED');
  fake.setVerifyResponse(null);
  fake.setTokenTtl(32400);
});

let seq = 0;
const packRequest = (over: Partial<CheckoutRequest> = {}): CheckoutRequest => {
  const orderId = `ord_pp${++seq}`;
  return {
    orderId,
    orderNumber: `IS2611PP${String(seq).padStart(4, '0')}`,
    kind: 'credits',
    method: 'PAYPAL',
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
    successUrl: `http://localhost:8787/payment/paypal/success?orderId=${orderId}`,
    cancelUrl: `http://localhost:8787/payment/paypal/cancel?orderId=${orderId}`,
    publicOrigin: 'http://localhost:8787',
    ...over,
  };
};
const subscriptionRequest = (interval: 'month' | 'year' = 'month', paypalPlanId: string | null = null): CheckoutRequest => ({
  ...packRequest(),
  kind: 'subscription',
  plan: {
    id: `plan_pro_${interval}`,
    name: `Pro ${interval}ly`,
    priceCents: interval === 'month' ? 999 : 9990,
    currency: 'USD',
    credits: 1000,
    interval,
    gatewayPlanId: paypalPlanId,
  },
});

const deliver = (event: unknown, override: Record<string, string | null> = {}, webhookId = fake.webhookId) => {
  const { body, headers } = signPaypalEvent(event, webhookId, override);
  return paypal.parseWebhook(body, headers);
};

async function capturedPack() {
  const request = packRequest();
  const { sessionId } = await paypal.createCheckout(request);
  fake.approveOrder(sessionId);
  const effects = await paypal.reconcile({ id: request.orderId, kind: 'credits', gatewaySessionId: sessionId });
  const captureId = (effects[0] as { gatewayTransactionId: string }).gatewayTransactionId;
  return { request, sessionId, captureId, effects };
}
async function activeSubscription(interval: 'month' | 'year' = 'month') {
  const request = subscriptionRequest(interval);
  const checkout = await paypal.createCheckout(request);
  const { subscription, sale } = fake.activateSubscription(checkout.sessionId);
  return { request, checkout, subscription, sale };
}

describe('PayPal adapter: token', () => {
  it('fetches one client-credentials token for several requests, shared by concurrent callers', async () => {
    const fresh = gateway();
    await Promise.all([fresh.createCheckout(packRequest()), fresh.createCheckout(packRequest()), fresh.createCheckout(packRequest())]);
    await fresh.createCheckout(packRequest());
    expect(fake.tokenCalls()).toBe(1);
    const [call] = fake.calls('POST', '/v1/oauth2/token');
    expect(call!.headers.authorization).toBe(`Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64')}`);
    expect(call!.raw).toBe('grant_type=client_credentials');
    for (const r of fake.calls('POST', '/v2/checkout/orders')) expect(r.headers.authorization).toMatch(/^Bearer A21AA/);
  });

  it('renews a token close to expiry, and once after PayPal rejects it', async () => {
    fake.setTokenTtl(60);
    const shortLived = gateway();
    await shortLived.createCheckout(packRequest());
    await shortLived.createCheckout(packRequest());
    expect(fake.tokenCalls()).toBe(2);

    fake.setTokenTtl(32400);
    const revoked = gateway();
    await revoked.createCheckout(packRequest());
    fake.revokeTokens();
    await expect(revoked.createCheckout(packRequest())).resolves.toMatchObject({ sessionId: expect.any(String) });
    expect(fake.tokenCalls()).toBe(4);
  });

  it('reports wrong merchant credentials as a GatewayError', async () => {
    const wrong = gateway({ clientSecret: 'not-the-secret' });
    const error = await wrong.createCheckout(packRequest()).catch((e) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error.message).toBe('PayPal refused the merchant credentials.');
    expect(error.detail).toMatchObject({ status: 401, error: 'invalid_client' });
    expect(fake.calls('POST', '/v2/checkout/orders')).toHaveLength(0);
  });
});

describe('PayPal adapter: packs (Orders v2)', () => {
  it('creates an order with the order id as PayPal-Request-Id and returns the payer-action link', async () => {
    const request = packRequest();
    const result = await paypal.createCheckout(request);
    expect(result.checkoutUrl).toBe(`https://www.sandbox.paypal.com/checkoutnow?token=${result.sessionId}`);
    const [call] = fake.calls('POST', '/v2/checkout/orders');
    expect(call!.headers['paypal-request-id']).toBe(request.orderId);
    expect(call!.headers['content-type']).toBe('application/json');
    expect(call!.body).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: request.orderId,
          custom_id: request.orderId,
          invoice_id: request.orderNumber,
          description: '500 credits',
          amount: { currency_code: 'USD', value: '19.99' },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            brand_name: 'Image Studio',
            user_action: 'PAY_NOW',
            shipping_preference: 'NO_SHIPPING',
            payment_method_preference: 'IMMEDIATE_PAYMENT_REQUIRED',
            return_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
        },
      },
    });
    // Retried creation gives the same PayPal order.
    expect(await paypal.createCheckout(request)).toEqual(result);
  });

  it('captures through reconcile once the buyer approved, exactly once', async () => {
    const request = packRequest();
    const { sessionId } = await paypal.createCheckout(request);
    const order = { id: request.orderId, kind: 'credits' as const, gatewaySessionId: sessionId };
    expect(await paypal.reconcile(order)).toEqual([]);
    expect(fake.calls('POST', /\/capture$/)).toHaveLength(0);

    fake.approveOrder(sessionId);
    const effects = await paypal.reconcile(order);
    const captureId = fake.order(sessionId).purchase_units[0].payments.captures[0].id;
    expect(effects).toEqual([
      { kind: 'checkout.paid', orderId: request.orderId, gatewayTransactionId: captureId, amountCents: 1999, currency: 'USD' },
    ]);
    const [capture] = fake.calls('POST', `/v2/checkout/orders/${sessionId}/capture`);
    expect(capture!.headers['paypal-request-id']).toBe(`capture-${request.orderId}`);

    // Completed now: the same answer from the order, without another capture.
    expect(await paypal.reconcile(order)).toEqual(effects);
    expect(fake.calls('POST', /\/capture$/)).toHaveLength(1);
  });

  it('reads the order again when another poller captured it first', async () => {
    const request = packRequest();
    const { sessionId } = await paypal.createCheckout(request);
    fake.approveOrder(sessionId);
    fake.fail({ method: 'POST', path: /\/capture$/ }, 422, fake.errorBody(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED'), {
      before: () => fake.captureElsewhere(sessionId),
    });
    const effects = await paypal.reconcile({ id: request.orderId, kind: 'credits', gatewaySessionId: sessionId });
    const captureId = fake.order(sessionId).purchase_units[0].payments.captures[0].id;
    expect(effects).toEqual([
      { kind: 'checkout.paid', orderId: request.orderId, gatewayTransactionId: captureId, amountCents: 1999, currency: 'USD' },
    ]);
    expect(fake.calls('GET', `/v2/checkout/orders/${sessionId}`)).toHaveLength(2);
  });

  it('maps a declined capture and a voided order to checkout.failed', async () => {
    const declined = packRequest();
    const a = await paypal.createCheckout(declined);
    fake.approveOrder(a.sessionId);
    fake.declineNextCapture();
    expect(await paypal.reconcile({ id: declined.orderId, kind: 'credits', gatewaySessionId: a.sessionId })).toEqual([
      { kind: 'checkout.failed', orderId: declined.orderId, status: 'FAILED', reason: 'The PayPal payment was declined' },
    ]);
    const voided = packRequest();
    const b = await paypal.createCheckout(voided);
    fake.voidOrder(b.sessionId);
    expect(await paypal.reconcile({ id: voided.orderId, kind: 'credits', gatewaySessionId: b.sessionId })).toEqual([
      { kind: 'checkout.failed', orderId: voided.orderId, status: 'CANCELLED', reason: 'The PayPal order was voided' },
    ]);
  });

  it('turns PayPal errors into GatewayErrors carrying the debug_id', async () => {
    fake.fail({ method: 'POST', path: /^\/v2\/checkout\/orders$/ }, 422, {
      name: 'UNPROCESSABLE_ENTITY',
      message: 'x',
      debug_id: 'dbg0123456789',
      details: [{ issue: 'CURRENCY_NOT_SUPPORTED' }],
    });
    const refused = await paypal.createCheckout(packRequest()).catch((e) => e);
    expect(refused).toBeInstanceOf(GatewayError);
    expect(refused.message).toBe('PayPal refused the request (checkout).');
    expect(refused.detail).toMatchObject({ status: 422, debug_id: 'dbg0123456789', details: [{ issue: 'CURRENCY_NOT_SUPPORTED' }] });

    fake.fail({ method: 'POST', path: /^\/v2\/checkout\/orders$/ }, 503, {
      name: 'SERVICE_UNAVAILABLE',
      message: 'down',
      debug_id: 'dbg503',
    });
    const down = await paypal.createCheckout(packRequest()).catch((e) => e);
    expect(down.message).toBe('PayPal is unavailable (checkout). Please try again later.');
    expect(down.detail).toMatchObject({ status: 503, debug_id: 'dbg503' });

    await expect(paypal.reconcile({ id: 'ord_x', kind: 'credits', gatewaySessionId: 'NOSUCHORDER000000' })).rejects.toMatchObject({
      name: 'GatewayError',
      detail: { status: 404, name: 'RESOURCE_NOT_FOUND', debug_id: expect.any(String) },
    });
  });

  it('formats amounts the way PayPal wants them', () => {
    expect(paypalAmount(1999, 'USD')).toBe('19.99');
    expect(paypalAmount(500, 'usd')).toBe('5.00');
    expect(paypalAmount(120000, 'JPY')).toBe('1200');
  });
});

describe('PayPal adapter: subscriptions', () => {
  it('creates the product and plan when the pricing plan has none, then the subscription', async () => {
    const request = subscriptionRequest('year');
    const result = await paypal.createCheckout(request);
    const [product] = fake.calls('POST', '/v1/catalogs/products');
    expect(product!.body).toMatchObject({ name: 'Pro yearly', type: 'SERVICE' });
    expect(product!.headers['paypal-request-id']).toBeTruthy();
    const [plan] = fake.calls('POST', '/v1/billing/plans');
    expect(plan!.body).toEqual({
      product_id: expect.stringMatching(/^PROD-/),
      name: 'Pro yearly',
      status: 'ACTIVE',
      billing_cycles: [
        {
          frequency: { interval_unit: 'YEAR', interval_count: 1 },
          tenure_type: 'REGULAR',
          sequence: 1,
          total_cycles: 0,
          pricing_scheme: { fixed_price: { value: '99.90', currency_code: 'USD' } },
        },
      ],
      payment_preferences: { auto_bill_outstanding: true, setup_fee_failure_action: 'CANCEL', payment_failure_threshold: 1 },
    });
    const [subscription] = fake.calls('POST', '/v1/billing/subscriptions');
    expect(subscription!.headers['paypal-request-id']).toBe(request.orderId);
    expect(subscription!.body).toEqual({
      plan_id: result.createdGatewayPlanId,
      custom_id: request.orderId,
      subscriber: { email_address: 'buyer@example.com' },
      application_context: {
        brand_name: 'Image Studio',
        user_action: 'SUBSCRIBE_NOW',
        shipping_preference: 'NO_SHIPPING',
        return_url: request.successUrl,
        cancel_url: request.cancelUrl,
      },
    });
    expect(result).toEqual({
      sessionId: expect.stringMatching(/^I-/),
      checkoutUrl: expect.stringMatching(/^https:\/\/www\.sandbox\.paypal\.com\/webapps\/billing\/subscriptions\?ba_token=BA-/),
      createdGatewayPlanId: expect.stringMatching(/^P-/),
    });
  });

  it('uses an existing plan without creating anything else', async () => {
    const first = await paypal.createCheckout(subscriptionRequest('month'));
    fake.requests.length = 0;
    const request = subscriptionRequest('month', first.createdGatewayPlanId!);
    const result = await paypal.createCheckout(request);
    expect(result.createdGatewayPlanId).toBeUndefined();
    expect(fake.calls('POST', '/v1/catalogs/products')).toHaveLength(0);
    expect(fake.calls('POST', '/v1/billing/plans')).toHaveLength(0);
    expect(fake.calls('POST', '/v1/billing/subscriptions')[0]!.body.plan_id).toBe(first.createdGatewayPlanId);
  });

  it('reconciles a subscription: nothing before approval, then active with its dates and the first payment', async () => {
    const request = subscriptionRequest('month');
    const { sessionId } = await paypal.createCheckout(request);
    const order = { id: request.orderId, kind: 'subscription' as const, gatewaySessionId: sessionId };
    expect(await paypal.reconcile(order)).toEqual([]);
    const { subscription, sale } = fake.activateSubscription(sessionId);
    const effects = await paypal.reconcile(order);
    const paidAt = new Date(sale.create_time);
    const nextMonth = new Date(paidAt);
    nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
    expect(effects).toEqual([
      {
        kind: 'subscription.changed',
        gatewaySubscriptionId: sessionId,
        orderId: request.orderId,
        status: 'active',
        periodStart: paidAt,
        periodEnd: new Date(subscription.billing_info.next_billing_time),
        cancelAtPeriodEnd: false,
      },
      {
        kind: 'invoice.paid',
        gatewaySubscriptionId: sessionId,
        gatewayInvoiceId: sale.id,
        orderId: request.orderId,
        first: true,
        gatewayTransactionId: sale.id,
        amountCents: 999,
        currency: 'USD',
        periodStart: paidAt,
        periodEnd: nextMonth,
      },
    ]);
    const [transactions] = fake.calls('GET', `/v1/billing/subscriptions/${sessionId}/transactions`);
    expect(transactions!.query.get('start_time')).toBeTruthy();
  });

  it('fails the checkout of a subscription cancelled before its first payment', async () => {
    const request = subscriptionRequest('month');
    const { sessionId } = await paypal.createCheckout(request);
    fake.subscription(sessionId).status = 'CANCELLED';
    expect(await paypal.reconcile({ id: request.orderId, kind: 'subscription', gatewaySessionId: sessionId })).toEqual([
      {
        kind: 'checkout.failed',
        orderId: request.orderId,
        status: 'CANCELLED',
        reason: 'The PayPal subscription was cancelled before payment',
      },
    ]);
  });

  it('cancels a subscription with a reason; cancelling twice is fine; an unknown one is an error', async () => {
    const { checkout } = await activeSubscription();
    await paypal.cancelSubscription(checkout.sessionId);
    const [call] = fake.calls('POST', `/v1/billing/subscriptions/${checkout.sessionId}/cancel`);
    expect(call!.body).toEqual({ reason: 'Cancelled by the customer' });
    expect(fake.subscription(checkout.sessionId).status).toBe('CANCELLED');
    await expect(paypal.cancelSubscription(checkout.sessionId)).resolves.toBeUndefined();
    await expect(paypal.cancelSubscription('I-NOSUCHSUBSCRIPT')).rejects.toBeInstanceOf(GatewayError);
  });
});

describe('PayPal adapter: webhooks', () => {
  it('verifies through PayPal with the transmission headers, the webhook id and the parsed event', async () => {
    const { request, captureId } = await capturedPack();
    const event = paypalEvent('PAYMENT.CAPTURE.COMPLETED', fake.capture(captureId), { createTime: '2026-11-23T08:00:00Z' });
    fake.requests.length = 0;
    const { body, headers } = signPaypalEvent(event, fake.webhookId);
    const parsed = await paypal.parseWebhook(body, headers);
    expect(parsed).toEqual({
      id: event.id,
      type: 'PAYMENT.CAPTURE.COMPLETED',
      occurredAt: new Date('2026-11-23T08:00:00Z'),
      effects: [{ kind: 'checkout.paid', orderId: request.orderId, gatewayTransactionId: captureId, amountCents: 1999, currency: 'USD' }],
    });
    const [verify] = fake.calls('POST', '/v1/notifications/verify-webhook-signature');
    expect(verify!.body).toEqual({
      auth_algo: 'SHA256withRSA',
      cert_url: headers.get('paypal-cert-url'),
      transmission_id: headers.get('paypal-transmission-id'),
      transmission_sig: headers.get('paypal-transmission-sig'),
      transmission_time: headers.get('paypal-transmission-time'),
      webhook_id: fake.webhookId,
      webhook_event: event,
    });
  });

  it('refuses what PayPal does not verify: a changed body, another webhook, a refused or failed verification call', async () => {
    const { captureId } = await capturedPack();
    const event = paypalEvent('PAYMENT.CAPTURE.COMPLETED', fake.capture(captureId));
    const { body, headers } = signPaypalEvent(event, fake.webhookId);
    await expect(paypal.parseWebhook(body.replace('"19.99"', '"1999.00"'), headers)).rejects.toBeInstanceOf(WebhookVerificationError);
    await expect(deliver(event, {}, 'OTHERWEBHOOK00000')).rejects.toBeInstanceOf(WebhookVerificationError);
    fake.setVerifyResponse({ status: 400, body: fake.errorBody(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER') });
    await expect(deliver(event)).rejects.toBeInstanceOf(WebhookVerificationError);
    // An outage is not a bad signature: the route answers 5xx and PayPal redelivers.
    fake.setVerifyResponse({ status: 503, body: fake.errorBody(503, 'SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE') });
    const outage = await deliver(event).catch((e) => e);
    expect(outage).toBeInstanceOf(GatewayError);
    expect(outage).not.toBeInstanceOf(WebhookVerificationError);
  });

  it('refuses a foreign cert_url and missing headers without calling anything', async () => {
    const event = paypalEvent('PAYMENT.CAPTURE.COMPLETED', { id: 'X', custom_id: 'ord_x', status: 'COMPLETED' });
    fake.requests.length = 0;
    for (const certUrl of [
      'https://evil.example.com/certs/CERT-1',
      'http://api.paypal.com/v1/notifications/certs/CERT-1',
      'https://api.paypal.com.evil.example/certs/CERT-1',
      'https://evil.example/api.paypal.com/certs',
      'https://api.paypal.com@evil.example/certs',
      'https://notpaypal.com/certs',
      'file:///etc/passwd',
      'not a url',
    ]) {
      await expect(deliver(event, { 'paypal-cert-url': certUrl })).rejects.toThrow(WebhookVerificationError);
    }
    for (const header of [
      'paypal-auth-algo',
      'paypal-cert-url',
      'paypal-transmission-id',
      'paypal-transmission-sig',
      'paypal-transmission-time',
    ]) {
      await expect(deliver(event, { [header]: null })).rejects.toThrow(WebhookVerificationError);
    }
    await expect(paypal.parseWebhook('{not json', signPaypalEvent(event, fake.webhookId).headers)).rejects.toThrow(
      WebhookVerificationError,
    );
    expect(fake.requests).toHaveLength(0);
    expect(isPaypalCertUrl('https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1')).toBe(true);
    expect(isPaypalCertUrl('https://paypal.com/cert')).toBe(true);
  });

  it('maps PAYMENT.CAPTURE.DENIED and CHECKOUT.ORDER.VOIDED to checkout.failed', async () => {
    const request = packRequest();
    const { sessionId } = await paypal.createCheckout(request);
    const denied = await deliver(
      paypalEvent('PAYMENT.CAPTURE.DENIED', {
        id: 'CAPDENIED00000001',
        status: 'DECLINED',
        custom_id: request.orderId,
        amount: { currency_code: 'USD', value: '19.99' },
      }),
    );
    expect(denied.effects).toEqual([
      { kind: 'checkout.failed', orderId: request.orderId, status: 'FAILED', reason: 'The PayPal payment was declined' },
    ]);
    const voided = await deliver(paypalEvent('CHECKOUT.ORDER.VOIDED', fake.voidOrder(sessionId)));
    expect(voided.effects).toEqual([
      { kind: 'checkout.failed', orderId: request.orderId, status: 'CANCELLED', reason: 'The PayPal order was voided' },
    ]);
  });

  it('maps PAYMENT.SALE.COMPLETED to invoice.paid: first period, then a renewal a plan interval long', async () => {
    const { request, checkout, sale } = await activeSubscription('year');
    const first = await deliver(paypalEvent('PAYMENT.SALE.COMPLETED', sale, { resourceType: 'sale' }));
    const paidAt = new Date(sale.create_time);
    const nextYear = new Date(paidAt);
    nextYear.setUTCFullYear(nextYear.getUTCFullYear() + 1);
    expect(first.effects).toEqual([
      {
        kind: 'invoice.paid',
        gatewaySubscriptionId: checkout.sessionId,
        gatewayInvoiceId: sale.id,
        orderId: request.orderId,
        first: true,
        gatewayTransactionId: sale.id,
        amountCents: 9990,
        currency: 'USD',
        periodStart: paidAt,
        periodEnd: nextYear,
      },
    ]);
    const renewal = fake.renewSubscription(checkout.sessionId).sale;
    const next = (await deliver(paypalEvent('PAYMENT.SALE.COMPLETED', renewal))).effects[0];
    expect(next).toMatchObject({ gatewayInvoiceId: renewal.id, first: false, orderId: request.orderId, periodStart: nextYear });
    // The plan's interval is read once and remembered.
    expect(fake.calls('GET', /^\/v1\/billing\/plans\//).length).toBeLessThanOrEqual(1);
    // A sale without a billing agreement is not a subscription payment.
    expect((await deliver(paypalEvent('PAYMENT.SALE.COMPLETED', { ...sale, billing_agreement_id: undefined }))).effects).toEqual([]);
  });

  it('maps BILLING.SUBSCRIPTION.* to subscription.changed', async () => {
    const { request, checkout, subscription } = await activeSubscription();
    const base = { kind: 'subscription.changed', gatewaySubscriptionId: checkout.sessionId, orderId: request.orderId };
    const effects = async (type: string, resource: unknown) =>
      (await deliver(paypalEvent(type, resource, { resourceType: 'subscription' }))).effects;
    const dates = {
      periodStart: new Date(subscription.billing_info.last_payment.time),
      periodEnd: new Date(subscription.billing_info.next_billing_time),
    };
    expect(await effects('BILLING.SUBSCRIPTION.ACTIVATED', subscription)).toEqual([
      { ...base, status: 'active', ...dates, cancelAtPeriodEnd: false },
    ]);
    expect(await effects('BILLING.SUBSCRIPTION.UPDATED', subscription)).toEqual([
      { ...base, status: 'active', ...dates, cancelAtPeriodEnd: false },
    ]);
    expect(await effects('BILLING.SUBSCRIPTION.SUSPENDED', { ...subscription, status: 'SUSPENDED' })).toEqual([
      { ...base, status: 'suspended', ...dates, cancelAtPeriodEnd: false },
    ]);
    expect(await effects('BILLING.SUBSCRIPTION.EXPIRED', { ...subscription, status: 'EXPIRED' })).toEqual([
      { ...base, status: 'expired', ...dates, cancelAtPeriodEnd: false },
    ]);
    await paypal.cancelSubscription(checkout.sessionId);
    const cancelled = fake.subscription(checkout.sessionId);
    expect(await effects('BILLING.SUBSCRIPTION.CANCELLED', cancelled)).toEqual([
      { ...base, status: 'cancelled', periodStart: dates.periodStart, cancelAtPeriodEnd: true },
    ]);
    expect(await effects('BILLING.SUBSCRIPTION.UPDATED', { ...subscription, status: 'APPROVAL_PENDING' })).toEqual([]);
  });

  it('maps PAYMENT.CAPTURE.REFUNDED (partial, then full) and PAYMENT.SALE.REFUNDED to payment.refunded', async () => {
    const { request, captureId } = await capturedPack();
    const partial = fake.refundCaptureFromDashboard(captureId, '5.00');
    expect((await deliver(paypalEvent('PAYMENT.CAPTURE.REFUNDED', { ...partial, custom_id: request.orderId }))).effects).toEqual([
      {
        kind: 'payment.refunded',
        gatewayTransactionId: captureId,
        orderId: request.orderId,
        gatewayRefundId: partial.id,
        amountCents: 500,
        fullyRefunded: false,
      },
    ]);
    const rest = fake.refundCaptureFromDashboard(captureId);
    expect((await deliver(paypalEvent('PAYMENT.CAPTURE.REFUNDED', rest))).effects).toEqual([
      { kind: 'payment.refunded', gatewayTransactionId: captureId, gatewayRefundId: rest.id, amountCents: 1999, fullyRefunded: true },
    ]);

    const { sale } = await activeSubscription();
    const saleRefund = fake.refundSaleFromDashboard(sale.id);
    expect((await deliver(paypalEvent('PAYMENT.SALE.REFUNDED', saleRefund))).effects).toEqual([
      { kind: 'payment.refunded', gatewayTransactionId: sale.id, gatewayRefundId: saleRefund.id, amountCents: 999, fullyRefunded: true },
    ]);
  });

  it('acknowledges other event types with no effects', async () => {
    const event = paypalEvent('CUSTOMER.DISPUTE.CREATED', { dispute_id: 'PP-D-1' }, { createTime: '2026-11-20T01:02:03Z' });
    expect(await deliver(event)).toEqual({
      id: event.id,
      type: 'CUSTOMER.DISPUTE.CREATED',
      occurredAt: new Date('2026-11-20T01:02:03Z'),
      effects: [],
    });
  });
});

describe('PayPal adapter: refunds', () => {
  it('refunds a capture with the refund id as PayPal-Request-Id; a repeat refunds nothing more', async () => {
    const { request, captureId } = await capturedPack();
    const refundRequest = {
      orderId: request.orderId,
      refundId: 'rfd_pp1',
      gatewayTransactionId: captureId,
      amountCents: 1999,
      currency: 'USD',
      reason: 'Requested by customer',
    };
    const result = await paypal.refund(refundRequest);
    expect(result).toEqual({ gatewayRefundId: expect.any(String), status: 'COMPLETED' });
    const [call] = fake.calls('POST', `/v2/payments/captures/${captureId}/refund`);
    expect(call!.headers['paypal-request-id']).toBe('rfd_pp1');
    expect(call!.body).toEqual({
      amount: { value: '19.99', currency_code: 'USD' },
      custom_id: request.orderId,
      note_to_payer: 'Requested by customer',
    });
    expect(await paypal.refund(refundRequest)).toEqual(result);
    expect(fake.capture(captureId).status).toBe('REFUNDED');
    await expect(paypal.refund({ ...refundRequest, refundId: 'rfd_pp2' })).rejects.toBeInstanceOf(GatewayError);
  });

  it('reports a pending refund as PENDING', async () => {
    const { request, captureId } = await capturedPack();
    fake.setRefundStatus('PENDING');
    expect(
      await paypal.refund({
        orderId: request.orderId,
        refundId: 'rfd_pp3',
        gatewayTransactionId: captureId,
        amountCents: 1999,
        currency: 'USD',
        reason: 'x',
      }),
    ).toMatchObject({ status: 'PENDING' });
  });

  it('refunds a subscription payment (a v1 sale) when the id is not a capture', async () => {
    const { request, sale } = await activeSubscription();
    const result = await paypal.refund({
      orderId: request.orderId,
      refundId: 'rfd_sale',
      gatewayTransactionId: sale.id,
      amountCents: 999,
      currency: 'USD',
      reason: 'Requested by customer',
    });
    expect(result).toEqual({ gatewayRefundId: expect.any(String), status: 'COMPLETED' });
    const [call] = fake.calls('POST', `/v1/payments/sale/${sale.id}/refund`);
    expect(call!.headers['paypal-request-id']).toBe('rfd_sale');
    expect(call!.body).toEqual({ amount: { total: '9.99', currency: 'USD' }, description: 'Requested by customer' });
    expect(fake.sale(sale.id).state).toBe('refunded');
  });

  it('imports nothing from node: (it runs on Workers)', () => {
    for (const file of ['index.ts', 'client.ts', 'checkout.ts', 'events.ts']) {
      const source = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
      expect(source).not.toMatch(/from 'node:|require\(/);
    }
  });
});
