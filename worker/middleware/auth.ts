import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { schema } from '../../db/client';
import { ServiceError } from '../contract/errors';
import type { AppEnv, AuthUser } from '../lib/hono-env';
import { readAccessToken } from '../services/auth/tokens';

/**
 * Reads `Authorization: Bearer <jwt>` into `c.var.user`. A present but bad token is a 401 (the SPA
 * then clears its session, spec §8); no token leaves `user` null for public routes.
 */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', null);
  const header = c.req.header('authorization');
  if (!header) return next();
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new ServiceError('UNAUTHENTICATED', 'Authentication failed, please log in again');
  const { config, db, clock } = c.get('deps');
  const { userId, unverifiedEmail } = await readAccessToken(config, match[1]!, clock.now());
  // Loaded on every request so a deleted or demoted account loses access at once, not at token expiry.
  const [user] = await db
    .select({ id: schema.users.id, email: schema.users.email, role: schema.users.role, emailVerified: schema.users.emailVerified })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  if (!user) throw new ServiceError('UNAUTHENTICATED', 'Authentication failed, please log in again');
  // A password session from before the mailbox was proven ends when someone proves it (takeover defence).
  if (unverifiedEmail && user.emailVerified) throw new ServiceError('UNAUTHENTICATED', 'Login session expired, please sign in again');
  c.set('user', { id: user.id, email: user.email, role: user.role });
  await next();
});

/** Guards a route: a 401 unless signed in; afterwards `c.var.user` is non-null. */
export const requireUser = createMiddleware<AppEnv & { Variables: { user: AuthUser } }>(async (c, next) => {
  if (!c.get('user')) throw new ServiceError('UNAUTHENTICATED', 'Please sign in first');
  await next();
});

export const requireAdmin = createMiddleware<AppEnv & { Variables: { user: AuthUser } }>(async (c, next) => {
  const user = c.get('user');
  if (!user) throw new ServiceError('UNAUTHENTICATED', 'Please sign in first');
  if (user.role !== 'admin') throw new ServiceError('FORBIDDEN', 'You do not have permission to do this');
  await next();
});
