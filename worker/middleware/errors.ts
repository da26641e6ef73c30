import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ServiceError, type ApiErrorBody, type ErrorCode } from '../contract/errors';
import { acceptedLocale } from '../contract/locales';
import { asMessage, type Message, type PlainMessageId, renderMessage, say, sentParams } from '../contract/messages';
import type { AppEnv } from '../http/hono-env';
import { isDatabaseUnavailable } from '../lib/database-unavailable';
import { FIELD_NAME_MAX } from '../lib/validate';

/** The language the caller reads: the request's Accept-Language (the SPA sends its own language). */
export const callerLocale = (c: Context<AppEnv>) => acceptedLocale(c.req.header('accept-language'));

/** A field name as the body names it: bounded, whoever threw, since it may be a key the client chose. */
const boundedName = (name: string) => (name.length > FIELD_NAME_MAX ? `${name.slice(0, FIELD_NAME_MAX - 1)}…` : name);

/** The message's parameters a client is sent, field names bounded like `field`. */
function bodyParams(said: Message): Record<string, string | number> {
  const params = sentParams(said);
  for (const name of ['field', 'other']) if (typeof params[name] === 'string') params[name] = boundedName(params[name]);
  return params;
}

/**
 * `code` stays as thrown; the message travels as its id and sent parameters, and as `message`
 * rendered in the request's Accept-Language for clients without a catalogue of their own.
 */
function errorBody(
  c: Context<AppEnv>,
  code: ErrorCode,
  message: Message | PlainMessageId,
  details: ServiceError['details'] = {},
): ApiErrorBody {
  const said = asMessage(message);
  const bounded = details.field ? { ...details, field: boundedName(details.field) } : details;
  return {
    success: false,
    error: { code, id: said.id, params: bodyParams(said), message: renderMessage(said, callerLocale(c)), ...bounded },
    requestId: c.get('requestId'),
  };
}

/** The path a 404 names, bounded like a field: it is the caller's text. */
const shownPath = (path: string) => (path.length > 200 ? `${path.slice(0, 199)}…` : path);

function send(c: Context<AppEnv>, status: number, body: ApiErrorBody) {
  if (body.error.retryAfter) c.header('retry-after', String(body.error.retryAfter));
  return c.json(body, status as ContentfulStatusCode);
}

/**
 * The one place an error becomes a response (DESIGN.md §3.2). Services throw {@link ServiceError};
 * Hono's own HTTPExceptions (malformed JSON, body too large) are mapped to the same body; anything
 * else is a bug: logged with the request id and answered with a 500 that leaks nothing.
 */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof ServiceError) return send(c, err.status, errorBody(c, err.code, err.said, err.details));
  if (err instanceof HTTPException) {
    if (err.status === 400) return send(c, 400, errorBody(c, 'MALFORMED_JSON', 'bodyNotJson'));
    if (err.status === 413) return send(c, 413, errorBody(c, 'PAYLOAD_TOO_LARGE', 'bodyTooLarge'));
    // A route's declared body type (http/openapi.ts) refuses a body of another content type.
    if (err.status === 415) return send(c, 415, errorBody(c, 'UNSUPPORTED_MEDIA_TYPE', 'bodyWrongType'));
    if (err.status === 401) return send(c, 401, errorBody(c, 'UNAUTHENTICATED', 'authFailed'));
  }
  // A lost database connection (a restart, a failover) is the server's passing state, not a bug:
  // nothing the request started was committed, so the client may send it again shortly.
  if (isDatabaseUnavailable(err)) {
    c.get('deps')?.log.warn('database unavailable', { requestId: c.get('requestId'), method: c.req.method, path: c.req.path, error: err });
    return send(c, 503, errorBody(c, 'SERVICE_UNAVAILABLE', 'databaseUnavailable', { retryAfter: 2 }));
  }
  // The Error itself, not its stack text: the logger reduces it to class, message without bound
  // parameters, SQLSTATE and frames (adapters/runtime/console-logger.ts). The path, never the query.
  c.get('deps')?.log.error('unhandled error', { requestId: c.get('requestId'), method: c.req.method, path: c.req.path, error: err });
  return send(c, 500, errorBody(c, 'INTERNAL', 'internalError'));
};

export const notFound: NotFoundHandler<AppEnv> = (c) =>
  send(c, 404, errorBody(c, 'NOT_FOUND', say('noRoute', { method: c.req.method, path: shownPath(c.req.path) })));
