import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, manualClock, type TestApp } from '@tests/setup/test-app';

/**
 * E-mail codes seen from the personal center: each purpose has its own resend wait (signing in by
 * code does not hold back the deletion code asked for right after), and an account without a password
 * is mailed a code to *set* one and told one was set, not that a password was reset or changed.
 */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ clock: manualClock(new Date('2026-12-06T10:00:00.250Z')) });
});
afterEach(() => t.close());

const mailbox = (email: string) => t.deps.devMailbox!.list(email);

it('sends the deletion code right after a sign-in by code, while a second sign-in code still waits', async () => {
  const email = 'deleter@example.com';
  const { token } = await t.signIn(email);
  const deletion = await t.request('/api/account/deletion/send-code', { method: 'POST', token });
  expect(deletion.status, await deletion.clone().text()).toBe(200);
  expect(mailbox(email)[0]!.subject).toMatch(/account deletion code/);
  // The deletion page's own hint counts its own purpose: it now waits for the code just sent.
  const preview = (await (await t.request('/api/account/deletion', { token })).json()) as { resendAfterSeconds: number };
  expect(preview.resendAfterSeconds).toBe(60);

  // The same purpose still waits its 60 s.
  const again = await t.request('/api/auth/login/send-code', { method: 'POST', json: { email } });
  expect(again.status).toBe(429);
  expect(((await again.json()) as { error: { code: string } }).error.code).toBe('RESEND_TOO_SOON');
});

it('mails a code to set a first password, and says the password was set', async () => {
  const email = 'code-user@example.com';
  await t.signIn(email);
  const asked = await t.request('/api/auth/password-reset/request', { method: 'POST', json: { email } });
  expect(asked.status).toBe(200);
  await expect.poll(() => mailbox(email).length).toBe(2);
  const codeMail = mailbox(email)[0]!;
  expect(codeMail.subject).toMatch(/^Your Image Studio code to set a password: \d{6}$/);
  expect(codeMail.text).not.toMatch(/reset/i);

  const set = await t.request('/api/auth/password-reset/confirm', {
    method: 'POST',
    json: { email, verificationCode: t.latestCode(email), password: 'first-password-1' },
  });
  expect(set.status).toBe(200);
  await expect.poll(() => mailbox(email).length).toBe(3);
  const notice = mailbox(email)[0]!;
  expect(notice.subject).toBe('A password was set for your Image Studio account');
  expect(notice.text).not.toMatch(/changed|reset code/);

  // A second reset on the same account is a reset again, worded as one.
  const later = await t.request('/api/auth/password-reset/request', { method: 'POST', json: { email }, ip: '198.51.100.9' });
  expect(later.status).toBe(200);
  await expect.poll(() => mailbox(email).length).toBe(4);
  expect(mailbox(email)[0]!.subject).toMatch(/password reset code: \d{6}$/);
});

it('writes the first-password mails in Traditional Chinese for a zh-Hant account', async () => {
  const email = 'zh-user@example.com';
  const sent = await t.request('/api/auth/login/send-code', { method: 'POST', json: { email }, headers: { 'accept-language': 'zh-Hant' } });
  expect(sent.status).toBe(200);
  const verified = await t.request('/api/auth/login/verify-code', {
    method: 'POST',
    json: { email, verificationCode: t.latestCode(email) },
    headers: { 'accept-language': 'zh-Hant' },
  });
  expect(verified.status).toBe(200);
  await t.request('/api/auth/password-reset/request', { method: 'POST', json: { email } });
  await expect.poll(() => mailbox(email)[0]?.subject).toMatch(/^您的 Image Studio 設定密碼驗證碼：\d{6}$/);
});
