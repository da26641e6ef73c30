import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { schema } from '@db/client';
import { ServiceError } from '../../contract/errors';
import { newId } from '../../lib/ids';
import { createTestApp, type TestApp } from '@tests/setup/test-app';
import { applyMovement, refundSpend, spendCredits } from './ledger';

/**
 * Random sequences of grants, spends and refunds — with replayed keys — checked against DESIGN.md §5
 * invariants 1–5 after every step, and against a plain in-memory model of the balances.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const bucket = fc.constantFrom('free' as const, 'paid' as const, 'subscription' as const);
const key = fc.integer({ min: 0, max: 5 }).map((n) => `k${n}`);
const command = fc.oneof(
  fc.record({ kind: fc.constant('grant' as const), bucket, amount: fc.integer({ min: 1, max: 50 }), key }),
  fc.record({ kind: fc.constant('spend' as const), amount: fc.integer({ min: 1, max: 60 }), key }),
  fc.record({ kind: fc.constant('refund' as const), key }),
);

type Model = Record<'free' | 'paid' | 'subscription' | 'earned' | 'spent', number>;

async function checkInvariants(userId: string, model: Model) {
  const db = t.deps.db;
  const [account] = await db.select().from(schema.creditAccounts).where(eq(schema.creditAccounts.userId, userId));
  const rows = await db.select().from(schema.creditLedger).where(eq(schema.creditLedger.userId, userId));
  const sums = { free: 0, paid: 0, subscription: 0 };
  for (const row of rows) {
    expect(Number.isInteger(row.amount)).toBe(true); // 1
    expect(row.balanceAfter).toBeGreaterThanOrEqual(0); // 3
    sums[row.bucket] += row.amount;
  }
  // 2: the cached balance equals the ledger, per bucket, and matches the model.
  expect({ free: account?.freeBalance ?? 0, paid: account?.paidBalance ?? 0, subscription: account?.subscriptionBalance ?? 0 }).toEqual(
    sums,
  );
  expect(sums).toEqual({ free: model.free, paid: model.paid, subscription: model.subscription });
  // the lifetime counters follow the model too (a refund gives a spend back: used falls).
  expect({ earned: account?.totalEarned ?? 0, spent: account?.totalSpent ?? 0 }).toEqual({ earned: model.earned, spent: model.spent });
  // 5: one movement per key — all rows of a key share one transaction id stem.
  const stems = await db.execute<{ movement_key: string; n: number }>(
    sql`select movement_key, count(distinct regexp_replace(id, '_(free|paid|subscription)$', ''))::int as n from credit_ledger where user_id = ${userId} group by movement_key having count(distinct regexp_replace(id, '_(free|paid|subscription)$', '')) > 1`,
  );
  expect((stems as unknown as { rows: unknown[] }).rows).toEqual([]);
}

it('keeps the ledger invariants under any sequence of movements and replays', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
      const userId = newId('usr');
      await t.deps.db.insert(schema.users).values({ id: userId, email: `${userId}@example.com`, name: 'prop', authProvider: 'email' });
      // The model decides on its own what each command should do (a fresh key applies, a seen key
      // changes nothing, a spend beyond the balance is refused); the code under test must agree.
      const model: Model = { free: 0, paid: 0, subscription: 0, earned: 0, spent: 0 };
      const seen = new Set<string>();
      const taken = new Map<string, Partial<Record<'free' | 'paid' | 'subscription', number>>>();
      const refunded = new Set<string>();
      for (const c of commands) {
        await t.deps.db.transaction(async (tx) => {
          if (c.kind === 'grant') {
            const movementKey = `grant:${c.key}`;
            const fresh = !seen.has(movementKey);
            const r = await applyMovement(tx, {
              userId,
              movementKey,
              type: 'EARNED',
              referenceType: 'BONUS',
              reason: 'SIGN_UP_BONUS',
              reasonParams: {},
              parts: { [c.bucket]: c.amount },
            });
            expect(r.applied).toBe(fresh);
            if (fresh) {
              seen.add(movementKey);
              model[c.bucket] += c.amount;
              model.earned += c.amount;
            }
          } else if (c.kind === 'spend') {
            const movementKey = `spend:${c.key}`;
            const fresh = !seen.has(movementKey);
            const affordable = model.free + model.paid + model.subscription >= c.amount;
            try {
              const r = await spendCredits(tx, {
                userId,
                movementKey,
                amount: c.amount,
                type: 'SPENT',
                referenceType: 'IMAGE_GENERATION',
                reason: 'TEXT_TO_IMAGE',
                reasonParams: {},
              });
              expect(r.applied).toBe(fresh);
              if (fresh) {
                expect(affordable).toBe(true);
                let left = c.amount;
                const parts: Partial<Record<'free' | 'paid' | 'subscription', number>> = {};
                model.spent += c.amount;
                for (const b of ['subscription', 'free', 'paid'] as const) {
                  const take = Math.min(left, model[b]);
                  model[b] -= take;
                  left -= take;
                  if (take) parts[b] = take;
                }
                seen.add(movementKey);
                taken.set(movementKey, parts);
              }
            } catch (error) {
              expect(error).toBeInstanceOf(ServiceError);
              expect(fresh && !affordable).toBe(true);
            }
          } else {
            const spendKey = `spend:${c.key}`;
            const due = taken.has(spendKey) && !refunded.has(spendKey);
            const r = await refundSpend(tx, { userId, spendMovementKey: spendKey });
            expect(Boolean(r?.applied)).toBe(due);
            if (due) {
              refunded.add(spendKey);
              for (const [b, n] of Object.entries(taken.get(spendKey)!)) {
                model[b as 'free' | 'paid' | 'subscription'] += n;
                model.spent -= n;
              }
            }
          }
        });
        await checkInvariants(userId, model);
      }
    }),
    { numRuns: 40 },
  );
}, 120_000);
