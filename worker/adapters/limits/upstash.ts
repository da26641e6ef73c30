import type { RateLimiter } from './port';

type PipelineAnswer = { result?: unknown; error?: string }[];

/**
 * Fixed-window counters in Upstash Redis over its REST API (works from every Worker isolate).
 * INCR, EXPIRE NX and TTL go in one `/pipeline` round trip; the TTL tells the client when to retry.
 *
 * Three commands over `fetch` rather than `@upstash/redis`: the client library is 80 KB of the
 * Worker bundle for these three commands, and the bundle has a budget (tests/workerd/bundle-size).
 */
export function createUpstashRateLimiter(options: { url: string; token: string; prefix?: string }): RateLimiter {
  const prefix = options.prefix ?? 'rl:';
  const endpoint = `${options.url.replace(/\/+$/, '')}/pipeline`;
  return {
    async hit(key, rule) {
      const redisKey = `${prefix}${key}`;
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
        body: JSON.stringify([
          ['INCR', redisKey],
          ['EXPIRE', redisKey, String(rule.windowSeconds), 'NX'],
          ['TTL', redisKey],
        ]),
      });
      if (!response.ok) throw new Error(`Upstash Redis answered ${response.status}`);
      const answers = (await response.json()) as PipelineAnswer;
      const failed = answers.find((a) => a.error);
      if (failed || answers.length !== 3) throw new Error(`Upstash Redis refused the pipeline: ${failed?.error ?? 'short answer'}`);
      const count = Number(answers[0]!.result);
      const ttl = Number(answers[2]!.result);
      const allowed = count <= rule.limit;
      const resetSeconds = Math.max(ttl, 1);
      return { allowed, remaining: Math.max(rule.limit - count, 0), retryAfterSeconds: allowed ? 0 : resetSeconds, resetSeconds };
    },
    // Every key carries an EXPIRE of its window (an hour at most), so Redis forgets an address's
    // counters and ended windows on its own; a SCAN over a shared Redis per deletion would cost more.
    forget: async () => 0,
    sweepEnded: async () => 0,
  };
}
