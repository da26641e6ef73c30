import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { schema } from '@db/client';
import { startFakeGoogle, type FakeGoogle } from '@tests/fakes/oidc-server';
import { createTestApp, manualClock, type TestApp } from '@tests/setup/test-app';

let google: FakeGoogle;
let t: TestApp;
let clock: ReturnType<typeof manualClock>;
let clockNow = () => new Date();

beforeAll(async () => {
  // The fake signs with the app's (manual) clock, so token expiry follows clock.advance().
  google = await startFakeGoogle({ now: () => clockNow() });
});
afterAll(() => google.stop());

beforeEach(async () => {
  clock = manualClock();
  clockNow = () => clock.now();
  google.setIdentity({ sub: '1234567890', email: 'ada@gmail.com', email_verified: true, name: 'Ada Lovelace' });
  google.tokenRequests.length = 0;
  t = await createTestApp({ clock, env: google.env });
});
afterEach(() => t.close());

const sha256 = (text: string, encoding: 'hex' | 'base64url') => createHash('sha256').update(text).digest(encoding);

/** `POST /google/start` as the SPA calls it; returns the cookie the browser would keep. */
async function start(json: Record<string, unknown> = {}) {
  const res = await t.request('/api/auth/google/start', { method: 'POST', json });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { success: true; authorizationUrl: string };
  const setCookie = res.headers.get('set-cookie')!;
  return { body, setCookie, cookie: setCookie.split(';')[0]! };
}

const finish = (json: Record<string, unknown>, cookie?: string) =>
  t.request('/api/auth/google/oauth2', { method: 'POST', json, headers: cookie ? { cookie } : {} });

/** The whole browser round trip up to the /oauth2/callback page: start, Google's consent, back with code + state. */
async function throughGoogle(json: Record<string, unknown> = {}) {
  const started = await start(json);
  const back = await google.authorize(started.body.authorizationUrl);
  return { ...started, ...back };
}

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

describe('GET /api/auth/google/config and an unconfigured server', () => {
  it('says whether Google is configured and which client id the button uses', async () => {
    expect(await (await t.request('/api/auth/google/config')).json()).toEqual({
      success: true,
      enabled: true,
      clientId: google.env.GOOGLE_CLIENT_ID,
    });

    const bare = await createTestApp();
    try {
      expect(await (await bare.request('/api/auth/google/config')).json()).toEqual({ success: true, enabled: false, clientId: null });
      for (const [path, json] of [
        ['/api/auth/google/start', {}],
        ['/api/auth/google/oauth2', { code: 'abc', state: 'x'.repeat(43) }],
        ['/api/auth/google/v2/verify', { idToken: 'a.b.c', referralCode: null }],
      ] as const) {
        const res = await bare.request(path, { method: 'POST', json });
        expect(res.status, path).toBe(503);
        expect((await res.json()).error.code).toBe('NOT_CONFIGURED');
      }
    } finally {
      await bare.close();
    }
  });
});

describe('Google sign-in with authorization code + PKCE', () => {
  it('creates the account with the new-user bonus from a full round trip', async () => {
    const { body, setCookie, cookie } = await start();

    // The flow is stored server-side and bound to this browser's cookie.
    const [flow] = await t.deps.db.select().from(schema.oauthFlows);
    const secret = cookie.slice(cookie.indexOf('=') + 1);
    expect(cookie.startsWith(`gsi_${flow!.state}=`)).toBe(true);
    expect(flow!.browserHash).toBe(sha256(secret, 'hex'));
    expect(flow!.expiresAt.getTime() - clock.now().getTime()).toBe(600_000);
    expect(flow!.redirectUri).toBe('http://localhost:8787/oauth2/callback');
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\/api\/auth\/google/);
    expect(setCookie).toMatch(/Max-Age=600/);
    expect(setCookie).not.toMatch(/Secure/i);

    const url = new URL(body.authorizationUrl);
    expect(`${url.origin}${url.pathname}`).toBe(google.env.GOOGLE_AUTH_URL);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: google.env.GOOGLE_CLIENT_ID,
      redirect_uri: 'http://localhost:8787/oauth2/callback',
      state: flow!.state,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      code_challenge: sha256(flow!.codeVerifier, 'base64url'),
    });
    // The verifier itself never leaves the server.
    expect(body.authorizationUrl).not.toContain(flow!.codeVerifier);

    const back = await google.authorize(body.authorizationUrl);
    expect(back.redirectedTo).toBe('http://localhost:8787/oauth2/callback');
    expect(back.state).toBe(flow!.state);

    const res = await finish(
      { code: back.code, state: back.state, clientId: google.env.GOOGLE_CLIENT_ID, redirectUri: 'http://localhost:8787/oauth2/callback' },
      cookie,
    );
    expect(res.status).toBe(200);
    const signedIn = await res.json();
    expect(Object.keys(signedIn).sort()).toEqual(['isReferralLogin', 'success', 'token', 'user']);
    expect(signedIn.user).toMatchObject({
      email: 'ada@gmail.com',
      name: 'Ada Lovelace',
      emailVerified: true,
      authProvider: 'google',
      provider: 'google',
    });
    expect(signedIn.isReferralLogin).toBe(false);
    // The browser's cookie for this flow is cleared.
    expect(res.headers.get('set-cookie')).toMatch(new RegExp(`gsi_${flow!.state}=;.*Max-Age=0`));

    // The token exchange carried the verifier and our client credentials (the fake checks both).
    expect(google.tokenRequests).toEqual([
      expect.objectContaining({ grant_type: 'authorization_code', code: back.code, code_verifier: flow!.codeVerifier }),
    ]);

    const ledger = await t.deps.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.userId, signedIn.user.id));
    expect(ledger).toEqual([expect.objectContaining({ type: 'new_user', amount: 20 })]);
    const identities = await t.deps.db.select().from(schema.authIdentities).where(eq(schema.authIdentities.userId, signedIn.user.id));
    expect(identities).toEqual([expect.objectContaining({ provider: 'google', subject: '1234567890' })]);
    const me = await t.request('/api/users/me', { token: signedIn.token });
    expect((await me.json()).email).toBe('ada@gmail.com');

    // Signing in again is the same account, without a second bonus.
    const again = await throughGoogle();
    const second = await (await finish({ code: again.code, state: again.state }, again.cookie)).json();
    expect(second.user.id).toBe(signedIn.user.id);
    expect(await t.deps.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.userId, signedIn.user.id))).toHaveLength(1);
  });

  it('marks the cookie Secure when the app is served over https', async () => {
    const secure = await createTestApp({ clock, env: { ...google.env, PUBLIC_URL: 'https://studio.example.com' } });
    try {
      const res = await secure.request('/api/auth/google/start', { method: 'POST', json: {} });
      expect(res.headers.get('set-cookie')).toMatch(/; Secure/i);
      expect(new URL((await res.json()).authorizationUrl).searchParams.get('redirect_uri')).toBe(
        'https://studio.example.com/oauth2/callback',
      );
    } finally {
      await secure.close();
    }
  });

  it('sends Google back to the loopback origin the app was opened on when PUBLIC_URL is not set', async () => {
    const res = await t.request('http://127.0.0.1:9000/api/auth/google/start', { method: 'POST', json: {} });
    const redirectUri = new URL((await res.json()).authorizationUrl).searchParams.get('redirect_uri');
    expect(redirectUri).toBe('http://127.0.0.1:9000/oauth2/callback');
    const [flow] = await t.deps.db.select().from(schema.oauthFlows);
    expect(flow!.redirectUri).toBe(redirectUri);
    // A made-up Host is never reflected into the URI Google is asked to redirect to.
    const spoofed = await t.request('http://evil.example/api/auth/google/start', { method: 'POST', json: {} });
    expect(new URL((await spoofed.json()).authorizationUrl).searchParams.get('redirect_uri')).toBe(
      `http://localhost:${t.config.PORT}/oauth2/callback`,
    );
  });

  it('refuses a wrong or unknown state', async () => {
    const { code, cookie, state } = await throughGoogle();
    const res = await finish({ code, state: `${state.slice(0, -2)}zz` }, cookie);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: 'OAUTH_FAILED', message: expect.stringMatching(/unknown state/) });
    const missing = await finish({ code }, cookie);
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).code).toBe('VALIDATION_FAILED');
  });

  it('refuses a state finished from another browser, without burning the real one', async () => {
    const { code, state, cookie } = await throughGoogle();
    const noCookie = await finish({ code, state });
    expect(noCookie.status).toBe(400);
    expect(await errorOf(noCookie)).toMatchObject({ code: 'OAUTH_FAILED', message: expect.stringMatching(/another browser/) });

    const other = await start(); // the attacker's own browser has a cookie, for its own flow
    const otherSecret = other.cookie.slice(other.cookie.indexOf('=') + 1);
    const wrongCookie = await finish({ code, state }, `gsi_${state}=${otherSecret}`);
    expect(await errorOf(wrongCookie)).toMatchObject({ code: 'OAUTH_FAILED', message: expect.stringMatching(/another browser/) });
    expect(google.tokenRequests).toHaveLength(0);

    expect((await finish({ code, state }, cookie)).status).toBe(200);
  });

  it('uses a state and code once, also when two requests race', async () => {
    const { code, state, cookie } = await throughGoogle();
    expect((await finish({ code, state }, cookie)).status).toBe(200);
    const reused = await finish({ code, state }, cookie);
    expect(reused.status).toBe(400);
    expect(await errorOf(reused)).toMatchObject({ code: 'OAUTH_FAILED', message: expect.stringMatching(/already been used/) });

    const race = await throughGoogle();
    const results = await Promise.all([1, 2, 3].map(() => finish({ code: race.code, state: race.state }, race.cookie)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    // Only the winner reached Google: one exchange per flow.
    expect(google.tokenRequests).toHaveLength(2);
  });

  it('refuses a flow finished after 10 minutes', async () => {
    const { code, state, cookie } = await throughGoogle();
    clock.advance(601);
    const res = await finish({ code, state }, cookie);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: 'OAUTH_FAILED', message: expect.stringMatching(/expired/) });
    expect(google.tokenRequests).toHaveLength(0);
  });

  it('reports a code Google refuses, and the flow cannot be retried', async () => {
    const { code, state, cookie } = await throughGoogle();
    google.refuseNextCode('invalid_grant', 'Bad Request');
    const res = await finish({ code, state }, cookie);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({
      code: 'OAUTH_FAILED',
      message: expect.stringMatching(/Google refused the sign-in \(invalid_grant/),
    });
    expect(res.headers.get('set-cookie')).toMatch(new RegExp(`gsi_${state}=;.*Max-Age=0`));
    expect((await finish({ code, state }, cookie)).status).toBe(400);
    expect(await t.deps.db.select().from(schema.users).where(eq(schema.users.email, 'ada@gmail.com'))).toHaveLength(0);
  });

  it('refuses a made-up code (the provider rejects the exchange)', async () => {
    const { state, cookie } = await throughGoogle();
    const res = await finish({ code: 'not-a-code-google-issued', state }, cookie);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe('OAUTH_FAILED');
  });

  it('checks the client id and redirect URI the SPA sends', async () => {
    const a = await throughGoogle();
    const wrongClient = await finish({ code: a.code, state: a.state, clientId: 'someone-else' }, a.cookie);
    expect(await errorOf(wrongClient)).toMatchObject({ code: 'OAUTH_FAILED', message: expect.stringMatching(/client id/) });
    const b = await throughGoogle();
    const wrongRedirect = await finish({ code: b.code, state: b.state, redirectUri: 'https://evil.example/oauth2/callback' }, b.cookie);
    expect(await errorOf(wrongRedirect)).toMatchObject({ code: 'OAUTH_FAILED', message: expect.stringMatching(/redirect URI/) });
    expect(google.tokenRequests).toHaveLength(0);
  });

  it('verifies the returned ID token like the button flow: unverified e-mail, wrong audience', async () => {
    const a = await throughGoogle();
    google.overrideNextIdToken({ email_verified: false });
    const unverified = await finish({ code: a.code, state: a.state }, a.cookie);
    expect(unverified.status).toBe(403);
    expect((await errorOf(unverified)).code).toBe('EMAIL_NOT_VERIFIED');

    const b = await throughGoogle();
    google.overrideNextIdToken({ aud: 'another-app.apps.googleusercontent.com' });
    const audience = await finish({ code: b.code, state: b.state }, b.cookie);
    expect(await errorOf(audience)).toMatchObject({ code: 'OAUTH_FAILED', message: expect.stringMatching(/another application/) });
    expect(await t.deps.db.select().from(schema.users)).toHaveLength(0);
  });

  it('carries the referral code from the start of the flow', async () => {
    const alice = await t.signIn('alice@example.com');
    const { referralCode } = await (await t.request('/api/referral/link', { token: alice.token })).json();
    const { code, state, cookie } = await throughGoogle({ referralCode });
    const body = await (await finish({ code, state }, cookie)).json();
    expect(body.isReferralLogin).toBe(true);
    const [referral] = await t.deps.db.select().from(schema.referrals).where(eq(schema.referrals.invitedUserId, body.user.id));
    expect(referral!.referrerId).toBe(alice.user.id);
  });
});

describe('POST /api/auth/google/v2/verify (ID token)', () => {
  const verify = (idToken: string, referralCode: string | null = null) =>
    t.request('/api/auth/google/v2/verify', { method: 'POST', json: { idToken, referralCode } });

  it('signs in with a valid token and links to the existing e-mail-code account by verified e-mail', async () => {
    const existing = await t.signIn('ada@gmail.com');
    const res = await verify(await google.idToken());
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, token: expect.any(String), isReferralLogin: false });
    expect(body.user).toMatchObject({ id: existing.user.id, email: 'ada@gmail.com', authProvider: 'email' });
    const identities = await t.deps.db.select().from(schema.authIdentities).where(eq(schema.authIdentities.userId, existing.user.id));
    expect(identities.map((i) => `${i.provider}:${i.subject}`).sort()).toEqual(['email:ada@gmail.com', 'google:1234567890']);
    expect(await t.deps.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.userId, existing.user.id))).toHaveLength(1);
  });

  it('creates a new account with the bonus, and accepts both spellings of Google’s issuer', async () => {
    const created = await (await verify(await google.idToken({ iss: 'accounts.google.com', email: 'New.Person@Gmail.com' }))).json();
    expect(created.user).toMatchObject({ email: 'new.person@gmail.com', authProvider: 'google', name: 'Ada Lovelace' });
    expect(await t.deps.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.userId, created.user.id))).toHaveLength(1);
  });

  it('keeps the page language on the account, for the mails it gets later', async () => {
    const res = await t.request('/api/auth/google/v2/verify', {
      method: 'POST',
      json: { idToken: await google.idToken({ email: 'mei@gmail.com' }), referralCode: null },
      headers: { 'accept-language': 'zh-Hant' },
    });
    expect(res.status).toBe(200);
    const [user] = await t.deps.db.select().from(schema.users).where(eq(schema.users.email, 'mei@gmail.com'));
    expect(user!.locale).toBe('zh-Hant');
  });

  it.each([
    ['wrong audience', { aud: 'another-app.apps.googleusercontent.com' }, /another application/],
    ['wrong issuer', { iss: 'https://accounts.example.com' }, /not issued by Google/],
    ['no e-mail', { email: undefined }, /did not share an e-mail/],
  ])('refuses a token with %s', async (_name, claims, message) => {
    const res = await verify(await google.idToken(claims));
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: 'OAUTH_FAILED', message: expect.stringMatching(message) });
    expect(await t.deps.db.select().from(schema.users)).toHaveLength(0);
  });

  it('refuses an expired token (by the app clock)', async () => {
    const token = await google.idToken();
    clock.advance(3600 + 31);
    const res = await verify(token);
    expect(await errorOf(res)).toMatchObject({ code: 'OAUTH_FAILED', message: expect.stringMatching(/expired/) });
  });

  it('refuses email_verified=false with 403 and links nothing', async () => {
    await t.signIn('ada@gmail.com');
    for (const value of [false, 'false', undefined]) {
      const res = await verify(await google.idToken({ email_verified: value }));
      expect(res.status).toBe(403);
      expect((await errorOf(res)).code).toBe('EMAIL_NOT_VERIFIED');
    }
    expect(await t.deps.db.select().from(schema.authIdentities).where(eq(schema.authIdentities.provider, 'google'))).toHaveLength(0);
  });

  it('refuses tokens signed by a key the JWKS does not hold, or with another algorithm', async () => {
    const forged = await verify(await google.forgedIdToken());
    expect(forged.status).toBe(400);
    expect(await errorOf(forged)).toMatchObject({ code: 'OAUTH_FAILED', message: expect.stringMatching(/signature/) });

    const hmac = await new SignJWT({ email: 'ada@gmail.com', email_verified: true })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('https://accounts.google.com')
      .setAudience(google.env.GOOGLE_CLIENT_ID)
      .setSubject('1')
      .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
      .setExpirationTime(Math.floor(clock.now().getTime() / 1000) + 600)
      .sign(new TextEncoder().encode('x'.repeat(32)));
    expect((await errorOf(await verify(hmac))).code).toBe('OAUTH_FAILED');
    expect((await errorOf(await verify('not-a-jwt'))).code).toBe('OAUTH_FAILED');
    expect(await t.deps.db.select().from(schema.users)).toHaveLength(0);
  });

  it('applies a referral code to a new account', async () => {
    const alice = await t.signIn('alice@example.com');
    const { referralCode } = await (await t.request('/api/referral/link', { token: alice.token })).json();
    const body = await (await verify(await google.idToken({ email: 'invitee@gmail.com' }), referralCode)).json();
    expect(body.isReferralLogin).toBe(true);
  });
});
