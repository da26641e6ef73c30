import type { Clock } from '../runtime/port';
import { type RateLimiter, segmentPattern } from './port';

interface Window {
  count: number;
  endsAt: number;
}

/** ≈ 100 k windows × (key + counter + LRU slots) stays in the tens of MB however many keys a flood invents. */
export const MEMORY_LIMITER_MAX_KEYS = 100_000;

/**
 * Fixed-window counters in process memory: right for the single embedded Node process and tests.
 * Production refuses it (env.ts) because each Worker isolate would count on its own.
 *
 * A flood of new keys (one per invented e-mail) must cost neither memory nor time per request: the
 * windows live in a bounded LRU (O(1) get/set; the least recently touched window is dropped once
 * full, so a busy attacker's own counter is the last to go), and an expired window is simply
 * replaced when its key comes back — nothing ever scans the whole set. The LRU is a Map, whose
 * iteration order is insertion order: a touched key is re-inserted at the end, the first key is the
 * least recently used. (A package for it would ship in the request Worker, which this code is part of.)
 */
export function createMemoryRateLimiter(clock: Clock, options: { maxKeys?: number } = {}): RateLimiter & { size(): number } {
  const maxKeys = options.maxKeys ?? MEMORY_LIMITER_MAX_KEYS;
  const windows = new Map<string, Window>();
  return {
    async hit(key, rule) {
      const now = clock.now().getTime();
      let window = windows.get(key);
      windows.delete(key);
      if (!window || window.endsAt <= now) window = { count: 0, endsAt: now + rule.windowSeconds * 1000 };
      windows.set(key, window);
      if (windows.size > maxKeys) windows.delete(windows.keys().next().value as string);
      window.count += 1;
      const allowed = window.count <= rule.limit;
      const resetSeconds = Math.ceil((window.endsAt - now) / 1000);
      return { allowed, remaining: Math.max(rule.limit - window.count, 0), retryAfterSeconds: allowed ? 0 : resetSeconds, resetSeconds };
    },
    async forget(part) {
      const pattern = new RegExp(segmentPattern(part), 'i');
      const named = [...windows.keys()].filter((key) => pattern.test(key));
      for (const key of named) windows.delete(key);
      return named.length;
    },
    async sweepEnded() {
      const now = clock.now().getTime();
      const ended = [...windows.entries()].filter(([, window]) => window.endsAt <= now).map(([key]) => key);
      for (const key of ended) windows.delete(key);
      return ended.length;
    },
    size: () => windows.size,
  };
}
