import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUpstashShim } from '@tests/fakes/upstash-redis-shim';
import { serviceReachable } from '@tests/setup/services';
import { createUpstashRateLimiter } from './upstash';

/** The production limiter (Upstash REST pipeline) against the local Redis server through a REST shim. */
const available = await serviceReachable('Redis', '127.0.0.1', 6379);

describe.skipIf(!available)('Upstash rate limiter against Redis', () => {
  let shim: Awaited<ReturnType<typeof startUpstashShim>>;
  beforeAll(async () => {
    shim = await startUpstashShim({ token: 'test-token' });
  });
  afterAll(() => shim?.close());

  it('counts hits in a fixed window and tells when to retry', async () => {
    const limiter = createUpstashRateLimiter({ url: shim.url, token: 'test-token', prefix: `test:${crypto.randomUUID()}:` });
    const rule = { limit: 2, windowSeconds: 60 };
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await limiter.hit('login:1.2.3.4', rule));
    expect(results.map((r) => r.allowed)).toEqual([true, true, false]);
    expect(results[1]!.remaining).toBe(0);
    expect(results[2]!.retryAfterSeconds).toBeGreaterThan(0);
    expect(results[2]!.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Other keys have their own window.
    expect((await limiter.hit('login:5.6.7.8', rule)).allowed).toBe(true);
  });

  it('is refused with a wrong token (the shim checks it like Upstash)', async () => {
    const limiter = createUpstashRateLimiter({ url: shim.url, token: 'wrong' });
    await expect(limiter.hit('x', { limit: 1, windowSeconds: 1 })).rejects.toThrow();
  });
});
