import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@db/client';
import { createTestApp, type TestApp } from '@tests/setup/test-app';
import { applyMovement } from './ledger';

let t: TestApp;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  userId = (await t.signIn('ledger@example.com')).user.id;
});
afterAll(() => t.close());

const grant = (movementKey: string, amount: number) =>
  t.deps.db.transaction((tx) =>
    applyMovement(tx, {
      userId,
      movementKey,
      type: 'EARNED',
      referenceType: 'BONUS',
      reason: 'SIGN_UP_BONUS',
      reasonParams: {},
      parts: { paid: amount },
    }),
  );

describe('applyMovement', () => {
  it('applies a movement key once, however often it is replayed', async () => {
    const first = await grant('bonus:replay', 30);
    const replays = await Promise.all(Array.from({ length: 10 }, () => grant('bonus:replay', 30)));
    expect(first.applied).toBe(true);
    expect(replays.every((r) => !r.applied && r.transactionId === first.transactionId)).toBe(true);
    const [account] = await t.deps.db.select().from(schema.creditAccounts).where(eq(schema.creditAccounts.userId, userId));
    expect(account!.paidBalance).toBe(30);
  });

  it('refuses to take a bucket below zero and leaves no row behind', async () => {
    const before = await t.deps.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.userId, userId));
    await expect(grant('spend:too-much', -1000)).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
    expect(await t.deps.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.userId, userId))).toHaveLength(before.length);
  });

  it('keeps the cached balance equal to the ledger sum', async () => {
    await grant('bonus:sum', 7);
    const [{ sum }] = (await t.deps.db
      .select({ sum: sql<number>`sum(${schema.creditLedger.amount})::int` })
      .from(schema.creditLedger)
      .where(eq(schema.creditLedger.userId, userId))) as [{ sum: number }];
    const [account] = await t.deps.db.select().from(schema.creditAccounts).where(eq(schema.creditAccounts.userId, userId));
    expect(sum).toBe(account!.freeBalance + account!.paidBalance + account!.subscriptionBalance);
  });

  it('is append-only in the database itself', async () => {
    // Drizzle wraps the driver error; the trigger's message is on `cause`.
    const refusal = (statement: ReturnType<typeof sql>) =>
      t.deps.db.execute(statement).then(
        () => 'accepted',
        (error: Error & { cause?: Error }) => String(error.cause?.message ?? error.message),
      );
    expect(await refusal(sql`update credit_ledger set amount = 1000`)).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(sql`delete from credit_ledger`)).toMatch(/append-only: DELETE refused/);
    expect(await refusal(sql`truncate credit_ledger cascade`)).toMatch(/append-only: TRUNCATE refused/);
  });
});
