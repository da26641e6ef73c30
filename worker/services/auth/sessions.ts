import { eq, sql } from 'drizzle-orm';
import { schema, type Db } from '@db/client';

const u = schema.users;
const a = schema.creditAccounts;

/**
 * The signed-in account and its cached credit balances in ONE indexed round trip: the
 * user row is needed on every authenticated request anyway, and the balance row joins on the same
 * key, so `GET /credits/balance` and `GET /users/me` need no second query. Prepared once per
 * database instance (a named statement on pg, parsed once per connection).
 */
const sessionQueries = new WeakMap<Db, ReturnType<typeof prepareSessionQuery>>();
function prepareSessionQuery(db: Db) {
  return db
    .select({
      id: u.id,
      email: u.email,
      name: u.name,
      emailVerified: u.emailVerified,
      avatarUrl: u.avatarUrl,
      role: u.role,
      authProvider: u.authProvider,
      createdAt: u.createdAt,
      // Tokens of an older session version are void (password change or reset, e-mail change).
      sessionsValidFrom: u.sessionsValidFrom,
      deletedAt: u.deletedAt,
      freeBalance: a.freeBalance,
      paidBalance: a.paidBalance,
      subscriptionBalance: a.subscriptionBalance,
      totalEarned: a.totalEarned,
      totalSpent: a.totalSpent,
    })
    .from(u)
    .leftJoin(a, eq(a.userId, u.id))
    .where(eq(u.id, sql.placeholder('userId')))
    .prepare('auth_session');
}

export type SessionRow = Awaited<ReturnType<ReturnType<typeof prepareSessionQuery>['execute']>>[number];

export function loadSession(db: Db, userId: string): Promise<SessionRow[]> {
  let query = sessionQueries.get(db);
  if (!query) {
    query = prepareSessionQuery(db);
    sessionQueries.set(db, query);
  }
  return query.execute({ userId });
}

/**
 * A verified access token's claims, for a route that checks the session row in its own statement
 * instead of the auth middleware's query (see `authenticate`). `checked` is set once that statement
 * has answered; until then the middleware still owes the request the usual check.
 */
export interface SessionClaims {
  userId: string;
  /** Issued by a password sign-in while the account's e-mail was not verified (`uev`). */
  unverifiedEmail: boolean;
  issuedAtSeconds: number;
  /** The token's session version (`sv`, ms), undefined for a token issued without one. */
  version: number | undefined;
  checked: boolean;
}
