import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../lib/hono-env';
import type { Logger } from '../ports';
import { setAnswerHeaders } from './response-headers';

const INCOMING = /^[A-Za-z0-9._:-]{8,128}$/;
/** W3C Trace Context `traceparent`, version 00 exactly: version, trace id, parent id, flags, lower-case hex. */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const ALL_ZERO = /^0+$/;

/** The trace id and flags of a well-formed `traceparent`; anything else (all-zero ids, other versions, padding) is ignored. */
export function parseTraceparent(header: string | undefined): { traceId: string; flags: string } | undefined {
  const match = header && TRACEPARENT.exec(header);
  if (!match || ALL_ZERO.test(match[1]!) || ALL_ZERO.test(match[2]!)) return undefined;
  return { traceId: match[1]!, flags: match[3]! };
}

const randomHex = (bytes: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Gives every request an id that appears in the error body, the response header and the logs, so a
 * user's screenshot of an error can be matched to a log line. A caller's trace (`traceparent`) names
 * it: its trace id becomes the request id, and the answer's `traceparent` continues that trace with
 * this server's span. Else a well-formed incoming id (from a proxy such as Cloudflare's `cf-ray`) is
 * kept, or a new one made (a UUID, whose hex is also the answer's trace id).
 *
 * The headers are set after the handler: a handler that returns its own Response (files, images)
 * replaces the response Hono prepared, and headers set on that one beforehand would be lost.
 */
export const requestId = createMiddleware<AppEnv>(async (c, next) => {
  const trace = parseTraceparent(c.req.header('traceparent'));
  const incoming = c.req.header('x-request-id') ?? c.req.header('cf-ray');
  const id = trace?.traceId ?? (incoming && INCOMING.test(incoming) ? incoming : crypto.randomUUID());
  c.set('requestId', id);
  await next();
  const traceId = trace?.traceId ?? (/^[0-9a-f-]{36}$/.test(id) ? id.replace(/-/g, '') : randomHex(16));
  setAnswerHeaders(c, { 'x-request-id': id, traceparent: `00-${traceId}-${randomHex(8)}-${trace?.flags ?? '00'}` });
});

/** The logger of one request: every line carries its id, so a domain event can be found from a user's error. */
export function requestLogger(log: Logger, requestId: string): Logger {
  const withId = (fields?: Record<string, unknown>) => ({ requestId, ...fields });
  return {
    info: (message, fields) => log.info(message, withId(fields)),
    warn: (message, fields) => log.warn(message, withId(fields)),
    error: (message, fields) => log.error(message, withId(fields)),
  };
}
