import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@db/client';
import { signStripeEvent, stripeEvent } from '@tests/fakes/stripe-server';
import { createTestApp, manualClock, type TestApp } from '@tests/setup/test-app';
import { addMonths } from '../lib/billing-periods';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readPdfText } from '../engine/receipts/read-text';
import { buy, createLivePaymentsApp, createOrder, deliver, signEvent } from './payments.test-support';

let t: TestApp;
const clock = manualClock();

beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: {
      SELLER_NAME: 'Studio Ltd',
      SELLER_ADDRESS: '1 Harbour Road | Taipei 100',
      SELLER_TAX_ID: '12345678',
      SELLER_EMAIL: 'billing@studio.example',
    },
  });
});
afterAll(() => t.close());

/** Whether a command-line tool is on this machine. */
const has = (tool: string) => {
  try {
    execFileSync('which', [tool], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

let users = 0;
const newUser = async () => {
  const { token, user } = await t.signIn(`receipt${++users}@example.com`);
  return { token, userId: user.id, email: user.email };
};
const receipt = (token: string, orderId: string, lang?: string) =>
  t.request(`/api/orders/${orderId}/receipt${lang ? `?lang=${lang}` : ''}`, { token });
const pdf = async (token: string, orderId: string, lang = 'en') => {
  const res = await t.request(`/api/orders/${orderId}/receipt.pdf?lang=${lang}`, { token });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
};

describe('receipts', () => {
  it('shows a paid pack with exact amount, currency, method and the configured seller', async () => {
    const { token, email } = await newUser();
    const order = await buy(t, token, { packageId: 'pack_500' });
    const res = await receipt(token, order.orderId);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      success: true,
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      status: 'PAID',
      kind: 'credits',
      billing: 'pack',
      renewal: false,
      item: { name: 'Creator pack', credits: 500, periodStart: null, periodEnd: null },
      total: { amountCents: 1999, currency: 'USD' },
      paymentMethod: 'STRIPE',
      gateway: 'SANDBOX',
      refund: null,
      buyer: { email },
      seller: { name: 'Studio Ltd', addressLines: ['1 Harbour Road', 'Taipei 100'], taxId: '12345678', email: 'billing@studio.example' },
      // The sandbox has no invoices of its own: the product's receipt is the receipt.
      hostedInvoiceUrl: null,
    });
    expect(body.paymentReference).toEqual(expect.any(String));
    expect(Date.parse(body.paidAt)).toBe(clock.now().getTime());
    // The plan name follows the language.
    expect((await (await receipt(token, order.orderId, 'zh-Hant')).json()).item.name).toBe('創作者點數包');
  });

  it('is 404 for someone else’s order, an unpaid order and an unknown id, with the same answer', async () => {
    const owner = await newUser();
    const other = await newUser();
    const paid = await buy(t, owner.token, { packageId: 'pack_500' });
    const pending = await createOrder(t, owner.token, { packageId: 'pack_500' });
    const answers = [];
    for (const [token, id] of [
      [other.token, paid.orderId],
      [owner.token, pending.orderId],
      [owner.token, 'ord_missing'],
    ] as const) {
      for (const path of [`/api/orders/${id}/receipt`, `/api/orders/${id}/receipt.pdf`]) {
        const res = await t.request(path, { token });
        expect(res.status, path).toBe(404);
        answers.push((await res.json()).error);
      }
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0].code).toBe('NOT_FOUND');
    expect((await t.request(`/api/orders/${paid.orderId}/receipt`)).status).toBe(401);
  });

  it('a refunded order shows the refund and what was finally paid', async () => {
    const { token } = await newUser();
    const order = await buy(t, token, { packageId: 'pack_500' });
    const refunded = await t.request(`/api/orders/${order.orderId}/refund`, { method: 'POST', token, json: {} });
    expect(refunded.status).toBe(200);
    const body = await (await receipt(token, order.orderId)).json();
    expect(body.status).toBe('REFUNDED');
    expect(body.refund).toEqual({ amountCents: 1999, status: 'COMPLETED', refundedAt: expect.any(String) });
    const { res, bytes } = await pdf(token, order.orderId);
    expect(res.status).toBe(200);
    const lines = (await readPdfText(bytes)).lines;
    expect(lines).toContain('Refunded');
    expect(lines.some((l) => l.startsWith('Refunded on '))).toBe(true);
    expect(lines).toContain('-USD 19.99');
    expect(lines).toContain('Net paid');
    expect(lines).toContain('USD 0.00');
  });

  it('serves the PDF in English and in Traditional Chinese with the same amounts', async () => {
    const { token, email } = await newUser();
    const order = await buy(t, token, { packageId: 'pack_500' });
    const en = await pdf(token, order.orderId, 'en');
    expect(en.res.headers.get('content-type')).toBe('application/pdf');
    expect(en.res.headers.get('content-disposition')).toBe(`attachment; filename="receipt-${order.orderNumber}.pdf"`);
    expect(en.res.headers.get('cache-control')).toBe('private, no-store');
    const english = await readPdfText(en.bytes);
    expect(english.title).toBe(`Receipt ${order.orderNumber}`);
    expect(english.lines).toEqual(
      expect.arrayContaining([
        'Receipt',
        'Studio Ltd',
        '1 Harbour Road',
        'Taipei 100',
        'Tax ID 12345678',
        'billing@studio.example',
        order.orderId,
        email,
        'Card (Stripe) · Sandbox checkout',
        'Creator pack',
        '500 credits',
        'Total paid',
        'USD 19.99',
        'Paid through the local sandbox checkout: no money moved.',
      ]),
    );
    // Every font is embedded (Noto Sans TC subsets): the page no longer depends on the reader's fonts.
    expect(english.fonts.length).toBeGreaterThan(0);
    expect(english.fonts.every((f) => f.embedded && /^[A-Z]{6}\+NotoSansTC-(Regular|Bold)$/.test(f.name))).toBe(true);
    expect(english.lang).toBe('en');
    expect(english.lines).toEqual(
      expect.arrayContaining(['Terms', 'The 500 credits of this pack never expire.', 'Thank you for your purchase.']),
    );
    expect(english.lines.join(' ')).not.toContain('roll over');
    // Dates in UTC, spelled out in the receipt's language.
    expect(english.lines.some((l) => /^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{2}:\d{2} UTC$/.test(l))).toBe(true);

    const zhBytes = (await pdf(token, order.orderId, 'zh-Hant')).bytes;
    const zh = await readPdfText(zhBytes);
    expect(zh.title).toBe(`收據 ${order.orderNumber}`);
    expect(zh.lines).toEqual(
      expect.arrayContaining([
        '收據',
        `訂單編號 ${order.orderNumber}`,
        '付款日期',
        '付款方式',
        '信用卡（Stripe） · 沙盒結帳',
        '創作者點數包',
        '500 點數',
        '實付總額',
        'USD 19.99',
        '統一編號／稅號 12345678',
      ]),
    );
    expect(zh.fonts.every((f) => f.embedded)).toBe(true);
    expect(zh.lang).toBe('zh-Hant');
    // Tagged: Document → H1 (the heading), the seller's block, the tables with header cells.
    expect(zh.roles.slice(0, 2)).toEqual(['Document', 'H1']);
    expect(zh.roles).toEqual(expect.arrayContaining(['Div', 'Table', 'TR', 'TH', 'TD', 'H2']));
    // The English seller text is marked as the seller's registered text.
    expect(zh.lines).toEqual(
      expect.arrayContaining(['賣方', '賣方之登記名稱與地址，依登記原文（英文）列示。', '本點數包的 500 點數永不過期。']),
    );
    const raw = new TextDecoder('latin1').decode(zhBytes);
    expect(raw).toMatch(/\/FontFile[23]/);
    expect(raw).toContain('/StructTreeRoot');
    expect(raw).toMatch(/\/MarkInfo\s*<<\s*\/Marked true/);
    expect(raw).toMatch(/\/DisplayDocTitle true/);
    // Checked by qpdf and read by poppler where they are installed (CI machines have them).
    const dir = mkdtempSync(join(tmpdir(), 'receipt-'));
    const file = join(dir, 'zh.pdf');
    writeFileSync(file, zhBytes);
    if (has('qpdf')) expect(execFileSync('qpdf', ['--check', file], { encoding: 'utf8' })).toContain('No syntax or stream encoding errors');
    if (has('pdftotext')) expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain('實付總額');
    expect(zh.lines.some((l) => /^\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2} UTC$/.test(l))).toBe(true);
  });

  it('a subscription renewal has its own receipt with its period', async () => {
    const { token, userId } = await newUser();
    const start = clock.now();
    const initial = await buy(t, token, { planId: 'plan_basic_monthly' });
    const [sub] = await t.deps.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId));
    const next = addMonths(start, 1);
    const delivery = await signEvent(t, {
      id: `evt_receipt_renewal_${sub!.id}`,
      type: 'invoice.paid',
      occurredAt: next,
      effects: [
        {
          kind: 'invoice.paid',
          gatewaySubscriptionId: sub!.gatewaySubscriptionId!,
          gatewayInvoiceId: `sbx_in_receipt_${sub!.id}`,
          first: false,
          gatewayTransactionId: `sbx_txn_receipt_${sub!.id}`,
          amountCents: 999,
          currency: 'USD',
          periodStart: next,
          periodEnd: addMonths(start, 2),
        },
      ],
    });
    expect((await deliver(t, delivery)).status).toBe(200);
    const [renewal] = await t.deps.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.gatewayInvoiceId, `sbx_in_receipt_${sub!.id}`));
    const first = await (await receipt(token, initial.orderId)).json();
    expect(first).toMatchObject({ kind: 'subscription', renewal: false, total: { amountCents: 999, currency: 'USD' } });
    const body = await (await receipt(token, renewal!.id)).json();
    expect(body).toMatchObject({
      kind: 'subscription',
      renewal: true,
      item: { name: 'Basic', credits: 200, periodStart: next.toISOString(), periodEnd: addMonths(start, 2).toISOString() },
      total: { amountCents: 999, currency: 'USD' },
      paymentReference: `sbx_txn_receipt_${sub!.id}`,
    });
    const lines = (await readPdfText((await pdf(token, renewal!.id)).bytes)).lines;
    expect(lines).toEqual(expect.arrayContaining(['Subscription receipt', 'Subscription renewal', '200 credits per month', 'USD 9.99']));
    // A subscription's terms, not a pack's: its credits roll over only while subscribed.
    expect(lines.join(' ')).toContain('Billed monthly: 200 credits are added each month of the subscription.');
    expect(lines.join(' ')).toContain('roll over while the subscription is active and lapse when it ends');
    expect(lines.join(' ')).not.toContain('never expire');
    expect(body.billing).toBe('monthly');
  });
});

describe('receipts with Stripe', () => {
  const WEBHOOK_SECRET = 'whsec_receipts_0123456789abcdefghijkl';
  let live: Awaited<ReturnType<typeof createLivePaymentsApp>>;
  beforeAll(async () => {
    live = await createLivePaymentsApp({ gateway: 'STRIPE', stripeWebhookSecret: WEBHOOK_SECRET });
  });
  afterAll(() => live?.close());

  it('links Stripe’s hosted invoice of a one-time payment, and leaves it out when Stripe fails', async () => {
    const { token } = await live.newUser();
    const { orderId, sessionId } = await live.checkout(token, { packageId: 'pack_500' });
    const session = live.stripe.completeSession(sessionId);
    const { body, headers } = signStripeEvent(stripeEvent('checkout.session.completed', session), WEBHOOK_SECRET);
    expect((await live.t.request('/api/webhooks/stripe', { method: 'POST', headers, body })).status).toBe(200);
    const res = await live.t.request(`/api/orders/${orderId}/receipt`, { token });
    const json = await res.json();
    expect(json).toMatchObject({ status: 'PAID', gateway: 'STRIPE', total: { amountCents: 1999, currency: 'USD' } });
    expect(json.hostedInvoiceUrl).toBe(live.stripe.invoice(session.invoice).hosted_invoice_url);
    const { lines } = await readPdfText(
      new Uint8Array(await (await live.t.request(`/api/orders/${orderId}/receipt.pdf`, { token })).arrayBuffer()),
    );
    expect(lines).toContain('Stripe invoice');

    live.stripe.fail({ method: 'GET', path: /^\/v1\/checkout\/sessions\// }, 500, { type: 'api_error', message: 'down' }, { times: 2 });
    const without = await (await live.t.request(`/api/orders/${orderId}/receipt`, { token })).json();
    expect(without.hostedInvoiceUrl).toBeNull();
    expect(without.total).toEqual({ amountCents: 1999, currency: 'USD' });
  });
  it('links each subscription period to its own Stripe invoice, the first payment and a renewal', async () => {
    const { token, userId } = await live.newUser();
    const { orderId, sessionId } = await live.checkout(token, { planId: 'plan_basic_monthly' });
    const session = live.stripe.completeSession(sessionId);
    const first = live.stripe.invoice(session.invoice);
    const renewal = live.stripe.renew(session.subscription);
    for (const event of [
      stripeEvent('checkout.session.completed', session),
      stripeEvent('invoice.paid', first),
      stripeEvent('invoice.paid', renewal),
    ]) {
      const { body, headers } = signStripeEvent(event, WEBHOOK_SECRET);
      expect((await live.t.request('/api/webhooks/stripe', { method: 'POST', headers, body })).status).toBe(200);
    }
    const [renewalOrder] = await live.t.deps.db.select().from(schema.orders).where(eq(schema.orders.gatewayInvoiceId, renewal.id));
    expect(renewalOrder?.userId).toBe(userId);
    const firstReceipt = await (await live.t.request(`/api/orders/${orderId}/receipt`, { token })).json();
    const renewalReceipt = await (await live.t.request(`/api/orders/${renewalOrder!.id}/receipt`, { token })).json();
    expect(firstReceipt).toMatchObject({ kind: 'subscription', renewal: false, hostedInvoiceUrl: first.hosted_invoice_url });
    expect(renewalReceipt).toMatchObject({
      kind: 'subscription',
      renewal: true,
      hostedInvoiceUrl: renewal.hosted_invoice_url,
      total: { amountCents: 999, currency: 'USD' },
    });
    expect(renewalReceipt.hostedInvoiceUrl).not.toBe(firstReceipt.hostedInvoiceUrl);
  });
});
