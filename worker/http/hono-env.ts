import type { AuthUser } from '../contract/auth-user';
import type { SessionClaims, SessionRow } from '../services/auth/sessions';
import type { AppDeps } from '../ports';

export type { AuthUser };

/** Hono's typing for every route and middleware of the app. */
export interface AppEnv {
  Variables: {
    deps: AppDeps;
    requestId: string;
    user: AuthUser | null;
    /** The same account as `user` with its profile fields and cached balances, read in the same query. */
    session: SessionRow | null;
    /** A verified token whose session row the route's own statement checks (worker/middleware/auth.ts). */
    sessionClaims: SessionClaims | null;
  };
}
