import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { SPA_SECURITY_HEADERS } from '@scripts/lib/security-headers';
import { launchBrowser, signInThroughModal, snap } from './browser';

/**
 * the SPA and its static files carry the security headers, the built SPA runs
 * under its CSP without a single violation (signed out, signed in, with a blob: preview), and a
 * browser that blocks storage still gets a working page that says why sign-in will not last.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Collects CSP violations (the DOM event and Chromium's console line) and page errors. */
async function watched(context: BrowserContext) {
  const problems: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (/content security policy|CSP violation/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  return { page, problems };
}

function expectSecurityHeaders(headers: Record<string, string>, what: string) {
  for (const [name, value] of Object.entries(SPA_SECURITY_HEADERS)) expect(headers[name], `${name} on ${what}`).toBe(value);
}

it('serves the SPA routes and static files with the security headers', async () => {
  for (const path of ['/', '/login', '/pricing', '/ai-workbench', '/personal-center/credits', '/no-such-page', '/favicon.svg']) {
    const res = await fetch(`${baseUrl}${path}`);
    expect(res.status, path).toBe(200);
    expectSecurityHeaders(Object.fromEntries(res.headers), path);
  }
  const html = await (await fetch(baseUrl)).text();
  const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(script).toBeTruthy();
  const asset = await fetch(`${baseUrl}${script}`);
  expectSecurityHeaders(Object.fromEntries(asset.headers), script!);
  expect(asset.headers.get('content-type')).toMatch(/javascript/);
  // The Workers copy of the list is read by Cloudflare, never served; the Node server does the same.
  expect(await (await fetch(`${baseUrl}/_headers`)).text()).not.toMatch(/Content-Security-Policy:/);
});

it('runs under its CSP with no violation, signed out and signed in, with an image preview', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const { page, problems } = await watched(context);
  for (const path of ['/', '/showcase', '/pricing', '/login', '/ai-tools']) {
    const res = await page.goto(`${baseUrl}${path}`);
    expect(res?.headers()['content-security-policy']).toBe(SPA_SECURITY_HEADERS['content-security-policy']);
    await page.locator('footer').waitFor();
  }
  await page.goto(baseUrl);
  await signInThroughModal(page, baseUrl, `csp-${Date.now()}@example.com`);
  for (const path of ['/personal-center/credits', '/personal-center/orders', '/records', '/referrals']) {
    await page.goto(`${baseUrl}${path}`);
    await page.locator('footer').waitFor();
  }
  // A chosen file is previewed through a blob: URL.
  await page.goto(`${baseUrl}/ai-workbench?mode=image-to-image`);
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#4f7cff' } })
    .png()
    .toBuffer();
  await page.getByTestId('upload-input').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: photo });
  const preview = page.locator('img[src^="blob:"]').first();
  await preview.waitFor();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  await snap(page, 'csp-signed-in-preview');
  expect(problems).toEqual([]);
  await context.close();
});

it('still renders, in memory, when the browser blocks storage, and says so', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  await context.addInitScript(() => {
    for (const name of ['localStorage', 'sessionStorage']) {
      Object.defineProperty(window, name, {
        configurable: true,
        get() {
          throw new DOMException(`${name} is blocked`, 'SecurityError');
        },
      });
    }
  });
  const { page, problems } = await watched(context);
  await page.goto(`${baseUrl}/pricing`);
  await page.getByTestId('storage-notice').waitFor();
  await expect
    .poll(() =>
      page
        .getByRole('button', { name: /^sign in$/i })
        .first()
        .isVisible(),
    )
    .toBe(true);
  await snap(page, 'storage-blocked');
  // Signing in still works for the life of the tab.
  await signInThroughModal(page, baseUrl, `nostorage-${Date.now()}@example.com`);
  expect(problems).toEqual([]);
  await context.close();
});

/** The page as seen by a site that tries to frame it: refused. */
it('cannot be framed', async () => {
  const context = await browser.newContext();
  const page: Page = await context.newPage();
  const blocked: string[] = [];
  page.on('console', (message) => blocked.push(message.text()));
  await page.setContent(`<iframe src="${baseUrl}/login"></iframe>`);
  await expect.poll(() => blocked.some((line) => /frame-ancestors|X-Frame-Options|refused to (display|frame)/i.test(line))).toBe(true);
  await context.close();
});
