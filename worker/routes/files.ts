import { Hono } from 'hono';
import type { AppEnv } from '../lib/hono-env';
import { readFile } from '../services/files/files';

/** `GET /api/files/<key>`: streams a blob; private keys need their owner's token. */
export const fileRoutes = new Hono<AppEnv>().get('/*', async (c) => {
  const key = decodeURIComponent(c.req.path.replace(/^\/api\/files\//, ''));
  const file = await readFile(c.get('deps').blobs, key, c.get('user'));
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
