import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchBrowser, readCode, snap } from './browser';

/**
 * sign in, generate and buy with the keyboard only — Tab to each control (it must show a
 * focus ring), Enter or Space to use it. No mouse click anywhere in this file.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Presses Tab (or Shift+Tab) until `target` has the focus, and checks the focus is visible. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) {
      expect(await target.evaluate((el) => el.matches(':focus-visible')), 'focus ring on the focused control').toBe(true);
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`could not Tab to ${target}`);
}

it('keyboard only: sign in with an e-mail code, generate an image, buy a credit pack through the sandbox checkout', {
  timeout: 180_000,
}, async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const email = `keyboard-${Date.now()}@example.com`;
  await page.goto(baseUrl);

  // Sign in: header button → modal → e-mail → mailed code.
  await tabTo(page, page.getByRole('button', { name: 'Sign In', exact: true }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await tabTo(page, dialog.getByRole('button', { name: /continue with e-mail/i }));
  await page.keyboard.press('Enter');
  await dialog.getByRole('textbox', { name: /e-mail/i }).waitFor();
  await expect.poll(() => dialog.getByRole('textbox', { name: /e-mail/i }).evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  const codeBox = dialog.getByRole('textbox', { name: /verification code/i });
  await codeBox.waitFor();
  // Focus moves on React's commit after the mail request; wait for the state rather than race it.
  await expect.poll(() => codeBox.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type(await readCode(baseUrl, email));
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: /log ?out/i }).waitFor();
  await snap(page, 'keyboard-1-signed-in');

  // Generate: nav → workbench → an inspiration tag fills the prompt → Start generating.
  await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Workbench', exact: true }), { back: true });
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'AI workbench' }).waitFor();
  await tabTo(page, page.getByRole('button', { name: 'Landscape', exact: true }));
  await page.keyboard.press('Enter');
  expect(await page.getByRole('textbox', { name: 'Prompt' }).inputValue()).not.toBe('');
  await tabTo(page, page.getByRole('button', { name: 'Start generating' }));
  await page.keyboard.press('Enter');
  await page.getByTestId('result-image').waitFor({ timeout: 60_000 });
  await snap(page, 'keyboard-2-generated');

  // Buy: nav → Pricing → Credit packs tab → Buy now → Card → Continue → sandbox Pay.
  await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing', exact: true }), {
    back: true,
    max: 120,
  });
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await tabTo(page, page.getByRole('tab', { name: 'Credit packs' }));
  await page.keyboard.press('Enter');
  const buy = page.getByRole('button', { name: 'Buy now' }).first();
  await buy.waitFor();
  await tabTo(page, buy);
  await page.keyboard.press('Enter');
  const methods = page.getByRole('dialog');
  await methods.getByRole('radio', { name: /card/i }).waitFor();
  await tabTo(page, methods.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/api\/sandbox\/checkout\//);
  await tabTo(page, page.getByRole('button', { name: /^Pay \$/ }));
  await snap(page, 'keyboard-3-sandbox');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/payment\/stripe\/success/);
  await page
    .getByText(/credits were added|Payment successful|Payment received/)
    .first()
    .waitFor({ timeout: 30_000 });
  await snap(page, 'keyboard-4-paid');
  await page.close();
});
