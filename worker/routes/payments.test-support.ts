import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { schema } from '@db/client';
import { startPaypalFake, type PaypalFake } from '@tests/fakes/paypal-server';
import { startStripeFake, type StripeFake } from '@tests/fakes/stripe-server';
import { createTestApp, type TestApp } from '@tests/setup/test-app';
import type { Clock } from '../ports';
import type { CreditBalance } from '../contract/responses/credits';
import type { GatewayEvent } from '../adapters/payments/port';
import { isSandboxGateway, type SandboxGateway, type SignedDelivery } from '../adapters/payments/sandbox-port';

/** Helpers for the payments API tests: drive the sandbox like a browser and a gateway would. */

export function sandboxOf(t: TestApp): SandboxGateway {
  const gateway = t.deps.payments.byName('SANDBOX');
  if (!isSandboxGateway(gateway)) throw new Error('the test app has no sandbox gateway');
  return gateway;
}

export async function createOrder(
  t: TestApp,
  token: string,
  input: { packageId?: string; planId?: string; gateway?: 'STRIPE' | 'PAYPAL' },
) {
  const path = input.planId ? '/api/v2/payment/create-subscription-order' : '/api/v2/payment/create-credit-order';
  const json = input.planId
    ? { planId: input.planId, gateway: input.gateway ?? 'STRIPE' }
    : { packageId: input.packageId, gateway: input.gateway ?? 'STRIPE' };
  const res = await t.request(path, { method: 'POST', token, json });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  const sessionId = new URL(body.checkoutUrl).pathname.split('/').pop()!;
  return { orderId: body.orderId as string, orderNumber: body.orderNumber as string, checkoutUrl: body.checkoutUrl as string, sessionId };
}

/** Presses Pay or Cancel on the sandbox page (a plain form POST, like the browser's). */
export function submitCheckout(t: TestApp, sessionId: string, action: string, headers: Record<string, string> = {}) {
  return t.request(`/api/sandbox/checkout/${sessionId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ action }).toString(),
  });
}

export async function buy(t: TestApp, token: string, input: { packageId?: string; planId?: string; gateway?: 'STRIPE' | 'PAYPAL' }) {
  const order = await createOrder(t, token, input);
  const res = await submitCheckout(t, order.sessionId, 'pay');
  expect(res.status).toBe(303);
  return order;
}

export const deliver = (t: TestApp, delivery: SignedDelivery) =>
  t.request('/api/webhooks/sandbox', { method: 'POST', headers: delivery.headers, body: delivery.rawBody });

export const signEvent = (t: TestApp, event: GatewayEvent) => sandboxOf(t).sign(event);

export async function balanceOf(t: TestApp, token: string) {
  const res = await t.request('/api/credits/balance', { token });
  return (await res.json()) as CreditBalance & { success: true };
}

export async function orderRow(t: TestApp, orderId: string) {
  const [order] = await t.deps.db.select().from(schema.orders).where(eq(schema.orders.id, orderId));
  return order!;
}

/** DESIGN.md §5 invariant 2: the cached balance equals the sum of the ledger rows, per bucket. */
export async function expectLedgerConsistent(t: TestApp, userId: string) {
  const rows = await t.deps.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.userId, userId));
  const sums = { free: 0, paid: 0, subscription: 0 };
  for (const row of rows) sums[row.bucket] += row.amount;
  const [account] = await t.deps.db.select().from(schema.creditAccounts).where(eq(schema.creditAccounts.userId, userId));
  expect({ free: account!.freeBalance, paid: account!.paidBalance, subscription: account!.subscriptionBalance }).toEqual(sums);
  for (const value of Object.values(sums)) expect(value).toBeGreaterThanOrEqual(0);
}

/**
 * An app with PAYMENTS=live whose Stripe and PayPal adapters talk to local fakes of their APIs,
 * plus the two helpers every live test needs: a fresh signed-in buyer and a checkout through the API.
 */
export async function createLivePaymentsApp(options: { gateway: 'STRIPE' | 'PAYPAL'; stripeWebhookSecret: string; clock?: Clock }) {
  const [stripe, paypal]: [StripeFake, PaypalFake] = await Promise.all([startStripeFake(), startPaypalFake()]);
  const t = await createTestApp({
    clock: options.clock,
    env: {
      PAYMENTS: 'live',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: options.stripeWebhookSecret,
      STRIPE_API_URL: stripe.url,
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_WEBHOOK_ID: paypal.webhookId,
      PAYPAL_API_URL: paypal.url,
    },
  });
  let users = 0;
  const prefix = options.gateway.toLowerCase();
  return {
    t,
    stripe,
    paypal,
    async newUser() {
      const { token, user } = await t.signIn(`${prefix}-buyer${++users}@example.com`);
      return { token, userId: user.id };
    },
    async checkout(token: string, body: { packageId: string } | { planId: string }) {
      const path = 'planId' in body ? '/api/v2/payment/create-subscription-order' : '/api/v2/payment/create-credit-order';
      const res = await t.request(path, { method: 'POST', token, json: { ...body, gateway: options.gateway } });
      const json = await res.json();
      expect(res.status, JSON.stringify(json)).toBe(200);
      const order = await orderRow(t, json.orderId);
      return { orderId: json.orderId as string, checkoutUrl: json.checkoutUrl as string, sessionId: order.gatewaySessionId! };
    },
    async close() {
      await t.close();
      await Promise.all([stripe.close(), paypal.close()]);
    },
  };
}
