import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, manualClock, type TestApp } from '@tests/setup/test-app';

let t: TestApp;
let clock: ReturnType<typeof manualClock>;
beforeEach(async () => {
  clock = manualClock();
  t = await createTestApp({ clock });
});
afterEach(() => t.close());

describe('/api/users/me', () => {
  it('needs a valid bearer token', async () => {
    const none = await t.request('/api/users/me');
    expect(none.status).toBe(401);
    expect((await none.json()).error.code).toBe('UNAUTHENTICATED');
    expect((await t.request('/api/users/me', { token: 'not.a.jwt' })).status).toBe(401);
    expect((await t.request('/api/users/me', { headers: { authorization: 'Basic abc' } })).status).toBe(401);
  });

  it('reads and renames the signed-in user', async () => {
    const { token, user } = await t.signIn('me@example.com');
    const me = await t.request('/api/users/me', { token });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: user.id, email: 'me@example.com', name: 'me', avatar: null, provider: 'email' });

    const renamed = await t.request('/api/users/me', { method: 'PUT', token, json: { name: '  Mei Lin  ' } });
    expect(renamed.status).toBe(200);
    expect((await renamed.json()).name).toBe('Mei Lin');

    const same = await t.request('/api/users/me', { method: 'PUT', token, json: { name: 'Mei Lin' } });
    expect(same.status).toBe(400);
    expect((await same.json()).error).toMatchObject({ code: 'NO_CHANGES', message: 'No changes detected' });

    for (const [name, message] of [
      ['', 'Username cannot be empty'],
      ['x', 'Username must be at least 2 characters'],
      ['y'.repeat(51), 'Username must be at most 50 characters'],
    ]) {
      const res = await t.request('/api/users/me', { method: 'PUT', token, json: { name } });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'name', message });
    }
  });

  it('refuses an expired token', async () => {
    const { token } = await t.signIn('old@example.com');
    clock.advance(t.config.JWT_TTL_SECONDS - 60);
    expect((await t.request('/api/users/me', { token })).status).toBe(200);
    clock.advance(61);
    expect((await t.request('/api/users/me', { token })).status).toBe(401);
  });
});

describe('error model', () => {
  it('answers unknown API routes with a 404 JSON body', async () => {
    const res = await t.request('/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' }, requestId: expect.any(String) });
  });

  it('reports health with a database round trip', async () => {
    const res = await t.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', db: 'ok' });
  });

  it('refuses bodies over the limit with 413', async () => {
    const res = await t.request('/api/auth/login/send-code', { method: 'POST', json: { email: 'a@b.co', pad: 'x'.repeat(1_100_000) } });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
