import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { schema } from '@db/client';
import { pngFile } from '@tests/fixtures/images';
import { expectConsoleError } from '@tests/setup/fail-on-console-error';
import { createTestApp, manualClock, type TestApp } from '@tests/setup/test-app';
import { issueSessionToken } from '../services/auth/session-tokens';
import { runMaintenance } from '../jobs/maintenance';

/**
 * Accounts under attack: a deleted account stays deleted, codes only do what their mail said, reset
 * does not tell which addresses have accounts, sessions end when the credentials change, the export
 * cap counts exports, and a stolen session cannot lock the owner out of changing the password.
 */
let t: TestApp;
const clock = manualClock();
beforeAll(async () => {
  t = await createTestApp({ clock, env: { LOGIN_CODE_MAX_PER_IP_HOUR: '1000' } });
});
afterAll(() => t.close());

let n = 0;
const THIEF_IP = '198.51.100.9';
const me = (token: string) => t.request('/api/users/me', { token });
const mails = (email: string) => t.deps.devMailbox!.list(email);
const login = (email: string, password: string, ip?: string) =>
  t.request('/api/auth/login', { method: 'POST', json: { email, password }, ip });
const changePassword = (token: string, currentPassword: string, newPassword: string, ip?: string) =>
  t.request('/api/account/password', { method: 'POST', token, ip, json: { currentPassword, newPassword } });

/** A password account with its e-mail verified. */
async function passwordUser(password = 'first-secret-1') {
  const email = `integrity${++n}@example.com`;
  // Each from its own network: registrations are capped per IP.
  const registered = await (
    await t.request('/api/auth/register', { method: 'POST', ip: `192.0.2.${n}`, json: { name: `User ${n}`, email, password } })
  ).json();
  const verified = await (
    await t.request('/api/auth/email-verification/verify', {
      method: 'POST',
      token: registered.token,
      json: { verificationCode: t.latestCode(email) },
    })
  ).json();
  clock.advance(61);
  return { email, password, token: verified.token as string, userId: verified.user.id as string };
}

async function deleteAccount(email: string, token: string) {
  expect((await t.request('/api/account/deletion/send-code', { method: 'POST', token })).status).toBe(200);
  const res = await t.request('/api/account/deletion/confirm', { method: 'POST', token, json: { verificationCode: t.latestCode(email) } });
  expect(res.status).toBe(200);
  clock.advance(61);
}

const userRow = async (userId: string) => (await t.deps.db.select().from(schema.users).where(eq(schema.users.id, userId)))[0]!;

describe('a deleted account stays deleted', () => {
  it('its anonymised address gets no reset code, no sign-in code and no registration', async () => {
    const { email, token, userId } = await passwordUser();
    await deleteAccount(email, token);
    const anonymised = `${userId}@deleted.invalid`;
    expect((await userRow(userId)).email).toBe(anonymised);

    const reset = await t.request('/api/auth/password-reset/request', { method: 'POST', json: { email: anonymised } });
    expect(reset.status).toBe(200);
    expect(mails(anonymised)).toEqual([]);
    expect(await t.deps.db.select().from(schema.loginCodes).where(eq(schema.loginCodes.email, anonymised))).toEqual([]);
    const confirm = await t.request('/api/auth/password-reset/confirm', {
      method: 'POST',
      json: { email: anonymised, verificationCode: '123456', password: 'taken-over-1' },
    });
    expect(confirm.status).toBe(400);
    expect((await login(anonymised, 'taken-over-1')).status).toBe(401);

    const sent = await t.request('/api/auth/login/send-code', { method: 'POST', json: { email: anonymised } });
    expect(sent.status).toBe(400);
    expect((await sent.json()).error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'email' });
    expect(mails(anonymised)).toEqual([]);
    const registered = await t.request('/api/auth/register', {
      method: 'POST',
      json: { name: 'Someone', email: `usr_new${n}@deleted.invalid`, password: 'first-secret-1' },
    });
    expect((await registered.json()).error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'email' });
    const row = await userRow(userId);
    expect(row).toMatchObject({ passwordHash: null, deletedAt: expect.any(Date) });
  });

  it('the auth middleware refuses a deleted row whatever the token and the session columns say', async () => {
    const { email, token, userId } = await passwordUser();
    await deleteAccount(email, token);
    // As the old reset left it: sessions valid again from "never" to a moment in the past.
    await t.deps.db.update(schema.users).set({ sessionsValidFrom: null }).where(eq(schema.users.id, userId));
    const forged = await issueSessionToken(t.config, { id: userId, sessionsValidFrom: null }, clock.now());
    for (const bearer of [token, forged]) {
      expect((await me(bearer)).status).toBe(401);
      expect((await t.request('/api/credits/balance', { token: bearer })).status).toBe(401);
    }
  });
});

describe('codes only do what their mail said', () => {
  it('the verification code does not confirm a deletion, and a sign-in code does not reset a password', async () => {
    const email = `purpose${++n}@example.com`;
    const registered = await (
      await t.request('/api/auth/register', {
        method: 'POST',
        ip: '192.0.2.200',
        json: { name: 'Purpose', email, password: 'first-secret-1' },
      })
    ).json();
    const verifyCode = t.latestCode(email);
    expect(mails(email)[0]!.subject).toContain('Verify your Image Studio e-mail');
    const deletion = await t.request('/api/account/deletion/confirm', {
      method: 'POST',
      token: registered.token,
      json: { verificationCode: verifyCode },
    });
    expect(deletion.status).toBe(400);
    expect((await userRow(registered.user.id)).deletedAt).toBeNull();
    // The verification code still does what it was mailed for.
    const verified = await t.request('/api/auth/email-verification/verify', {
      method: 'POST',
      token: registered.token,
      json: { verificationCode: verifyCode },
    });
    expect(verified.status).toBe(200);

    clock.advance(61);
    await t.request('/api/auth/login/send-code', { method: 'POST', json: { email } });
    const signInCode = t.latestCode(email);
    const reset = await t.request('/api/auth/password-reset/confirm', {
      method: 'POST',
      json: { email, verificationCode: signInCode, password: 'other-secret-2' },
    });
    expect(reset.status).toBe(400);
    expect((await login(email, 'other-secret-2')).status).toBe(401);
    expect((await login(email, 'first-secret-1')).status).toBe(200);
  });
});

describe('files of a deleted account', () => {
  it('an upload from another session after the deletion is refused, and one that landed during it is swept', async () => {
    const email = `files${++n}@example.com`;
    const { token, user } = await t.signIn(email);
    clock.advance(61);
    const other = await t.signIn(email);
    clock.advance(61);
    await deleteAccount(email, token);

    const form = new FormData();
    form.append('image', await pngFile('late.png', 32, 32));
    expect((await t.request('/api/upload/image', { method: 'POST', token: other.token, body: form })).status).toBe(401);

    // What an upload accepted while the deletion ran leaves behind: a file under the account's prefix.
    const late = `users/${user.id}/uploads/upl_late.png`;
    await t.deps.blobs.put(late, new Uint8Array([1, 2, 3]), { contentType: 'image/png' });
    const avatar = `public/avatars/${user.id}/av_late.png`;
    await t.deps.blobs.put(avatar, new Uint8Array([1, 2, 3]), { contentType: 'image/png' });
    const swept = await runMaintenance(t.deps);
    expect(swept.deletedAccountFiles).toBe(2);
    expect(await t.deps.blobs.list(`users/${user.id}/`)).toEqual([]);
    expect(await t.deps.blobs.list(`public/avatars/${user.id}/`)).toEqual([]);
  });
});

describe('password reset does not tell which addresses have accounts', () => {
  it('answers, stores a code and counts wrong guesses the same for an unknown address as for an account', async () => {
    const { email } = await passwordUser();
    const unknown = `nobody${n}@example.com`;
    const answers = [];
    for (const address of [email, unknown]) {
      const res = await t.request('/api/auth/password-reset/request', { method: 'POST', json: { email: address } });
      answers.push({ status: res.status, body: await res.json() });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(mails(unknown)).toEqual([]);
    const guesses = [];
    for (const address of [email, unknown]) {
      const res = await t.request('/api/auth/password-reset/confirm', {
        method: 'POST',
        json: { email: address, verificationCode: '000000', password: 'new-secret-9' },
      });
      guesses.push({ status: res.status, error: (await res.json()).error });
    }
    expect(guesses[0]).toMatchObject({ status: 400, error: { code: 'INVALID_CODE' } });
    expect(guesses[1]).toEqual(guesses[0]);
  });

  it('answers before the mail to an account is sent', async () => {
    const { email } = await passwordUser();
    let sends = 0;
    const neverDelivered = vi.spyOn(t.deps.mailer, 'send').mockImplementation(() => {
      sends++;
      return new Promise<void>(() => {});
    });
    try {
      const res = await t.request('/api/auth/password-reset/request', { method: 'POST', json: { email } });
      expect(res.status).toBe(200);
      expect(sends).toBe(1);
    } finally {
      neverDelivered.mockRestore();
    }
  });
});

describe('sessions end when the credentials change, also within the same millisecond', () => {
  it('a sign-in with the old password racing a password change does not keep its token', async () => {
    const { email, password, token } = await passwordUser();
    // The clock does not move: the racing sign-in and the change happen in the same millisecond.
    const racing = (await (await login(email, password)).json()).token as string;
    const changed = await changePassword(token, password, 'second-secret-2');
    expect(changed.status).toBe(200);
    const second = (await changed.json()).token as string;
    expect((await me(racing)).status).toBe(401);
    expect((await me(second)).status).toBe(200);

    // A second change in the same millisecond still ends the session of the first.
    const again = await changePassword(second, 'second-secret-2', 'third-secret-3');
    const third = (await again.json()).token as string;
    expect((await me(second)).status).toBe(401);
    expect((await me(third)).status).toBe(200);
  });

  it('the same for a password reset and an e-mail change', async () => {
    const { email, password } = await passwordUser();
    const before = (await (await login(email, password)).json()).token as string;
    await t.request('/api/auth/password-reset/request', { method: 'POST', json: { email } });
    const reset = await t.request('/api/auth/password-reset/confirm', {
      method: 'POST',
      json: { email, verificationCode: t.latestCode(email), password: 'reset-secret-4' },
    });
    expect(reset.status).toBe(200);
    const afterReset = (await reset.json()).token as string;
    expect((await me(before)).status).toBe(401);
    expect((await me(afterReset)).status).toBe(200);

    const racing = (await (await login(email, 'reset-secret-4')).json()).token as string;
    const newEmail = `moved${n}@example.org`;
    await t.request('/api/account/email/send-code', { method: 'POST', token: afterReset, json: { newEmail } });
    const moved = await t.request('/api/account/email/confirm', {
      method: 'POST',
      token: afterReset,
      json: { newEmail, verificationCode: t.latestCode(newEmail), currentPassword: 'reset-secret-4' },
    });
    expect(moved.status).toBe(200);
    expect((await me(racing)).status).toBe(401);
    expect((await me(afterReset)).status).toBe(401);
    expect((await me((await moved.json()).token)).status).toBe(200);
  });
});

describe('the daily export cap', () => {
  it('ten parallel clicks start one export and spend one of the five daily starts', async () => {
    const { token } = await t.signIn(`exports${++n}@example.com`);
    const burst = await Promise.all(Array.from({ length: 10 }, () => t.request('/api/account/export', { method: 'POST', token })));
    expect(burst.map((r) => r.status)).toEqual(Array(10).fill(200));
    const ids = new Set(await Promise.all(burst.map(async (r) => (await r.json()).export.id)));
    expect(ids.size).toBe(1);
    await t.drainJobs();
    // A late click of the same burst, after that export finished, still answers with it.
    const late = await t.request('/api/account/export', { method: 'POST', token });
    expect((await late.json()).export).toMatchObject({ id: [...ids][0], status: 'COMPLETED' });
    for (let i = 0; i < 4; i++) {
      clock.advance(60);
      const res = await t.request('/api/account/export', { method: 'POST', token });
      expect(res.status).toBe(200);
      await t.drainJobs();
    }
    clock.advance(60);
    const sixth = await t.request('/api/account/export', { method: 'POST', token });
    expect(sixth.status).toBe(429);
    expect((await sixth.json()).error).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 24 * 3600 - 5 * 60 });
    clock.advance(24 * 3600);
  });

  it('exports that failed to start are not counted: they produced nothing', async () => {
    const { token } = await t.signIn(`failed-exports${++n}@example.com`);
    expectConsoleError(/data export publish failed/);
    const down = vi.spyOn(t.deps.queue, 'publish').mockRejectedValue(new Error('queue down'));
    try {
      for (let i = 0; i < 5; i++) {
        clock.advance(60);
        const res = await t.request('/api/account/export', { method: 'POST', token });
        expect((await res.json()).export).toMatchObject({ status: 'FAILED' });
      }
    } finally {
      down.mockRestore();
    }
    clock.advance(60);
    const res = await t.request('/api/account/export', { method: 'POST', token });
    expect(res.status).toBe(200);
    expect((await res.json()).export).toMatchObject({ status: 'PROCESSING' });
    await t.drainJobs();
    clock.advance(24 * 3600);
  });
});

describe('a stolen session and the current password', () => {
  it('wrong guesses from the thief’s client leave the owner on another client able to change the password', async () => {
    const { email, password, token } = await passwordUser();
    const stolen = (await (await login(email, password, THIEF_IP)).json()).token as string;
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await changePassword(stolen, `guess-${i}-wrong`, 'thief-secret-1', THIEF_IP)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);

    const owner = await changePassword(token, password, 'owner-secret-2');
    expect(owner.status).toBe(200);
    expect((await me(stolen)).status).toBe(401);
  });
});
