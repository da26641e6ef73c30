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

export interface MovementRow {
  r_status: 'applied' | 'replay' | 'insufficient' | 'auth_failed' | 'session_expired';
  r_transaction_id: string | null;
  r_balance_after: number;
  r_free: number;
  r_paid: number;
  r_subscription: number;
  r_earned: number;
  r_spent: number;
}

/** One call of `credit_apply_movement`: its arguments, named as migration 0026 reads them from JSON. */
export interface MovementCall {
  key: string;
  txn: string;
  type: TransactionType;
  reference_type: ReferenceType;
  reference_id: string | null;
  reason: Movement['reason'];
  params: Movement['reasonParams'];
  buckets: string;
  amounts: string | null;
  spend: number | null;
}

/** The session claims `credit_apply_movement_in_session` checks, as migration 0026 reads them from JSON. */
export const sessionArgs = (session: SessionClaims) => ({
  v: session.version ?? null,
  iat: session.issuedAtSeconds,
  unverified: session.unverifiedEmail,
});

/** A movement and its split as one {@link MovementCall}, with a new transaction id. */
function movementCall(
  movement: Pick<Movement, 'movementKey' | 'type' | 'referenceType' | 'referenceId' | 'reason' | 'reasonParams'>,
  split: { buckets: readonly Bucket[]; amounts: number[] | null; spend: number | null },
): MovementCall {
  return {
    key: movement.movementKey,
    txn: newId('txn'),
    type: movement.type,
    reference_type: movement.referenceType,
    reference_id: movement.referenceId ?? null,
    reason: movement.reason,
    params: movement.reasonParams,
    buckets: split.buckets.join(','),
    amounts: split.amounts ? split.amounts.join(',') : null,
    spend: split.spend,
  };
}

/**
 * One round trip: `credit_apply_movement` (migration 0007) locks the account row, answers
 * a replayed key, splits a spend, refuses a bucket below zero, appends the ledger rows and updates
 * the cached balances and lifetime counters, all in one statement — so a spend needs no interactive
 * transaction and works the same over pg, PGlite, Hyperdrive and Neon. With `session`, the same
 * statement first checks that the caller's token still stands for the account (migration 0024).
 */
export async function runMovement(db: Executor, userId: string, call: MovementCall, session?: SessionClaims): Promise<MovementResult> {
  const args = sql`${userId}, ${call.key}, ${call.txn}, ${call.type}, ${call.reference_type},
    ${call.reference_id}, ${call.reason}, ${JSON.stringify(call.params)}::jsonb, ${call.buckets},
    ${call.amounts}, ${call.spend}::integer`;
  const claims = session && sessionArgs(session);
  const [row] = await queryRows<MovementRow>(
    db,
    claims
      ? sql`select * from credit_apply_movement_in_session(${claims.v}::bigint, ${claims.iat}::bigint,
          ${claims.unverified}::boolean, ${args})`
      : sql`select * from credit_apply_movement(${args})`,
  );
  if (!row) throw new Error('credit_apply_movement answered no row');
  return movementResult(row, session);
}

/**
 * A movement's answer row as its result, or the refusal it stands for as a {@link ServiceError}.
 * Marks `session.checked`: the statement that answered also checked the session.
 */
export function movementResult(row: MovementRow, session?: SessionClaims): MovementResult {
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

/** A spend's movement: `amount` taken across the buckets in {@link SPEND_ORDER} by the database. */
export type Spend = DistributiveOmit<Movement, 'parts' | 'userId'> & { amount: number };

/** The call that spends `movement.amount` in {@link SPEND_ORDER}, split by the database under the lock. */
export function spendCall(movement: Spend): MovementCall {
  if (!Number.isInteger(movement.amount) || movement.amount <= 0) throw new Error(`a spend is a positive integer, got ${movement.amount}`);
  return movementCall(movement, { buckets: SPEND_ORDER, amounts: null, spend: movement.amount });
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
  const call = movementCall(movement, {
    buckets: parts.map(([bucket]) => bucket),
    amounts: parts.map(([, amount]) => amount),
    spend: null,
  });
  return runMovement(db, movement.userId, call);
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
  return runMovement(db, movement.userId, spendCall(movement));
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
