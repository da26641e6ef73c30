import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import journal from '../../../migrations/meta/_journal.json';

/** The migrations this build expects: drizzle records each applied one by its journal timestamp. */
const EXPECTED = journal.entries.length;
const LATEST = journal.entries.at(-1)!.when;

/** How long a database's migration state is reused: it changes only when a deploy migrates. */
const MIGRATION_STATE_TTL_MS = 30_000;

export interface MigrationState {
  current: boolean;
  applied: number;
  expected: number;
}

/**
 * Keyed by the app's config, which lives as long as the process or Workers isolate (a Worker opens a
 * new database handle per request); tests build one config per app and database.
 */
const migrationStates = new WeakMap<object, MigrationState & { checkedAt: number }>();

/**
 * One database round trip, which also reads whether the database has this build's migrations (a
 * deploy that skipped them, or a rollback to code older than the schema, shows `current: false`) at
 * most every 30 s; in between it is `select 1`, so a health probe costs what the database floor
 * costs. Throws when the database is unreachable.
 */
export async function probeDatabase(db: Db, cacheKey: object, now: number): Promise<MigrationState> {
  const cached = migrationStates.get(cacheKey);
  if (cached && now - cached.checkedAt < MIGRATION_STATE_TTL_MS) {
    await db.execute(sql`select 1`);
    const { checkedAt: _, ...state } = cached;
    return state;
  }
  const result = await db.execute(sql`select count(*)::int as applied, max(created_at)::text as latest from drizzle.__drizzle_migrations`);
  const row = (result as unknown as { rows: { applied: number; latest: string | null }[] }).rows[0];
  const applied = Number(row?.applied ?? 0);
  const state = { current: Number(row?.latest ?? 0) === LATEST && applied >= EXPECTED, applied, expected: EXPECTED };
  migrationStates.set(cacheKey, { ...state, checkedAt: now });
  return state;
}
