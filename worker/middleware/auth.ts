import { createMiddleware } from 'hono/factory';
import { ServiceError } from '../contract/errors';
import type { AppEnv, AuthUser } from '../http/hono-env';
import { loadSession, type SessionRow } from '../services/auth/sessions';
import { sessionStillValid, sessionVersionInToken } from '../services/auth/session-tokens';
import { readAccessToken } from '../services/auth/tokens';

/**
 * Reads `Authorization: Bearer <jwt>` into `c.var.user` (and the same row with balances into
 * `c.var.session`). A present but bad token is a 401 (the SPA then clears its session, spec §8);
 * no token leaves `user` null for public routes.
 */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', null);
  c.set('session', null);
  const header = c.req.header('authorization');
  if (!header) return next();
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new ServiceError('UNAUTHENTICATED', 'authFailed');
  const { config, db, clock } = c.get('deps');
  const token = match[1]!;
  const { userId, unverifiedEmail, issuedAtSeconds } = await readAccessToken(config, token, clock.now());
  // Loaded on every request so a deleted or demoted account loses access at once, not at token expiry.
  const [session] = await loadSession(db, userId);
  // A deleted account can do nothing, whatever its token says and whatever happened to the row since.
  if (!session || session.deletedAt) throw new ServiceError('UNAUTHENTICATED', 'authFailed');
  // A password session from before the mailbox was proven ends when someone proves it (takeover defence).
  if (unverifiedEmail && session.emailVerified) throw new ServiceError('UNAUTHENTICATED', 'sessionExpired');
  // A password change or reset and an e-mail change void every token of an older session version.
  if (!sessionStillValid({ version: sessionVersionInToken(token), issuedAtSeconds }, session)) {
    throw new ServiceError('UNAUTHENTICATED', 'sessionExpired');
  }
  c.set('user', { id: session.id, email: session.email, role: session.role });
  c.set('session', session);
  await next();
});

/** Guards a group of routes: a 401 unless signed in. Handlers then read the user with {@link requireUser}. */
export const requireSignIn = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user')) throw new ServiceError('UNAUTHENTICATED', 'signInFirst');
  await next();
});

/**
 * The signed-in user, typed non-null. Behind {@link requireSignIn} it never throws; it still checks,
 * so a route that forgot its guard answers 401 instead of reading `null.id`.
 */
export function requireUser(c: { get(key: 'user'): AuthUser | null }): AuthUser {
  const user = c.get('user');
  if (!user) throw new ServiceError('UNAUTHENTICATED', 'signInFirst');
  return user;
}

/** The signed-in account with its profile fields and balances (same query as the user; see `authenticate`). */
export function requireSession(c: { get(key: 'session'): SessionRow | null }): SessionRow {
  const session = c.get('session');
  if (!session) throw new ServiceError('UNAUTHENTICATED', 'signInFirst');
  return session;
}

export const requireAdmin = createMiddleware<AppEnv & { Variables: { user: AuthUser } }>(async (c, next) => {
  const user = c.get('user');
  if (!user) throw new ServiceError('UNAUTHENTICATED', 'signInFirst');
  if (user.role !== 'admin') throw new ServiceError('FORBIDDEN', 'forbidden');
  await next();
});
