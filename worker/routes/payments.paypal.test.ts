import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@db/client';
import { paypalEvent, signPaypalEvent, type PaypalFake } from '@tests/fakes/paypal-server';
import { manualClock, type TestApp } from '@tests/setup/test-app';
import { runMaintenance } from '../jobs/maintenance';
import { balanceOf, createLivePaymentsApp, expectLedgerConsistent, orderRow } from './payments.test-support';

/**
 * Live PayPal payments through the API with the real PayPal adapter against a local fake of PayPal's
 * REST API: the status poll captures approved orders (reconcile), webhooks are verified through the
 * fake's verify-webhook-signature endpoint, and replays change nothing.
 */

let live: Awaited<ReturnType<typeof createLivePaymentsApp>>;
let t: TestApp;
let paypal: PaypalFake;
let newUser: typeof live.newUser;
let checkout: typeof live.checkout;
// Starts at the real time: the fake PayPal stamps its objects with the wall clock.
const clock = manualClock(new Date());

beforeAll(async () => {
  live = await createLivePaymentsApp({ gateway: 'PAYPAL', stripeWebhookSecret: 'whsec_route_test_paypal_file_0123456', clock });
  ({ t, paypal, newUser, checkout } = live);
});
afterAll(() => live?.close());

const status = async (token: string, orderId: string) => (await t.request(`/api/v2/payment/order/${orderId}/status`, { token })).json();
const deliver = (event: unknown, override: Record<string, string | null> = {}) => {
  const { body, headers } = signPaypalEvent(event, paypal.webhookId, override);
  return t.request('/api/webhooks/paypal', { method: 'POST', headers, body });
};
async function deliverOk(event: unknown) {
  const res = await deliver(event);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { received: true; duplicate: boolean };
}
const processed = (eventIds: string[]) =>
  t.deps.db
    .select()
    .from(schema.processedWebhookEvents)
    .where(and(eq(schema.processedWebhookEvents.gateway, 'PAYPAL'), inArray(schema.processedWebhookEvents.eventId, eventIds)));
const grantsFor = (orderId: string) =>
  t.deps.db
    .select()
    .from(schema.creditLedger)
    .where(eq(schema.creditLedger.movementKey, `order:${orderId}`));

describe('PayPal live payments through the API', () => {
  it('captures an approved pack through the status poll, once; PAYMENT.CAPTURE.COMPLETED replays change nothing', async () => {
    const { token, userId } = await newUser();
    const { orderId, checkoutUrl, sessionId } = await checkout(token, { packageId: 'pack_500' });
    expect(checkoutUrl).toBe(`https://www.sandbox.paypal.com/checkoutnow?token=${sessionId}`);
    const [create] = paypal.calls('POST', '/v2/checkout/orders').filter((c) => c.body.purchase_units[0].custom_id === orderId);
    expect(create!.headers['paypal-request-id']).toBe(orderId);
    expect(create!.body.payment_source.paypal.experience_context).toMatchObject({
      return_url: `${t.config.PUBLIC_URL}/payment/paypal/success?orderId=${orderId}`,
      cancel_url: `${t.config.PUBLIC_URL}/payment/paypal/cancel?orderId=${orderId}`,
    });

    // Not approved yet: the poll asks PayPal and keeps waiting.
    expect(await status(token, orderId)).toMatchObject({ status: 'PENDING', creditsAdded: 0 });
    paypal.approveOrder(sessionId);
    const paid = await status(token, orderId);
    const captureId = paypal.order(sessionId).purchase_units[0].payments.captures[0].id;
    expect(paid).toMatchObject({ success: true, status: 'PAID', creditsAdded: 500, gatewayTransactionId: captureId });
    expect(await status(token, orderId)).toEqual(paid);
    expect(paypal.calls('POST', `/v2/checkout/orders/${sessionId}/capture`)).toHaveLength(1);

    const completed = paypalEvent('PAYMENT.CAPTURE.COMPLETED', paypal.capture(captureId));
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await deliverOk(completed));
    expect(results.map((r) => r.duplicate)).toEqual([false, true, true, true]);
    expect(await processed([completed.id])).toHaveLength(1);
    expect(await grantsFor(orderId)).toHaveLength(1);
    expect(await balanceOf(t, token)).toMatchObject({ paid: 500, free: 20 });
    await expectLedgerConsistent(t, userId);
  });

  it('grants once when the webhook comes before the poll', async () => {
    const { token } = await newUser();
    const { orderId, sessionId } = await checkout(token, { packageId: 'pack_100' });
    paypal.approveOrder(sessionId);
    // Someone else's capture (e.g. a second tab) makes PayPal send the webhook first.
    paypal.captureElsewhere(sessionId);
    const captureId = paypal.order(sessionId).purchase_units[0].payments.captures[0].id;
    await deliverOk(paypalEvent('PAYMENT.CAPTURE.COMPLETED', paypal.capture(captureId)));
    expect(await status(token, orderId)).toMatchObject({ status: 'PAID', creditsAdded: 100, gatewayTransactionId: captureId });
    expect(await grantsFor(orderId)).toHaveLength(1);
  });

  it('subscribes through PayPal: the plan is created once, the poll activates and credits, sale replays change nothing, a renewal adds a period', async () => {
    const first = await newUser();
    const { orderId, checkoutUrl, sessionId } = await checkout(first.token, { planId: 'plan_pro_monthly' });
    expect(checkoutUrl).toMatch(/^https:\/\/www\.sandbox\.paypal\.com\/webapps\/billing\/subscriptions\?ba_token=/);
    const [plan] = await t.deps.db.select().from(schema.gatewayPlans).where(eq(schema.gatewayPlans.planId, 'plan_pro_monthly'));
    expect(plan).toMatchObject({ gateway: 'PAYPAL', externalId: expect.stringMatching(/^P-/) });
    expect(paypal.plan(plan!.externalId).billing_cycles[0]).toMatchObject({
      frequency: { interval_unit: 'MONTH' },
      pricing_scheme: { fixed_price: { value: '19.99', currency_code: 'USD' } },
    });

    // Another customer's checkout reuses the stored plan.
    const second = await newUser();
    await checkout(second.token, { planId: 'plan_pro_monthly' });
    expect(paypal.calls('POST', '/v1/billing/plans')).toHaveLength(1);
    expect(paypal.calls('POST', '/v1/catalogs/products')).toHaveLength(1);

    expect(await status(first.token, orderId)).toMatchObject({ status: 'PENDING' });
    const { subscription, sale } = paypal.activateSubscription(sessionId);
    expect(await status(first.token, orderId)).toMatchObject({ status: 'PAID', creditsAdded: 500, gatewayTransactionId: sale.id });
    const [sub] = await t.deps.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, first.userId));
    expect(sub).toMatchObject({ gateway: 'PAYPAL', gatewaySubscriptionId: sessionId, status: 'active', initialOrderId: orderId });

    const saleCompleted = paypalEvent('PAYMENT.SALE.COMPLETED', sale);
    const activated = paypalEvent('BILLING.SUBSCRIPTION.ACTIVATED', subscription);
    for (const event of [saleCompleted, activated, saleCompleted, activated, saleCompleted]) await deliverOk(event);
    expect(await grantsFor(orderId)).toHaveLength(1);
    expect(await balanceOf(t, first.token)).toMatchObject({ subscription: 500 });

    const renewal = paypal.renewSubscription(sessionId).sale;
    const renewed = paypalEvent('PAYMENT.SALE.COMPLETED', renewal);
    await deliverOk(renewed);
    await deliverOk(renewed);
    const orders = await t.deps.db.select().from(schema.orders).where(eq(schema.orders.userId, first.userId));
    expect(orders.filter((o) => o.id !== orderId)).toEqual([
      expect.objectContaining({ status: 'PAID', creditsAdded: 500, gatewayInvoiceId: renewal.id, gatewayTransactionId: renewal.id }),
    ]);
    expect(await balanceOf(t, first.token)).toMatchObject({ subscription: 1000 });
    await expectLedgerConsistent(t, first.userId);
  });

  it('a second PayPal subscription is refunded and cancelled at PayPal and grants nothing', async () => {
    const { token, userId } = await newUser();
    const first = await checkout(token, { planId: 'plan_basic_monthly' });
    await t.request(`/api/v2/payment/order/${first.orderId}/cancel`, { method: 'POST', token });
    const second = await checkout(token, { planId: 'plan_pro_monthly' });
    const a = paypal.activateSubscription(first.sessionId);
    const b = paypal.activateSubscription(second.sessionId);
    paypal.requests.length = 0;
    const events = [
      paypalEvent('BILLING.SUBSCRIPTION.ACTIVATED', a.subscription),
      paypalEvent('PAYMENT.SALE.COMPLETED', a.sale),
      paypalEvent('BILLING.SUBSCRIPTION.ACTIVATED', b.subscription),
      paypalEvent('PAYMENT.SALE.COMPLETED', b.sale),
    ];
    for (const index of [0, 1, 3, 2, 1, 3]) await deliverOk(events[index]);

    expect(await orderRow(t, first.orderId)).toMatchObject({ status: 'PAID', creditsAdded: 200 });
    expect(await orderRow(t, second.orderId)).toMatchObject({ status: 'REFUNDED', creditsAdded: 0, gatewayTransactionId: b.sale.id });
    const refunds = await t.deps.db.select().from(schema.refunds).where(eq(schema.refunds.userId, userId));
    expect(refunds).toEqual([expect.objectContaining({ orderId: second.orderId, origin: 'DUPLICATE_SUBSCRIPTION', status: 'COMPLETED' })]);
    const saleRefunds = paypal.calls('POST', `/v1/payments/sale/${b.sale.id}/refund`);
    expect(saleRefunds).toHaveLength(1);
    expect(saleRefunds[0]!.headers['paypal-request-id']).toBe(refunds[0]!.id);
    expect(paypal.calls('POST', `/v1/billing/subscriptions/${second.sessionId}/cancel`)).toHaveLength(1);
    expect(paypal.calls('POST', `/v1/billing/subscriptions/${first.sessionId}/cancel`)).toEqual([]);
    expect((await (await t.request('/api/subscriptions/current', { token })).json()).subscription).toMatchObject({
      planId: 'plan_basic_monthly',
      status: 'active',
    });
    expect(await grantsFor(second.orderId)).toEqual([]);
    expect(await balanceOf(t, token)).toMatchObject({ subscription: 200 });
    await expectLedgerConsistent(t, userId);
  });

  it('PayPal checkouts never approved expire after 3 hours; one approved but never captured is captured, not expired', async () => {
    const { token, userId } = await newUser();
    const abandoned = await checkout(token, { packageId: 'pack_100' });
    const approved = await checkout(token, { packageId: 'pack_500' });
    // The buyer approved at PayPal, but never came back and no webhook arrived.
    paypal.approveOrder(approved.sessionId);
    clock.advance(2 * 3600);
    await runMaintenance(t.deps);
    expect((await orderRow(t, abandoned.orderId)).status).toBe('PENDING');
    clock.advance(3600);
    await runMaintenance(t.deps);
    expect(await orderRow(t, abandoned.orderId)).toMatchObject({ status: 'EXPIRED', creditsAdded: 0 });
    expect(await orderRow(t, approved.orderId)).toMatchObject({ status: 'PAID', creditsAdded: 500 });
    expect(paypal.calls('POST', `/v2/checkout/orders/${approved.sessionId}/capture`)).toHaveLength(1);
    expect(paypal.calls('POST', `/v2/checkout/orders/${abandoned.sessionId}/capture`)).toEqual([]);
    await runMaintenance(t.deps);
    expect(await grantsFor(approved.orderId)).toHaveLength(1);
    await expectLedgerConsistent(t, userId);
  });

  it('refunds a PayPal pack through the API with the refund id as PayPal-Request-Id', async () => {
    const { token, userId } = await newUser();
    const { orderId, sessionId } = await checkout(token, { packageId: 'pack_500' });
    paypal.approveOrder(sessionId);
    const { gatewayTransactionId: captureId } = await status(token, orderId);
    const res = await t.request(`/api/orders/${orderId}/refund`, { method: 'POST', token, json: {} });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ success: true, status: 'COMPLETED' });
    const [call] = paypal.calls('POST', `/v2/payments/captures/${captureId}/refund`);
    expect(call!.headers['paypal-request-id']).toBe(body.refundId);
    expect(call!.body).toMatchObject({ amount: { value: '19.99', currency_code: 'USD' }, custom_id: orderId });
    expect(paypal.capture(captureId).status).toBe('REFUNDED');

    // PayPal's notification of the same refund: completes nothing new, claws back nothing more.
    const [refund] = paypal.refundsOfCapture(captureId);
    const refundEvent = paypalEvent('PAYMENT.CAPTURE.REFUNDED', refund);
    for (let i = 0; i < 3; i++) await deliverOk(refundEvent);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'REFUNDED' });
    expect(await t.deps.db.select().from(schema.refunds).where(eq(schema.refunds.orderId, orderId))).toEqual([
      expect.objectContaining({ status: 'COMPLETED', creditsClawedBack: 500 }),
    ]);
    expect(await balanceOf(t, token)).toMatchObject({ paid: 0, free: 20 });
    await expectLedgerConsistent(t, userId);
  });

  it('answers 400 to an unverified event or a foreign cert_url and records nothing', async () => {
    const { token } = await newUser();
    const { orderId, sessionId } = await checkout(token, { packageId: 'pack_500' });
    paypal.approveOrder(sessionId);
    paypal.captureElsewhere(sessionId);
    const captureId = paypal.order(sessionId).purchase_units[0].payments.captures[0].id;
    const event = paypalEvent('PAYMENT.CAPTURE.COMPLETED', paypal.capture(captureId));
    const signed = signPaypalEvent(event, paypal.webhookId);
    const verifications = paypal.calls('POST', '/v1/notifications/verify-webhook-signature').length;

    const foreign = await deliver(event, { 'paypal-cert-url': 'https://evil.example/certs/CERT-1' });
    expect(foreign.status).toBe(400);
    expect(paypal.calls('POST', '/v1/notifications/verify-webhook-signature')).toHaveLength(verifications);
    const missing = await deliver(event, { 'paypal-transmission-sig': null });
    expect(missing.status).toBe(400);
    const tampered = await t.request('/api/webhooks/paypal', {
      method: 'POST',
      headers: signed.headers,
      body: signed.body.replace(orderId, 'ord_someone_else'),
    });
    expect(tampered.status).toBe(400);
    expect((await tampered.json()).error.code).toBe('WEBHOOK_SIGNATURE_INVALID');

    expect(await processed([event.id])).toEqual([]);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'PENDING', creditsAdded: 0 });
    await deliverOk(event);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'PAID', creditsAdded: 500 });
  });
});
