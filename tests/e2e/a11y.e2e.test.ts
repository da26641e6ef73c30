import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { contextFor, launchBrowser, settled, signInByApi } from './browser';

/**
 * axe-core finds no serious or critical problem on any route, signed in and out, in both
 * languages (and in the login modal). axe is injected into the page as the tests run it; the
 * context bypasses the CSP only so that injection is allowed.
 */
const baseUrl = inject('baseUrl');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const DESKTOP = { width: 1280, height: 800 };

const PUBLIC_ROUTES = [
  '/',
  '/ai-workbench',
  '/ai-workbench?mode=image-to-image',
  '/ai-tools-workbench',
  '/ai-tools/anime-style',
  '/ai-tools/id-photo-generation',
  '/ai-tools/logo-generation',
  '/ai-tools/photo-restoration',
  '/ai-tools/face-swap',
  '/image-upscaler',
  '/pricing',
  '/showcase',
  '/terms',
  '/privacy',
  '/credits',
  '/referrals',
  '/records',
  '/personal-center/profile',
  '/payment/stripe/cancel',
  '/no-such-page',
];
const SIGNED_OUT_ONLY = ['/login'];
const SIGNED_IN_ONLY = ['/dashboard', '/personal-center/credits', '/personal-center/invites', '/personal-center/orders'];

interface Finding {
  route: string;
  rule: string;
  impact: string;
  targets: string[];
}

async function audit(page: Page, route: string): Promise<Finding[]> {
  // Once per document: client-side navigation keeps it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const results = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<unknown> } }).axe.run(document, {
      resultTypes: ['violations'],
    }),
  )) as {
    violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
  };
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ route, rule: v.id, impact: v.impact!, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}

/**
 * The page's requests in flight, counted from its creation, so that "quiet" can be asked after a
 * client-side navigation too (Playwright's networkidle only follows page loads).
 */
function trackRequests(page: Page) {
  let inFlight = 0;
  let quietSince = Date.now();
  const end = () => {
    inFlight--;
    quietSince = Date.now();
  };
  page.on('request', () => inFlight++);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return {
    /** Counts from now: a navigation's first request may not have left yet. */
    restart: () => {
      quietSince = Date.now();
    },
    /** Resolves after 500 ms with no request in flight, as networkidle does. */
    quiet: () => expect.poll(() => inFlight <= 0 && Date.now() - quietSince >= 500, { timeout: 15_000, interval: 100 }).toBe(true),
  };
}
type Requests = ReturnType<typeof trackRequests>;

/**
 * Opens `route` the way a user moving around the app does: through the router (a history entry and
 * popstate), not a page load. Each state's first route is loaded; the rest cost a render instead of a
 * boot of the app and a fresh copy of axe (about half the audit's CPU).
 */
async function visit(page: Page, requests: Requests, route: string) {
  requests.restart();
  await page.evaluate((to) => {
    history.pushState(history.state, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, route);
}

async function settle(page: Page, requests: Requests) {
  // Twice: parts that load as the visitor scrolls to them (the landing sections below the showcase)
  // are audited too, once the page has drawn what it scrolls through.
  for (const pass of [1, 2]) {
    if (pass === 2) await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await requests.quiet().catch(() => undefined);
    // Skeletons and spinners give way to content (lists, pricing, showcase) before the audit.
    await page.waitForFunction(() => !document.querySelector('.skeleton'), undefined, { timeout: 8000 }).catch(() => undefined);
  }
  await settled(page);
}

let browser: Browser;
let session: { token: string; user: unknown };
beforeAll(async () => {
  browser = await launchBrowser();
  session = await signInByApi(baseUrl, `a11y-${Date.now()}@example.com`);
});
afterAll(() => browser?.close());

for (const lang of ['en', 'zh-Hant'] as const) {
  for (const signedIn of [false, true]) {
    it(`${lang}, signed ${signedIn ? 'in' : 'out'}: 0 serious/critical axe findings on every route`, { timeout: 240_000 }, async () => {
      const context = await contextFor(browser, { viewport: DESKTOP, lang, session: signedIn ? session : undefined, bypassCSP: true });
      const page = await context.newPage();
      const requests = trackRequests(page);
      const findings: Finding[] = [];
      const routes = [...PUBLIC_ROUTES, ...(signedIn ? SIGNED_IN_ONLY : SIGNED_OUT_ONLY)];
      await page.goto(`${baseUrl}${routes[0]}`);
      for (const route of routes) {
        if (route !== routes[0]) await visit(page, requests, route);
        await settle(page, requests);
        expect(await page.locator('html').getAttribute('lang')).toBe(lang);
        findings.push(...(await audit(page, route)));
      }
      if (!signedIn) {
        // The login modal, opened from the header.
        await page.goto(baseUrl);
        await settle(page, requests);
        await page
          .getByRole('button', { name: lang === 'en' ? /^sign in$/i : '登入' })
          .first()
          .click();
        await page.getByRole('dialog').waitFor();
        await settled(page);
        findings.push(...(await audit(page, '/ (login modal)')));
      }
      await context.close();
      expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
    });
  }
}
