import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './_columns';

/** Fixed-window counters for the Postgres-backed rate limiter (used where no Redis is configured). */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: tstz('window_ends_at').notNull(),
});
