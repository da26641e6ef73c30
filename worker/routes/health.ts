import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import journal from '../../migrations/meta/_journal.json';
import type { AppEnv } from '../lib/hono-env';

/** The migrations this build expects: drizzle records each applied one by its journal timestamp. */
const EXPECTED = journal.entries.length;
const LATEST = journal.entries.at(-1)!.when;

/**
 * Liveness plus one database round trip, so a load balancer notices a lost database. The same
 * query says whether the database has this build's migrations (a deploy that skipped them, or a
 * rollback to code older than the schema, shows `current: false`), and the body names the build.
 */
export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { db, config } = c.get('deps');
  const build = { version: config.APP_VERSION ?? 'dev', commit: config.APP_COMMIT ?? 'unknown' };
  const started = performance.now();
  try {
    const result = await db.execute(
      sql`select count(*)::int as applied, max(created_at)::text as latest from drizzle.__drizzle_migrations`,
    );
    const row = (result as unknown as { rows: { applied: number; latest: string | null }[] }).rows[0];
    const applied = Number(row?.applied ?? 0);
    const current = Number(row?.latest ?? 0) === LATEST && applied >= EXPECTED;
    return c.json({
      status: 'ok',
      db: 'ok',
      dbLatencyMs: Math.round(performance.now() - started),
      ...build,
      migrations: { current, applied, expected: EXPECTED },
    });
  } catch {
    return c.json({ status: 'degraded', db: 'unreachable', ...build }, 503);
  }
});
