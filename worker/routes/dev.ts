import { createRoute } from '@hono/zod-openapi';
import * as z from 'zod';
import { email } from '../contract/auth';
import { ServiceError } from '../contract/errors';
import { devMailboxBody } from '../contract/responses/public';
import { isLoopbackClient } from '../http/client-ip';
import type { AppMiddleware } from '../http/openapi';
import { createRouter, errors, okJson } from '../http/openapi';

/** It holds every sign-in code, so only a client on this machine may read it (by the socket, never a header). */
const loopbackOnly: AppMiddleware = async (c, next) => {
  if (!isLoopbackClient(c)) throw new ServiceError('NOT_FOUND', 'notFound');
  await next();
};

const mailbox = createRoute({
  method: 'get',
  path: '/mailbox',
  tags: ['Development'],
  summary: 'Dev mailbox: messages "sent" to an address (loopback clients only; embedded mode)',
  middleware: [loopbackOnly],
  request: { query: z.object({ email }) },
  responses: { 200: okJson(devMailboxBody, 'The messages, newest first'), ...errors(404) },
});

/** Embedded mode only (app.ts mounts it when a dev mailbox exists): read the mail the app "sent"; to anyone else it does not exist. */
export const devRoutes = createRouter().openapi(mailbox, (c) =>
  c.json({ success: true as const, messages: c.get('deps').devMailbox!.list(c.req.valid('query').email) }, 200),
);
