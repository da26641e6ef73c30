import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { schema } from '@db/client';
import { createTestApp, type TestApp } from '@tests/setup/test-app';

let t: TestApp;
let token: string;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({
    token,
    user: { id: userId },
  } = await t.signIn('credits@example.com'));
});
afterAll(() => t.close());

const consume = (amount: number | string, referenceId: string, extra = '') =>
  t.request(`/api/credits/consume?amount=${amount}&referenceType=IMAGE_GENERATION&referenceId=${referenceId}&description=test${extra}`, {
    method: 'POST',
    token,
  });

describe('credits API', () => {
  it('spends in one round trip: one statement checks the session and moves the credits', async () => {
    // PGlite answers query/exec/transaction; a pg Pool answers query, and connect for a transaction.
    const client = (t.deps.db as unknown as { $client: Record<string, unknown> }).$client;
    const methods = ['query', 'exec', 'transaction', 'connect'].filter((method) => typeof client[method] === 'function');
    const spender = await t.signIn('round-trips@example.com');
    const spies = methods.map((method) => vi.spyOn(client as Record<string, (...args: unknown[]) => unknown>, method));
    try {
      const res = await t.request('/api/credits/consume?amount=1&referenceType=IMAGE_GENERATION&referenceId=rt-1', {
        method: 'POST',
        token: spender.token,
      });
      expect(res.status).toBe(200);
      expect(Object.fromEntries(methods.map((method, i) => [method, spies[i]!.mock.calls.length]))).toEqual(
        // pg's pool.query checks a client out (connect) per statement; a transaction would add a connect of its own.
        Object.fromEntries(methods.map((method) => [method, method === 'query' || method === 'connect' ? 1 : 0])),
      );
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it('shows the new-user bonus in the balance with spec field names', async () => {
    const res = await t.request('/api/credits/balance', { token });
    expect(await res.json()).toEqual({
      success: true,
      available: 20,
      used: 0,
      total: 20,
      free: 20,
      paid: 0,
      subscription: 0,
      remaining: 20,
      totalCredits: 20,
    });
  });

  it('consumes once per reference and lists every movement, newest first', async () => {
    const first = await consume(4, 'job-1');
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ duplicate: false, balance: { available: 16, used: 4 } });
    const replay = await consume(4, 'job-1');
    expect(await replay.json()).toMatchObject({ duplicate: true, balance: { available: 16 } });

    const list = await (await t.request('/api/credits/transactions?page=0&size=10', { token })).json();
    expect(list).toMatchObject({ success: true, page: 0, size: 10, total: 2, totalPages: 1 });
    expect(list.items.map((x: { type: string; amount: number; credits: number }) => [x.type, x.amount, x.credits])).toEqual([
      ['SPENT', -4, 16],
      ['new_user', 20, 20],
    ]);
    const filtered = await (await t.request('/api/credits/transactions?type=new_user', { token })).json();
    expect(filtered.items).toHaveLength(1);
  });

  it('refuses to overspend with 402 and moves nothing', async () => {
    const res = await consume(1000, 'too-big');
    expect(res.status).toBe(402);
    expect((await res.json()).error.code).toBe('INSUFFICIENT_CREDITS');
    expect((await (await t.request('/api/credits/balance', { token })).json()).available).toBe(16);
  });

  it('names the bad field', async () => {
    for (const [query, field] of [
      ['amount=abc&referenceId=x', 'amount'],
      ['amount=-1&referenceId=x', 'amount'],
      ['amount=1.5&referenceId=x', 'amount'],
      ['amount=1', 'referenceId'],
      ['amount=1&referenceId=x&referenceType=NOPE', 'referenceType'],
    ]) {
      const res = await t.request(`/api/credits/consume?${query}`, { method: 'POST', token });
      expect(res.status, query).toBe(400);
      expect((await res.json()).error.field, query).toBe(field);
    }
    const badType = await t.request('/api/credits/transactions?type=BOGUS', { token });
    expect((await badType.json()).error.field).toBe('type');
  });

  it('reports daily usage over a date range', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const res = await (await t.request(`/api/credits/usage/daily?startDate=${today}&endDate=${today}`, { token })).json();
    expect(res.days).toEqual([{ date: today, spent: 4, earned: 20 }]);
    const bad = await t.request('/api/credits/usage/daily?startDate=2026-02-01&endDate=2026-01-01', { token });
    expect((await bad.json()).error.field).toBe('startDate');
  });

  it('needs sign-in for personal data but not for packages', async () => {
    expect((await t.request('/api/credits/balance')).status).toBe(401);
    const packages = await (await t.request('/api/credits/packages')).json();
    expect(packages.packages.every((p: { packageType: string }) => p.packageType === 'credits')).toBe(true);
  });
});

describe('pricing and config', () => {
  it('lists pricing items with spec fields, in the asked language', async () => {
    const en = await (await t.request('/api/public/pricing/all')).json();
    expect(en.length).toBeGreaterThanOrEqual(9);
    expect(Object.keys(en[0]).sort()).toEqual(
      ['credits', 'currency', 'features', 'id', 'isRecommended', 'name', 'originalPrice', 'packageType', 'price', 'subtitle'].sort(),
    );
    expect(new Set(en.map((p: { packageType: string }) => p.packageType))).toEqual(new Set(['monthly', 'yearly', 'credits']));
    const zh = await (await t.request('/api/public/pricing/all?lang=zh-Hant')).json();
    expect(zh.find((p: { id: string }) => p.id === 'plan_pro_monthly').name).toBe('專業版');
  });

  it('exposes the registration bonus', async () => {
    expect(await (await t.request('/api/system/config/registration-bonus')).json()).toEqual({ success: true, data: 20 });
  });

  it('lets only admins read and change the credit system config', async () => {
    expect((await t.request('/api/admin/credit-system-config', { token })).status).toBe(403);
    await t.deps.db.update(schema.users).set({ role: 'admin' }).where(eq(schema.users.id, userId));
    const read = await (await t.request('/api/admin/credit-system-config', { token })).json();
    expect(read.data.imageGeneration.defaultCost).toBe(4);

    const bad = await t.request('/api/admin/credit-system-config', { method: 'PUT', token, json: { newUserBonus: -5 } });
    expect((await bad.json()).error.field).toBe('newUserBonus');
    const changed = await t.request('/api/admin/credit-system-config', { method: 'PUT', token, json: { newUserBonus: 30 } });
    expect((await changed.json()).data.newUserBonus).toBe(30);
    expect(await (await t.request('/api/system/config/registration-bonus')).json()).toEqual({ success: true, data: 30 });
  });
});
