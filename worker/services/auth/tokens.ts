import { SignJWT } from 'jose';
import { ServiceError } from '../../contract/errors';
import type { Config } from '../../env';
import { equalBytes, fromBase64Url, hmacSha256Sync } from '../../lib/bytes';

const encoder = new TextEncoder();

function keyring(config: Pick<Config, 'JWT_KEYS'>) {
  const keys = config.JWT_KEYS.map((entry) => {
    const split = entry.indexOf(':');
    return { kid: entry.slice(0, split), secret: encoder.encode(entry.slice(split + 1)) };
  });
  return { signing: keys[0]!, byKid: new Map(keys.map((k) => [k.kid, k.secret])) };
}

/**
 * Access tokens are HS256 JWTs whose `kid` names the key that signed them. The first configured key
 * signs; every configured key verifies, so a new key can be put first and the old one removed a
 * token lifetime later without signing anybody out.
 */
export async function issueAccessToken(
  config: Config,
  userId: string,
  now: Date,
  options: { unverifiedEmail?: boolean } = {},
): Promise<string> {
  const { signing } = keyring(config);
  const iat = Math.floor(now.getTime() / 1000);
  // `uev` marks a session started by password while nobody had proven the mailbox; once someone
  // proves it (code or Google), these sessions stop working (takeover defence, docs/decisions/007).
  return new SignJWT(options.unverifiedEmail ? { uev: true } : {})
    .setProtectedHeader({ alg: 'HS256', kid: signing.kid, typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(config.JWT_ISSUER)
    .setAudience(config.JWT_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + config.JWT_TTL_SECONDS)
    .sign(signing.secret);
}

export interface AccessTokenClaims {
  userId: string;
  /** Issued by a password sign-in while the account's e-mail was not verified. */
  unverifiedEmail: boolean;
  /** JWT `iat`: compared with the account's `sessionsValidFrom` (a password reset ends older sessions). */
  issuedAtSeconds: number;
}

/** Returns the user id of a valid token; any failure (bad signature, unknown kid, expired, wrong audience) is a 401. */
export async function verifyAccessToken(config: Config, token: string, now: Date): Promise<string> {
  return (await readAccessToken(config, token, now)).userId;
}

/** {@link verifyAccessToken} plus the claims the auth middleware checks against the current account. */
export async function readAccessToken(config: Config, token: string, now: Date): Promise<AccessTokenClaims> {
  const payload = verifyHs256(config, token, Math.floor(now.getTime() / 1000));
  if (!payload) throw new ServiceError('UNAUTHENTICATED', 'sessionExpired');
  return { userId: payload.sub, unverifiedEmail: payload.uev === true, issuedAtSeconds: payload.iat };
}

const decoder = new TextDecoder();
const keyrings = new WeakMap<object, ReturnType<typeof keyring>>();

const readJson = (part: string): Record<string, unknown> | undefined => {
  try {
    const value: unknown = JSON.parse(decoder.decode(fromBase64Url(part)));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Verifies an HS256 access token on the calling thread: signature under the key its `kid` names,
 * then issuer, audience, subject, issue time, expiry and not-before, as jose's jwtVerify checks them.
 * Written out because jose verifies through WebCrypto, which Node runs on libuv's small thread
 * pool: every signed-in request then queued behind image decodes (decision 022). Signing stays
 * with jose. Returns undefined for anything that is not a valid token.
 */
function verifyHs256(config: Config, token: string, nowSeconds: number) {
  let ring = keyrings.get(config);
  if (!ring) {
    ring = keyring(config);
    keyrings.set(config, ring);
  }
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = readJson(headerPart);
  if (header?.alg !== 'HS256' || header.crit !== undefined || typeof header.kid !== 'string') return undefined;
  const secret = ring.byKid.get(header.kid);
  if (!secret) return undefined;
  let signature: Uint8Array;
  try {
    signature = fromBase64Url(signaturePart);
  } catch {
    return undefined;
  }
  if (!equalBytes(hmacSha256Sync(secret, `${headerPart}.${payloadPart}`), signature)) return undefined;
  const claims = readJson(payloadPart);
  if (!claims) return undefined;
  const { iss, aud, sub, iat, exp, nbf } = claims;
  const audiences = Array.isArray(aud) ? aud : [aud];
  if (iss !== config.JWT_ISSUER || !audiences.includes(config.JWT_AUDIENCE)) return undefined;
  if (typeof sub !== 'string' || sub === '' || typeof iat !== 'number' || typeof exp !== 'number') return undefined;
  if (exp <= nowSeconds || (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowSeconds))) return undefined;
  return { sub, iat, uev: claims.uev };
}
