import { createRoute } from '@hono/zod-openapi';
import { healthBody } from '../contract/responses/public';
import { createRouter, okJson } from '../http/openapi';
import { probeDatabase } from '../services/health/database';

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
    const migrations = await probeDatabase(db, config, now);
    return c.json(
      { status: 'ok' as const, db: 'ok' as const, dbLatencyMs: Math.round(performance.now() - started), ...build, migrations },
      200,
    );
  } catch {
    return c.json({ status: 'degraded' as const, db: 'unreachable' as const, ...build }, 503);
  }
});
