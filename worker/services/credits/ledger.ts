import { and, eq, sql } from 'drizzle-orm';
import { queryRows, schema, type Db, type Tx } from '@db/client';
import { SPEND_ORDER } from '../../contract/credits';
import { ServiceError } from '../../contract/errors';
import type { LedgerEntryReason } from '../../contract/ledger-reasons';
import { newId } from '../../lib/ids';
import type { SessionClaims } from '../auth/sessions';

type Bucket = (typeof schema.creditBucket.enumValues)[number];
type TransactionType = (typeof schema.creditTransactionType.enumValues)[number];
type ReferenceType = (typeof schema.creditReferenceType.enumValues)[number];

/**
 * Why the movement happened travels as a code with typed parameters (`reason`, `reasonParams`),
 * never a sentence: the reader's language is known only where it is shown.
 */
export type Movement = LedgerEntryReason & {
  userId: string;
  /** `<reason>:<external id>`; a second movement with the same key is a no-op (DESIGN.md §5 inv. 5). */
  movementKey: string;
  type: TransactionType;
  referenceType: ReferenceType;
  referenceId?: string | null;
  /** Signed amounts per bucket; a movement may touch several buckets (a spend split free → paid). */
  parts: Partial<Record<Bucket, number>>;
};

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
 * Creates the account row if missing and locks it, in one round trip: every movement of
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

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

type Executor = Pick<Db, 'execute'> | Pick<Tx, 'execute'>;

interface MovementRow {
  r_status: 'applied' | 'replay' | 'insufficient' | 'auth_failed' | 'session_expired';
  r_transaction_id: string | null;
  r_balance_after: number;
  r_free: number;
  r_paid: number;
  r_subscription: number;
  r_earned: number;
  r_spent: number;
}

/**
 * One round trip: `credit_apply_movement` (migration 0007) locks the account row, answers
 * a replayed key, splits a spend, refuses a bucket below zero, appends the ledger rows and updates
 * the cached balances and lifetime counters, all in one statement — so a spend needs no interactive
 * transaction and works the same over pg, PGlite, Hyperdrive and Neon. With `session`, the same
 * statement first checks that the caller's token still stands for the account (migration 0024).
 */
async function runMovement(
  db: Executor,
  movement: Pick<Movement, 'userId' | 'movementKey' | 'type' | 'referenceType' | 'referenceId' | 'reason' | 'reasonParams'>,
  split: { buckets: readonly Bucket[]; amounts: number[] | null; spend: number | null },
  session?: SessionClaims,
): Promise<MovementResult> {
  const args = sql`${movement.userId}, ${movement.movementKey}, ${newId('txn')}, ${movement.type}, ${movement.referenceType},
    ${movement.referenceId ?? null}, ${movement.reason}, ${JSON.stringify(movement.reasonParams)}::jsonb, ${split.buckets.join(',')},
    ${split.amounts ? split.amounts.join(',') : null}, ${split.spend}::integer`;
  const [row] = await queryRows<MovementRow>(
    db,
    session
      ? sql`select * from credit_apply_movement_in_session(${session.version ?? null}::bigint, ${session.issuedAtSeconds}::bigint,
          ${session.unverifiedEmail}::boolean, ${args})`
      : sql`select * from credit_apply_movement(${args})`,
  );
  if (!row) throw new Error('credit_apply_movement answered no row');
  if (session) session.checked = true;
  if (row.r_status === 'auth_failed') throw new ServiceError('UNAUTHENTICATED', 'authFailed');
  if (row.r_status === 'session_expired') throw new ServiceError('UNAUTHENTICATED', 'sessionExpired');
  if (row.r_status === 'insufficient') throw new ServiceError('INSUFFICIENT_CREDITS', 'insufficientCredits');
  return {
    applied: row.r_status === 'applied',
    transactionId: row.r_transaction_id!,
    balanceAfter: Number(row.r_balance_after),
    account: {
      freeBalance: Number(row.r_free),
      paidBalance: Number(row.r_paid),
      subscriptionBalance: Number(row.r_subscription),
      totalEarned: Number(row.r_earned),
      totalSpent: Number(row.r_spent),
    },
  };
}

/**
 * Applies one credit movement: appends one ledger row per bucket and updates the cached balances,
 * or does nothing if the movement key was already applied. Callers run it in the same transaction
 * as the effect that causes it (order paid, job created), so either both happen or neither
 * (invariant 10); on its own it is one atomic statement. The CHECK constraints on both tables are
 * the last line of defence against a negative balance.
 */
export async function applyMovement(db: Executor, movement: Movement): Promise<MovementResult> {
  const parts = Object.entries(movement.parts).filter(([, amount]) => amount) as [Bucket, number][];
  if (parts.length === 0) throw new Error(`movement ${movement.movementKey} moves nothing`);
  for (const [, amount] of parts) if (!Number.isInteger(amount)) throw new Error(`credit amounts are integers, got ${amount}`);
  const { parts: _parts, ...rest } = movement;
  return runMovement(db, rest, { buckets: parts.map(([bucket]) => bucket), amounts: parts.map(([, amount]) => amount), spend: null });
}

/**
 * Spends `amount` credits across buckets in {@link SPEND_ORDER}, split by the database from the
 * balances read under the account lock, so concurrent spends serialise and none can overspend. A
 * replayed movement key returns the first result without spending again (also when the balance is
 * now short). Pass the Db itself for a spend that is its own transaction (one round trip).
 */
export async function spendCredits(
  db: Executor,
  movement: DistributiveOmit<Movement, 'parts'> & { amount: number },
): Promise<MovementResult> {
  if (!Number.isInteger(movement.amount) || movement.amount <= 0) throw new Error(`a spend is a positive integer, got ${movement.amount}`);
  const { amount, ...rest } = movement;
  return runMovement(db, rest, { buckets: SPEND_ORDER, amounts: null, spend: amount });
}

/**
 * {@link spendCredits} for the holder of a verified token, checking in the same statement that the
 * token still stands for the account (as the auth middleware does): a deleted account, a session
 * version ended by a password or e-mail change, or an unverified-mailbox session whose mailbox was
 * since proven is the middleware's 401, and nothing moves. Marks `session.checked` once answered.
 */
export async function spendCreditsInSession(
  db: Executor,
  session: SessionClaims,
  movement: DistributiveOmit<Movement, 'parts' | 'userId'> & { amount: number },
): Promise<MovementResult> {
  if (!Number.isInteger(movement.amount) || movement.amount <= 0) throw new Error(`a spend is a positive integer, got ${movement.amount}`);
  const { amount, ...rest } = movement;
  return runMovement(db, { ...rest, userId: session.userId }, { buckets: SPEND_ORDER, amounts: null, spend: amount }, session);
}

/**
 * Gives back exactly what one earlier spend took, bucket by bucket, as one new REFUNDED movement
 * (the ledger is append-only: corrections are reversing rows). A second refund of the same spend
 * is a no-op because the refund's movement key is derived from the spend's.
 */
export async function refundSpend(
  tx: Executor,
  input: {
    userId: string;
    spendMovementKey: string;
    /** A failed generation's debit, or any other spend (the default). */
    reason?: 'GENERATION_REFUND' | 'SPEND_REFUND';
    referenceType?: ReferenceType;
    referenceId?: string | null;
  },
): Promise<MovementResult | null> {
  // Spend rows are append-only, so they need no lock; the movement below locks the account and
  // makes a second refund of the same spend a replay.
  const rows = await (tx as Tx)
    .select({
      bucket: schema.creditLedger.bucket,
      amount: schema.creditLedger.amount,
      referenceType: schema.creditLedger.referenceType,
      referenceId: schema.creditLedger.referenceId,
    })
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
    reason: input.reason ?? 'SPEND_REFUND',
    reasonParams: {},
    parts,
  });
}
