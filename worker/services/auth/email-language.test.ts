import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, manualClock, type TestApp } from '@tests/setup/test-app';

/** E-mails are written in the recipient's language: the account's, else the asking page's. */
describe('e-mail language', () => {
  let t: TestApp;
  let clock: ReturnType<typeof manualClock>;
  beforeEach(async () => {
    clock = manualClock();
    t = await createTestApp({ clock });
  });
  afterEach(() => t.close());

  const zh = { 'accept-language': 'zh-Hant' };
  const en = { 'accept-language': 'en' };
  const sendCode = async (email: string, headers: Record<string, string>) => {
    // Past the resend wait of the previous code.
    clock.advance(61);
    const res = await t.request('/api/auth/login/send-code', { method: 'POST', json: { email }, headers });
    expect(res.status).toBe(200);
    return t.deps.devMailbox!.list(email)[0]!;
  };
  const verify = async (email: string, headers: Record<string, string>) => {
    const res = await t.request('/api/auth/login/verify-code', {
      method: 'POST',
      json: { email, verificationCode: t.latestCode(email) },
      headers,
    });
    expect(res.status).toBe(200);
  };
  const localeOf = async (email: string) => (await t.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, email) }))?.locale;

  it('mails a new address in the page language, then the account keeps it', async () => {
    const first = await sendCode('mei@example.com', zh);
    expect(first.subject).toMatch(/^您的 Image Studio 登入驗證碼：\d{6}$/);
    expect(first.text).toContain('您的驗證碼是');
    await verify('mei@example.com', zh);
    expect(await localeOf('mei@example.com')).toBe('zh-Hant');
    // The account's language wins over a page that asks in English.
    expect((await sendCode('mei@example.com', en)).subject).toMatch(/^您的 Image Studio 登入驗證碼/);
  });

  it('an account signed in from an English page is mailed in English until it signs in from a Chinese page', async () => {
    expect((await sendCode('ada@example.com', en)).subject).toMatch(/^Your Image Studio sign-in code: \d{6}$/);
    await verify('ada@example.com', en);
    expect(await localeOf('ada@example.com')).toBe('en');
    expect((await sendCode('ada@example.com', zh)).subject).toMatch(/^Your Image Studio sign-in code/);
    await verify('ada@example.com', zh);
    expect(await localeOf('ada@example.com')).toBe('zh-Hant');
    expect((await sendCode('ada@example.com', en)).subject).toMatch(/^您的 Image Studio 登入驗證碼/);
  });

  it('a password account registered from a Chinese page gets its verification code in Chinese', async () => {
    const res = await t.request('/api/auth/register', {
      method: 'POST',
      json: { name: 'Mei', email: 'mei.pw@example.com', password: 'a long enough password' },
      headers: zh,
    });
    expect(res.status).toBe(200);
    expect(await localeOf('mei.pw@example.com')).toBe('zh-Hant');
    expect(t.deps.devMailbox!.list('mei.pw@example.com')[0]!.subject).toMatch(/^驗證您的 Image Studio 電子郵件：\d{6}$/);
  });
});
