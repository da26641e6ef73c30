import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { TOOL_CATALOGUE } from '@worker/contract/tools';
import { apiClient, type ApiSession } from './api-client';
import { contextFor, launchBrowser, settled, snap } from './browser';

/**
 * axe-core finds no serious or critical problem on any page a paying user opens once signed in —
 * the personal center's tabs, My creations and one creation's page, credits, orders and a receipt,
 * the workbench, every tool page, the upscaler, the avatar builder and pricing — in English on a
 * desktop and in Traditional Chinese on a phone. Each page is loaded as a user opening it would,
 * with the user's own data (a finished creation, a paid order) behind it.
 */
const baseUrl = inject('baseUrl');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

let browser: Browser;
let session: ApiSession;
let recordId: string;
let orderId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const api = apiClient(baseUrl);
  session = await api.signInByCode(`a11y-signed-in-${Date.now()}@example.com`);
  const started = await api.call<{ id: string; recordId: string }>('POST', '/api/generate-image', {
    token: session.token,
    json: { prompt: 'a lighthouse on a cliff at dusk', style: 'realistic', width: 512, height: 512, model: 'nano' },
  });
  expect(started.status).toBe(200);
  recordId = started.body.recordId;
  // beforeAll cannot use expect.poll: the creation is asked after until it is finished.
  for (let tries = 0; ; tries++) {
    const state = await api.call<{ status: string }>('GET', `/api/generate-image/status/${started.body.id}`, { token: session.token });
    if (state.body.status === 'COMPLETED') break;
    if (state.body.status === 'FAILED' || tries > 240) throw new Error(`creation ${state.body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const order = await api.call<{ orderId: string }>('POST', '/api/v2/payment/create-credit-order', {
    token: session.token,
    json: { packageId: 'pack_100', gateway: 'STRIPE' },
  });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  orderId = order.body.orderId;
}, 180_000);
afterAll(() => browser?.close());

const routes = () => [
  '/personal-center/profile',
  '/personal-center/credits',
  '/personal-center/invites',
  '/personal-center/orders',
  '/personal-center/account',
  '/records',
  `/creation-record?id=${recordId}`,
  '/credits',
  `/receipt/${orderId}`,
  '/dashboard',
  '/ai-workbench',
  '/ai-workbench?mode=image-to-image',
  '/ai-tools-workbench',
  ...TOOL_CATALOGUE.map((tool) => `/ai-tools/${tool.route}`),
  '/image-upscaler',
  '/pricing',
];

interface Finding {
  route: string;
  rule: string;
  impact: string;
  targets: string[];
}

async function audit(page: Page, route: string): Promise<Finding[]> {
  await page.evaluate(AXE);
  const results = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<unknown> } }).axe.run(document, {
      resultTypes: ['violations'],
    }),
  )) as { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ route, rule: v.id, impact: v.impact!, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}

for (const [lang, viewport, device] of [
  ['en', DESKTOP, 'desktop'],
  ['zh-Hant', PHONE, 'phone'],
] as const) {
  it(`${lang} ${device}: 0 serious/critical axe findings on every signed-in page`, { timeout: 300_000 }, async () => {
    const context = await contextFor(browser, { viewport, lang, session, bypassCSP: true });
    const page = await context.newPage();
    const findings: Finding[] = [];
    for (const route of routes()) {
      await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle' });
      // Skeletons give way to content (lists, the creation, the receipt) before the audit.
      await page.waitForFunction(() => !document.querySelector('.skeleton'), undefined, { timeout: 10_000 }).catch(() => undefined);
      await settled(page);
      expect(await page.locator('html').getAttribute('lang')).toBe(lang);
      const found = await audit(page, route);
      if (found.length) await snap(page, `a11y-signed-in-${device}-${lang}-${route.replace(/\W+/g, '-').slice(0, 40)}`);
      findings.push(...found);
    }
    await context.close();
    expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
  });
}
