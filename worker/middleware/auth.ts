import { createMiddleware } from 'hono/factory';
import { ServiceError } from '../contract/errors';
import type { AppEnv, AuthUser } from '../http/hono-env';
import { loadSession, type SessionClaims, type SessionRow } from '../services/auth/sessions';
import { sessionStillValid, sessionVersionInToken } from '../services/auth/session-tokens';
import { readAccessToken } from '../services/auth/tokens';

/**
 * Routes whose own statement checks the session row, with the same rules and answers as
 * {@link checkSession} (a spend: migration 0024, `credit_apply_movement_in_session`), so the request
 * makes one round trip instead of two. They get `c.var.sessionClaims` instead of `user`/`session`.
 */
const SESSION_CHECKED_BY_ROUTE = new Set(['POST /api/credits/consume']);

/**
 * Reads `Authorization: Bearer <jwt>` into `c.var.user` (and the same row with balances into
 * `c.var.session`). A present but bad token is a 401 (the SPA then clears its session, spec §8);
 * no token leaves `user` null for public routes.
 */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', null);
  c.set('session', null);
  c.set('sessionClaims', null);
  const header = c.req.header('authorization');
  if (!header) return next();
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new ServiceError('UNAUTHENTICATED', 'authFailed');
  const { config, db, clock } = c.get('deps');
  const token = match[1]!;
  const { userId, unverifiedEmail, issuedAtSeconds } = await readAccessToken(config, token, clock.now());
  const claims: SessionClaims = { userId, unverifiedEmail, issuedAtSeconds, version: sessionVersionInToken(token), checked: false };
  if (SESSION_CHECKED_BY_ROUTE.has(`${c.req.method} ${c.req.path}`)) {
    c.set('sessionClaims', claims);
    await next();
    // The route answered without its statement (a malformed query, an error before it): the check it
    // did not make is made now, and a refused session's 401 replaces whatever the route answered.
    if (!claims.checked) await checkSession(db, claims);
    return;
  }
  const session = await checkSession(db, claims);
  c.set('user', { id: session.id, email: session.email, role: session.role });
  c.set('session', session);
  await next();
});

/**
 * The account behind a verified token, loaded on every request so a deleted or demoted account loses
 * access at once, not at token expiry; a 401 if the token no longer stands for it.
 */
async function checkSession(db: Parameters<typeof loadSession>[0], claims: SessionClaims): Promise<SessionRow> {
  const [session] = await loadSession(db, claims.userId);
  // A deleted account can do nothing, whatever its token says and whatever happened to the row since.
  if (!session || session.deletedAt) throw new ServiceError('UNAUTHENTICATED', 'authFailed');
  // A password session from before the mailbox was proven ends when someone proves it (takeover defence).
  if (claims.unverifiedEmail && session.emailVerified) throw new ServiceError('UNAUTHENTICATED', 'sessionExpired');
  // A password change or reset and an e-mail change void every token of an older session version.
  if (!sessionStillValid({ version: claims.version, issuedAtSeconds: claims.issuedAtSeconds }, session)) {
    throw new ServiceError('UNAUTHENTICATED', 'sessionExpired');
  }
  return session;
}

/**
 * Guards a group of routes: a 401 unless signed in. Handlers then read the user with {@link requireUser}
 * (a route that checks the session in its own statement reads `c.var.sessionClaims` instead).
 */
export const requireSignIn = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user') && !c.get('sessionClaims')) throw new ServiceError('UNAUTHENTICATED', 'signInFirst');
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
