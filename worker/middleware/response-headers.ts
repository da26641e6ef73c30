import type { Context } from 'hono';

/**
 * Sets headers on the answer a handler already returned. Hono's `c.header` rebuilds the Response
 * on each call once one exists; this edits it in place, and rebuilds it once only when its headers
 * are immutable (a Response from `fetch` or a cache).
 */
export function setAnswerHeaders(c: Context, fields: Readonly<Record<string, string>>): void {
  try {
    for (const [name, value] of Object.entries(fields)) c.res.headers.set(name, value);
  } catch {
    const copy = new Response(c.res.body, c.res);
    for (const [name, value] of Object.entries(fields)) copy.headers.set(name, value);
    c.res = copy;
  }
}

/**
 * What hono's `secureHeaders()` sets with its defaults, on every /api answer. Written out rather than
 * imported: its option parser, CSP builder and nonce generator cost the Worker script ≈ 1 KB gz, and
 * the API uses none of them (decision 051). ./response-headers.test.ts compares the two.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'cross-origin-resource-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
