/**
 * The OpenAPI 3.1 document, generated from the routes themselves (docs/decisions/025): each
 * operation is defined once with `createRoute` and its request and response schemas, in its area's
 * route file, and `./api.ts` mounts them all. Callable without deps or a database.
 *
 * The Node server generates it on first request. The Worker serves the same document prebuilt
 * (`npm run api:types` writes web/public/openapi.json, a test fails when it is stale), so its bundle
 * carries no generator (./prebuilt.ts, decision 051).
 */
import { createRouter, type Router } from '../http/openapi';
import { sharedPageRoutes } from '../routes/shares';
import { siteRoutes } from '../routes/site';
import { apiRoutes, devApiRoutes, sandboxApiRoutes } from './api';
import { documentationRoutes } from './routes';

/** `/api/openapi.json` generated from the routes, and the reference page `/api/docs`. */
export const openapiRoutes = documentationRoutes(async (version) => cachedDocument(version));

/** Every operation the app can mount, under `/api` (the embedded-only ones included). */
let documented: Router | undefined;
function documentedApp(): Router {
  documented ??= createRouter()
    .route('/api', apiRoutes)
    .route('/api', openapiRoutes)
    .route('/api', sandboxApiRoutes)
    .route('/api', devApiRoutes)
    // Outside /api: the shared creations' pages and the crawler files.
    .route('/s', sharedPageRoutes)
    .route('/', siteRoutes);
  documented.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  return documented;
}

/** `postCreditsConsume`, `getOrdersIdRefundCheck`: stable names for generated clients. */
export const operationId = (method: string, path: string) =>
  `${method}${path
    .replace(/^\/api/, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('')}`;

type Operation = { operationId?: string; tags?: string[]; responses?: Record<string, { headers?: Record<string, unknown> }> };

const header = (description: string, type: 'string' | 'integer' = 'string') => ({ description, schema: { type } });
/** What a refused (429) answer says besides its body (draft-ietf-httpapi-ratelimit-headers): when to retry, the rules and their counts. */
const RATE_LIMIT_HEADERS = {
  'Retry-After': header('Seconds to wait', 'integer'),
  RateLimit: header('Per rule: quota left (r), seconds to refill (t)'),
  'RateLimit-Policy': header('Per rule: quota (q) per window of w seconds'),
};

export type OpenApiDocument = ReturnType<Router['getOpenAPI31Document']>;

export function buildOpenApiDocument(options: { version: string }): OpenApiDocument {
  const document = documentedApp().getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Image studio API',
      version: options.version,
      description:
        'Every route of the app. Errors share one body: `{ success: false, error: { code, id, params, message, field?, retryAfter? }, requestId }` (`id` and `params` say the message as data; `message` is it in the Accept-Language). Webhooks and job callbacks are verified by their signature header before anything is parsed.',
      // OpenAPI 3.1's SPDX `identifier` (openapi3-ts's type predates it).
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } as { name: string },
    },
    servers: [{ url: '/' }],
  });
  const tagNames = new Set<string>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item as Record<string, Operation>)) {
      operation.operationId ??= operationId(method, path);
      const refused = operation.responses?.['429'];
      if (refused) refused.headers = { ...RATE_LIMIT_HEADERS, ...refused.headers };
      for (const tag of operation.tags ?? []) tagNames.add(tag);
    }
  }
  const { webhooks: _none, ...rest } = document;
  return { ...rest, tags: [...tagNames].map((name) => ({ name, description: `${name} operations` })) };
}

let served: { version: string; document: OpenApiDocument } | undefined;
/** Built on first request and kept for the isolate or process: the routes are static. */
function cachedDocument(version: string): OpenApiDocument {
  if (served?.version !== version) served = { version, document: buildOpenApiDocument({ version }) };
  return served.document;
}
