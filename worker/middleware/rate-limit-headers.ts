import type { RateLimiter, RateLimitResult, RateLimitRule } from '../ports';

/** One limiter rule a request was counted against, and where its count stands. */
export interface RateLimitSeen {
  policy: string;
  rule: RateLimitRule;
  result: RateLimitResult;
}

/**
 * The policy's name in the RateLimit fields: the key without the counted subject
 * (`login:account-ip:<address>|<ip>` → `login:account-ip`), so no address or IP leaves the server.
 */
export const policyName = (key: string) => key.split(':').slice(0, 2).join(':');

/** The request's limiter: counts as the shared one does and notes each rule it counted against. */
export function recordingLimiter(limiter: RateLimiter, seen: RateLimitSeen[]): RateLimiter {
  return {
    async hit(key, rule) {
      const result = await limiter.hit(key, rule);
      seen.push({ policy: policyName(key), rule, result });
      return result;
    },
    forget: (part) => limiter.forget(part),
    sweepEnded: () => limiter.sweepEnded(),
  };
}

/**
 * The fields of draft-ietf-httpapi-ratelimit-headers (-12): Structured Field lists whose items name
 * a policy. `RateLimit-Policy: "login:ip";q=50;w=900` states the rule (quota q per window w
 * seconds); `RateLimit: "login:ip";r=49;t=900` the quota left and the seconds until it refills.
 * Every rule the request was counted against is listed, in the order they were checked.
 */
export function rateLimitFields(seen: readonly RateLimitSeen[]): { 'ratelimit-policy': string; ratelimit: string } | undefined {
  if (!seen.length) return undefined;
  return {
    'ratelimit-policy': seen.map(({ policy, rule }) => `"${policy}";q=${rule.limit};w=${rule.windowSeconds}`).join(', '),
    ratelimit: seen.map(({ policy, result }) => `"${policy}";r=${result.remaining};t=${result.resetSeconds}`).join(', '),
  };
}

/** Headers a page on another origin (CORS_ORIGINS) may read from an answer. */
export const EXPOSED_HEADERS = ['RateLimit', 'RateLimit-Policy', 'Retry-After', 'x-request-id', 'traceparent'];
