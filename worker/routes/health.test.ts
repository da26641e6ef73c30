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

// Issue 17: the Worker builds the app once per isolate and hands each request its own ports
// (its database connection) as env.deps; those, not the deps the app was built with, must serve it.
it('serves a request with the ports passed as env.deps', async () => {
  const lostDb = { execute: () => Promise.reject(new Error('connection closed')) } as unknown as AppDeps['db'];
  const res = await t.app.fetch(new Request('http://localhost/api/health'), { deps: { ...t.deps, db: lostDb } });
  expect(res.status).toBe(503);
  expect(await res.json()).toEqual({ status: 'degraded', db: 'unreachable' });
  expect((await t.request('/api/health')).status).toBe(200);
});
