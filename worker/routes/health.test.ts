import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, manualClock, type TestApp } from '../../tests/setup/test-app';
import type { AppDeps } from '../ports';

let t: TestApp;
const clock = manualClock(new Date());
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

it('answers ok with a database round trip', async () => {
  const res = await t.request('/api/health');
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ status: 'ok', db: 'ok' });
});

it('names the build and says whether the database has every migration of this build', async () => {
  const journal = (await import('../../migrations/meta/_journal.json')).default;
  const body = await (await t.request('/api/health')).json();
  expect(body).toMatchObject({
    version: 'dev',
    commit: 'unknown',
    migrations: { current: true, applied: journal.entries.length, expected: journal.entries.length },
  });
  // A database one migration behind this build is reported, not hidden: within 30 s, since the state
  // is read again at most that often (in between a probe costs one `select 1`).
  const latest = journal.entries.at(-1)!.when;
  await t.deps.db.execute(sql`update drizzle.__drizzle_migrations set created_at = ${latest - 1} where created_at = ${latest}`);
  clock.advance(29);
  expect((await (await t.request('/api/health')).json()).migrations.current).toBe(true);
  clock.advance(2);
  expect((await (await t.request('/api/health')).json()).migrations.current).toBe(false);
  await t.deps.db.execute(sql`update drizzle.__drizzle_migrations set created_at = ${latest} where created_at = ${latest - 1}`);
  clock.advance(31);
  expect((await (await t.request('/api/health')).json()).migrations.current).toBe(true);
});

// Issue 17: the Worker builds the app once per isolate and hands each request its own ports
// (its database connection) as env.deps; those, not the deps the app was built with, must serve it.
it('serves a request with the ports passed as env.deps', async () => {
  const lostDb = { execute: () => Promise.reject(new Error('connection closed')) } as unknown as AppDeps['db'];
  const res = await t.app.fetch(new Request('http://localhost/api/health'), { deps: { ...t.deps, db: lostDb } });
  expect(res.status).toBe(503);
  expect(await res.json()).toMatchObject({ status: 'degraded', db: 'unreachable' });
  expect((await t.request('/api/health')).status).toBe(200);
});
