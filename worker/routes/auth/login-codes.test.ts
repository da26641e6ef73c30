import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { schema } from '@db/client';
import { LOGIN_CODE } from '../../contract/auth';
import { EMAIL_CODE_LIMITS } from '../../services/auth/email-codes';
import { createTestApp, manualClock, type TestApp } from '@tests/setup/test-app';

let t: TestApp;
let clock: ReturnType<typeof manualClock>;
beforeEach(async () => {
  clock = manualClock();
  t = await createTestApp({ clock });
});
afterEach(() => t.close());

const sendCode = (email: string, ip?: string) => t.request('/api/auth/login/send-code', { method: 'POST', json: { email }, ip });
const verify = (email: string, verificationCode: string, ip?: string) =>
  t.request('/api/auth/login/verify-code', { method: 'POST', json: { email, verificationCode }, ip });

describe('POST /api/auth/login/send-code', () => {
  it('mails a six-digit code, stores only its hash, and answers the same for any address', async () => {
    const res = await sendCode('New.Person@Example.com');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ success: true, message: expect.any(String) });

    const code = t.latestCode('new.person@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await t.deps.db.select().from(schema.loginCodes).where(eq(schema.loginCodes.email, 'new.person@example.com'));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(code);

    await t.signIn('known@example.com');
    clock.advance(61);
    const known = await sendCode('known@example.com');
    expect(await known.json()).toEqual(body);
  });

  it('refuses a resend within 60 s and says how long to wait', async () => {
    await sendCode('a@example.com');
    clock.advance(20);
    const res = await sendCode('a@example.com');
    expect(res.status).toBe(429);
    const body = await res.json();
    expect(body.error).toMatchObject({ code: 'RESEND_TOO_SOON', retryAfter: 40 });
    expect(res.headers.get('retry-after')).toBe('40');
    clock.advance(41);
    expect((await sendCode('a@example.com')).status).toBe(200);
  });

  it('limits sends per e-mail and client, per e-mail (all clients) and per IP within an hour', async () => {
    for (let i = 0; i < t.config.LOGIN_CODE_MAX_PER_EMAIL_HOUR; i++) {
      expect((await sendCode('busy@example.com')).status).toBe(200);
      clock.advance(61);
    }
    const refused = await sendCode('busy@example.com');
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.code).toBe('RATE_LIMITED');

    // Other clients still may, up to the address-wide ceiling against mail-bombing.
    let sent = t.config.LOGIN_CODE_MAX_PER_EMAIL_HOUR;
    while (sent < EMAIL_CODE_LIMITS.sendsPerEmailHour) {
      for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
        if (sent === EMAIL_CODE_LIMITS.sendsPerEmailHour) break;
        expect((await sendCode('busy@example.com', ip)).status).toBe(200);
        sent++;
      }
      clock.advance(61);
    }
    const ceiling = await sendCode('busy@example.com', '192.0.2.4');
    expect(ceiling.status).toBe(429);
    expect((await ceiling.json()).error.code).toBe('RATE_LIMITED');
    expect(t.deps.devMailbox!.list('busy@example.com')).toHaveLength(EMAIL_CODE_LIMITS.sendsPerEmailHour);

    for (let i = 0; i < t.config.LOGIN_CODE_MAX_PER_IP_HOUR; i++) {
      expect((await sendCode(`u${i}@example.com`, '198.51.100.9')).status).toBe(200);
    }
    expect((await sendCode('one-more@example.com', '198.51.100.9')).status).toBe(429);
    expect((await sendCode('one-more@example.com', '198.51.100.10')).status).toBe(200);
  });

  it('names the bad field and never answers 500 for bad input', async () => {
    const missing = await t.request('/api/auth/login/send-code', { method: 'POST', json: {} });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'email', message: 'Please enter your email' });

    const invalid = await t.request('/api/auth/login/send-code', { method: 'POST', json: { email: 'not-an-email' } });
    expect((await invalid.json()).error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'email' });

    const malformed = await t.request('/api/auth/login/send-code', {
      method: 'POST',
      body: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    const body = await malformed.json();
    expect(body).toMatchObject({ success: false, error: { code: 'MALFORMED_JSON' } });
    expect(body.requestId).toEqual(expect.any(String));

    const wrongType = await t.request('/api/auth/login/send-code', { method: 'POST', json: { email: 42 } });
    expect(wrongType.status).toBe(400);
  });
});

describe('POST /api/auth/login/verify-code', () => {
  it('creates the account on first sign-in with the new-user bonus as a ledger row, once', async () => {
    const { token, user } = await t.signIn('first@example.com');
    expect(token.split('.')).toHaveLength(3);
    expect(user).toMatchObject({ email: 'first@example.com', emailVerified: true, authProvider: 'email', role: 'user' });

    const ledger = await t.deps.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.userId, user.id));
    expect(ledger).toEqual([
      expect.objectContaining({ type: 'new_user', referenceType: 'BONUS', bucket: 'free', amount: 20, balanceAfter: 20 }),
    ]);
    const [account] = await t.deps.db.select().from(schema.creditAccounts).where(eq(schema.creditAccounts.userId, user.id));
    expect(account!.freeBalance).toBe(20);

    clock.advance(61);
    const again = await t.signIn('first@example.com');
    expect(again.user.id).toBe(user.id);
    expect(await t.deps.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.userId, user.id))).toHaveLength(1);
  });

  it('answers the spec fields', async () => {
    await sendCode('fields@example.com');
    const res = await verify('fields@example.com', t.latestCode('fields@example.com'));
    expect(Object.keys(await res.json()).sort()).toEqual(['isReferralLogin', 'success', 'token', 'user']);
  });

  it('refuses a wrong code, then kills the code after 5 wrong tries', async () => {
    await sendCode('guess@example.com');
    const right = t.latestCode('guess@example.com');
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await verify('guess@example.com', wrong);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatchObject({ code: 'INVALID_CODE', field: 'verificationCode' });
    }
    expect((await (await verify('guess@example.com', wrong)).json()).error.code).toBe('CODE_ATTEMPTS_EXCEEDED');
    const late = await verify('guess@example.com', right);
    expect(late.status).toBe(429);
    expect((await late.json()).error.code).toBe('CODE_ATTEMPTS_EXCEEDED');
  });

  it('never allows more than 5 guesses, even in parallel', async () => {
    await sendCode('race@example.com');
    const right = t.latestCode('race@example.com');
    const wrong = right === '000000' ? '111111' : '000000';
    await Promise.all(Array.from({ length: 20 }, () => verify('race@example.com', wrong)));
    const [row] = await t.deps.db.select().from(schema.loginCodes).where(eq(schema.loginCodes.email, 'race@example.com'));
    expect(row!.attempts).toBe(5);
    expect((await verify('race@example.com', right)).status).toBe(429);
  });

  it('lets other clients share 10 guesses on a code, 5 each, even in parallel, and leaves the asker its own 5', async () => {
    await sendCode('shared@example.com', '192.0.2.10');
    const right = t.latestCode('shared@example.com');
    const wrong = right === '000000' ? '111111' : '000000';
    const others = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4'];
    await Promise.all(others.flatMap((ip) => Array.from({ length: 8 }, () => verify('shared@example.com', wrong, ip))));
    const [row] = await t.deps.db.select().from(schema.loginCodes).where(eq(schema.loginCodes.email, 'shared@example.com'));
    expect(row!.otherAttempts).toBe(EMAIL_CODE_LIMITS.otherClientsAttempts);
    const perClient = Object.values(row!.otherAttemptsByIp);
    expect(perClient.reduce((a, b) => a + b, 0)).toBe(EMAIL_CODE_LIMITS.otherClientsAttempts);
    expect(Math.max(...perClient)).toBeLessThanOrEqual(LOGIN_CODE.maxAttempts);
    expect(row!.attempts).toBe(0);
    expect((await verify('shared@example.com', right, '198.51.100.5')).status).toBe(429);
    expect((await verify('shared@example.com', right, '192.0.2.10')).status).toBe(200);
  });

  it('expires codes after 10 minutes and uses each code once', async () => {
    await sendCode('late@example.com');
    const code = t.latestCode('late@example.com');
    clock.advance(10 * 60 + 1);
    expect((await (await verify('late@example.com', code)).json()).error.code).toBe('CODE_EXPIRED');

    await sendCode('once@example.com');
    const once = t.latestCode('once@example.com');
    expect((await verify('once@example.com', once)).status).toBe(200);
    expect((await (await verify('once@example.com', once)).json()).error.code).toBe('CODE_EXPIRED');
  });

  it('only accepts the newest code a client asked for', async () => {
    await sendCode('two@example.com');
    const first = t.latestCode('two@example.com');
    clock.advance(61);
    await sendCode('two@example.com');
    const second = t.latestCode('two@example.com');
    if (first !== second) expect((await verify('two@example.com', first)).status).toBe(400);
    expect((await verify('two@example.com', second)).status).toBe(200);
  });

  it("another client cannot lock the owner out: its sends and wrong guesses spend its own budget, not the owner's", async () => {
    const owner = '192.0.2.10';
    const attacker = '198.51.100.66';
    const email = 'owner@example.com';
    const wrong = (code: string) => (code === '000000' ? '111111' : '000000');
    // The attacker asks for as many codes as it may and burns each one with 5 wrong guesses.
    for (let i = 0; i < t.config.LOGIN_CODE_MAX_PER_EMAIL_HOUR; i++) {
      expect((await sendCode(email, attacker)).status).toBe(200);
      const mailed = t.latestCode(email);
      for (let g = 1; g < LOGIN_CODE.maxAttempts; g++) expect((await verify(email, wrong(mailed), attacker)).status).toBe(400);
      expect((await (await verify(email, wrong(mailed), attacker)).json()).error.code).toBe('CODE_ATTEMPTS_EXCEEDED');
      if (i < t.config.LOGIN_CODE_MAX_PER_EMAIL_HOUR - 1) clock.advance(61);
    }
    expect((await sendCode(email, attacker)).status).toBe(429);

    // Seconds after the attacker's last send, the owner still gets a code on their own client…
    clock.advance(1);
    expect((await sendCode(email, owner)).status).toBe(200);
    const code = t.latestCode(email);
    // …which other clients may guess at only within a shared budget, 5 each: the third one is refused.
    for (const ip of [attacker, '198.51.100.67']) {
      for (let g = 1; g < LOGIN_CODE.maxAttempts; g++) expect((await verify(email, wrong(code), ip)).status).toBe(400);
      expect((await (await verify(email, wrong(code), ip)).json()).error.code).toBe('CODE_ATTEMPTS_EXCEEDED');
    }
    expect((await (await verify(email, code, '198.51.100.68')).json()).error.code).toBe('CODE_ATTEMPTS_EXCEEDED');

    // The owner's own guesses were never touched: a typo, then the right code.
    expect((await verify(email, wrong(code), owner)).status).toBe(400);
    const signedIn = await verify(email, code, owner);
    expect(signedIn.status).toBe(200);
    expect((await signedIn.json()).user.email).toBe(email);
  });

  it("accepts the newest mailed code from the owner's client too, and keeps the owner's own code after someone else asks", async () => {
    const email = 'two-clients@example.com';
    await sendCode(email, '192.0.2.10');
    const mine = t.latestCode(email);
    clock.advance(5);
    // The 60 s resend wait is per client: someone else's request does not hold back the owner's, nor the reverse.
    expect((await sendCode(email, '198.51.100.66')).status).toBe(200);
    const theirs = t.latestCode(email);
    if (mine !== theirs) {
      // The owner types the code they asked for: the later request elsewhere did not retire it.
      expect((await verify(email, mine, '192.0.2.10')).status).toBe(200);
    }
    clock.advance(61);
    await sendCode(email, '198.51.100.66');
    // The owner never asked on this client but reads the newest code in the mailbox: it works.
    expect((await verify(email, t.latestCode(email), '192.0.2.77')).status).toBe(200);
  });

  it('validates the code format', async () => {
    const res = await verify('x@example.com', '12ab');
    expect((await res.json()).error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'verificationCode' });
    const empty = await t.request('/api/auth/login/verify-code', { method: 'POST', json: { email: 'x@example.com' } });
    expect((await empty.json()).error).toMatchObject({ field: 'verificationCode', message: 'Please enter verification code' });
  });
});
