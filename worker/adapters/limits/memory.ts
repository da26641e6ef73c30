import type { Clock, RateLimiter } from '../../ports';

/**
 * Fixed-window counters in process memory: right for the single embedded Node process and tests.
 * Production refuses it (env.ts) because each Worker isolate would count on its own.
 */
export function createMemoryRateLimiter(clock: Clock): RateLimiter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    async hit(key, rule) {
      const now = clock.now().getTime();
      let window = windows.get(key);
      if (!window || window.endsAt <= now) {
        window = { count: 0, endsAt: now + rule.windowSeconds * 1000 };
        windows.set(key, window);
        if (windows.size > 50_000) for (const [k, w] of windows) if (w.endsAt <= now) windows.delete(k);
      }
      window.count += 1;
      const allowed = window.count <= rule.limit;
      return { allowed, remaining: Math.max(rule.limit - window.count, 0), retryAfterSeconds: allowed ? 0 : Math.ceil((window.endsAt - now) / 1000) };
    },
  };
}
