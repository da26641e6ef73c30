import { errors as joseErrors, jwtVerify, SignJWT, type JWTVerifyGetKey } from 'jose';
import { ServiceError } from '../../contract/errors';
import type { Config } from '../../env';

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

/**
 * HMAC keys imported once per config (issue 17): a raw secret would be re-imported into WebCrypto
 * on every verification, which was a visible share of each authenticated request.
 */
const importedKeys = new WeakMap<object, Promise<Map<string, CryptoKey>>>();
function verifyKeys(config: Pick<Config, 'JWT_KEYS'>) {
  let keys = importedKeys.get(config);
  if (!keys) {
    const { byKid } = keyring(config);
    keys = Promise.all(
      [...byKid].map(
        async ([kid, secret]) =>
          [kid, await crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify'])] as const,
      ),
    ).then((entries) => new Map(entries));
    importedKeys.set(config, keys);
  }
  return keys;
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
  const byKid = await verifyKeys(config);
  const getKey: JWTVerifyGetKey = (header) => {
    const key = header.kid ? byKid.get(header.kid) : undefined;
    if (!key) throw new joseErrors.JWKSNoMatchingKey();
    return key;
  };
  try {
    const { payload } = await jwtVerify(token, getKey, {
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      algorithms: ['HS256'],
      requiredClaims: ['sub', 'exp', 'iat'],
      currentDate: now,
    });
    return {
      userId: payload.sub!,
      unverifiedEmail: payload.uev === true,
      issuedAtSeconds: typeof payload.iat === 'number' ? payload.iat : 0,
    };
  } catch {
    throw new ServiceError('UNAUTHENTICATED', 'Login session expired, please sign in again');
  }
}
