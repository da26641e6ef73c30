import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@db/client';
import { createTestApp, manualClock, type TestApp } from '@tests/setup/test-app';
import { createPostgresRateLimiter } from './postgres';

/** The Postgres limiter's cleanup verbs (decision 018: its rows can hold an address or an IP). */
let t: TestApp;
const clock = manualClock();
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const keys = async () =>
  (await t.deps.db.select({ key: schema.rateLimitCounters.key }).from(schema.rateLimitCounters)).map((r) => r.key).sort();

describe('Postgres rate-limit cleanup', () => {
  it("deletes an address's keys, and only keys naming that whole address", async () => {
    const limiter = createPostgresRateLimiter(t.deps.db, clock);
    const rule = { limit: 5, windowSeconds: 3600 };
    for (const key of [
      'login-code:email:a.b@example.com',
      'login-code:email-ip:a.b@example.com:203.0.113.7',
      'login:account-ip:A.B@example.com|203.0.113.7',
      'password-reset:email:a.b@example.com',
      // Not this address: a longer one, one where the dot is another character, another address's key.
      'login-code:email:xa.b@example.com',
      'login-code:email:a.b@example.com.au',
      'login-code:email:aXb@example.com',
      'login-code:ip:203.0.113.7',
    ])
      await limiter.hit(key, rule);
    expect(await limiter.forget('a.b@example.com')).toBe(4);
    expect(await keys()).toEqual(
      [
        'login-code:email:xa.b@example.com',
        'login-code:email:a.b@example.com.au',
        'login-code:email:aXb@example.com',
        'login-code:ip:203.0.113.7',
      ].sort(),
    );
  });

  it('deletes windows that have ended; a live window keeps counting', async () => {
    const limiter = createPostgresRateLimiter(t.deps.db, clock);
    await t.deps.db.delete(schema.rateLimitCounters);
    await limiter.hit('short', { limit: 1, windowSeconds: 60 });
    await limiter.hit('long', { limit: 1, windowSeconds: 3600 });
    clock.advance(61);
    expect(await limiter.sweepEnded()).toBe(1);
    expect(await keys()).toEqual(['long']);
    expect((await limiter.hit('long', { limit: 1, windowSeconds: 3600 })).allowed).toBe(false);
  });
});
