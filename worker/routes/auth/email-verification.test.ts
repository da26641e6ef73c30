import { and, eq, like } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { schema } from '@db/client';
import { LOGIN_CODE } from '../../contract/auth';
import { createTestApp, manualClock, type TestApp } from '@tests/setup/test-app';

/**
 * password registrations prove nothing about the address, so neither the
 * new-user bonus nor the inviter's reward may be paid until the mailbox is proven.
 */
let t: TestApp;
let clock: ReturnType<typeof manualClock>;
beforeEach(async () => {
  clock = manualClock(new Date());
  t = await createTestApp({ clock });
});
afterEach(() => t.close());

interface Registered {
  token: string;
  user: { id: string; email: string; emailVerified: boolean };
  isReferralLogin: boolean;
}

const balanceOf = async (token: string) => (await (await t.request('/api/credits/balance', { token })).json()).available as number;
const errorOf = async (res: Response) => ((await res.json()) as { error: Record<string, unknown> }).error;
const register = async (email: string, referralCode?: string, ip = '198.51.100.1') => {
  const res = await t.request('/api/auth/register', {
    method: 'POST',
    ip,
    json: { name: 'Throwaway', email, password: 'password-123', referralCode },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Registered;
};
const verify = (token: string, verificationCode: string, ip?: string) =>
  t.request('/api/auth/email-verification/verify', { method: 'POST', token, ip, json: { verificationCode } });
const status = async (token: string) => (await t.request('/api/auth/email-verification', { token })).json();
const referralLedger = (inviterId: string) =>
  t.deps.db
    .select()
    .from(schema.creditLedger)
    .where(and(eq(schema.creditLedger.userId, inviterId), like(schema.creditLedger.movementKey, 'referral:registration:%')));

async function inviter() {
  const alice = await t.signIn('alice@example.com');
  const { referralCode } = await (await t.request('/api/referral/link', { token: alice.token })).json();
  return { ...alice, referralCode: referralCode as string };
}

describe('e-mail verification of password accounts', () => {
  it('12 throwaway registrations with a referral code pay nobody; verifying one pays the inviter 50 exactly once', async () => {
    const alice = await inviter();
    expect(await balanceOf(alice.token)).toBe(20);

    const throwaways: Registered[] = [];
    for (let i = 0; i < 12; i++) throwaways.push(await register(`throwaway${i}@example.com`, alice.referralCode, `198.51.100.${i + 1}`));
    for (const account of throwaways) {
      expect(account).toMatchObject({ isReferralLogin: true, user: { emailVerified: false } });
      expect(await balanceOf(account.token)).toBe(0);
    }
    expect(await balanceOf(alice.token)).toBe(20);
    expect(await referralLedger(alice.user.id)).toHaveLength(0);

    // Each unverified account is told what it waits for, and a code is already in its mailbox.
    const chosen = throwaways[3]!;
    expect(await status(chosen.token)).toEqual({
      success: true,
      emailVerified: false,
      email: 'throwaway3@example.com',
      newUserBonus: 20,
      inviterReward: 50,
      resendAfterSeconds: LOGIN_CODE.resendWaitSeconds,
    });
    const code = t.latestCode('throwaway3@example.com');

    const res = await verify(chosen.token, code);
    expect(res.status).toBe(200);
    const verified = await res.json();
    expect(verified).toMatchObject({
      success: true,
      newUserBonus: 20,
      inviterRewarded: true,
      user: { id: chosen.user.id, emailVerified: true },
    });
    expect(await balanceOf(alice.token)).toBe(70);
    expect(await balanceOf(verified.token)).toBe(20);

    // Replays: the same code, a fresh code, and the referral endpoint pay nothing more.
    const replay = await verify(verified.token, code);
    expect(replay.status).toBe(409);
    expect((await errorOf(replay)).code).toBe('CONFLICT');
    expect((await t.request('/api/auth/email-verification/send-code', { method: 'POST', token: verified.token })).status).toBe(409);
    const reapplied = await t.request('/api/referral/process-registration', {
      method: 'POST',
      token: verified.token,
      json: { referralCode: alice.referralCode },
    });
    expect(reapplied.status).toBe(409);
    expect(await balanceOf(alice.token)).toBe(70);
    expect(await balanceOf(verified.token)).toBe(20);
    expect(await referralLedger(alice.user.id)).toHaveLength(1);
    expect(await status(verified.token)).toMatchObject({ emailVerified: true, inviterReward: null });
    expect(await (await t.request('/api/referral/stats', { token: alice.token })).json()).toMatchObject({ registrationRewards: 50 });
  }, 120_000);

  it('pays once when the same verification arrives many times in parallel', async () => {
    const alice = await inviter();
    const bob = await register('bob@example.com', alice.referralCode);
    const code = t.latestCode('bob@example.com');
    const answers = await Promise.all(Array.from({ length: LOGIN_CODE.maxAttempts }, () => verify(bob.token, code)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The others lost the race on the code (400 used, or 429 when they reached it after it was
    // consumed), on the account (409), or arrived when the pre-verification session had ended (401).
    expect(
      statuses.filter((s) => s !== 200).every((s) => [400, 401, 409, 429].includes(s)),
      statuses.join(),
    ).toBe(true);
    expect(await balanceOf(alice.token)).toBe(70);
    expect(await referralLedger(alice.user.id)).toHaveLength(1);
    const bonus = await t.deps.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.userId, bob.user.id));
    expect(bonus).toEqual([expect.objectContaining({ type: 'new_user', amount: 20, movementKey: `new_user:${bob.user.id}` })]);
  });

  it('keeps the password and replaces the pre-verification session with a fresh token', async () => {
    const bob = await register('bob@example.com');
    const verified = await (await verify(bob.token, t.latestCode('bob@example.com'))).json();
    expect(verified.inviterRewarded).toBe(false);
    // The uev session ends with verification (docs/decisions/007); the token it returned works.
    expect((await t.request('/api/users/me', { token: bob.token })).status).toBe(401);
    expect(await (await t.request('/api/users/me', { token: verified.token })).json()).toMatchObject({ emailVerified: true });
    const login = await t.request('/api/auth/login', { method: 'POST', json: { email: 'bob@example.com', password: 'password-123' } });
    expect(login.status).toBe(200);
  });

  it('uses the sign-in code rules: wrong codes are counted and capped, codes expire, resend waits 60 s', async () => {
    const bob = await register('bob@example.com');
    const code = t.latestCode('bob@example.com');
    const wrong = code === '000000' ? '111111' : '000000';

    // From the client that registered: the resend wait is per e-mail and client (decision 008).
    const early = await t.request('/api/auth/email-verification/send-code', { method: 'POST', token: bob.token, ip: '198.51.100.1' });
    expect(early.status).toBe(429);
    expect(await errorOf(early)).toMatchObject({ code: 'RESEND_TOO_SOON', retryAfter: LOGIN_CODE.resendWaitSeconds });

    for (let i = 1; i < LOGIN_CODE.maxAttempts; i++) {
      const res = await verify(bob.token, wrong);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatchObject({ code: 'INVALID_CODE', field: 'verificationCode' });
    }
    expect((await errorOf(await verify(bob.token, wrong))).code).toBe('CODE_ATTEMPTS_EXCEEDED');
    // The right code no longer helps: the attempts were counted before comparing.
    expect((await errorOf(await verify(bob.token, code))).code).toBe('CODE_ATTEMPTS_EXCEEDED');

    clock.advance(LOGIN_CODE.resendWaitSeconds);
    expect(await status(bob.token)).toMatchObject({ resendAfterSeconds: 0 });
    const resent = await t.request('/api/auth/email-verification/send-code', { method: 'POST', token: bob.token });
    expect(resent.status).toBe(200);
    const fresh = t.latestCode('bob@example.com');
    clock.advance(LOGIN_CODE.ttlSeconds);
    expect((await errorOf(await verify(bob.token, fresh))).code).toBe('CODE_EXPIRED');
    expect(await balanceOf(bob.token)).toBe(0);

    const [row] = await t.deps.db.select().from(schema.loginCodes).where(eq(schema.loginCodes.email, 'bob@example.com')).limit(1);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(fresh);
  });

  it('needs a session and mails only the account’s own address', async () => {
    expect((await t.request('/api/auth/email-verification')).status).toBe(401);
    expect((await t.request('/api/auth/email-verification/send-code', { method: 'POST' })).status).toBe(401);
    expect((await verify('', '123456')).status).toBe(401);
    const bob = await register('bob@example.com');
    clock.advance(LOGIN_CODE.resendWaitSeconds);
    await t.request('/api/auth/email-verification/send-code', { method: 'POST', token: bob.token, json: { email: 'mallory@example.com' } });
    expect(t.deps.devMailbox!.list('mallory@example.com')).toHaveLength(0);
    expect(t.deps.devMailbox!.list('bob@example.com')).toHaveLength(2);
  });

  it('pays the waiting rewards once when the owner proves the mailbox by code sign-in instead', async () => {
    const alice = await inviter();
    const bob = await register('bob@example.com', alice.referralCode);
    clock.advance(LOGIN_CODE.resendWaitSeconds);
    const owner = await t.signIn('bob@example.com');
    expect(owner.user.id).toBe(bob.user.id);
    expect(await balanceOf(owner.token)).toBe(20);
    expect(await balanceOf(alice.token)).toBe(70);
    clock.advance(LOGIN_CODE.resendWaitSeconds);
    await t.signIn('bob@example.com');
    expect(await balanceOf(alice.token)).toBe(70);
    expect(await referralLedger(alice.user.id)).toHaveLength(1);
  });

  it('does not pay through /referral/process-registration while the e-mail is unverified', async () => {
    const alice = await inviter();
    const bob = await register('bob@example.com');
    const applied = await t.request('/api/referral/process-registration', {
      method: 'POST',
      token: bob.token,
      json: { referralCode: alice.referralCode },
    });
    expect(applied.status).toBe(200);
    expect(await balanceOf(alice.token)).toBe(20);
    expect(await status(bob.token)).toMatchObject({ inviterReward: 50 });
    await verify(bob.token, t.latestCode('bob@example.com'));
    expect(await balanceOf(alice.token)).toBe(70);
  });
});
