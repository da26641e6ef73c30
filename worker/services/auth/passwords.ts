import { scrypt } from 'node:crypto';
import { base64ToBytes, bytesToBase64 } from '../../lib/bytes';

/**
 * Password hashing with node:crypto's scrypt, which Node and Workers (`nodejs_compat`) both implement
 * natively: WebCrypto has no memory-hard KDF, and a pure-JS scrypt costs the Worker script ≈ 5 KB gz
 * and each sign-in several times the CPU (decision 071). Same inputs, same bytes as any other scrypt,
 * so hashes stored earlier (by @noble/hashes) still verify.
 * The stored string names its own parameters (`scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`), so a hash
 * verifies under whatever cost the server is configured with today: the cost can be raised later,
 * and old hashes still verify. docs/decisions/007-accounts.md, docs/decisions/029-suite-time.md.
 */
export interface PasswordKdf {
  logN: number;
  r: number;
  p: number;
  dkLen: number;
  saltBytes: number;
}

/** Production parameters: PASSWORD_KDF_LOG_N's default (worker/env.ts), and what APP_ENV=production may not go below. */
export const PASSWORD_KDF: Readonly<PasswordKdf> = { logN: 15, r: 8, p: 1, dkLen: 32, saltBytes: 16 };

/** The parameters new hashes get under this configuration: only the work factor N is configurable. */
export function passwordKdf(config: { PASSWORD_KDF_LOG_N: number }): PasswordKdf {
  return { ...PASSWORD_KDF, logN: config.PASSWORD_KDF_LOG_N };
}

const b64 = bytesToBase64;
const unb64 = base64ToBytes;

/** Refuse stored parameters that would make one verification absurdly expensive (a corrupted or hostile row). */
const MAX_LOG_N = 20;

function derive(password: string, salt: Uint8Array, logN: number, r: number, p: number, dkLen: number) {
  const N = 2 ** logN;
  // scrypt needs ≈ 128·r·(N + p + 2) bytes; maxmem (32 MiB by default, exactly what N = 2^15, r = 8
  // asks for) is set from the parameters, up to 1 GiB as @noble/hashes allowed: a row asking for
  // more fails instead of allocating gigabytes.
  const maxmem = Math.min(256 * r * (N + p), 2 ** 30 + 2 ** 20);
  // The callback form runs off the main thread on Node, so a login does not stall other requests.
  return new Promise<Uint8Array>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, dkLen, { N, r, p, maxmem }, (error, key) =>
      error ? reject(error) : resolve(new Uint8Array(key)),
    ),
  );
}

export async function hashPassword(password: string, kdf: PasswordKdf): Promise<string> {
  const { logN, r, p, dkLen, saltBytes } = kdf;
  const salt = crypto.getRandomValues(new Uint8Array(saltBytes));
  const hash = await derive(password, salt, logN, r, p, dkLen);
  return `scrypt$${logN}$${r}$${p}$${b64(salt)}$${b64(hash)}`;
}

/** Constant-time: the time taken does not depend on how many leading bytes matched. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

interface StoredHash {
  logN: number;
  r: number;
  p: number;
  salt: Uint8Array;
  hash: Uint8Array;
}

/** Reads a stored hash string; null when it is malformed or asks for absurd parameters (a corrupted or hostile row). */
export function parseStoredHash(stored: string): StoredHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![logN, r, p].every((n) => Number.isInteger(n) && n > 0) || logN > MAX_LOG_N || r > 32 || p > 16) return null;
  try {
    const salt = unb64(parts[4]!);
    const hash = unb64(parts[5]!);
    if (salt.length < 8 || hash.length < 16 || hash.length > 64) return null;
    return { logN, r, p, salt, hash };
  } catch {
    return null;
  }
}

/**
 * True when `password` matches `stored`; a malformed stored string never matches (and never throws).
 * The stored parameters decide the cost, not the configuration: a hash made under another setting still verifies.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStoredHash(stored);
  if (!parsed) return false;
  const derived = await derive(password, parsed.salt, parsed.logN, parsed.r, parsed.p, parsed.hash.length);
  return sameBytes(derived, parsed.hash);
}

/** True when a stored hash uses weaker parameters than `kdf`, so it can be re-hashed at the next sign-in. */
export function needsRehash(stored: string, kdf: PasswordKdf): boolean {
  const parsed = parseStoredHash(stored);
  return !parsed || parsed.logN < kdf.logN || parsed.r !== kdf.r || parsed.p !== kdf.p;
}

/** 16 fixed salt bytes for {@link dummyPasswordHash}. */
const DUMMY_SALT = b64(new Uint8Array(16).fill(0x5a));

/**
 * A well-formed hash with `kdf`'s parameters that no password matches (its stored value is all
 * zeros, which scrypt does not output in practice). Unknown e-mails and accounts without a password
 * are checked against it, so they cost one real scrypt run at today's parameters, as long as a wrong
 * password, and the response time does not tell which e-mails have accounts.
 */
export function dummyPasswordHash(kdf: PasswordKdf): string {
  return `scrypt$${kdf.logN}$${kdf.r}$${kdf.p}$${DUMMY_SALT}$${b64(new Uint8Array(kdf.dkLen))}`;
}
