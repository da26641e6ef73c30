import { lt, sql } from 'drizzle-orm';
import { schema, type Db } from '@db/client';
import type { Clock } from '../runtime/port';
import { type RateLimiter, segmentPattern } from './port';

/**
 * Fixed-window counters in Postgres, for deployments without Redis. One upsert statement per hit:
 * it starts a new window when the old one has ended, so concurrent hits never lose counts.
 */
export function createPostgresRateLimiter(db: Db, clock: Clock): RateLimiter {
  return {
    async hit(key, rule) {
      const now = clock.now();
      const endsAt = new Date(now.getTime() + rule.windowSeconds * 1000);
      const result = await db.execute<{ count: number; window_ends_at: string | Date }>(sql`
        insert into rate_limit_counters (key, count, window_ends_at) values (${key}, 1, ${endsAt.toISOString()})
        on conflict (key) do update set
          count = case when rate_limit_counters.window_ends_at <= ${now.toISOString()} then 1 else rate_limit_counters.count + 1 end,
          window_ends_at = case when rate_limit_counters.window_ends_at <= ${now.toISOString()} then excluded.window_ends_at else rate_limit_counters.window_ends_at end
        returning count, window_ends_at`);
      const row = (result as unknown as { rows: { count: number; window_ends_at: string | Date }[] }).rows[0]!;
      const count = Number(row.count);
      const allowed = count <= rule.limit;
      const resetSeconds = Math.max(Math.ceil((new Date(row.window_ends_at).getTime() - now.getTime()) / 1000), 1);
      return { allowed, remaining: Math.max(rule.limit - count, 0), retryAfterSeconds: allowed ? 0 : resetSeconds, resetSeconds };
    },
    forget: (part) => deleteRateLimitKeysOf(db, part),
    sweepEnded: () => deleteEndedRateLimitWindows(db, clock.now()),
  };
}

type Writer = Pick<Db, 'delete'>;

/**
 * Counters whose window has ended count nothing any more (the next hit starts at 1), and their keys
 * can name an e-mail address or an IP: maintenance deletes them (decision 018).
 */
async function deleteEndedRateLimitWindows(db: Writer, now: Date): Promise<number> {
  const c = schema.rateLimitCounters;
  const deleted = await db.delete(c).where(lt(c.windowEndsAt, now)).returning({ key: c.key });
  return deleted.length;
}

/** {@link RateLimiter.forget} in SQL. */
async function deleteRateLimitKeysOf(db: Writer, email: string): Promise<number> {
  const c = schema.rateLimitCounters;
  const deleted = await db
    .delete(c)
    .where(sql`${c.key} ~* ${segmentPattern(email)}`)
    .returning({ key: c.key });
  return deleted.length;
}
