import { Hono } from 'hono';
import { z } from 'zod';
import { email } from '../contract/auth';
import type { AppEnv } from '../lib/hono-env';
import { validate } from '../lib/validate';

/** Embedded mode only (app.ts mounts it when a dev mailbox exists): read the mail the app "sent". */
export const devRoutes = new Hono<AppEnv>().get('/mailbox', validate('query', z.object({ email })), (c) => {
  const messages = c.get('deps').devMailbox!.list(c.req.valid('query').email);
  return c.json({ success: true, messages });
});
