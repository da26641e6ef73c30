import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { ServiceError } from './contract/errors';
import type { AppEnv } from './http/hono-env';
import { createRouter } from './http/openapi';
import { refuseUnsafePath } from './lib/validate';
import { authenticate } from './middleware/auth';
import { notFound, onError } from './middleware/errors';
import { EXPOSED_HEADERS, rateLimitFields, type RateLimitSeen, recordingLimiter } from './middleware/rate-limit-headers';
import { requestId, requestLogger } from './middleware/request-id';
import { API_SECURITY_HEADERS, setAnswerHeaders } from './middleware/response-headers';
import { apiRoutes, devApiRoutes, sandboxApiRoutes } from './openapi/api';
import type { Router } from './http/openapi';
import type { AppDeps } from './ports';
import { publicReadCache, publicReadHit } from './routes/public';
import { sharedPageRoutes } from './routes/shares';
import { siteRoutes } from './routes/site';

const MB = 1024 * 1024;
/** hono's secureHeaders default, which /api sends; the SPA's files send the same (web/public/_headers). */
const STRICT_TRANSPORT_SECURITY = 'max-age=15552000; includeSubDomains';
/** Bodies above these are refused before parsing: 1 MB for JSON, more where spec §9 allows uploads. */
const BODY_LIMITS: [RegExp, number][] = [
  [/^\/api\/generate-image\/edit$/, 5 * 10 * MB + MB],
  [/^\/api\/(upload\/image|image-upscale\/upload)$/, 10 * MB + MB],
  [/^\/api\/users\/me\/avatar$/, 5 * MB + MB],
];
const DEFAULT_BODY_LIMIT = MB;
const limitTooLarge = () => {
  throw new ServiceError('PAYLOAD_TOO_LARGE', 'bodyTooLarge');
};
const bodyLimits = [...BODY_LIMITS.map(([path, maxSize]) => [path, bodyLimit({ maxSize, onError: limitTooLarge })] as const)];
const defaultBodyLimit = bodyLimit({ maxSize: DEFAULT_BODY_LIMIT, onError: limitTooLarge });
/**
 * Whether the request declares no body, which the HTTP parser (Node's, and Workers') then holds it
 * to: bytes past a declared length are read as the next request, never as this one's body. With
 * neither a length nor chunking, HTTP/1.1 has no body either (RFC 9112 §6.3), which only the Node
 * server's parsed message can vouch for: a Request built in-process may carry a body without them.
 */
function declaresNoBody(c: Context<AppEnv>): boolean {
  const headers = c.req.raw.headers;
  if (headers.has('transfer-encoding')) return false;
  const length = headers.get('content-length');
  if (length !== null) return length === '0';
  const parsed = (c.env as { incoming?: { headers?: Record<string, unknown> } } | undefined)?.incoming?.headers;
  return parsed !== undefined && parsed['content-length'] === undefined && parsed['transfer-encoding'] === undefined;
}

/**
 * The whole HTTP API, built from ports (DESIGN.md §1). The Node server (scripts/start.ts) and the
 * Worker entry (worker/index.ts) only differ in the deps they pass, in how they serve the SPA, and in
 * where `/api/openapi.json` comes from: `documentation` is generated from the routes on Node
 * (worker/openapi/document.ts) and prebuilt on the Worker (worker/openapi/prebuilt.ts).
 */
export function createApp(deps: AppDeps, documentation: Router) {
  // One route tree (worker/openapi/api.ts), also the source of /api/openapi.json (docs/decisions/025).
  const api = createRouter().route('/', apiRoutes).route('/', documentation);
  if (deps.config.PAYMENTS === 'sandbox') api.route('/', sandboxApiRoutes);
  if (deps.devMailbox) api.route('/', devApiRoutes);

  const app = new Hono<AppEnv>();
  // Cached anonymous public reads are answered before the rest (routes/public.ts, decision 083).
  if (!deps.config.CORS_ORIGINS.length && !deps.config.LOG_REQUESTS)
    app.use(
      '/api/*',
      publicReadHit((c) => ((c.env as { deps?: AppDeps } | undefined)?.deps ?? deps).config),
    );
  app.use('*', requestId);
  app.use('*', async (c, next) => {
    // The Worker builds this app once per isolate and passes each request's ports (its database
    // connection) as `env.deps`; the Node server passes none and the built-in deps serve.
    const shared = (c.env as { deps?: AppDeps } | undefined)?.deps ?? deps;
    // The request's own limiter notes the rules it is counted against, for the RateLimit fields; its
    // logger adds the request id to every line, so services log domain events without passing it.
    const seen: RateLimitSeen[] = [];
    c.set('deps', { ...shared, limits: recordingLimiter(shared.limits, seen), log: requestLogger(shared.log, c.get('requestId')) });
    await next();
    const fields = rateLimitFields(seen);
    if (fields) setAnswerHeaders(c, fields);
  });
  app.use('/api/*', async (c, next) => {
    await next();
    setAnswerHeaders(c, API_SECURITY_HEADERS);
  });
  // The shared pages are reached from links in chats: HTTPS-only from that first visit, as the API and the SPA.
  app.use('/s/*', async (c, next) => {
    await next();
    setAnswerHeaders(c, { 'strict-transport-security': STRICT_TRANSPORT_SECURITY });
  });
  if (deps.config.CORS_ORIGINS.length) {
    // Without the expose list a page on another origin could not read when to retry, or the id to quote.
    app.use('/api/*', cors({ origin: deps.config.CORS_ORIGINS, maxAge: 600, exposeHeaders: EXPOSED_HEADERS }));
  }
  // GET and HEAD carry no body our handlers read. Skipping them matters on Node: hono's bodyLimit reads
  // `c.req.raw.body`, which makes @hono/node-server build a full WHATWG Request with an AbortSignal for
  // every request (≈ 40 % of a cached public read's server time in a CPU profile).
  // A POST that declares no body (a spend) skips it as well.
  app.use('/api/*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' || declaresNoBody(c)
      ? next()
      : (bodyLimits.find(([path]) => path.test(c.req.path))?.[1] ?? defaultBodyLimit)(c, next),
  );
  app.use('/api/*', refuseUnsafePath);
  app.use('/api/*', authenticate);
  app.use('/api/*', publicReadCache);
  if (deps.config.LOG_REQUESTS) {
    app.use('/api/*', async (c, next) => {
      const started = performance.now();
      await next();
      deps.log.info('request', {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
        requestId: c.get('requestId'),
      });
    });
  }
  app.route('/api', api);
  // Shared creations' public pages, outside /api (docs/decisions/036).
  app.route('/s', sharedPageRoutes);
  // robots.txt and the sitemap, whose addresses must be absolute (the public origin).
  app.route('/', siteRoutes);
  app.notFound(notFound);
  // Unexpected errors (5xx) also go to the error tracker when one is configured.
  app.onError(async (err, c) => {
    const response = await onError(err, c);
    if (response.status >= 500) {
      await c
        .get('deps')
        ?.errorReporter?.capture(err, { where: 'request', requestId: c.get('requestId'), method: c.req.method, path: c.req.path });
    }
    return response;
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
