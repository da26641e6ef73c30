import { and, eq, sql } from 'drizzle-orm';
import { schema, type Tx } from '../../../db/client';
import { SPEND_ORDER } from '../../contract/credits';
import { ServiceError } from '../../contract/errors';
import { newId } from '../../lib/ids';

type Bucket = (typeof schema.creditBucket.enumValues)[number];
type TransactionType = (typeof schema.creditTransactionType.enumValues)[number];
type ReferenceType = (typeof schema.creditReferenceType.enumValues)[number];

export interface Movement {
  userId: string;
  /** `<reason>:<external id>`; a second movement with the same key is a no-op (DESIGN.md §5 inv. 5). */
  movementKey: string;
  type: TransactionType;
  referenceType: ReferenceType;
  referenceId?: string | null;
  description?: string | null;
  /** Signed amounts per bucket; a movement may touch several buckets (a spend split free → paid). */
  parts: Partial<Record<Bucket, number>>;
}

export interface MovementResult {
  applied: boolean;
  transactionId: string;
  balanceAfter: number;
  /** The account's cached balances after this call (unchanged for a replay), so callers need no re-read. */
  account: AccountBalances;
}

export interface AccountBalances {
  freeBalance: number;
  paidBalance: number;
  subscriptionBalance: number;
  totalEarned: number;
  totalSpent: number;
}

/**
 * Creates the account row if missing and locks it, in one round trip (issue 17): every movement of
 * one user is serialised on this row. ON CONFLICT DO UPDATE takes the row lock, waits for a
 * concurrent holder and returns the latest committed version, like SELECT … FOR UPDATE did.
 */
export async function lockAccount(tx: Tx, userId: string) {
  const [account] = await tx
    .insert(schema.creditAccounts)
    .values({ userId })
    .onConflictDoUpdate({ target: schema.creditAccounts.userId, set: { userId: sql`excluded.user_id` } })
    .returning();
  return account!;
}

export const totalOf = (a: { freeBalance: number; paidBalance: number; subscriptionBalance: number }) =>
  a.freeBalance + a.paidBalance + a.subscriptionBalance;

/**
 * Applies one credit movement inside the caller's transaction: appends one ledger row per bucket and
 * updates the cached balances, or does nothing if the movement key was already applied. Callers run
 * it in the same transaction as the effect that causes it (order paid, job created), so either both
 * happen or neither (invariant 10). The CHECK constraints on both tables are the last line of
 * defence against a negative balance.
 */
export async function applyMovement(tx: Tx, movement: Movement): Promise<MovementResult> {
  const account = await lockAccount(tx, movement.userId);

  const [existing] = await tx
    .select({ id: schema.creditLedger.id, balanceAfter: schema.creditLedger.balanceAfter })
    .from(schema.creditLedger)
    .where(and(eq(schema.creditLedger.movementKey, movement.movementKey), eq(schema.creditLedger.userId, movement.userId)))
    .limit(1);
  if (existing) return { applied: false, transactionId: existing.id, balanceAfter: existing.balanceAfter, account };

  const parts = Object.entries(movement.parts).filter(([, amount]) => amount) as [Bucket, number][];
  if (parts.length === 0) throw new Error(`movement ${movement.movementKey} moves nothing`);

  const balances = { free: account.freeBalance, paid: account.paidBalance, subscription: account.subscriptionBalance };
  for (const [bucket, amount] of parts) {
    if (!Number.isInteger(amount)) throw new Error(`credit amounts are integers, got ${amount}`);
    balances[bucket] += amount;
    if (balances[bucket] < 0) throw new ServiceError('INSUFFICIENT_CREDITS', 'Insufficient credits, please recharge and try again');
  }

  const transactionId = newId('txn');
  let running = totalOf(account);
  const rows = parts.map(([bucket, amount]) => {
    running += amount;
    return {
      id: parts.length === 1 ? transactionId : `${transactionId}_${bucket}`,
      userId: movement.userId,
      type: movement.type,
      bucket,
      amount,
      balanceAfter: running,
      referenceType: movement.referenceType,
      referenceId: movement.referenceId ?? null,
      description: movement.description ?? null,
      movementKey: movement.movementKey,
    };
  });
  await tx.insert(schema.creditLedger).values(rows);

  const earned = parts.reduce((sum, [, amount]) => sum + Math.max(amount, 0), 0);
  const spent = parts.reduce((sum, [, amount]) => sum + Math.max(-amount, 0), 0);
  const [updated] = await tx
    .update(schema.creditAccounts)
    .set({
      freeBalance: balances.free,
      paidBalance: balances.paid,
      subscriptionBalance: balances.subscription,
      totalEarned: sql`${schema.creditAccounts.totalEarned} + ${earned}`,
      totalSpent: sql`${schema.creditAccounts.totalSpent} + ${spent}`,
      updatedAt: new Date(),
    })
    .where(eq(schema.creditAccounts.userId, movement.userId))
    .returning();

  return { applied: true, transactionId, balanceAfter: running, account: updated! };
}

/**
 * Spends `amount` credits across buckets in {@link SPEND_ORDER}, computed from the balances read
 * under the account lock, so concurrent spends serialise and none can overspend. A replayed
 * movement key returns the first result without spending again.
 */
export async function spendCredits(tx: Tx, movement: Omit<Movement, 'parts'> & { amount: number }): Promise<MovementResult> {
  const account = await lockAccount(tx, movement.userId);
  const available = { free: account.freeBalance, paid: account.paidBalance, subscription: account.subscriptionBalance };
  const parts: Movement['parts'] = {};
  let left = movement.amount;
  for (const bucket of SPEND_ORDER) {
    const take = Math.min(left, available[bucket]);
    if (take > 0) parts[bucket] = -take;
    left -= take;
  }
  const { amount: _amount, ...rest } = movement;
  // When the balance is short, applyMovement still runs: it answers a replay with the original
  // result, and otherwise refuses with INSUFFICIENT_CREDITS.
  return applyMovement(tx, { ...rest, parts: left > 0 ? { free: -movement.amount } : parts });
}

/**
 * Gives back exactly what one earlier spend took, bucket by bucket, as one new REFUNDED movement
 * (the ledger is append-only: corrections are reversing rows). A second refund of the same spend
 * is a no-op because the refund's movement key is derived from the spend's.
 */
export async function refundSpend(
  tx: Tx,
  input: { userId: string; spendMovementKey: string; description?: string | null; referenceType?: ReferenceType; referenceId?: string | null },
): Promise<MovementResult | null> {
  await lockAccount(tx, input.userId);
  const rows = await tx
    .select({ bucket: schema.creditLedger.bucket, amount: schema.creditLedger.amount, referenceType: schema.creditLedger.referenceType, referenceId: schema.creditLedger.referenceId })
    .from(schema.creditLedger)
    .where(and(eq(schema.creditLedger.movementKey, input.spendMovementKey), eq(schema.creditLedger.userId, input.userId)));
  const parts: Movement['parts'] = {};
  for (const row of rows) if (row.amount < 0) parts[row.bucket] = (parts[row.bucket] ?? 0) - row.amount;
  if (Object.keys(parts).length === 0) return null;
  return applyMovement(tx, {
    userId: input.userId,
    movementKey: `refund:${input.spendMovementKey}`,
    type: 'REFUNDED',
    referenceType: input.referenceType ?? rows[0]!.referenceType,
    referenceId: input.referenceId ?? rows[0]!.referenceId,
    description: input.description ?? 'Refund',
    parts,
  });
}
