import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it, onTestFailed } from 'vitest';
import { apiClient, openSignedIn, useLanguage } from './api-client';
import { launchBrowser, newestMailAt, readCode, snap } from './browser';

/**
 * password reset, My data export and account deletion in the browser, in English
 * and Traditional Chinese. Each test makes its own account through the API (its own client address).
 */
const baseUrl = inject('baseUrl');
const googleUser = inject('googleUser');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };
const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000 });

function watchErrors(page: Page) {
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(String(error)));
  onTestFailed(async ({ task }) => {
    await snap(page, `failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(() => undefined);
  });
  return failures;
}

const TEXT = {
  en: {
    usePassword: /use a password/i,
    google: /continue with google/i,
    forgot: /forgot password/i,
    resetHeading: /reset your password/i,
    email: /e-?mail/i,
    sendReset: /send reset code/i,
    resetCode: /reset code/i,
    newPassword: /^new password$/i,
    setAndSignIn: /set new password and sign in/i,
    logout: /log ?out/i,
    signIn: /^sign in$/i,
    tab: 'Account & data',
    prepare: 'Prepare my data',
    download: 'Download zip',
    sendDeletion: 'Send deletion code',
    deleteForGood: 'Delete my account for good',
    deleted: 'Your account was deleted.',
    deletionMail: /account deletion code/,
    kept: 'Orders, refunds and the credit history stay as our accounting record, without your name or e-mail.',
  },
  'zh-Hant': {
    usePassword: '使用密碼',
    google: '使用 Google 繼續',
    forgot: '忘記密碼？',
    resetHeading: '重設密碼',
    email: '電子郵件',
    sendReset: '寄送重設驗證碼',
    resetCode: '重設驗證碼',
    newPassword: '新密碼',
    setAndSignIn: '設定新密碼並登入',
    logout: '登出',
    signIn: '登入',
    tab: '帳戶與資料',
    prepare: '準備我的資料',
    download: '下載 zip 檔',
    sendDeletion: '傳送刪除驗證碼',
    deleteForGood: '永久刪除我的帳戶',
    deleted: '您的帳戶已刪除。',
    deletionMail: /刪除帳戶驗證碼/,
    kept: '訂單、退款與點數紀錄會作為會計紀錄保留，但不含您的姓名或電子郵件。',
  },
} as const;

for (const [lang, viewport] of [
  ['en', DESKTOP],
  ['zh-Hant', PHONE],
] as const) {
  const text = TEXT[lang];
  const exact = lang === 'zh-Hant';

  it(`${lang}: forgot password → mailed code + new password → signed in; the old password no longer works`, async () => {
    const api = apiClient(baseUrl);
    const email = `reset-${lang.toLowerCase()}-${Date.now()}@example.com`;
    await api.register({ name: 'Rita Reset', email, password: 'the old password 1' });
    const context = await browser.newContext({ viewport, deviceScaleFactor: lang === 'en' ? 1 : 2 });
    await useLanguage(context, lang);
    const page = await context.newPage();
    const failures = watchErrors(page);

    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: text.usePassword }).click({ timeout: 60_000 });
    await page.getByRole('button', { name: text.forgot }).click();
    await page.getByRole('heading', { name: text.resetHeading }).waitFor();
    await page.getByRole('textbox', { name: text.email, exact }).fill(email);
    const after = await newestMailAt(baseUrl, email);
    await page.getByRole('button', { name: text.sendReset }).click();
    const codeField = page.getByRole('textbox', { name: text.resetCode, exact });
    await codeField.waitFor();
    await codeField.fill(await readCode(baseUrl, email, { after }));
    await page.getByLabel(text.newPassword, { exact }).fill('the new password 2');
    await snap(page, `account-data-${lang}-reset`);
    await page.getByRole('button', { name: text.setAndSignIn }).click();
    await page.getByRole('button', { name: text.logout }).first().waitFor();

    expect((await api.call('POST', '/api/auth/login', { json: { email, password: 'the old password 1' } })).status).toBe(401);
    expect((await api.call('POST', '/api/auth/login', { json: { email, password: 'the new password 2' } })).status).toBe(200);
    expect(failures).toEqual([]);
    await context.close();
  }, 120_000);

  it(`${lang}: My data → a progress bar, then one zip with the profile, ledger, orders, creations and the user's image`, async () => {
    const api = apiClient(baseUrl);
    const email = `export-${lang.toLowerCase()}-${Date.now()}@example.com`;
    const session = await api.signInByCode(email);
    // One finished creation, so the zip holds an image of the user's own.
    const started = await api.call<{ id: string }>('POST', '/api/generate-image', {
      token: session.token,
      json: { prompt: 'a lighthouse on a cliff at dusk', style: 'realistic', width: 512, height: 512, model: 'nano' },
    });
    expect(started.status).toBe(200);
    await eventually(
      async () =>
        (await api.call<{ status: string }>('GET', `/api/generate-image/status/${started.body.id}`, { token: session.token })).body.status,
    ).toBe('COMPLETED');

    const context = await browser.newContext({ viewport, deviceScaleFactor: lang === 'en' ? 1 : 2, acceptDownloads: true });
    await useLanguage(context, lang);
    const page = await context.newPage();
    const failures = watchErrors(page);
    await openSignedIn(page, baseUrl, session, '/personal-center/account');
    await page.getByRole('link', { name: text.tab }).waitFor({ timeout: 60_000 });
    // The second progress poll is held until the bar has been seen, so it is seen before the zip is ready.
    let polls = 0;
    let barSeen = () => {};
    const bar = new Promise<void>((resolve) => (barSeen = resolve));
    await page.route('**/api/account/export', async (route) => {
      if (route.request().method() === 'GET' && polls++ === 1) await bar;
      await route.fallback();
    });
    await page.getByRole('button', { name: text.prepare }).click();
    await page.getByRole('progressbar').waitFor();
    barSeen();
    const download = page.getByRole('link', { name: text.download });
    await download.waitFor({ timeout: 60_000 });
    await snap(page, `account-data-${lang}-export-ready`);

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^image-studio-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = unzipSync(new Uint8Array(readFileSync((await file.path())!)));
    const names = Object.keys(zip);
    expect(names).toEqual(expect.arrayContaining(['profile.json', 'orders.json', 'credit-ledger.json', 'creations.json', 'README.txt']));
    expect(names.filter((n) => /^images\/rec_[a-z0-9]+\/result\.(png|jpg|webp)$/.test(n))).toHaveLength(1);
    expect(JSON.parse(new TextDecoder().decode(zip['profile.json']))).toMatchObject({ id: session.user.id, email });
    const ledger = JSON.parse(new TextDecoder().decode(zip['credit-ledger.json']));
    expect(ledger.movements.map((m: { amount: number }) => m.amount).sort((a: number, b: number) => a - b)).toEqual([-4, 20]);
    expect(failures).toEqual([]);
    await context.close();
  }, 180_000);

  it(`${lang}: delete account → says what is kept → mailed code → signed out; the address then starts a new account`, async () => {
    // Signed in with Google (the local OIDC server): no sign-in code was mailed, so the deletion code
    // is not held back by the 60 s resend wait. Deleting also forgets the address's codes.
    const api = apiClient(baseUrl);
    const email = googleUser.email;
    const context = await browser.newContext({ viewport, deviceScaleFactor: lang === 'en' ? 1 : 2 });
    await useLanguage(context, lang);
    const page = await context.newPage();
    const failures = watchErrors(page);
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: text.google }).click({ timeout: 60_000 });
    await page.getByRole('button', { name: text.logout }).first().waitFor({ timeout: 30_000 });
    const session = await page.evaluate(() => ({
      token: localStorage.getItem('token')!,
      id: (JSON.parse(localStorage.getItem('user')!) as { id: string }).id,
    }));
    await page.goto(`${baseUrl}/personal-center/account`);
    const section = page.getByTestId('delete-account');
    await section.getByText(text.kept).waitFor({ timeout: 60_000 });
    await section.getByRole('button', { name: text.sendDeletion }).click();
    const codeField = section.getByRole('textbox');
    await codeField.waitFor();
    await eventually(async () => {
      const res = await fetch(`${baseUrl}/api/dev/mailbox?email=${encodeURIComponent(email)}`);
      return ((await res.json()) as { messages: { subject: string }[] }).messages[0]?.subject ?? '';
    }).toMatch(text.deletionMail);
    await codeField.fill(await readCode(baseUrl, email));
    await snap(page, `account-data-${lang}-delete-confirm`);
    await section.getByRole('button', { name: text.deleteForGood }).click();
    await page.getByText(text.deleted).waitFor();
    await page.getByRole('button', { name: text.signIn, exact }).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await snap(page, `account-data-${lang}-deleted`);

    expect((await api.call('GET', '/api/users/me', { token: session.token })).status).toBe(401);
    // The same address (Google says so) now starts a new, empty account.
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: text.google }).click({ timeout: 60_000 });
    await page.getByRole('button', { name: text.logout }).first().waitFor({ timeout: 30_000 });
    const again = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!) as { id: string; email: string });
    expect(again).toMatchObject({ email });
    expect(again.id).not.toBe(session.id);
    expect(failures).toEqual([]);
    await context.close();
  }, 120_000);
}
