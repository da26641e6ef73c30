import { Redis } from '@upstash/redis';
import type { RateLimiter } from '../../ports';

/**
 * Fixed-window counters in Upstash Redis over its REST API (works from every Worker isolate).
 * INCR and EXPIRE NX go in one pipeline round trip; the TTL tells the client when to retry.
 */
export function createUpstashRateLimiter(options: { url: string; token: string; prefix?: string }): RateLimiter {
  const redis = new Redis({ url: options.url, token: options.token, automaticDeserialization: false });
  const prefix = options.prefix ?? 'rl:';
  return {
    async hit(key, rule) {
      const redisKey = `${prefix}${key}`;
      const [count, , ttl] = await redis
        .pipeline()
        .incr(redisKey)
        .expire(redisKey, rule.windowSeconds, 'NX')
        .ttl(redisKey)
        .exec<[number, number, number]>();
      const allowed = count <= rule.limit;
      return { allowed, remaining: Math.max(rule.limit - count, 0), retryAfterSeconds: allowed ? 0 : Math.max(ttl, 1) };
    },
  };
}
