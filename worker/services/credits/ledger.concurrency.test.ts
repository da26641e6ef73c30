import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { schema } from '@db/client';
import { createTestApp, type TestApp } from '@tests/setup/test-app';
import { applyMovement } from './ledger';

/**
 * Hundreds of parallel HTTP spends. Meaningful on the PostgreSQL server (DATABASE_URL_TEST, a pool
 * of 10 connections racing); on PGlite, which runs one query at a time, it still checks the outcome.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function userWithBalance(email: string, paid: number) {
  const { token, user } = await t.signIn(email);
  // Start from exactly `paid` credits: spend the sign-up bonus away first is not possible without a
  // reason, so the test account gets its bonus reversed by a correcting movement.
  await t.deps.db.transaction(async (tx) => {
    await applyMovement(tx, {
      userId: user.id,
      movementKey: 'test:reset',
      type: 'SPENT',
      referenceType: 'BONUS',
      reason: 'TEXT_TO_IMAGE',
      reasonParams: {},
      parts: { free: -20 },
    });
    await applyMovement(tx, {
      userId: user.id,
      movementKey: 'test:fund',
      type: 'EARNED',
      referenceType: 'PURCHASE',
      reason: 'SIGN_UP_BONUS',
      reasonParams: {},
      parts: { paid },
    });
  });
  return { token, userId: user.id };
}

async function ledgerSum(userId: string) {
  const [row] = await t.deps.db
    .select({ sum: sql<number>`coalesce(sum(${schema.creditLedger.amount}), 0)::int` })
    .from(schema.creditLedger)
    .where(eq(schema.creditLedger.userId, userId));
  return Number(row!.sum);
}

it('200 parallel spends of 4 against 100 credits: exactly 25 succeed, balance 0', async () => {
  const { token, userId } = await userWithBalance('race@example.com', 100);
  const results = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      t.request(`/api/credits/consume?amount=4&referenceType=IMAGE_GENERATION&referenceId=race-${i}`, { method: 'POST', token }),
    ),
  );
  const statuses = results.map((r) => r.status);
  expect(statuses.filter((s) => s === 200)).toHaveLength(25);
  expect(statuses.filter((s) => s === 402)).toHaveLength(175);
  const [account] = await t.deps.db.select().from(schema.creditAccounts).where(eq(schema.creditAccounts.userId, userId));
  expect(account!.paidBalance + account!.freeBalance + account!.subscriptionBalance).toBe(0);
  expect(await ledgerSum(userId)).toBe(0);
  const [{ min }] = (await t.deps.db
    .select({ min: sql<number>`min(${schema.creditLedger.balanceAfter})::int` })
    .from(schema.creditLedger)
    .where(eq(schema.creditLedger.userId, userId))) as [{ min: number }];
  expect(min).toBeGreaterThanOrEqual(0);
}, 60_000);

it('50 parallel consumes with the same reference move credits once', async () => {
  const { token, userId } = await userWithBalance('replay@example.com', 100);
  const results = await Promise.all(
    Array.from({ length: 50 }, () =>
      t.request('/api/credits/consume?amount=4&referenceType=IMAGE_GENERATION&referenceId=same-job', { method: 'POST', token }),
    ),
  );
  expect(results.every((r) => r.status === 200)).toBe(true);
  const bodies = await Promise.all(results.map((r) => r.json()));
  expect(bodies.filter((b) => !b.duplicate)).toHaveLength(1);
  expect(await ledgerSum(userId)).toBe(96);
}, 60_000);

it('parallel first movements of a user with no account row create it once and all apply', async () => {
  // A user row only: the account row is made by the first movement (the path taken when the lock finds no row).
  const userId = 'usr_noaccountrow01';
  await t.deps.db.insert(schema.users).values({ id: userId, email: 'no-account-row@example.com', name: 'No row', authProvider: 'email' });
  const grants = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      applyMovement(t.deps.db, {
        userId,
        movementKey: `test:first-${i % 10}`,
        type: 'EARNED',
        referenceType: 'BONUS',
        reason: 'SIGN_UP_BONUS',
        reasonParams: {},
        parts: { paid: 3 },
      }),
    ),
  );
  // Ten keys, each sent twice: ten movements apply, the other ten are replays.
  expect(grants.filter((g) => g.applied)).toHaveLength(10);
  const accounts = await t.deps.db.select().from(schema.creditAccounts).where(eq(schema.creditAccounts.userId, userId));
  expect(accounts).toHaveLength(1);
  expect(accounts[0]!.paidBalance).toBe(30);
  expect(await ledgerSum(userId)).toBe(30);
}, 60_000);
