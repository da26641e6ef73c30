import { afterAll, beforeAll, expect, it } from 'vitest';
import { envelopeEvent, startSentryFake } from '@tests/fakes/sentry-server';
import { createTestApp, type TestApp } from '@tests/setup/test-app';
import { expectConsoleError } from '@tests/setup/fail-on-console-error';
import { runScheduled } from '../../scheduled';
import { createSentryEnvelopeReporter } from './sentry-envelope';

/** the error tracker behind config — onError (5xx only) and the cron handler — against a local Sentry fake. */
let sentry: Awaited<ReturnType<typeof startSentryFake>>;
let t: TestApp;
beforeAll(async () => {
  sentry = await startSentryFake({ publicKey: 'pk_test' });
  t = await createTestApp({
    env: { ERROR_REPORTER_DSN: `${sentry.url.replace('http://', 'http://pk_test@')}/42`, APP_VERSION: '1.2.3', APP_COMMIT: 'abc1234' },
  });
});
afterAll(async () => {
  await t.close();
  await sentry.close();
});

it('reports an unexpected request error as one envelope, with the path but never the query', async () => {
  expectConsoleError(/unhandled error/);
  const before = sentry.requests.length;
  const broken = { ...t.deps, db: { execute: () => Promise.reject(new Error('boom')) } as unknown as TestApp['deps']['db'] };
  // Health turns a lost database into a 503 itself; a route that throws reaches onError as a 500.
  const res = await t.app.fetch(new Request('http://localhost/api/credits/packages?lang=en&secret=1'), { deps: broken });
  expect(res.status).toBe(500);
  expect(sentry.requests.length).toBe(before + 1);
  const request = sentry.requests.at(-1)!;
  expect(request.path).toBe('/api/42/envelope/');
  expect(request.headers['x-sentry-auth']).toContain('sentry_key=pk_test');
  const event = envelopeEvent(request.body);
  expect(event).toMatchObject({
    level: 'error',
    environment: 'test',
    release: '1.2.3+abc1234',
    tags: { where: 'request' },
    request: { method: 'GET', url: '/api/credits/packages' },
  });
  expect(request.body).not.toContain('secret=1');
});

it('does not report client errors (4xx)', async () => {
  const before = sentry.requests.length;
  expect((await t.request('/api/credits/balance')).status).toBe(401);
  expect((await t.request('/api/nothing-here')).status).toBe(404);
  expect(sentry.requests.length).toBe(before);
});

it('reports a failed cron run and rethrows it', async () => {
  expectConsoleError(/cron failed/);
  const before = sentry.requests.length;
  const broken = {
    ...t.deps,
    clock: {
      now: (): Date => {
        throw new Error('cron boom');
      },
    },
  };
  await expect(runScheduled(broken)).rejects.toThrow('cron boom');
  expect(envelopeEvent(sentry.requests.at(-1)!.body)).toMatchObject({
    tags: { where: 'cron' },
    exception: { values: [{ value: 'cron boom' }] },
  });
  expect(sentry.requests.length).toBe(before + 1);
});

it('sends an error without the bound values or echoed input its message carries', async () => {
  const before = sentry.requests.length;
  const reporter = createSentryEnvelopeReporter({
    dsn: `${sentry.url.replace('http://', 'http://pk_test@')}/42`,
    environment: 'test',
    log: t.deps.log,
  });
  // How a failed Drizzle query reads: the SQL, then every bound value.
  const failed = new Error(
    'Failed query: update "users" set "password_hash" = $1 where "email" = $2\nparams: scrypt$32768$8$1$c2FsdA$aGFzaA,victim@example.com',
  );
  await reporter.capture(failed, { where: 'request', path: '/api/auth/password/change' });
  expect(sentry.requests.length).toBe(before + 1);
  const body = sentry.requests.at(-1)!.body;
  expect(envelopeEvent(body).exception.values[0].value).toContain('Failed query: update "users"');
  expect(body).not.toContain('victim@example.com');
  expect(body).not.toContain('scrypt$');
  expect(body).not.toContain('params');
});

it('never throws when the collector is down', async () => {
  const logged: string[] = [];
  const log = { info() {}, error() {}, warn: (message: string) => void logged.push(message) };
  const reporter = createSentryEnvelopeReporter({ dsn: 'http://pk@127.0.0.1:9/1', environment: 'test', log, timeoutMs: 500 });
  await reporter.capture(new Error('x'), { where: 'cron' });
  expect(logged).toEqual(['error reporter unreachable']);
});

it('logs what a cron run swept', async () => {
  const lines: [string, Record<string, unknown> | undefined][] = [];
  const log = { ...t.deps.log, info: (message: string, fields?: Record<string, unknown>) => void lines.push([message, fields]) };
  const swept = await runScheduled({ ...t.deps, log });
  expect(lines).toContainEqual(['cron swept', expect.objectContaining({ ...swept, ms: expect.any(Number) })]);
});
