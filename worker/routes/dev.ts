import { Hono } from 'hono';
import * as z from 'zod';
import { email } from '../contract/auth';
import { ServiceError } from '../contract/errors';
import { isLoopbackClient } from '../lib/client-ip';
import type { AppEnv } from '../lib/hono-env';
import { validate } from '../lib/validate';

/**
 * Embedded mode only (app.ts mounts it when a dev mailbox exists): read the mail the app "sent".
 * It holds every sign-in code, so only a client on this machine may read it (by the socket, never a
 * header); to anyone else it does not exist.
 */
export const devRoutes = new Hono<AppEnv>().get(
  '/mailbox',
  async (c, next) => {
    if (!isLoopbackClient(c)) throw new ServiceError('NOT_FOUND', 'Not found');
    await next();
  },
  validate('query', z.object({ email })),
  (c) => {
    const messages = c.get('deps').devMailbox!.list(c.req.valid('query').email);
    return c.json({ success: true, messages });
  },
);
