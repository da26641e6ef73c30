import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../http/hono-env';
import type { Logger } from '../ports';
import { setAnswerHeaders } from './response-headers';

const INCOMING = /^[A-Za-z0-9._:-]{8,128}$/;
/**
 * W3C Trace Context `traceparent`, version 00 exactly: trace id and parent id in lower-case hex,
 * neither all zeros, then the flags. Anything else (other versions, padding, upper case) is ignored.
 */
const TRACEPARENT = /^00-(?!0{32})([0-9a-f]{32})-(?!0{16})[0-9a-f]{16}-([0-9a-f]{2})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const hex = () => crypto.randomUUID().replace(/-/g, '');

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
  const identity = requestIdentity(c);
  c.set('requestId', identity.id);
  await next();
  setAnswerHeaders(c, identity.answerHeaders());
});

/** The request's id and, for its answer, the `x-request-id` and `traceparent` fields ({@link requestId}). */
export function requestIdentity(c: Context) {
  const trace = TRACEPARENT.exec(c.req.header('traceparent') ?? '');
  const incoming = c.req.header('x-request-id') ?? c.req.header('cf-ray');
  const id = trace?.[1] ?? (incoming && INCOMING.test(incoming) ? incoming : crypto.randomUUID());
  return {
    id,
    answerHeaders() {
      const traceId = trace?.[1] ?? (UUID.test(id) ? id.replace(/-/g, '') : hex());
      return { 'x-request-id': id, traceparent: `00-${traceId}-${hex().slice(16)}-${trace?.[2] ?? '00'}` };
    },
  };
}

/** The logger of one request: every line carries its id, so a domain event can be found from a user's error. */
export function requestLogger(log: Logger, requestId: string): Logger {
  const level = (name: keyof Logger) => (message: string, fields?: Record<string, unknown>) => log[name](message, { requestId, ...fields });
  return { info: level('info'), warn: level('warn'), error: level('error') };
}
