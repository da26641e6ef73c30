import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, manualClock, type TestApp } from '@tests/setup/test-app';
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

// the Worker builds the app once per isolate and hands each request its own ports
// (its database connection) as env.deps; those, not the deps the app was built with, must serve it.
it('serves a request with the ports passed as env.deps', async () => {
  const lostDb = { execute: () => Promise.reject(new Error('connection closed')) } as unknown as AppDeps['db'];
  const res = await t.app.fetch(new Request('http://localhost/api/health'), { deps: { ...t.deps, db: lostDb } });
  expect(res.status).toBe(503);
  expect(await res.json()).toMatchObject({ status: 'degraded', db: 'unreachable' });
  expect((await t.request('/api/health')).status).toBe(200);
});

// The Worker opens a new database handle for every request; caches keyed by the handle never hit
// there. This wraps the database in a fresh object per request, as the Worker does, and counts queries.
it('keeps its caches across requests that each bring their own database handle (as on Workers)', async () => {
  const statements: string[] = [];
  const perRequest = () =>
    new Proxy(t.deps.db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (key === 'execute')
          return (query: { queryChunks?: { value?: string[] }[] }) => {
            statements.push(JSON.stringify(query.queryChunks?.map((chunk) => chunk.value)));
            return value.call(target, query);
          };
        if (key === 'select') statements.push('select');
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  const fetch = (path: string) => t.app.fetch(new Request(`http://localhost${path}`), { deps: { ...t.deps, db: perRequest() } });

  clock.advance(60); // past any migration state cached by earlier tests
  expect((await fetch('/api/health')).status).toBe(200);
  expect((await fetch('/api/health')).status).toBe(200);
  expect(statements.filter((s) => s.includes('__drizzle_migrations'))).toHaveLength(1);
  expect(statements.filter((s) => s.includes('select 1'))).toHaveLength(1);

  statements.length = 0;
  const first = await fetch('/api/public/pricing/all');
  expect(first.status).toBe(200);
  const loaded = statements.length;
  expect(loaded).toBeGreaterThan(0);
  const again = await fetch('/api/public/pricing/all');
  expect(await again.json()).toEqual(await first.json());
  expect(statements.length).toBe(loaded);
});
