/**
 * `/api/openapi.json` and the reference page `/api/docs` that renders it. Where the document comes
 * from is the caller's: generated from the routes (./document.ts, the Node server) or prebuilt
 * (./prebuilt.ts, the Worker).
 */
import { createRoute } from '@hono/zod-openapi';
import * as z from 'zod';
import { createRouter } from '../http/openapi';
import { DOCS_CSP, DOCS_HTML } from './renderer';

const tags = ['Documentation'];

const documentShape = z.looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }) });

const openapiJson = createRoute({
  method: 'get',
  path: '/openapi.json',
  tags,
  summary: 'This OpenAPI 3.1 document',
  responses: {
    200: {
      description: 'The document',
      content: { 'application/json': { schema: documentShape } },
    },
  },
});

const text = (type: string, description: string) => ({ description, content: { [type]: { schema: { type: 'string' as const } } } });
const docsPage = createRoute({
  method: 'get',
  path: '/docs',
  tags,
  summary: 'API reference page (self-hosted renderer of /api/openapi.json)',
  responses: { 200: text('text/html', 'HTML page') },
});

/** The document for this deployment's version (info.version), and the request it answers. */
export type DocumentSource = (version: string, requestUrl: string) => Promise<object>;

/** The documentation routes, serving the document `documentFor` gives. */
export function documentationRoutes(documentFor: DocumentSource) {
  return createRouter()
    .openapi(openapiJson, async (c) => {
      const document = await documentFor(c.get('deps').config.APP_VERSION ?? 'dev', c.req.url);
      c.header('cache-control', 'public, max-age=300');
      // openapi3-ts's object type, checked against the document's own schema (validated in openapi.test.ts).
      return c.json(document as z.infer<typeof documentShape>, 200);
    })
    .openapi(docsPage, (c) => {
      c.header('content-security-policy', DOCS_CSP);
      return c.html(DOCS_HTML);
    });
}
