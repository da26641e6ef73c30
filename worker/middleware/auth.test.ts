import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '@tests/setup/test-app';

/**
 * authenticated reads cost one database round trip. The raw driver (PGlite or the pg
 * Pool) is spied on, so any extra query — a second read of the user, a separate balance or count
 * query — fails the test.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.signIn('one-query@example.com'));
});
afterAll(() => t.close());

async function queriesDuring(run: () => Response | Promise<Response>) {
  const client = (t.deps.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, 'query');
  try {
    const res = await run();
    expect(res.status).toBe(200);
    return { count: spy.mock.calls.length, body: await res.json() };
  } finally {
    spy.mockRestore();
  }
}

describe('authenticated reads: one round trip each', () => {
  it('GET /api/users/me reads the user once', async () => {
    const { count, body } = await queriesDuring(() => t.request('/api/users/me', { token }));
    expect(body).toMatchObject({ email: 'one-query@example.com', emailVerified: true });
    expect(body).not.toHaveProperty('passwordHash');
    expect(count).toBe(1);
  });

  it('GET /api/credits/balance comes with the user row', async () => {
    const { count, body } = await queriesDuring(() => t.request('/api/credits/balance', { token }));
    expect(body).toMatchObject({ success: true, available: 20, free: 20 });
    expect(count).toBe(1);
  });

  it('GET /api/credits/transactions page 1 counts in the same query, and a page past the end still knows the total', async () => {
    const { count, body } = await queriesDuring(() => t.request('/api/credits/transactions?page=0&size=10', { token }));
    expect(body).toMatchObject({ total: 1, totalPages: 1 });
    expect(body.items).toHaveLength(1);
    expect(count).toBe(2);
    const past = await (await t.request('/api/credits/transactions?page=3&size=10', { token })).json();
    expect(past).toMatchObject({ total: 1, totalPages: 1, items: [] });
  });

  it('a role change applies at once (the user is still read on every request)', async () => {
    const other = await t.signIn('deleted-soon@example.com');
    const client = (t.deps.db as unknown as { $client: { query: (sql: string, params?: unknown[]) => Promise<unknown> } }).$client;
    expect((await t.request('/api/users/me', { token: other.token })).status).toBe(200);
    await client.query("update users set role = 'admin' where id = $1", [other.user.id]);
    expect((await (await t.request('/api/users/me', { token: other.token })).json()).role).toBe('admin');
  });
});
