import type { Context } from 'hono';

/**
 * The caller's IP for rate limits. Cloudflare sets `cf-connecting-ip` and strips spoofed copies; the
 * Node server passes the socket address in `x-client-ip` (it overwrites whatever the client sent).
 */
export function clientIp(c: Context): string {
  return c.req.header('cf-connecting-ip') ?? c.req.header('x-client-ip') ?? 'unknown';
}
