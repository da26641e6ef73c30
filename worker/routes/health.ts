import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../lib/hono-env';

/** Liveness plus a one-row database round trip, so a load balancer notices a lost database. */
export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const started = performance.now();
  try {
    await c.get('deps').db.execute(sql`select 1`);
    return c.json({ status: 'ok', db: 'ok', dbLatencyMs: Math.round(performance.now() - started) });
  } catch {
    return c.json({ status: 'degraded', db: 'unreachable' }, 503);
  }
});
