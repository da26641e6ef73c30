import { createRoute } from '@hono/zod-openapi';
import * as z from 'zod';
import { createRouter, errors, mountedAt, optionalSignIn } from '../lib/openapi';
import { readFile } from '../services/files/files';

// Hono decodes the key (a malformed escape such as `%E0%A4%A` stays as written, and then matches no key: 404).
const fileParam = z.object({ key: z.string().max(512).describe('The blob key, slashes included') });
const grantQuery = z.object({
  exp: z.string().max(20).optional().describe('Signed grant: expiry (Unix seconds)'),
  sig: z.string().max(64).optional().describe('Signed grant: signature'),
});

const file = createRoute({
  method: 'get',
  path: '/{key}',
  tags: ['Files'],
  ...optionalSignIn,
  summary: "A stored file: public ones to anyone, private ones to their owner's token or a signed grant (exp + sig)",
  request: { params: fileParam, query: grantQuery },
  responses: {
    200: {
      description: 'The file bytes',
      content: { 'application/octet-stream': { schema: { type: 'string' as const, format: 'binary' } } },
    },
    ...errors(404),
  },
});

/** `GET /api/files/<key>`: streams a blob; private keys need their owner's token or a signed URL. */
export const fileRoutes = createRouter().openapi(
  // The key spans slashes: mounted on Hono's `/:key{.+}`, documented as `/{key}`.
  mountedAt(file, '/:key{.+}'),
  async (c) => {
    const { blobs, config, clock } = c.get('deps');
    const { exp, sig } = c.req.valid('query');
    const found = await readFile(blobs, c.req.valid('param').key, c.get('user'), {
      secret: config.AUTH_SECRET,
      exp,
      sig,
      now: clock.now(),
    });
    return new Response(found.body, {
      headers: {
        'content-type': found.contentType,
        'content-length': String(found.size),
        'cache-control': found.public ? 'public, max-age=31536000, immutable' : 'private, max-age=3600',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
      },
    });
  },
);
