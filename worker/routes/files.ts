import { Hono } from 'hono';
import * as z from 'zod';
import type { AppEnv } from '../lib/hono-env';
import { validate } from '../lib/validate';
import { readFile } from '../services/files/files';

// Hono decodes the key (a malformed escape such as `%E0%A4%A` stays as written, and then matches no key: 404).
const fileParam = z.object({ key: z.string().max(512) });
const grantQuery = z.object({ exp: z.string().max(20).optional(), sig: z.string().max(64).optional() });

/** `GET /api/files/<key>`: streams a blob; private keys need their owner's token or a signed URL. */
export const fileRoutes = new Hono<AppEnv>().get('/:key{.+}', validate('param', fileParam), validate('query', grantQuery), async (c) => {
  const { blobs, config, clock } = c.get('deps');
  const { exp, sig } = c.req.valid('query');
  const file = await readFile(blobs, c.req.valid('param').key, c.get('user'), { secret: config.AUTH_SECRET, exp, sig, now: clock.now() });
  return new Response(file.body, {
    headers: {
      'content-type': file.contentType,
      'content-length': String(file.size),
      'cache-control': file.public ? 'public, max-age=31536000, immutable' : 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
    },
  });
});
