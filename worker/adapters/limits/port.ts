/** The rate-limit port: memory.ts, postgres.ts, upstash.ts. */

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
  /** Seconds until the current window ends and the count starts again (the `t` of the RateLimit header). */
  resetSeconds: number;
}

export interface RateLimiter {
  /** Counts one hit against `key` and says whether it is within the rule. */
  hit(key: string, rule: RateLimitRule): Promise<RateLimitResult>;
  /**
   * Forgets every counter whose key names `part` as a whole segment (`login-code:email:<addr>`,
   * `…:<addr>:<ip>`, `login:account-ip:<addr>|<ip>`): the keys of a deleted account's address.
   * Returns how many were forgotten.
   */
  forget(part: string): Promise<number>;
  /** Drops counters whose window has ended (they count nothing, and a key can name an address or an IP). */
  sweepEnded(): Promise<number>;
}

/** The regular expression (JS and Postgres `~*` alike) for a key naming `part` as a whole segment, as {@link RateLimiter.forget} matches. */
export function segmentPattern(part: string): string {
  return `(^|:)${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[:|])`;
}
