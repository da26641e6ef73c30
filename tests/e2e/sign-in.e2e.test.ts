import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchBrowser, readCode, snap } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

it('switches language, signs in with a mailed code, shows the user and logs out', async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(String(error)));

  await page.goto(baseUrl);
  await page
    .getByRole('link', { name: /showcase/i })
    .filter({ visible: true })
    .first()
    .waitFor();
  await snap(page, 'home-en-desktop');

  // Language: Traditional Chinese, remembered across reloads.
  await page.getByRole('combobox', { name: /language|語言/i }).selectOption('zh-Hant');
  await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('zh-Hant');
  await page.reload();
  await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('zh-Hant');
  await snap(page, 'home-zh-desktop');
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();

  // Sign in through the modal with the code from the dev mailbox.
  const email = `e2e-${Date.now()}@example.com`;
  await page
    .getByRole('button', { name: /^sign in$/i })
    .first()
    .click();
  await page.getByRole('button', { name: /continue with e-?mail/i }).click();
  await page.getByRole('textbox', { name: /e-?mail/i }).fill(email);
  await page.getByRole('button', { name: /send code/i }).click();
  const code = await readCode(baseUrl, email);
  await page.getByRole('textbox', { name: /code/i }).fill(code);
  await snap(page, 'login-code-step');
  await page
    .getByRole('button', { name: /^(verify|sign in|continue)/i })
    .last()
    .click();

  const name = email.split('@')[0]!.replace(/[._+-]+/g, ' ');
  await expect.poll(() => page.getByText(name, { exact: false }).first().isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^ey/);
  await snap(page, 'signed-in');

  await page
    .getByRole('button', { name: /log ?out/i })
    .first()
    .click();
  await expect
    .poll(() =>
      page
        .getByRole('button', { name: /^sign in$/i })
        .first()
        .isVisible(),
    )
    .toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect(failures).toEqual([]);
});
