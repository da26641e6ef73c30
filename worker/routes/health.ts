import { createRoute } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import journal from '../../migrations/meta/_journal.json';
import { healthBody } from '../contract/responses/public';
import { createRouter, okJson } from '../lib/openapi';

/** The migrations this build expects: drizzle records each applied one by its journal timestamp. */
const EXPECTED = journal.entries.length;
const LATEST = journal.entries.at(-1)!.when;

/** How long a database's migration state is reused: it changes only when a deploy migrates. */
const MIGRATION_STATE_TTL_MS = 30_000;

interface MigrationState {
  current: boolean;
  applied: number;
  expected: number;
  checkedAt: number;
}
/**
 * Keyed by the app's config, which lives as long as the process or Workers isolate (a Worker opens a
 * new database handle per request); tests build one config per app and database.
 */
const migrationStates = new WeakMap<object, MigrationState>();

/**
 * Liveness plus one database round trip, so a load balancer notices a lost database. The round trip
 * also reads whether the database has this build's migrations (a deploy that skipped them, or a
 * rollback to code older than the schema, shows `current: false`) at most every 30 s; in between it
 * is `select 1`, so a health probe costs what the database floor costs. The body names
 * the build.
 */
const health = createRoute({
  method: 'get',
  path: '/',
  tags: ['Health'],
  summary: 'Liveness, database round trip, version and migration state',
  responses: { 200: okJson(healthBody, 'Up, database reachable'), 503: okJson(healthBody, 'Degraded: the database is unreachable') },
});

export const healthRoutes = createRouter().openapi(health, async (c) => {
  const { db, config, clock } = c.get('deps');
  const build = { version: config.APP_VERSION ?? 'dev', commit: config.APP_COMMIT ?? 'unknown' };
  const started = performance.now();
  const now = clock.now().getTime();
  try {
    let state = migrationStates.get(config);
    if (state && now - state.checkedAt < MIGRATION_STATE_TTL_MS) {
      await db.execute(sql`select 1`);
    } else {
      const result = await db.execute(
        sql`select count(*)::int as applied, max(created_at)::text as latest from drizzle.__drizzle_migrations`,
      );
      const row = (result as unknown as { rows: { applied: number; latest: string | null }[] }).rows[0];
      const applied = Number(row?.applied ?? 0);
      state = { current: Number(row?.latest ?? 0) === LATEST && applied >= EXPECTED, applied, expected: EXPECTED, checkedAt: now };
      migrationStates.set(config, state);
    }
    const { checkedAt: _, ...migrations } = state;
    return c.json(
      { status: 'ok' as const, db: 'ok' as const, dbLatencyMs: Math.round(performance.now() - started), ...build, migrations },
      200,
    );
  } catch {
    return c.json({ status: 'degraded' as const, db: 'unreachable' as const, ...build }, 503);
  }
});
