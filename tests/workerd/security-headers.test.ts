import { unstable_dev, type Unstable_DevWorker } from 'wrangler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPA_SECURITY_HEADERS } from '@scripts/lib/security-headers';
import { expectConsoleError } from '../setup/fail-on-console-error';
import { TEST_ENV } from '../setup/test-app';

/**
 * On Workers: the assets binding serves the SPA and its files with the headers
 * from dist/web/_headers (web/public/_headers), the same list the Node server sends, and never
 * serves the _headers file itself. No database is needed: static assets never reach the Worker.
 * Its database binding points at a closed port on purpose, so the API's answer without a database
 * is checked here, also when tests/workerd/worker.test.ts runs against PostgreSQL.
 */
let worker: Unstable_DevWorker;

beforeAll(async () => {
  process.env.CLOUDFLARE_HYPERDRIVE_LOCAL_CONNECTION_STRING_HYPERDRIVE = 'postgres://postgres:local@127.0.0.1:9/none';
  worker = await unstable_dev('worker/index.ts', {
    config: 'wrangler.toml',
    env: 'dev',
    vars: { ...TEST_ENV, RATE_LIMITER: 'postgres' } as Record<string, string>,
    logLevel: 'error',
    experimental: { disableExperimentalWarning: true },
  });
});
afterAll(() => worker?.stop());

describe('Workers static assets', () => {
  it('carry the security headers on SPA routes, the fallback and files', async () => {
    for (const path of ['/', '/login', '/pricing', '/no-such-page', '/favicon.svg']) {
      const res = await worker.fetch(path);
      expect(res.status, path).toBe(200);
      for (const [name, value] of Object.entries(SPA_SECURITY_HEADERS)) expect(res.headers.get(name), `${name} on ${path}`).toBe(value);
      await res.arrayBuffer();
    }
  });

  it('never serve the _headers file', async () => {
    const res = await worker.fetch('/_headers');
    expect(await res.text()).not.toMatch(/Content-Security-Policy:/);
  });
});

describe('Worker without its database', () => {
  it('answers 503 JSON, not a crash, when the database is unreachable', async () => {
    expectConsoleError(/database unreachable/);
    const res = await worker.fetch('/api/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ success: false, error: { code: 'SERVICE_UNAVAILABLE' } });
  });
});
