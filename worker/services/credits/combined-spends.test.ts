import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { schema } from '@db/client';
import { createTestApp, type TestApp } from '@tests/setup/test-app';
import type { SessionClaims } from '../auth/sessions';
import { sessionVersionOf } from '../auth/session-tokens';
import { spendCombined } from './combined-spends';
import { applyMovement, type Spend } from './ledger';

/**
 * One user's spends that arrive together go in one statement, and each still gets the answer it
 * would have had one after another (decision 086).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A signed-in user with `paid` credits on top of the sign-up bonus, and the balance they start from. */
async function fundedSession(email: string, paid: number): Promise<{ session: SessionClaims; start: number }> {
  const { user } = await t.signIn(email);
  await applyMovement(t.deps.db, {
    userId: user.id,
    movementKey: 'test:fund',
    type: 'EARNED',
    referenceType: 'PURCHASE',
    reason: 'SIGN_UP_BONUS',
    reasonParams: {},
    parts: { paid },
  });
  // A session version, as after a password change, so a token of the version before it has ended.
  const [row] = await t.deps.db
    .update(schema.users)
    .set({ sessionsValidFrom: new Date(Date.now() - 60_000) })
    .where(eq(schema.users.id, user.id))
    .returning();
  const [account] = await t.deps.db.select().from(schema.creditAccounts).where(eq(schema.creditAccounts.userId, user.id));
  return {
    session: {
      userId: user.id,
      unverifiedEmail: false,
      issuedAtSeconds: Math.floor(Date.now() / 1000),
      version: sessionVersionOf(row!),
      checked: false,
    },
    start: account!.freeBalance + account!.paidBalance + account!.subscriptionBalance,
  };
}

const spendOf = (amount: number, referenceId: string): Spend => ({
  amount,
  movementKey: `consume:IMAGE_GENERATION:${referenceId}`,
  type: 'SPENT',
  referenceType: 'IMAGE_GENERATION',
  referenceId,
  reason: 'API_CONSUME',
  reasonParams: {},
});

/** Counts the statements that reach the database through the test app's one client. */
function countStatements() {
  const client = (t.deps.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, 'query');
  /** [single-spend statements, combined statements] sent since the count began; stops counting. */
  return () => {
    const texts = spy.mock.calls.map(([text]) => String(text));
    spy.mockRestore();
    return [
      texts.filter((text) => text.includes('credit_apply_movement_in_session(')).length,
      texts.filter((text) => text.includes('credit_apply_movements_in_session(')).length,
    ];
  };
}

it('spends that arrive together are one statement, answered as if sent one by one', async () => {
  const { session, start } = await fundedSession('together@example.com', 100);
  const stale = { ...session, version: session.version! - 1 };
  const statements = countStatements();
  const settled = await Promise.allSettled([
    spendCombined(t.deps.db, session, spendOf(10, 'a')),
    spendCombined(t.deps.db, session, spendOf(20, 'b')),
    spendCombined(t.deps.db, session, spendOf(10, 'a')), // the same key again: a replay of the first
    spendCombined(t.deps.db, session, spendOf(start, 'c')), // more than is left: refused, nothing moves
    spendCombined(t.deps.db, stale, spendOf(1, 'd')), // a session ended since: 401, nothing moves
    spendCombined(t.deps.db, session, spendOf(start - 30, 'e')), // exactly what is left
  ]);
  expect(statements()).toEqual([0, 1]);

  const [a, b, again, short, ended, e] = settled;
  expect(a).toMatchObject({ status: 'fulfilled', value: { applied: true, balanceAfter: start - 10 } });
  expect(b).toMatchObject({ status: 'fulfilled', value: { applied: true, balanceAfter: start - 30 } });
  expect(again).toMatchObject({ status: 'fulfilled', value: { applied: false, balanceAfter: start - 10 } });
  expect(again.status === 'fulfilled' && again.value.transactionId).toBe(a.status === 'fulfilled' && a.value.transactionId);
  expect(short).toMatchObject({ status: 'rejected', reason: { code: 'INSUFFICIENT_CREDITS' } });
  expect(ended).toMatchObject({ status: 'rejected', reason: { code: 'UNAUTHENTICATED', said: { id: 'sessionExpired' } } });
  expect(e).toMatchObject({ status: 'fulfilled', value: { applied: true, balanceAfter: 0, account: { paidBalance: 0, freeBalance: 0 } } });
  expect(session.checked && stale.checked).toBe(true);

  const ledger = await t.deps.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.userId, session.userId));
  const spent = ledger.filter((row) => row.type === 'SPENT').map((row) => [row.referenceId, row.amount, row.balanceAfter]);
  // The 20 sign-up credits are spent first: b takes the last 10 of them and 10 paid, e the rest of paid.
  expect(spent).toHaveLength(4);
  expect(spent).toEqual(
    expect.arrayContaining([
      ['a', -10, start - 10],
      ['b', -10, start - 20],
      ['b', -10, start - 30],
      ['e', -(start - 30), 0],
    ]),
  );
  expect(ledger.reduce((sum, row) => sum + row.amount, 0)).toBe(0);
});

it('when the combined statement fails, each spend is tried alone and only the bad one fails', async () => {
  const { session, start } = await fundedSession('alone@example.com', 100);
  const bad = { ...spendOf(5, 'bad'), reason: 'NOT_A_REASON' } as unknown as Spend;
  const statements = countStatements();
  const settled = await Promise.allSettled([
    spendCombined(t.deps.db, session, spendOf(1, 'first')),
    spendCombined(t.deps.db, session, spendOf(2, 'x')),
    spendCombined(t.deps.db, session, bad),
    spendCombined(t.deps.db, session, spendOf(3, 'y')),
  ]);
  expect(statements()).toEqual([4, 1]);
  expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
  expect(settled[3]).toMatchObject({ value: { balanceAfter: start - 6 } });
  // The queue closed behind them: a later spend goes alone.
  expect(await spendCombined(t.deps.db, session, spendOf(4, 'later'))).toMatchObject({ applied: true, balanceAfter: start - 10 });
});

it('two users never share a statement', async () => {
  const one = await fundedSession('one@example.com', 10);
  const two = await fundedSession('two@example.com', 10);
  const statements = countStatements();
  const settled = await Promise.all([
    spendCombined(t.deps.db, one.session, spendOf(1, 'p')),
    spendCombined(t.deps.db, two.session, spendOf(2, 'q')),
  ]);
  expect(statements()).toEqual([2, 0]);
  expect(settled.map((r) => r.balanceAfter)).toEqual([one.start - 1, two.start - 2]);
});
