import { Hono } from 'hono';
import type { AppEnv } from '../lib/hono-env';
import { buildOpenApiDocument } from './document';
import { DOCS_CSP, DOCS_HTML, RENDERER_JS } from './renderer';

/** Built on first request and kept for the isolate or process: the registry is static. */
let document: string | undefined;

/** `/api/openapi.json`, and the reference page `/api/docs` that renders it. */
export const openapiRoutes = new Hono<AppEnv>()
  .get('/openapi.json', (c) => {
    document ??= JSON.stringify(buildOpenApiDocument({ version: c.get('deps').config.APP_VERSION ?? 'dev' }));
    c.header('content-type', 'application/json');
    c.header('cache-control', 'public, max-age=300');
    return c.body(document);
  })
  .get('/docs', (c) => {
    c.header('content-security-policy', DOCS_CSP);
    return c.html(DOCS_HTML);
  })
  .get('/docs/renderer.js', (c) => {
    c.header('content-type', 'text/javascript; charset=utf-8');
    c.header('cache-control', 'public, max-age=300');
    return c.body(RENDERER_JS);
  });
