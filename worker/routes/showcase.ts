import { Hono } from 'hono';
import { showcaseQuery } from '../contract/showcase';
import type { AppEnv } from '../lib/hono-env';
import { validate } from '../lib/validate';
import { listShowcase } from '../services/showcase/showcase';

export const showcaseRoutes = new Hono<AppEnv>().get('/images', validate('query', showcaseQuery), async (c) => {
  c.header('cache-control', 'public, max-age=60');
  return c.json(await listShowcase(c.get('deps').db, c.req.valid('query')));
});
