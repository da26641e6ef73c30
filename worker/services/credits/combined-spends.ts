import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@db/client';
import type { SessionClaims } from '../auth/sessions';
import {
  type MovementCall,
  type MovementResult,
  type MovementRow,
  movementResult,
  runMovement,
  sessionArgs,
  type Spend,
  spendCall,
} from './ledger';

/** At most this many spends go in one statement; the rest wait for the next one. */
const MOST_SPENDS_PER_STATEMENT = 64;

interface Waiting {
  session: SessionClaims;
  call: MovementCall;
  settle: { resolve: (result: MovementResult) => void; reject: (error: unknown) => void };
}

/** Per database handle, per user: the spends waiting for their statement. */
const queues = new WeakMap<Db, Map<string, Waiting[]>>();

/** The next turn of the event loop, after the I/O that is already waiting has been read. */
const nextTurn = (run: () => void) => (globalThis.setImmediate ? globalThis.setImmediate(run) : setTimeout(run, 0));

/**
 * Spends credits for the holder of a verified token, checking in the same statement that the token
 * still stands for the account (as the auth middleware does, migration 0024): a deleted account, a
 * session version ended by a password or e-mail change, or an unverified-mailbox session whose
 * mailbox was since proven is the middleware's 401, and nothing moves. Marks `session.checked` once
 * answered.
 *
 * One user's spends are combined, as a database's group commit does (PostgreSQL's `commit_delay`):
 * the first spend of a user opens a queue that is sent on the next turn of the event loop, and
 * spends of the same user that arrive meanwhile, or while a statement of theirs is in the database,
 * join it. One statement then applies them all (`credit_apply_movements_in_session`, migration
 * 0026), so they share one account lock, one commit and one WAL flush instead of queueing on the
 * lock one commit at a time (docs/decisions/086). Each is applied in arrival order with the single
 * function's rules and gets its own answer; a spend alone goes through the single function, as
 * before, one event-loop turn later.
 *
 * Queues belong to a database handle. On Workers every request opens its own connection, so nothing
 * is combined across requests there (a request may not do I/O for another, and a request's
 * connection closes with its response); the Node server's one pool, or PGlite, is shared by every
 * request and combines.
 */
export async function spendCombined(db: Db, session: SessionClaims, movement: Spend): Promise<MovementResult> {
  const call = spendCall(movement);
  const byUser = queues.get(db) ?? new Map<string, Waiting[]>();
  queues.set(db, byUser);
  const waiting = byUser.get(session.userId) ?? [];
  if (!byUser.has(session.userId)) {
    byUser.set(session.userId, waiting);
    nextTurn(() => void drain(db, byUser, session.userId));
  }
  return new Promise((resolve, reject) => waiting.push({ session, call, settle: { resolve, reject } }));
}

/** Sends what waits for `userId`, a statement at a time, until nothing waits; then the user's queue closes. */
async function drain(db: Db, byUser: Map<string, Waiting[]>, userId: string) {
  for (;;) {
    const waiting = byUser.get(userId)!;
    if (waiting.length === 0) {
      byUser.delete(userId);
      return;
    }
    await applyTogether(db, userId, waiting.splice(0, MOST_SPENDS_PER_STATEMENT));
  }
}

/**
 * One statement for `batch`, every spend settled from its own answer row. Should the statement
 * itself fail (a lost connection, an item the database rejects), each spend of the batch is tried
 * again alone, so one spend's error is only its own. A retry cannot spend twice: had the statement
 * committed before its answer was lost, the retried movement key is answered as a replay.
 */
async function applyTogether(db: Db, userId: string, batch: Waiting[]): Promise<void> {
  if (batch.length === 1) {
    const [{ session, call, settle }] = batch as [Waiting];
    await runMovement(db, userId, call, session).then(settle.resolve, settle.reject);
    return;
  }
  let rows: (MovementRow & { r_index: number })[];
  try {
    const items = batch.map(({ session, call }) => ({ ...sessionArgs(session), ...call }));
    rows = await queryRows(db, sql`select * from credit_apply_movements_in_session(${userId}, ${JSON.stringify(items)}::jsonb)`);
  } catch {
    for (const one of batch) await applyTogether(db, userId, [one]);
    return;
  }
  const answered = new Map(rows.map((row) => [Number(row.r_index), row]));
  batch.forEach(({ session, settle }, index) => {
    const row = answered.get(index + 1);
    try {
      if (!row) throw new Error(`credit_apply_movements_in_session did not answer spend ${index + 1}`);
      settle.resolve(movementResult(row, session));
    } catch (error) {
      settle.reject(error);
    }
  });
}
