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
