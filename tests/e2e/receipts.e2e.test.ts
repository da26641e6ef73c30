import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it, onTestFailed } from 'vitest';
import { readPdfText } from '@worker/engine/receipts/read-text';
import { type ApiSession, apiClient } from './api-client';
import { ARTIFACTS, CHROMIUM, contextFor, launchBrowser, settled, snap } from './browser';

/**
 * Receipts in the browser against `npm start` (sandbox gateway): a pack bought on the sandbox
 * checkout page, its receipt opened from My orders, checked field by field, printed (print media:
 * light, no site chrome) and downloaded as a PDF that reads back; then refunded, and the same receipt
 * on a phone in Traditional Chinese.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
/**
 * The suite's browser is Chromium's headless shell, which has no PDF viewer; the whole browser in its
 * headless mode has it, so the PDFs are opened in a second browser launched that way.
 */
let pdfBrowser: Browser | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
  pdfBrowser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
});
afterAll(async () => {
  await pdfBrowser?.close();
  await browser?.close();
});

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

function watch(page: Page, name: string) {
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(String(error)));
  onTestFailed(async () => {
    await snap(page, `receipts-failed-${name}`).catch(() => undefined);
  });
  return failures;
}

/** Text as a reader sees it: Intl puts a no-break space between the currency code and the amount. */
const textOf = async (page: Page, testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').replace(/\u00a0/g, ' ');

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical findings on the page as it is (the a11y suite's rule). */
async function axeFindings(page: Page) {
  await page.evaluate(AXE);
  const results = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<unknown> } }).axe.run(document, {
      resultTypes: ['violations'],
    }),
  )) as { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

let buyer: { session: ApiSession; orderId: string; orderNumber: string } | undefined;

it('en desktop: buys a pack on the sandbox checkout, opens its receipt from My orders, prints it and downloads the PDF', {
  timeout: 180_000,
}, async () => {
  const api = apiClient(baseUrl);
  const session = await api.signInByCode(`receipts-${Date.now()}@example.com`);
  const order = await api.call<{ checkoutUrl: string; orderId: string; orderNumber: string }>(
    'POST',
    '/api/v2/payment/create-credit-order',
    {
      token: session.token,
      json: { packageId: 'pack_100', gateway: 'STRIPE' },
    },
  );
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const { orderId, orderNumber } = order.body;

  // bypassCSP: axe is injected as a script, which the app's CSP would refuse.
  const context = await contextFor(browser, { viewport: DESKTOP, lang: 'en', session, bypassCSP: true });
  const page = await context.newPage();
  const failures = watch(page, 'desktop');
  await page.goto(order.body.checkoutUrl);
  await page.getByRole('button', { name: /^pay \$/i }).click();
  await page.waitForURL(/\/payment\/stripe\/success/);
  await page.getByRole('heading', { name: /payment successful/i }).waitFor();

  await page.goto(`${baseUrl}/personal-center/orders`);
  const row = page.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`);
  await row.waitFor();
  await settled(page);
  await snap(page, 'receipt-orders-desktop-en');
  await row.getByRole('link', { name: `Receipt for Starter pack (${orderNumber})` }).click();
  await page.waitForURL(`${baseUrl}/receipt/${orderId}`);
  const receipt = page.getByTestId('receipt');
  await receipt.getByRole('heading', { name: 'Receipt', level: 1 }).waitFor();
  expect(await textOf(page, 'receipt-order-number')).toBe(orderNumber);
  expect(await textOf(page, 'receipt-order-id')).toBe(orderId);
  expect(await textOf(page, 'receipt-item')).toBe('Starter pack');
  expect(await textOf(page, 'receipt-total')).toBe('USD 4.99');
  expect(await textOf(page, 'receipt-method')).toBe('Card (Stripe) · Sandbox checkout');
  expect(await textOf(page, 'receipt-status')).toBe('Paid');
  expect(await textOf(page, 'receipt-seller')).toContain('Image Studio (development)');
  expect(await receipt.getByText(session.user.email).count()).toBe(1);
  expect(await page.getByTestId('receipt-sandbox-note').isVisible()).toBe(true);
  expect(await page.getByTestId('receipt-refund').count()).toBe(0);
  await settled(page);
  await snap(page, 'receipt-desktop-en');
  expect(await axeFindings(page)).toEqual([]);

  // Print: the receipt alone, dark on white.
  await page.emulateMedia({ media: 'print' });
  expect(await page.locator('header').first().isVisible()).toBe(false);
  expect(await page.getByRole('button', { name: 'Download PDF' }).isVisible()).toBe(false);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
  expect(await receipt.isVisible()).toBe(true);
  await snap(page, 'receipt-desktop-en-print');
  await page.emulateMedia({ media: 'screen' });

  // The PDF: served as application/pdf, saved under the order number, with the same amount inside.
  const [response, download] = await Promise.all([
    page.waitForResponse((r) => r.url().includes(`/api/orders/${orderId}/receipt.pdf`)),
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(download.suggestedFilename()).toBe(`receipt-${orderNumber}.pdf`);
  const pdf = await readPdfText(new Uint8Array(readFileSync((await download.path())!)));
  expect(pdf.lines).toEqual(expect.arrayContaining(['Receipt', orderId, 'Starter pack', 'Total paid', 'USD 4.99']));

  // Opened in Chromium's own PDF viewer, both languages render: the viewer's toolbar shows the PDF's title.
  mkdirSync(ARTIFACTS, { recursive: true });
  for (const lang of ['en', 'zh-Hant'] as const) {
    const file = await context.request.get(`${baseUrl}/api/orders/${orderId}/receipt.pdf?lang=${lang}`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(file.status()).toBe(200);
    const path = `${ARTIFACTS}/receipt-${lang}.pdf`;
    writeFileSync(path, await file.body());
    const viewer = await pdfBrowser!.newPage({ viewport: { width: 900, height: 1200 } });
    await viewer.goto(`file://${resolve(path)}`);
    const toolbarTitle = async () => {
      const frame = viewer.frames().find((f) => f.url().startsWith('chrome-extension://'));
      return frame
        ? ((await frame
            .locator('#title')
            .first()
            .textContent({ timeout: 1000 })
            .catch(() => null)) ?? '')
        : '';
    };
    await expect.poll(toolbarTitle, { timeout: 15_000 }).toBe(lang === 'en' ? `Receipt ${orderNumber}` : `收據 ${orderNumber}`);
    await snap(viewer, `receipt-pdf-viewer-${lang}`);
    await viewer.close();
  }

  // Refunded: the receipt says so and shows what was finally paid.
  const refund = await api.call('POST', `/api/orders/${orderId}/refund`, { token: session.token, json: {} });
  expect(refund.status, JSON.stringify(refund.body)).toBe(200);
  await page.reload();
  await page.getByTestId('receipt-refund').waitFor();
  expect(await textOf(page, 'receipt-refund')).toBe('-USD 4.99');
  expect(await textOf(page, 'receipt-net')).toBe('USD 0.00');
  expect(await textOf(page, 'receipt-status')).toBe('Refunded');
  await snap(page, 'receipt-desktop-en-refunded');

  // An order that is not this user's (or not paid) has no receipt: said once, with no retry.
  await page.goto(`${baseUrl}/receipt/ord_not_mine`);
  await page.getByText('This order has no receipt: it is not paid, or it is not yours.').waitFor();
  expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
  expect(failures).toEqual([]);
  await context.close();
  buyer = { session, orderId, orderNumber };
});

it('zh-Hant phone: the receipt page in Traditional Chinese', { timeout: 120_000 }, async () => {
  expect(buyer, 'the desktop test bought the order').toBeDefined();
  const { session, orderId, orderNumber } = buyer!;
  const context = await contextFor(browser, { viewport: PHONE, lang: 'zh-Hant', session, bypassCSP: true });
  const page = await context.newPage();
  const failures = watch(page, 'phone');
  await page.goto(`${baseUrl}/personal-center/orders`);
  const row = page.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`);
  await row.waitFor();
  await settled(page);
  await snap(page, 'receipt-orders-phone-zh');
  await row.getByRole('link', { name: `入門點數包（${orderNumber}）的收據` }).click();
  await page.waitForURL(`${baseUrl}/receipt/${orderId}`);
  await page.getByRole('heading', { name: '收據', level: 1 }).waitFor();
  expect(await textOf(page, 'receipt-item')).toBe('入門點數包');
  expect(await textOf(page, 'receipt-total')).toBe('USD 4.99');
  expect(await textOf(page, 'receipt-method')).toBe('信用卡（Stripe） · 沙盒結帳');
  expect(await textOf(page, 'receipt-status')).toBe('已退款');
  expect(await page.getByText('實付總額').isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: '下載 PDF' }).isVisible()).toBe(true);
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await settled(page);
  await snap(page, 'receipt-phone-zh');
  expect(await axeFindings(page)).toEqual([]);
  await page.emulateMedia({ media: 'print' });
  await snap(page, 'receipt-phone-zh-print');
  expect(failures).toEqual([]);
  await context.close();
});
