import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { completeEmailSignIn, launchBrowser, snap } from './browser';

/**
 * E-mails are written in the recipient's language: someone signing up from the Traditional Chinese
 * page gets the sign-in code in Traditional Chinese (worker/services/auth/email-language.test.ts
 * covers the account keeping that language).
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

interface Mail {
  subject: string;
  text: string;
  html?: string;
  sentAt: string;
}
const mailbox = async (email: string) =>
  ((await (await fetch(`${baseUrl}/api/dev/mailbox?email=${encodeURIComponent(email)}`)).json()) as { messages: Mail[] }).messages;

it('a Traditional Chinese page signs in with a code mailed in Traditional Chinese', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(String(error)));
  // Before any app script runs, so the first request already speaks the page's language.
  await context.addInitScript(() => localStorage.setItem('lang', 'zh-Hant'));
  await page.goto(baseUrl);
  // The first CJK render of a fresh Chromium can be slow while fontconfig warms up.
  await page.getByRole('button', { name: '登入' }).first().click({ timeout: 60_000 });
  const email = `zh-mail-${Date.now()}@example.com`;
  await completeEmailSignIn(page, baseUrl, email, 'zh-Hant');
  await snap(page, 'email-language-zh-signed-in');

  const [mail] = await mailbox(email);
  expect(mail!.subject).toMatch(/^您的 Image Studio 登入驗證碼：\d{6}$/);
  expect(mail!.text).toContain('您的驗證碼是');
  expect(mail!.text).toMatch(/驗證碼將在 \d+ 分鐘後失效/);
  expect(mail!.text).not.toMatch(/verification code|expires/i);
  expect(mail!.html).toContain('您的驗證碼是');

  expect(failures).toEqual([]);
  await context.close();
});
