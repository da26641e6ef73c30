import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pngFile, scriptedEngines } from '@tests/fixtures/images';
import { createTestApp, manualClock, type TestApp } from '@tests/setup/test-app';
import { buy } from './payments.test-support';

/**
 * The account lifecycle as random interleavings: sign-up (code or password), reset, e-mail change,
 * purchases, uploads from several sessions, deletion and signing up again with the freed address.
 * After every step, every account ever deleted can do nothing with any token it ever held (profile,
 * balance, upload, password change), cannot be signed into or reset, and owns no file.
 */
let t: TestApp;
const clock = manualClock();
beforeAll(async () => {
  t = await createTestApp({ clock, images: scriptedEngines().images, env: { LOGIN_CODE_MAX_PER_IP_HOUR: '100000' } });
});
afterAll(() => t.close());

interface Account {
  userId: string;
  email: string;
  password: string | null;
  tokens: string[];
  deleted: boolean;
}

type Step =
  | { kind: 'signUpByCode' }
  | { kind: 'signUpByPassword' }
  | { kind: 'newSession'; who: number }
  | { kind: 'reset'; who: number }
  | { kind: 'changeEmail'; who: number }
  | { kind: 'buy'; who: number }
  | { kind: 'upload'; who: number; session: number }
  | { kind: 'delete'; who: number }
  | { kind: 'signUpAgain'; who: number };

const who = fc.nat(7);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constant({ kind: 'signUpByCode' as const }),
  fc.constant({ kind: 'signUpByPassword' as const }),
  fc.record({ kind: fc.constant('newSession' as const), who }),
  fc.record({ kind: fc.constant('reset' as const), who }),
  fc.record({ kind: fc.constant('changeEmail' as const), who }),
  fc.record({ kind: fc.constant('buy' as const), who }),
  fc.record({ kind: fc.constant('upload' as const), who, session: fc.nat(3) }),
  fc.record({ kind: fc.constant('delete' as const), who }),
  fc.record({ kind: fc.constant('signUpAgain' as const), who }),
);

let n = 0;
const json = async (res: Response) => ({ status: res.status, body: await res.json() });

async function upload(token: string) {
  const form = new FormData();
  form.append('image', await pngFile('photo.png', 16, 16));
  return t.request('/api/upload/image', { method: 'POST', token, body: form });
}

async function signUpByCode(accounts: Account[], email = `life${++n}@example.com`) {
  const { token, user } = await t.signIn(email, clientIp());
  accounts.push({ userId: user.id, email, password: null, tokens: [token], deleted: false });
}

async function run(accounts: Account[], s: Step) {
  clock.advance(61);
  const live = accounts.filter((a) => !a.deleted);
  const pick = (list: Account[], i: number) => (list.length ? list[i % list.length]! : undefined);
  const account = 'who' in s ? pick(s.kind === 'signUpAgain' ? accounts.filter((a) => a.deleted) : live, s.who) : undefined;
  const token = account?.tokens.at(-1);
  switch (s.kind) {
    case 'signUpByCode':
      return signUpByCode(accounts);
    case 'signUpByPassword': {
      const email = `life${++n}@example.com`;
      const password = `secret-${n}-pass`;
      const ip = `192.0.2.${n % 250}`;
      const registered = await json(
        await t.request('/api/auth/register', { method: 'POST', ip, json: { name: `Life ${n}`, email, password } }),
      );
      expect(registered.status).toBe(200);
      const verified = await json(
        await t.request('/api/auth/email-verification/verify', {
          method: 'POST',
          ip,
          token: registered.body.token,
          json: { verificationCode: t.latestCode(email) },
        }),
      );
      expect(verified.status).toBe(200);
      accounts.push({ userId: verified.body.user.id, email, password, tokens: [verified.body.token], deleted: false });
      return;
    }
    case 'newSession': {
      if (!account) return;
      const { token: next } = await t.signIn(account.email, clientIp());
      account.tokens.push(next);
      return;
    }
    case 'reset': {
      if (!account) return;
      const ip = probeIp();
      const asked = await t.request('/api/auth/password-reset/request', { method: 'POST', ip, json: { email: account.email } });
      expect(asked.status).toBe(200);
      const password = `reset-${++n}-pass`;
      const reset = await json(
        await t.request('/api/auth/password-reset/confirm', {
          method: 'POST',
          ip,
          json: { email: account.email, verificationCode: t.latestCode(account.email), password },
        }),
      );
      expect(reset.status).toBe(200);
      // Every other session ended.
      account.tokens = [reset.body.token];
      account.password = password;
      return;
    }
    case 'changeEmail': {
      if (!account?.password || !token) return;
      const newEmail = `moved${++n}@example.org`;
      const ip = clientIp();
      expect((await t.request('/api/account/email/send-code', { method: 'POST', ip, token, json: { newEmail } })).status).toBe(200);
      const moved = await json(
        await t.request('/api/account/email/confirm', {
          method: 'POST',
          ip,
          token,
          json: { newEmail, verificationCode: t.latestCode(newEmail), currentPassword: account.password },
        }),
      );
      expect(moved.status).toBe(200);
      account.email = newEmail;
      account.tokens = [moved.body.token];
      return;
    }
    case 'buy': {
      if (!token) return;
      await buy(t, token, { packageId: 'pack_100' });
      return;
    }
    case 'upload': {
      if (!account) return;
      expect((await upload(account.tokens[s.session % account.tokens.length]!)).status).toBe(200);
      return;
    }
    case 'delete': {
      if (!account || !token) return;
      const ip = clientIp();
      expect((await t.request('/api/account/deletion/send-code', { method: 'POST', ip, token })).status).toBe(200);
      const deleted = await t.request('/api/account/deletion/confirm', {
        method: 'POST',
        ip,
        token,
        json: { verificationCode: t.latestCode(account.email) },
      });
      expect(deleted.status).toBe(200);
      account.deleted = true;
      return;
    }
    case 'signUpAgain': {
      if (!account) return;
      // The freed address makes a new account; the deleted one stays deleted.
      if (!accounts.some((a) => !a.deleted && a.email === account.email)) await signUpByCode(accounts, account.email);
      return;
    }
  }
}

/** A fresh client address on each call, counting up within `prefix` (a /16 of 198.18.0.0/15, for benchmarking). */
const addressesIn = (prefix: string) => {
  let used = 0;
  return () => {
    used++;
    return `${prefix}.${Math.floor(used / 250) % 250}.${(used % 250) + 1}`;
  };
};

/**
 * Each probe from its own client address, so the checks after every step never spend the per-client
 * sign-in and reset budgets that the steps themselves use.
 */
const probeIp = addressesIn('198.18');

/**
 * Each code a step checks (sign-in, e-mail change, deletion) from its own client too: all runs share
 * one clock that moves about a minute a step, so on some seeds one shared address reached the
 * per-client limit of code checks (60 an hour) and a step's sign-in got a 429.
 */
const clientIp = addressesIn('198.19');

async function checkDeletedAccountsAreGone(accounts: Account[]) {
  for (const account of accounts.filter((a) => a.deleted)) {
    for (const token of account.tokens) {
      expect((await t.request('/api/users/me', { token })).status).toBe(401);
      expect((await t.request('/api/credits/balance', { token })).status).toBe(401);
      expect((await upload(token)).status).toBe(401);
    }
    const anonymised = `${account.userId}@deleted.invalid`;
    // No sign-in: 401 as for any unknown address, or 429 once the sign-in limits for it are reached.
    const login = await t.request('/api/auth/login', {
      method: 'POST',
      ip: probeIp(),
      json: { email: anonymised, password: account.password ?? 'x-x-x-x-x-x' },
    });
    expect([401, 429]).toContain(login.status);
    // The same answer as for any address: 200, or after five asks in an hour the per-address limit's 429; never a mail.
    const reset = await t.request('/api/auth/password-reset/request', { method: 'POST', ip: probeIp(), json: { email: anonymised } });
    expect([200, 429]).toContain(reset.status);
    expect(t.deps.devMailbox!.list(anonymised)).toEqual([]);
    expect(await t.deps.blobs.list(`users/${account.userId}/`)).toEqual([]);
    expect(await t.deps.blobs.list(`public/avatars/${account.userId}/`)).toEqual([]);
  }
}

it('a deleted account can do nothing and owns no file, whatever happened before and after', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 8 }), async (steps) => {
      const accounts: Account[] = [];
      await signUpByCode(accounts);
      for (const s of [...steps, { kind: 'delete' as const, who: 0 }]) {
        await run(accounts, s);
        await checkDeletedAccountsAreGone(accounts);
      }
    }),
    { numRuns: 6 },
  );
}, 600_000);
