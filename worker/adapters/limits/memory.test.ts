import { describe, expect, it, vi } from 'vitest';
import { manualClock } from '@tests/setup/test-app';
import { createMemoryRateLimiter, MEMORY_LIMITER_MAX_KEYS } from './memory';

const rule = { limit: 3, windowSeconds: 60 };

/**
 * Counts the work a call does on Maps and Map iterators (where a whole-set scan would show), so the
 * per-request cost is measured in operations, not in milliseconds on a busy machine.
 */
function countMapWork() {
  const mapIterator = Object.getPrototypeOf(new Map().entries()) as { next: () => unknown };
  const spies = [
    vi.spyOn(Map.prototype, 'get'),
    vi.spyOn(Map.prototype, 'set'),
    vi.spyOn(Map.prototype, 'has'),
    vi.spyOn(Map.prototype, 'delete'),
    vi.spyOn(Map.prototype, 'forEach'),
    vi.spyOn(mapIterator, 'next'),
  ];
  return {
    total: () => spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0),
    stop: () => {
      for (const spy of spies) spy.mockRestore();
    },
  };
}

describe('memory rate limiter', () => {
  it('counts per key in fixed windows', async () => {
    const clock = manualClock();
    const limiter = createMemoryRateLimiter(clock);
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.hit('ip:1', rule));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]).toMatchObject({ remaining: 0, retryAfterSeconds: 60 });
    expect((await limiter.hit('ip:2', rule)).allowed).toBe(true);
    clock.advance(61);
    expect(await limiter.hit('ip:1', rule)).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('stays bounded under 100k distinct keys, and a new key costs the same at 100k as at 1k', async () => {
    const clock = manualClock();
    const limiter = createMemoryRateLimiter(clock);
    const costOfNewKey = async (key: string) => {
      const counter = countMapWork();
      await limiter.hit(key, rule);
      counter.stop();
      return counter.total();
    };

    for (let i = 0; i < 1_000; i++) await limiter.hit(`login-code:email:flood${i}@example.com`, rule);
    const early = await costOfNewKey('login-code:email:probe-early@example.com');
    // Past the bound, with every earlier window still live (the old map rescanned all of them here).
    for (let i = 1_000; i < 100_000 + 1_000; i++) await limiter.hit(`login-code:email:flood${i}@example.com`, rule);
    const late = await costOfNewKey('login-code:email:probe-late@example.com');

    expect(limiter.size()).toBeLessThanOrEqual(MEMORY_LIMITER_MAX_KEYS);
    expect(late).toBe(early);
    expect(late).toBeLessThan(10);
  }, 120_000);

  it('keeps the counter of a key that keeps coming back while a flood churns through', async () => {
    const limiter = createMemoryRateLimiter(manualClock(), { maxKeys: 100 });
    for (let i = 0; i < 3; i++) await limiter.hit('login-code:ip:attacker', rule);
    for (let i = 0; i < 1_000; i++) {
      await limiter.hit(`login-code:email:flood${i}@example.com`, rule);
      if (i % 50 === 0) expect((await limiter.hit('login-code:ip:attacker', rule)).allowed).toBe(false);
    }
    expect(limiter.size()).toBe(100);
  });

  it("forgets an address's keys (and only keys naming that whole address), and sweeps ended windows", async () => {
    const clock = manualClock();
    const limiter = createMemoryRateLimiter(clock);
    const long = { limit: 5, windowSeconds: 3600 };
    for (const key of [
      'login-code:email:a.b@example.com',
      'login:account-ip:A.B@example.com|203.0.113.7',
      'login-code:email:xa.b@example.com',
      'login-code:email:aXb@example.com',
    ])
      await limiter.hit(key, long);
    await limiter.hit('short', { limit: 1, windowSeconds: 60 });
    expect(await limiter.forget('a.b@example.com')).toBe(2);
    expect(limiter.size()).toBe(3);
    clock.advance(61);
    expect(await limiter.sweepEnded()).toBe(1);
    expect(limiter.size()).toBe(2);
    expect((await limiter.hit('login-code:email:xa.b@example.com', long)).remaining).toBe(3);
  });
});
