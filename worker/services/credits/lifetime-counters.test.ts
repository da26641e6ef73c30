import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { schema } from '@db/client';
import { createTestApp, type TestApp } from '@tests/setup/test-app';
import { balanceOf, buy, sandboxOf } from '../../routes/payments.test-support';
import { GatewayError } from '../../adapters/payments/port';

/**
 * the lifetime counters ("used", "total") must equal what the ledger says. A refund the
 * gateway refused used to add its amount to both (the clawback counted as used, its reversal as
 * earned). The ledger rule, written here independently of migration 0007: a `refund:` row gives a
 * spend back (lowers used), any other REFUNDED row corrects a grant (moves total), every other row
 * is earned when positive and used when negative.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const spies: { mockRestore(): void }[] = [];
afterEach(() => {
  for (const spy of spies.splice(0)) spy.mockRestore();
});

async function countersFromLedger(userId: string) {
  const rows = await t.deps.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.userId, userId));
  let total = 0;
  let used = 0;
  for (const row of rows) {
    if (row.type === 'REFUNDED' && row.movementKey.startsWith('refund:')) used -= row.amount;
    else if (row.type === 'REFUNDED') total += row.amount;
    else if (row.amount > 0) total += row.amount;
    else used -= row.amount;
  }
  return { total, used, available: rows.reduce((sum, row) => sum + row.amount, 0) };
}

const refund = (token: string, orderId: string) => t.request(`/api/orders/${orderId}/refund`, { method: 'POST', token, json: {} });

it('a refused refund leaves used and total as they were, and both equal the ledger', async () => {
  const { token, user } = await t.signIn('counters-refused@example.com');
  const order = await buy(t, token, { packageId: 'pack_500' });
  await t.request('/api/credits/consume?amount=7&referenceId=counters-1', { method: 'POST', token });
  const before = await balanceOf(t, token);
  spies.push(vi.spyOn(sandboxOf(t), 'refund').mockRejectedValueOnce(new GatewayError('Charge already disputed')));
  expect((await refund(token, order.orderId)).status).toBe(502);

  const after = await balanceOf(t, token);
  expect(after).toEqual(before);
  expect(await countersFromLedger(user.id)).toEqual({ total: after.total, used: after.used, available: after.available });
  expect(after.total - after.used).toBe(after.available);
});

it('a completed refund takes the grant out of total, not into used', async () => {
  const { token, user } = await t.signIn('counters-refunded@example.com');
  const before = await balanceOf(t, token);
  const order = await buy(t, token, { packageId: 'pack_500' });
  expect((await refund(token, order.orderId)).status).toBe(200);

  const after = await balanceOf(t, token);
  expect(after).toMatchObject({ total: before.total, used: before.used, available: before.available });
  expect(await countersFromLedger(user.id)).toEqual({ total: after.total, used: after.used, available: after.available });
});
