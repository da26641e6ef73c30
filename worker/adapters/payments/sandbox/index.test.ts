import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@worker/env';
import { WebhookVerificationError, type GatewayEvent } from '../port';
import { TEST_ENV } from '@tests/setup/test-app';
import { createPaymentGateways } from '../index';
import { SANDBOX_SIGNATURE_HEADER, createSandboxGateway } from './index';

const secret = 'whsec_sandbox_unit_0123456789';
const at = (iso: string) => () => new Date(iso);
const gateway = createSandboxGateway({ secret, publicUrl: 'http://localhost:8787/', now: at('2026-11-22T10:00:00Z') });
const order = { sessionId: 'sbx_abc123', orderId: 'ord_1', kind: 'subscription' as const, amountCents: 9590, interval: 'year' as const };
const event: GatewayEvent = {
  id: 'evt_1',
  type: 'invoice.paid',
  occurredAt: new Date('2026-11-22T10:00:00Z'),
  effects: [
    {
      kind: 'invoice.paid',
      gatewaySubscriptionId: 'sbx_sub_1',
      gatewayInvoiceId: 'sbx_in_1',
      gatewayTransactionId: 'sbx_txn_1',
      amountCents: 999,
      currency: 'USD',
      periodStart: new Date('2026-11-22T10:00:00Z'),
      periodEnd: new Date('2026-12-22T10:00:00Z'),
    },
  ],
};

describe('sandbox gateway', () => {
  it('creates a local checkout session', async () => {
    const session = await gateway.createCheckout({} as never);
    expect(session.sessionId).toMatch(/^sbx_[a-z0-9]{16}$/);
    expect(session.checkoutUrl).toBe(`http://localhost:8787/api/sandbox/checkout/${session.sessionId}`);
  });

  it('signs like Stripe: t=<unix>,v1=<hex HMAC-SHA256(secret, "t.body")>', async () => {
    const { rawBody, headers } = await gateway.sign(event);
    const header = headers.get(SANDBOX_SIGNATURE_HEADER)!;
    const t = Math.floor(new Date('2026-11-22T10:00:00Z').getTime() / 1000);
    const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
    expect(header).toBe(`t=${t},v1=${expected}`);
  });

  it('verifies and parses its own events back into effects with real dates', async () => {
    const { rawBody, headers } = await gateway.sign(event);
    expect(await gateway.parseWebhook(rawBody, headers)).toEqual(event);
  });

  it('accepts any matching v1 among several (secret rotation)', async () => {
    const { rawBody, headers } = await gateway.sign(event);
    const [t, v1] = headers.get(SANDBOX_SIGNATURE_HEADER)!.split(',');
    const rotated = new Headers({ [SANDBOX_SIGNATURE_HEADER]: `${t},v1=${'0'.repeat(64)},${v1}` });
    await expect(gateway.parseWebhook(rawBody, rotated)).resolves.toMatchObject({ id: 'evt_1' });
  });

  it.each([
    ['signed 301 s ago', at('2026-11-22T09:54:59Z')],
    ['signed 301 s in the future', at('2026-11-22T10:05:01Z')],
  ])('refuses a signature %s (5-minute tolerance)', async (_name, signerClock) => {
    const { rawBody, headers } = await createSandboxGateway({ secret, publicUrl: 'http://x', now: signerClock }).sign(event);
    await expect(gateway.parseWebhook(rawBody, headers)).rejects.toBeInstanceOf(WebhookVerificationError);
  });

  it('accepts a signature 300 s old', async () => {
    const { rawBody, headers } = await createSandboxGateway({ secret, publicUrl: 'http://x', now: at('2026-11-22T09:55:00Z') }).sign(event);
    await expect(gateway.parseWebhook(rawBody, headers)).resolves.toMatchObject({ id: 'evt_1' });
  });

  it('refuses wrong secrets, edited bodies, missing or malformed headers and unexpected shapes', async () => {
    const good = await gateway.sign(event);
    const other = await createSandboxGateway({
      secret: 'another-secret-0123456789',
      publicUrl: 'http://x',
      now: at('2026-11-22T10:00:00Z'),
    }).sign(event);
    const badShape = await gateway.sign({ ...event, effects: [{ kind: 'free.money', orderId: 'x' } as never] });
    const notJson = await (async () => {
      const signed = await gateway.sign(event);
      const t = /t=(\d+)/.exec(signed.headers.get(SANDBOX_SIGNATURE_HEADER)!)![1];
      const body = 'not json';
      const mac = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
      return { rawBody: body, headers: new Headers({ [SANDBOX_SIGNATURE_HEADER]: `t=${t},v1=${mac}` }) };
    })();
    const cases: [string, string, Headers][] = [
      ['wrong secret', other.rawBody, other.headers],
      ['edited body', good.rawBody.replace('999', '1'), good.headers],
      ['missing header', good.rawBody, new Headers()],
      ['no v1', good.rawBody, new Headers({ [SANDBOX_SIGNATURE_HEADER]: 't=1795000000' })],
      [
        'non-hex v1',
        good.rawBody,
        new Headers({ [SANDBOX_SIGNATURE_HEADER]: `t=${Math.floor(Date.parse('2026-11-22T10:00:00Z') / 1000)},v1=xyz` }),
      ],
      ['unexpected shape', badShape.rawBody, badShape.headers],
      ['not JSON', notJson.rawBody, notJson.headers],
    ];
    for (const [name, body, headers] of cases) {
      await expect(gateway.parseWebhook(body, headers), name).rejects.toBeInstanceOf(WebhookVerificationError);
    }
  });

  it('Pay on a yearly subscription sends checkout.paid then a first invoice for one year; Cancel sends checkout.failed', async () => {
    const now = new Date('2027-01-31T12:00:00Z');
    const pay = await Promise.all((await gateway.checkoutEvents(order, 'pay', now)).map((d) => gateway.parseWebhook(d.rawBody, d.headers)));
    expect(pay.map((e) => e.effects[0])).toEqual([
      {
        kind: 'checkout.paid',
        orderId: 'ord_1',
        gatewayTransactionId: 'sbx_txn_abc123',
        gatewaySubscriptionId: 'sbx_sub_abc123',
        amountCents: 9590,
        currency: 'USD',
      },
      {
        kind: 'invoice.paid',
        gatewaySubscriptionId: 'sbx_sub_abc123',
        gatewayInvoiceId: 'sbx_in_abc123',
        orderId: 'ord_1',
        first: true,
        gatewayTransactionId: 'sbx_txn_abc123',
        amountCents: 9590,
        currency: 'USD',
        periodStart: now,
        periodEnd: new Date('2028-01-31T12:00:00Z'),
      },
    ]);
    // Event ids derive from the session: a re-sent Pay is the same events.
    expect(pay.map((e) => e.id)).toEqual(['sbx_evt_abc123_paid', 'sbx_evt_abc123_invoice']);
    const monthly = await gateway.checkoutEvents({ ...order, interval: 'month' }, 'pay', now);
    expect((await gateway.parseWebhook(monthly[1]!.rawBody, monthly[1]!.headers)).effects[0]).toMatchObject({
      periodEnd: new Date('2027-02-28T12:00:00Z'),
    });
    const pack = await gateway.checkoutEvents({ ...order, kind: 'credits', interval: null }, 'pay', now);
    expect(pack).toHaveLength(1);
    expect((await gateway.parseWebhook(pack[0]!.rawBody, pack[0]!.headers)).effects[0]).not.toHaveProperty('gatewaySubscriptionId');
    const [cancel] = await gateway.checkoutEvents(order, 'cancel', now);
    expect((await gateway.parseWebhook(cancel!.rawBody, cancel!.headers)).effects).toEqual([
      { kind: 'checkout.failed', orderId: 'ord_1', status: 'CANCELLED', reason: 'Cancelled on the sandbox checkout page' },
    ]);
  });

  it('refunds at once, cancels, and has nothing to reconcile', async () => {
    const refund = await gateway.refund({
      orderId: 'ord_1',
      refundId: 'ref_1',
      gatewayTransactionId: 'sbx_txn_1',
      amountCents: 100,
      currency: 'USD',
      reason: 'x',
    });
    expect(refund).toEqual({ gatewayRefundId: expect.stringMatching(/^sbx_re_/), status: 'COMPLETED' });
    await expect(gateway.cancelSubscription('sbx_sub_1')).resolves.toBeUndefined();
    expect(await gateway.reconcile({ id: 'ord_1', kind: 'credits', gatewaySessionId: 'sbx_1' })).toEqual([]);
  });
});

describe('createPaymentGateways', () => {
  it('sandbox: both methods go to the sandbox; Stripe and PayPal do not exist', () => {
    const gateways = createPaymentGateways(loadConfig(TEST_ENV));
    expect(gateways.forMethod('STRIPE').name).toBe('SANDBOX');
    expect(gateways.forMethod('PAYPAL')).toBe(gateways.forMethod('STRIPE'));
    expect(gateways.byName('SANDBOX')).toBe(gateways.forMethod('STRIPE'));
    expect(gateways.byName('STRIPE')).toBeUndefined();
    expect(gateways.byName('PAYPAL')).toBeUndefined();
  });

  it('live: cards to Stripe, PayPal to PayPal, no sandbox', () => {
    const gateways = createPaymentGateways(
      loadConfig({
        ...TEST_ENV,
        PAYMENTS: 'live',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        PAYPAL_CLIENT_ID: 'client',
        PAYPAL_CLIENT_SECRET: 'secret',
        PAYPAL_WEBHOOK_ID: 'WH-1',
      }),
    );
    expect(gateways.forMethod('STRIPE').name).toBe('STRIPE');
    expect(gateways.forMethod('PAYPAL').name).toBe('PAYPAL');
    expect(gateways.byName('STRIPE')).toBe(gateways.forMethod('STRIPE'));
    expect(gateways.byName('PAYPAL')).toBe(gateways.forMethod('PAYPAL'));
    expect(gateways.byName('SANDBOX')).toBeUndefined();
  });
});
