import type { SessionRow } from '../services/auth/sessions';
import type { AppDeps } from '../ports';

/** The signed-in user as routes see it (loaded fresh from the database on every request). */
export interface AuthUser {
  id: string;
  email: string;
  role: 'user' | 'admin';
}

/** Hono's typing for every route and middleware of the app. */
export interface AppEnv {
  Variables: {
    deps: AppDeps;
    requestId: string;
    user: AuthUser | null;
    /** The same account as `user` with its profile fields and cached balances, read in the same query. */
    session: SessionRow | null;
  };
}
