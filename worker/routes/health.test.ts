import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/setup/test-app';
import type { AppDeps } from '../ports';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
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
  // A database one migration behind this build is reported, not hidden.
  const latest = journal.entries.at(-1)!.when;
  await t.deps.db.execute(sql`update drizzle.__drizzle_migrations set created_at = ${latest - 1} where created_at = ${latest}`);
  expect((await (await t.request('/api/health')).json()).migrations.current).toBe(false);
  await t.deps.db.execute(sql`update drizzle.__drizzle_migrations set created_at = ${latest} where created_at = ${latest - 1}`);
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
