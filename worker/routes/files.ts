import { Hono } from 'hono';
import type { AppEnv } from '../lib/hono-env';
import { readFile } from '../services/files/files';

/** `GET /api/files/<key>`: streams a blob; private keys need their owner's token. */
export const fileRoutes = new Hono<AppEnv>().get('/*', async (c) => {
  const key = decodeURIComponent(c.req.path.replace(/^\/api\/files\//, ''));
  const { blobs, config, clock } = c.get('deps');
  const file = await readFile(blobs, key, c.get('user'), { secret: config.AUTH_SECRET, exp: c.req.query('exp'), sig: c.req.query('sig'), now: clock.now() });
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
