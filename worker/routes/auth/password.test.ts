import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { schema } from '@db/client';
import { PASSWORD_LIMITS } from '../../services/auth/password-accounts';
import { startFakeGoogle, type FakeGoogle } from '@tests/fakes/oidc-server';
import { createTestApp, manualClock, type TestApp } from '@tests/setup/test-app';

/** Counts scrypt runs, so the dummy-hash check is seen without timing the answers. */
const scrypt = vi.hoisted(() => ({ runs: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>();
  return {
    ...real,
    scrypt: (...args: Parameters<typeof real.scrypt>) => {
      scrypt.runs++;
      return real.scrypt(...args);
    },
  };
});

let t: TestApp;
let clock: ReturnType<typeof manualClock>;
let google: FakeGoogle;

beforeAll(async () => {
  google = await startFakeGoogle({ now: () => clock.now() });
});
afterAll(() => google.stop());
beforeEach(async () => {
  clock = manualClock();
  t = await createTestApp({ clock, env: google.env });
});
afterEach(() => t.close());

const register = (json: Record<string, unknown>, ip?: string) => t.request('/api/auth/register', { method: 'POST', json, ip });
const login = (email: string, password: string, ip?: string) =>
  t.request('/api/auth/login', { method: 'POST', json: { email, password }, ip });
const errorOf = async (res: Response) => ((await res.json()) as { error: Record<string, unknown> }).error;

describe('POST /api/auth/register', () => {
  it('creates an unverified password account with a scrypt hash and its identity; the bonus waits for e-mail verification', async () => {
    const res = await register({ name: '  Grace Hopper ', email: 'Grace@Example.com', password: 'correct horse battery' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(['isReferralLogin', 'success', 'token', 'user']);
    expect(body.user).toMatchObject({ name: 'Grace Hopper', email: 'grace@example.com', emailVerified: false, authProvider: 'password' });

    const [row] = await t.deps.db.select().from(schema.users).where(eq(schema.users.id, body.user.id));
    expect(row!.passwordHash).toMatch(/^scrypt\$4\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(row!.passwordHash).not.toContain('correct horse');
    expect(await t.deps.db.select().from(schema.authIdentities).where(eq(schema.authIdentities.userId, body.user.id))).toEqual([
      expect.objectContaining({ provider: 'password', subject: 'grace@example.com' }),
    ]);
    expect(await t.deps.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.userId, body.user.id))).toEqual([]);
    // The first verification code is already in the mailbox.
    expect(t.deps.devMailbox!.list('grace@example.com')).toEqual([
      expect.objectContaining({ subject: expect.stringMatching(/^Verify your Image Studio e-mail: \d{6}$/) }),
    ]);
    expect((await t.request('/api/users/me', { token: body.token })).status).toBe(200);
  });

  it('refuses an e-mail that already has an account (any provider), naming the field', async () => {
    await register({ name: 'First', email: 'taken@example.com', password: 'password-one' });
    await t.signIn('coded@example.com');
    for (const email of ['TAKEN@example.com', 'coded@example.com']) {
      const res = await register({ name: 'Second', email, password: 'password-two' });
      expect(res.status).toBe(409);
      expect(await errorOf(res)).toMatchObject({ code: 'CONFLICT', message: 'An account with this e-mail already exists', field: 'email' });
    }
    expect(await t.deps.db.select().from(schema.users).where(eq(schema.users.email, 'taken@example.com'))).toHaveLength(1);
  });

  it('validates name, e-mail and password', async () => {
    for (const [json, field, message] of [
      [{ name: 'Al', email: 'a@example.com', password: 'short' }, 'password', 'Password must be at least 8 characters'],
      [{ name: 'Al', email: 'a@example.com', password: 'x'.repeat(129) }, 'password', 'Password must be at most 128 characters'],
      [{ name: 'A', email: 'a@example.com', password: 'long enough' }, 'name', 'Username must be at least 2 characters'],
      [{ name: 'Al', email: 'nope', password: 'long enough' }, 'email', 'Please enter a valid email'],
    ] as const) {
      const res = await register(json);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', field, message });
    }
  });

  it('applies a referral code to the new account', async () => {
    const alice = await t.signIn('alice@example.com');
    const { referralCode } = await (await t.request('/api/referral/link', { token: alice.token })).json();
    const body = await (await register({ name: 'Bob', email: 'bob@example.com', password: 'password-bob', referralCode })).json();
    expect(body.isReferralLogin).toBe(true);
  });

  it('limits registrations per IP', async () => {
    for (let i = 0; i < PASSWORD_LIMITS.registerPerIp.limit; i++) {
      expect((await register({ name: 'Bulk', email: `bulk${i}@example.com`, password: 'password-bulk' }, '198.51.100.1')).status).toBe(200);
    }
    const refused = await register({ name: 'Bulk', email: 'one-more@example.com', password: 'password-bulk' }, '198.51.100.1');
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
    expect((await register({ name: 'Other', email: 'other@example.com', password: 'password-other' }, '198.51.100.2')).status).toBe(200);
  }, 60_000);
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password', async () => {
    const created = await (await register({ name: 'Grace', email: 'grace@example.com', password: 'correct horse battery' })).json();
    const res = await login('GRACE@example.com', 'correct horse battery');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, isReferralLogin: false, user: { id: created.user.id, authProvider: 'password' } });
    expect((await t.request('/api/users/me', { token: body.token })).status).toBe(200);
  });

  it('gives one answer for an unknown e-mail, an account without a password and a wrong password, and still runs scrypt', async () => {
    await register({ name: 'Grace', email: 'grace@example.com', password: 'correct horse battery' });
    await t.signIn('coded@example.com');
    const answers = [];
    for (const [email, password] of [
      ['grace@example.com', 'wrong password'],
      ['nobody@example.com', 'correct horse battery'],
      ['coded@example.com', 'correct horse battery'],
    ]) {
      const runsBefore = scrypt.runs;
      const res = await login(email!, password!);
      expect(res.status).toBe(401);
      answers.push(await errorOf(res));
      // Exactly one scrypt run each (against the dummy hash when there is nothing to check), so an
      // unknown e-mail costs as much time as a wrong password.
      expect(scrypt.runs - runsBefore, email).toBe(1);
    }
    expect(answers).toEqual(
      Array(3).fill({ code: 'INVALID_CREDENTIALS', id: 'invalidCredentials', params: {}, message: 'Incorrect e-mail or password' }),
    );
  });

  it('throttles the guessing client, not the owner: 10 wrong passwords from IP A leave the owner on IP B signing in', async () => {
    await register({ name: 'Grace', email: 'grace@example.com', password: 'correct horse battery' });
    const attacker = '198.51.100.10';
    const owner = '192.0.2.99';
    for (let i = 0; i < PASSWORD_LIMITS.loginPerAccountAndIp.limit; i++) {
      expect((await login('grace@example.com', `guess-${i}`, attacker)).status).toBe(401);
    }
    // IP A is throttled for this account, counted before the check: even the right password is refused there.
    const throttled = await login('grace@example.com', 'correct horse battery', attacker);
    expect(throttled.status).toBe(429);
    expect(await errorOf(throttled)).toMatchObject({
      code: 'RATE_LIMITED',
      retryAfter: PASSWORD_LIMITS.loginPerAccountAndIp.windowSeconds,
    });
    expect(throttled.headers.get('retry-after')).toBe(String(PASSWORD_LIMITS.loginPerAccountAndIp.windowSeconds));

    // The owner, elsewhere, is not locked out.
    const signedIn = await login('grace@example.com', 'correct horse battery', owner);
    expect(signedIn.status).toBe(200);

    clock.advance(PASSWORD_LIMITS.loginPerAccountAndIp.windowSeconds);
    expect((await login('grace@example.com', 'correct horse battery', attacker)).status).toBe(200);
  }, 60_000);

  it('pauses password sign-in for an account guessed at from many clients, says to use an e-mail code, and the code works', async () => {
    const grace = await (await register({ name: 'Grace', email: 'grace@example.com', password: 'correct horse battery' })).json();
    const verified = await t.request('/api/auth/email-verification/verify', {
      method: 'POST',
      token: grace.token,
      json: { verificationCode: t.latestCode('grace@example.com') },
    });
    expect(verified.status).toBe(200);
    // Many clients, each under its own limit, fill the account-wide window (filled directly: each
    // real attempt costs a scrypt run); the last five are real wrong passwords from five more clients.
    for (let i = 0; i < PASSWORD_LIMITS.loginPerAccount.limit - 5; i++)
      await t.deps.limits.hit('login:account:grace@example.com', PASSWORD_LIMITS.loginPerAccount);
    for (let i = 0; i < 5; i++) expect((await login('grace@example.com', 'wrong', `198.51.100.${20 + i}`)).status).toBe(401);

    const paused = await login('grace@example.com', 'correct horse battery', '192.0.2.99');
    expect(paused.status).toBe(429);
    expect(await errorOf(paused)).toMatchObject({
      code: 'PASSWORD_SIGN_IN_PAUSED',
      message: expect.stringContaining('Sign in with an e-mail code instead'),
      retryAfter: expect.any(Number),
    });
    // Other accounts are unaffected, and the owner gets in by e-mail code.
    await register({ name: 'Ada', email: 'ada@example.com', password: 'analytical engine' });
    expect((await login('ada@example.com', 'analytical engine', '192.0.2.99')).status).toBe(200);
    clock.advance(61);
    const byCode = await t.signIn('grace@example.com');
    expect(byCode.user.email).toBe('grace@example.com');

    // The pause ends with its window; the verified account kept its password.
    clock.advance(PASSWORD_LIMITS.loginPerAccount.windowSeconds);
    expect((await login('grace@example.com', 'correct horse battery', '192.0.2.99')).status).toBe(200);
  }, 60_000);

  it('limits attempts per IP across accounts (password spraying)', async () => {
    const ip = '203.0.113.50';
    // Most of the window is filled directly (each real attempt costs a scrypt run); the last five are
    // real logins, so the refusal below also proves that real attempts are counted.
    for (let i = 0; i < PASSWORD_LIMITS.loginPerIp.limit - 5; i++) await t.deps.limits.hit(`login:ip:${ip}`, PASSWORD_LIMITS.loginPerIp);
    for (let i = 0; i < 5; i++) expect((await login(`user${i}@example.com`, 'Password1', ip)).status).toBe(401);
    const refused = await login('user-next@example.com', 'Password1', ip);
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).code).toBe('RATE_LIMITED');
    expect((await login('user-next@example.com', 'Password1', '203.0.113.51')).status).toBe(401);
  }, 60_000);
});

describe('pre-registration takeover defence', () => {
  async function squat() {
    const squatter = await (
      await register({ name: 'Squatter', email: 'victim@example.com', password: 'squatter-password' }, '198.51.100.66')
    ).json();
    expect((await t.request('/api/users/me', { token: squatter.token })).status).toBe(200);
    // Registration mailed a verification code; the owner's sign-in code comes after the resend wait.
    clock.advance(61);
    return squatter;
  }

  async function expectSquatterLockedOut(squatter: { token: string; user: { id: string } }, ownerId: string) {
    expect(ownerId).toBe(squatter.user.id);
    const [row] = await t.deps.db.select().from(schema.users).where(eq(schema.users.id, ownerId));
    expect(row).toMatchObject({ emailVerified: true, passwordHash: null });
    const providers = (await t.deps.db.select().from(schema.authIdentities).where(eq(schema.authIdentities.userId, ownerId))).map(
      (i) => i.provider,
    );
    expect(providers).not.toContain('password');
    // The password no longer works, and the session it opened before is over.
    const relogin = await login('victim@example.com', 'squatter-password', '198.51.100.66');
    expect(relogin.status).toBe(401);
    expect((await errorOf(relogin)).code).toBe('INVALID_CREDENTIALS');
    const old = await t.request('/api/users/me', { token: squatter.token });
    expect(old.status).toBe(401);
    expect((await errorOf(old)).code).toBe('UNAUTHENTICATED');
  }

  it('clears the password and ends its sessions when the owner proves the mailbox with a code', async () => {
    const squatter = await squat();
    const owner = await t.signIn('victim@example.com');
    expect(owner.user).toMatchObject({ emailVerified: true });
    await expectSquatterLockedOut(squatter, owner.user.id);
    expect((await t.request('/api/users/me', { token: owner.token })).status).toBe(200);
    // One account, one bonus.
    expect(await t.deps.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.userId, owner.user.id))).toHaveLength(1);
  });

  it('does the same when the owner signs in with Google', async () => {
    const squatter = await squat();
    google.setIdentity({ sub: 'victim-google-sub', email: 'victim@example.com', email_verified: true, name: 'Victim' });
    const res = await t.request('/api/auth/google/v2/verify', {
      method: 'POST',
      json: { idToken: await google.idToken(), referralCode: null },
    });
    expect(res.status).toBe(200);
    const owner = await res.json();
    await expectSquatterLockedOut(squatter, owner.user.id);
    expect((await t.request('/api/users/me', { token: owner.token })).status).toBe(200);
  });

  it('keeps sessions of already-verified accounts (only pre-verification password sessions end)', async () => {
    const owner = await t.signIn('victim@example.com');
    clock.advance(61);
    await t.signIn('victim@example.com');
    expect((await t.request('/api/users/me', { token: owner.token })).status).toBe(200);
  });
});
