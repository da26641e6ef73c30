import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { schema, type Db } from '@db/client';
import { ServiceError } from '../../contract/errors';
import type { ReferenceType, TransactionType } from '../../contract/credits';
import type { CreditBalance, CreditTransaction } from '../../contract/responses/credits';
import { type Paged, paged } from '../../contract/pages';
import type { LedgerEntryReason, LedgerReason } from '../../contract/ledger-reasons';
import { spendCombined } from './combined-spends';
import { spendCredits, totalOf } from './ledger';
import type { SessionClaims } from '../auth/sessions';
import { say } from '../../contract/messages';

type BalanceColumns = {
  freeBalance: number | null;
  paidBalance: number | null;
  subscriptionBalance: number | null;
  totalEarned: number | null;
  totalSpent: number | null;
};

/**
 * The spec's balance fields from the cached account row (or from the auth middleware's session row,
 * which LEFT JOINs it: nulls mean no movement yet, i.e. zero).
 */
export function balanceOf(account: BalanceColumns | undefined | null): CreditBalance {
  const a = {
    freeBalance: account?.freeBalance ?? 0,
    paidBalance: account?.paidBalance ?? 0,
    subscriptionBalance: account?.subscriptionBalance ?? 0,
    totalEarned: account?.totalEarned ?? 0,
    totalSpent: account?.totalSpent ?? 0,
  };
  const available = totalOf(a);
  return {
    available,
    used: a.totalSpent,
    total: a.totalEarned,
    free: a.freeBalance,
    paid: a.paidBalance,
    subscription: a.subscriptionBalance,
    remaining: available,
    totalCredits: available,
  };
}

export async function getBalance(db: Db, userId: string): Promise<CreditBalance> {
  const [account] = await db.select().from(schema.creditAccounts).where(eq(schema.creditAccounts.userId, userId));
  return balanceOf(account);
}

/**
 * One entry per movement: a spend split over two buckets is two ledger rows but one transaction
 * for the user, so rows are grouped by movement key.
 */
export async function listTransactions(
  db: Db,
  userId: string,
  query: { page: number; size: number; type?: TransactionType },
): Promise<Paged<CreditTransaction>> {
  const where = and(eq(schema.creditLedger.userId, userId), query.type ? eq(schema.creditLedger.type, query.type) : undefined);
  const l = schema.creditLedger;
  // One round trip: the window count runs over the grouped rows, i.e. counts movements.
  // A page past the end has no row to carry it, so only then is the total counted separately.
  const rows = await db
    .select({
      movementKey: l.movementKey,
      id: sql<string>`min(${l.id})`,
      type: sql<TransactionType>`min(${l.type}::text)`,
      amount: sql<number>`sum(${l.amount})::int`,
      // The movement's last row carries the balance after the whole movement.
      balanceAfter: sql<number>`(array_agg(${l.balanceAfter} order by ${l.seq} desc))[1]`,
      referenceType: sql<ReferenceType>`min(${l.referenceType}::text)`,
      referenceId: sql<string | null>`min(${l.referenceId})`,
      // Every row of one movement carries the same reason.
      reason: sql<LedgerReason>`min(${l.reason}::text)`,
      reasonParams: sql<LedgerEntryReason['reasonParams']>`(array_agg(${l.reasonParams} order by ${l.seq}))[1]`,
      createdAt: sql<Date>`min(${l.createdAt})`,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(l)
    .where(where)
    .groupBy(l.movementKey, l.userId)
    .orderBy(desc(sql`max(${l.seq})`))
    .limit(query.size)
    .offset(query.page * query.size);
  const total =
    rows[0]?.total ??
    (query.page === 0
      ? 0
      : ((
          await db
            .select({ total: sql<number>`count(distinct ${l.movementKey})::int` })
            .from(l)
            .where(where)
        )[0]?.total ?? 0));
  const items = rows.map((row) => {
    const createdAt = new Date(row.createdAt).toISOString();
    return {
      id: row.id.replace(/_(free|paid|subscription)$/, ''),
      publicId: row.id.replace(/_(free|paid|subscription)$/, ''),
      type: row.type,
      amount: row.amount,
      credits: row.balanceAfter,
      balanceAfter: row.balanceAfter,
      referenceType: row.referenceType,
      referenceId: row.referenceId,
      ...({ reason: row.reason, reasonParams: row.reasonParams } as LedgerEntryReason),
      createdAt,
      transactionTime: createdAt,
    };
  });
  return paged(items, query, Number(total));
}

/**
 * POST /credits/consume. The caller is a signed-in user, or (the route's usual case) the claims of a
 * verified token whose session the spend's own statement checks: one round trip (docs/decisions/082).
 */
export async function consumeCredits(
  db: Db,
  caller: { user: { id: string } } | { session: SessionClaims },
  input: { amount: number; description?: string; referenceType: ReferenceType; referenceId: string },
) {
  const movement = {
    amount: input.amount,
    // Idempotent on referenceType + referenceId: a retried consume spends once.
    movementKey: `consume:${input.referenceType}:${input.referenceId}`,
    type: 'SPENT' as const,
    referenceType: input.referenceType,
    referenceId: input.referenceId,
    reason: 'API_CONSUME' as const,
    reasonParams: input.description ? { note: input.description } : {},
  };
  // One statement, its own transaction: no BEGIN/COMMIT round trips. A signed-in caller's spends
  // that arrive together share one statement (combined-spends.ts).
  const result =
    'session' in caller
      ? await spendCombined(db, caller.session, movement)
      : await spendCredits(db, { ...movement, userId: caller.user.id });
  // The balances come back from the locked account row: no re-read afterwards.
  return { success: true as const, transactionId: result.transactionId, duplicate: !result.applied, balance: balanceOf(result.account) };
}

/** Credits spent and earned per UTC day within [startDate, endDate] (default: the last 30 days). */
export async function dailyUsage(db: Db, userId: string, query: { startDate?: string; endDate?: string }, now: Date) {
  const end = query.endDate
    ? new Date(`${query.endDate}T00:00:00Z`)
    : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const start = query.startDate ? new Date(`${query.startDate}T00:00:00Z`) : new Date(end.getTime() - 29 * 86_400_000);
  const endExclusive = new Date(end.getTime() + 86_400_000);
  if (endExclusive.getTime() - start.getTime() > 366 * 86_400_000) {
    throw new ServiceError('VALIDATION_FAILED', say('dateRangeTooLong', { days: 366 }), { field: 'startDate' });
  }
  const l = schema.creditLedger;
  const day = sql<string>`to_char(${l.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      date: day,
      spent: sql<number>`coalesce(sum(-${l.amount}) filter (where ${l.amount} < 0), 0)::int`,
      earned: sql<number>`coalesce(sum(${l.amount}) filter (where ${l.amount} > 0), 0)::int`,
    })
    .from(l)
    .where(and(eq(l.userId, userId), gte(l.createdAt, start), lt(l.createdAt, endExclusive)))
    .groupBy(day);
  const byDay = new Map(rows.map((r) => [r.date, r]));
  const days = [];
  for (let t = start.getTime(); t < endExclusive.getTime(); t += 86_400_000) {
    const date = new Date(t).toISOString().slice(0, 10);
    const row = byDay.get(date);
    days.push({ date, spent: Number(row?.spent ?? 0), earned: Number(row?.earned ?? 0) });
  }
  return { success: true as const, startDate: start.toISOString().slice(0, 10), endDate: end.toISOString().slice(0, 10), days };
}

/** Paid credit-pack orders, newest first. */
export async function listPurchases(db: Db, userId: string, query: { page: number; size: number }) {
  const o = schema.orders;
  const where = and(eq(o.userId, userId), eq(o.kind, 'credits'));
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ order: o, planName: schema.pricingPlans.name })
      .from(o)
      .innerJoin(schema.pricingPlans, eq(schema.pricingPlans.id, o.planId))
      .where(where)
      .orderBy(desc(o.createdAt))
      .limit(query.size)
      .offset(query.page * query.size),
    db.select({ total: count() }).from(o).where(where),
  ]);
  const items = rows.map(({ order, planName }) => ({
    id: order.id,
    orderNumber: order.orderNumber,
    packageName: planName,
    amount: order.amountCents / 100,
    currency: order.currency,
    credits: order.credits,
    creditsAdded: order.creditsAdded,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    completedAt: order.paidAt?.toISOString() ?? null,
  }));
  return paged(items, query, Number(total));
}
