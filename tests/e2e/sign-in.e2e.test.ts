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

it('/login password step: the tabs follow the arrow keys, the password shows and hides, errors mark their field', async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(String(error)));
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('button', { name: /use a password/i }).click();

  // One tab stop on the selected tab; the arrow keys, Home and End move and select.
  const signIn = page.getByRole('tab', { name: /^sign in$/i });
  const register = page.getByRole('tab', { name: /create account/i });
  await expect.poll(() => signIn.getAttribute('aria-selected')).toBe('true');
  expect(await register.getAttribute('tabindex')).toBe('-1');
  await signIn.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => register.getAttribute('aria-selected')).toBe('true');
  // The focus stays on the tab list while the arrows move (the form's autoFocus is for the step's
  // opening only); Tab goes on into the selected form.
  expect(await register.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => signIn.getAttribute('aria-selected')).toBe('true');
  expect(await signIn.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('End');
  await expect.poll(() => register.getAttribute('aria-selected')).toBe('true');
  await page.keyboard.press('Tab');
  const username = page.getByRole('tabpanel').getByRole('textbox', { name: /username/i });
  await expect.poll(() => username.evaluate((el) => el === document.activeElement)).toBe(true);
  await register.focus();
  await page.keyboard.press('Home');
  await expect.poll(() => signIn.getAttribute('aria-selected')).toBe('true');
  expect(await register.getAttribute('aria-selected')).toBe('false');

  // The password field keeps its autocomplete, and its toggle shows and hides the text.
  const password = page.getByLabel(/^password$/i);
  expect(await password.getAttribute('autocomplete')).toBe('current-password');
  expect(await password.getAttribute('type')).toBe('password');
  await page.getByRole('button', { name: /show password/i }).click();
  expect(await password.getAttribute('type')).toBe('text');
  await page.getByRole('button', { name: /hide password/i }).click();
  expect(await password.getAttribute('type')).toBe('password');

  // An empty submit marks both fields invalid, each naming its message.
  await page
    .getByRole('tabpanel')
    .getByRole('button', { name: /^sign in$/i })
    .click();
  await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
  const described = await password.getAttribute('aria-describedby');
  expect(described).toBeTruthy();
  expect((await page.locator(`[id="${described}"]`).textContent())?.trim()).not.toBe('');
  expect(await page.getByRole('textbox', { name: /e-?mail/i }).getAttribute('aria-invalid')).toBe('true');
  expect(failures).toEqual([]);
});
