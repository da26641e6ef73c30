import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@db/client';
import { createTestApp, manualClock, type TestApp } from '@tests/setup/test-app';

/** change password and change e-mail from the personal center, through the API. */
let t: TestApp;
const clock = manualClock();
beforeAll(async () => {
  t = await createTestApp({ clock, env: { LOGIN_CODE_MAX_PER_IP_HOUR: '1000' } });
});
afterAll(() => t.close());

let n = 0;
/** A password account with its e-mail verified (register, then the code mailed with the registration). */
async function passwordUser(password = 'first-secret-1') {
  const email = `security${++n}@example.com`;
  const registered = await (await t.request('/api/auth/register', { method: 'POST', json: { name: `User ${n}`, email, password } })).json();
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
const me = (token: string) => t.request('/api/users/me', { token });
const login = (email: string, password: string) => t.request('/api/auth/login', { method: 'POST', json: { email, password } });
const mails = (email: string) => t.deps.devMailbox!.list(email);

describe('GET /api/account', () => {
  it('says how the account signs in', async () => {
    const { token, email } = await passwordUser();
    expect(await (await t.request('/api/account', { token })).json()).toEqual({
      success: true,
      email,
      emailVerified: true,
      hasPassword: true,
      signInMethods: ['email', 'password'],
    });
    const code = await t.signIn(`codeonly${n}@example.com`);
    expect(await (await t.request('/api/account', { token: code.token })).json()).toMatchObject({
      hasPassword: false,
      signInMethods: ['email'],
    });
    expect((await t.request('/api/account')).status).toBe(401);
  });
});

describe('POST /api/account/password', () => {
  it('needs the current password; then replaces it, ends every other session, keeps this one and tells the owner', async () => {
    const { email, password, token } = await passwordUser();
    const wrong = await t.request('/api/account/password', {
      method: 'POST',
      token,
      json: { currentPassword: 'not-it-at-all', newPassword: 'second-secret-2' },
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error).toMatchObject({ code: 'WRONG_PASSWORD', field: 'currentPassword' });
    const short = await t.request('/api/account/password', {
      method: 'POST',
      token,
      json: { currentPassword: password, newPassword: 'short' },
    });
    expect((await short.json()).error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'newPassword' });
    expect((await me(token)).status).toBe(200);

    clock.advance(2);
    const changed = await t.request('/api/account/password', {
      method: 'POST',
      token,
      json: { currentPassword: password, newPassword: 'second-secret-2' },
    });
    expect(changed.status).toBe(200);
    const body = await changed.json();
    expect(body).toMatchObject({ success: true, token: expect.any(String), user: { email } });
    expect((await me(token)).status).toBe(401);
    expect((await me(body.token)).status).toBe(200);
    expect((await login(email, password)).status).toBe(401);
    expect((await login(email, 'second-secret-2')).status).toBe(200);
    expect(mails(email)[0]!.subject).toBe('Your Image Studio password was changed');
  });

  it('an account without a password is told to set one by e-mail code (no password to re-check)', async () => {
    const { token } = await t.signIn(`nopassword${++n}@example.com`);
    const res = await t.request('/api/account/password', {
      method: 'POST',
      token,
      json: { currentPassword: 'anything-at-all', newPassword: 'second-secret-2' },
    });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatchObject({ code: 'CONFLICT', field: 'currentPassword' });
  });

  it('limits guesses of the current password per account', async () => {
    const { token } = await passwordUser();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (
          await t.request('/api/account/password', {
            method: 'POST',
            token,
            json: { currentPassword: `guess-${i}-wrong`, newPassword: 'second-secret-2' },
          })
        ).status,
      );
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('changing the e-mail', () => {
  it('a password account: code to the new address + current password → moved, other sessions end, the old address is told and is free again', async () => {
    const { email, password, token, userId } = await passwordUser();
    const newEmail = `moved${n}@example.org`;
    const sent = await t.request('/api/account/email/send-code', { method: 'POST', token, json: { newEmail: newEmail.toUpperCase() } });
    expect(await sent.json()).toMatchObject({ success: true, currentEmailCodeSent: false, resendAfterSeconds: 60 });
    const code = t.latestCode(newEmail);

    // The code alone is not enough: a stolen session cannot move the account to its thief's mailbox.
    const noPassword = await t.request('/api/account/email/confirm', { method: 'POST', token, json: { newEmail, verificationCode: code } });
    expect((await noPassword.json()).error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'currentPassword' });
    const wrongPassword = await t.request('/api/account/email/confirm', {
      method: 'POST',
      token,
      json: { newEmail, verificationCode: code, currentPassword: 'wrong-password' },
    });
    expect((await wrongPassword.json()).error.code).toBe('WRONG_PASSWORD');
    const wrongCode = await t.request('/api/account/email/confirm', {
      method: 'POST',
      token,
      json: { newEmail, verificationCode: code === '000000' ? '111111' : '000000', currentPassword: password },
    });
    expect((await wrongCode.json()).error).toMatchObject({ code: 'INVALID_CODE', field: 'verificationCode' });

    clock.advance(2);
    const confirmed = await t.request('/api/account/email/confirm', {
      method: 'POST',
      token,
      json: { newEmail, verificationCode: code, currentPassword: password },
    });
    expect(confirmed.status).toBe(200);
    const body = await confirmed.json();
    expect(body.user).toMatchObject({ id: userId, email: newEmail, emailVerified: true });
    expect((await me(token)).status).toBe(401);
    expect(await (await me(body.token)).json()).toMatchObject({ email: newEmail });
    expect((await login(newEmail, password)).status).toBe(200);
    expect((await login(email, password)).status).toBe(401);
    const identities = await t.deps.db.select().from(schema.authIdentities).where(eq(schema.authIdentities.userId, userId));
    expect(identities.map((i) => [i.provider, i.subject]).sort()).toEqual([
      ['email', newEmail],
      ['password', newEmail],
    ]);
    expect(mails(email)[0]).toMatchObject({
      subject: 'Your Image Studio e-mail was changed',
      text: expect.stringContaining('mo…@example.org'),
    });
    // The code was used: it cannot move the account again.
    const replay = await t.request('/api/account/email/confirm', {
      method: 'POST',
      token: body.token,
      json: { newEmail, verificationCode: code, currentPassword: password },
    });
    expect(replay.status).toBe(400);
    // The old address belongs to nobody now: signing in with it starts a new account.
    clock.advance(61);
    const fresh = await t.signIn(email);
    expect(fresh.user.id).not.toBe(userId);
  });

  it('refuses an address another account uses, and the current one', async () => {
    const a = await passwordUser();
    const b = await passwordUser();
    const taken = await t.request('/api/account/email/send-code', { method: 'POST', token: a.token, json: { newEmail: b.email } });
    expect(taken.status).toBe(409);
    expect((await taken.json()).error).toMatchObject({ code: 'CONFLICT', field: 'newEmail' });
    const same = await t.request('/api/account/email/send-code', { method: 'POST', token: a.token, json: { newEmail: a.email } });
    expect((await same.json()).error).toMatchObject({ code: 'NO_CHANGES', field: 'newEmail' });
    const bad = await t.request('/api/account/email/send-code', { method: 'POST', token: a.token, json: { newEmail: 'not an address' } });
    expect((await bad.json()).error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'newEmail' });
  });

  it('an account without a password proves itself with a second code, mailed to its current address', async () => {
    const email = `codeuser${++n}@example.com`;
    const { token, user } = await t.signIn(email);
    clock.advance(61);
    const newEmail = `codeuser${n}-new@example.com`;
    const sent = await (await t.request('/api/account/email/send-code', { method: 'POST', token, json: { newEmail } })).json();
    expect(sent).toMatchObject({ currentEmailCodeSent: true });
    const newCode = t.latestCode(newEmail);
    const ownerCode = t.latestCode(email);
    expect(mails(email)[0]!.subject).toMatch(/e-mail change code/);
    const missing = await t.request('/api/account/email/confirm', { method: 'POST', token, json: { newEmail, verificationCode: newCode } });
    expect((await missing.json()).error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'currentEmailCode' });
    const wrong = await t.request('/api/account/email/confirm', {
      method: 'POST',
      token,
      json: { newEmail, verificationCode: newCode, currentEmailCode: ownerCode === '000000' ? '111111' : '000000' },
    });
    expect((await wrong.json()).error).toMatchObject({ code: 'INVALID_CODE', field: 'currentEmailCode' });
    const ok = await t.request('/api/account/email/confirm', {
      method: 'POST',
      token,
      json: { newEmail, verificationCode: newCode, currentEmailCode: ownerCode },
    });
    expect(ok.status).toBe(200);
    expect((await ok.json()).user).toMatchObject({ id: user.id, email: newEmail });
  });

  it('an unverified password account that proves a new address gets what verification pays', async () => {
    const email = `unverified${++n}@example.com`;
    const registered = await (
      await t.request('/api/auth/register', { method: 'POST', json: { name: 'Unverified', email, password: 'first-secret-1' } })
    ).json();
    const balance = async (token: string) => (await (await t.request('/api/credits/balance', { token })).json()).free;
    expect(await balance(registered.token)).toBe(0);
    const newEmail = `verified${n}@example.com`;
    await t.request('/api/account/email/send-code', { method: 'POST', token: registered.token, json: { newEmail } });
    const ok = await (
      await t.request('/api/account/email/confirm', {
        method: 'POST',
        token: registered.token,
        json: { newEmail, verificationCode: t.latestCode(newEmail), currentPassword: 'first-secret-1' },
      })
    ).json();
    expect(ok.user).toMatchObject({ email: newEmail, emailVerified: true });
    expect(await balance(ok.token)).toBe(20);
  });
});
