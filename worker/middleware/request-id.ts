import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../lib/hono-env';

const INCOMING = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Gives every request an id that appears in the error body, the response header and the logs, so a
 * user's screenshot of an error can be matched to a log line. A well-formed incoming id (from a
 * proxy such as Cloudflare's `cf-ray`) is kept.
 */
export const requestId = createMiddleware<AppEnv>(async (c, next) => {
  const incoming = c.req.header('x-request-id') ?? c.req.header('cf-ray');
  const id = incoming && INCOMING.test(incoming) ? incoming : crypto.randomUUID();
  c.set('requestId', id);
  c.header('x-request-id', id);
  await next();
});
