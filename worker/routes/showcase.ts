import { Hono } from 'hono';
import { showcaseQuery } from '../contract/showcase';
import type { AppEnv } from '../lib/hono-env';
import { validate } from '../lib/validate';
import { listShowcase } from '../services/showcase/showcase';
import { sendPublicRead } from './public';

export const showcaseRoutes = new Hono<AppEnv>().get('/images', validate('query', showcaseQuery), (c) => {
  const query = c.req.valid('query');
  return sendPublicRead(c, `showcase:${query.page}:${query.limit}`, () => listShowcase(c.get('deps').db, query));
});
