import { sql } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { schema } from '@db/client';
import type { Config } from '../../env';

/**
 * Session versions. A password change, reset or e-mail change ends every session started before it
 * by moving the account's `sessionsValidFrom`; comparing that with a token's `iat` in whole seconds
 * let a sign-in with the old password that raced the change keep a token for its whole lifetime
 * (both landed in the same second). So each token also carries, as `sv`, the `sessionsValidFrom` it
 * was issued under, in milliseconds (0 for none), read from the same row as the credential it
 * checked; every change moves the value strictly forward (see {@link nextSessionsValidFrom}); and the
 * auth middleware refuses a token whose version is older than the account's.
 *
 * Signed like services/auth/tokens.ts (same header and claims, first configured key) plus `sv`, so
 * the same verifier accepts it.
 */
type SessionUser = { id: string; sessionsValidFrom: Date | null };

const encoder = new TextEncoder();

/** The version of the account's current sessions: `sessionsValidFrom` in ms, 0 before any change. */
export const sessionVersionOf = (user: Pick<SessionUser, 'sessionsValidFrom'>): number => user.sessionsValidFrom?.getTime() ?? 0;

export async function issueSessionToken(
  config: Config,
  user: SessionUser,
  now: Date,
  options: { unverifiedEmail?: boolean } = {},
): Promise<string> {
  const first = config.JWT_KEYS[0]!;
  const split = first.indexOf(':');
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sv: sessionVersionOf(user), ...(options.unverifiedEmail ? { uev: true } : {}) })
    .setProtectedHeader({ alg: 'HS256', kid: first.slice(0, split), typ: 'JWT' })
    .setSubject(user.id)
    .setIssuer(config.JWT_ISSUER)
    .setAudience(config.JWT_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + config.JWT_TTL_SECONDS)
    .sign(encoder.encode(first.slice(split + 1)));
}

/** The `sv` claim of a token the caller has already verified; undefined for a token issued without one. */
export function sessionVersionInToken(verifiedToken: string): number | undefined {
  const { sv } = decodeJwt(verifiedToken);
  return typeof sv === 'number' && Number.isSafeInteger(sv) ? sv : undefined;
}

/**
 * Whether a verified token still belongs to the account's current sessions. A token without `sv`
 * (issued before versions existed) stands only if issued in a later second than the last change,
 * which refuses the ambiguous same-second case rather than accepting it.
 */
export function sessionStillValid(
  token: { version: number | undefined; issuedAtSeconds: number },
  account: Pick<SessionUser, 'sessionsValidFrom'>,
): boolean {
  if (!account.sessionsValidFrom) return true;
  if (token.version !== undefined) return token.version >= account.sessionsValidFrom.getTime();
  return token.issuedAtSeconds * 1000 > account.sessionsValidFrom.getTime();
}

/**
 * The value that ends every current session: now, or 1 ms past the current value if that is not
 * earlier (two changes in the same millisecond, or a clock behind the stored value), so no token
 * issued under the previous value can pass.
 */
export const nextSessionsValidFrom = (now: Date) =>
  sql<Date>`greatest(${now.toISOString()}::timestamptz, ${schema.users.sessionsValidFrom} + interval '1 millisecond')`;
