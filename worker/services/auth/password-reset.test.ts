import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { schema } from '@db/client';
import { createTestApp, manualClock, type TestApp } from '@tests/setup/test-app';
import { LOGIN_CODE } from '../../contract/auth';
import { PASSWORD_RESET_LIMITS } from './password-reset';

/** "Forgot password?" by e-mailed code, through the HTTP API. */
let t: TestApp;
let clock: ReturnType<typeof manualClock>;
beforeEach(async () => {
  clock = manualClock(new Date('2026-11-22T10:00:00.250Z'));
  t = await createTestApp({ clock });
});
afterEach(() => t.close());

const OLD = 'old-password-1';
const NEW = 'brand-new-password-2';
const mailbox = (email: string) => t.deps.devMailbox!.list(email);
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; field?: string } }).error;
const requestReset = (email: string, ip?: string) => t.request('/api/auth/password-reset/request', { method: 'POST', ip, json: { email } });
const confirm = (email: string, verificationCode: string, password = NEW, ip?: string) =>
  t.request('/api/auth/password-reset/confirm', { method: 'POST', ip, json: { email, verificationCode, password } });
const me = (token: string) => t.request('/api/users/me', { token });
const login = (email: string, password: string) => t.request('/api/auth/login', { method: 'POST', json: { email, password } });

async function register(email: string) {
  const res = await t.request('/api/auth/register', { method: 'POST', json: { name: 'Owner', email, password: OLD } });
  expect(res.status).toBe(200);
  return (await res.json()) as { token: string; user: { id: string } };
}

/** Registers, then lets the resend wait pass so the reset code is not held back by the registration's verification code. */
async function registered(email: string) {
  const account = await register(email);
  clock.advance(LOGIN_CODE.resendWaitSeconds + 1);
  return account;
}

describe('password reset: request', () => {
  it('answers an unknown address exactly as a known one, and mails only the known one', async () => {
    await registered('owner@example.com');
    const known = await requestReset('owner@example.com');
    const unknown = await requestReset('nobody@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const knownBody = await known.json();
    expect(await unknown.json()).toEqual(knownBody);
    expect(knownBody).toMatchObject({ success: true, resendAfterSeconds: LOGIN_CODE.resendWaitSeconds });

    expect(mailbox('nobody@example.com')).toHaveLength(0);
    expect(mailbox('owner@example.com')[0]!.subject).toMatch(/password reset code: \d{6}$/);

    // Asking again inside the resend wait: the known address's wait is not revealed, and no new mail goes out.
    const again = await requestReset('owner@example.com');
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(knownBody);
    expect(mailbox('owner@example.com').filter((m) => m.subject.includes('password reset'))).toHaveLength(1);
  });

  it('caps requests per address, counted the same for unknown addresses, and per IP', async () => {
    await registered('owner@example.com');
    for (const email of ['owner@example.com', 'nobody@example.com']) {
      for (let i = 0; i < PASSWORD_RESET_LIMITS.requestPerEmail.limit; i++) {
        clock.advance(LOGIN_CODE.resendWaitSeconds + 1);
        expect((await requestReset(email, `198.51.100.${i + 1}`)).status).toBe(200);
      }
      const capped = await requestReset(email, '198.51.100.99');
      expect(capped.status).toBe(429);
      expect((await errorOf(capped)).code).toBe('RATE_LIMITED');
    }

    for (let i = 0; i < PASSWORD_RESET_LIMITS.requestPerIp.limit; i++)
      expect((await requestReset(`spray${i}@example.com`, '192.0.2.9')).status).toBe(200);
    expect((await requestReset('one-more@example.com', '192.0.2.9')).status).toBe(429);
  });
});

describe('password reset: confirm', () => {
  it('replaces the password, signs in, ends every other session, announces it by e-mail, and refuses the replayed code', async () => {
    const registration = await registered('owner@example.com');
    const loggedIn = await login('owner@example.com', OLD);
    expect(loggedIn.status).toBe(200);
    const otherSession = ((await loggedIn.json()) as { token: string }).token;
    expect((await me(otherSession)).status).toBe(200);

    clock.advance(1);
    await requestReset('owner@example.com');
    const code = t.latestCode('owner@example.com');
    const res = await confirm('owner@example.com', code);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: true; token: string; user: { id: string; emailVerified: boolean } };
    expect(body).toMatchObject({ success: true, isReferralLogin: false, user: { id: registration.user.id, emailVerified: true } });

    // The new session works; the sessions from before the reset (registration and password login) do not.
    expect((await me(body.token)).status).toBe(200);
    expect((await me(registration.token)).status).toBe(401);
    expect((await me(otherSession)).status).toBe(401);

    expect((await login('owner@example.com', OLD)).status).toBe(401);
    const fresh = await login('owner@example.com', NEW);
    expect(fresh.status).toBe(200);
    expect((await me(((await fresh.json()) as { token: string }).token)).status).toBe(200);

    const [notice] = mailbox('owner@example.com').filter((m) => m.subject.includes('password was changed'));
    expect(notice?.text).toContain('every other session was signed out');
    expect(notice?.text).not.toMatch(/\d{6}/);

    // The proven mailbox pays what the unverified registration was waiting for (docs/decisions/008).
    expect((await (await t.request('/api/credits/balance', { token: body.token })).json()).available).toBe(20);

    const replay = await confirm('owner@example.com', code, 'attacker-password-3');
    expect(replay.status).toBe(400);
    expect((await errorOf(replay)).code).toBe('CODE_EXPIRED');
    expect((await login('owner@example.com', NEW)).status).toBe(200);
  });

  it('counts wrong codes before comparing: after the limit even the right code is refused', async () => {
    await registered('owner@example.com');
    await requestReset('owner@example.com');
    const code = t.latestCode('owner@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i < LOGIN_CODE.maxAttempts; i++) {
      const res = await confirm('owner@example.com', wrong);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatchObject({ code: 'INVALID_CODE', field: 'verificationCode' });
    }
    const last = await confirm('owner@example.com', wrong);
    expect((await errorOf(last)).code).toBe('CODE_ATTEMPTS_EXCEEDED');

    const right = await confirm('owner@example.com', code);
    expect(right.status).toBe(429);
    expect((await errorOf(right)).code).toBe('CODE_ATTEMPTS_EXCEEDED');
    const [row] = await t.deps.db
      .select()
      .from(schema.loginCodes)
      .where(eq(schema.loginCodes.email, 'owner@example.com'))
      .orderBy(schema.loginCodes.createdAt);
    expect(row).toBeDefined();
    const rows = await t.deps.db
      .select({ attempts: schema.loginCodes.attempts })
      .from(schema.loginCodes)
      .where(eq(schema.loginCodes.email, 'owner@example.com'));
    expect(Math.max(...rows.map((r) => r.attempts))).toBe(LOGIN_CODE.maxAttempts);
    expect((await login('owner@example.com', OLD)).status).toBe(200);
  });

  it('refuses an expired code and leaves the password as it was', async () => {
    await registered('owner@example.com');
    await requestReset('owner@example.com');
    const code = t.latestCode('owner@example.com');
    clock.advance(LOGIN_CODE.ttlSeconds + 1);
    const res = await confirm('owner@example.com', code);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe('CODE_EXPIRED');
    expect((await login('owner@example.com', OLD)).status).toBe(200);
  });

  it('holds the new password to the registration rules', async () => {
    await registered('owner@example.com');
    await requestReset('owner@example.com');
    const res = await confirm('owner@example.com', t.latestCode('owner@example.com'), 'short');
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'password' });
  });

  it('gives an account that had no password (e-mail code sign-in) one, ending its code sessions', async () => {
    const codeSession = await t.signIn('coder@example.com');
    clock.advance(LOGIN_CODE.resendWaitSeconds + 1);
    await requestReset('coder@example.com');
    const res = await confirm('coder@example.com', t.latestCode('coder@example.com'));
    expect(res.status).toBe(200);
    expect((await me(codeSession.token)).status).toBe(401);
    expect((await login('coder@example.com', NEW)).status).toBe(200);
  });
});
