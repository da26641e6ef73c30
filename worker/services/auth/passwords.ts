import { scryptAsync } from '@noble/hashes/scrypt.js';
import { base64ToBytes, bytesToBase64 } from '../../lib/bytes';

/**
 * Password hashing with scrypt from @noble/hashes: pure JS, so the same code runs in Node and on
 * Workers (where node:crypto's scrypt is not available and WebCrypto has no memory-hard KDF).
 * The stored string names its own parameters (`scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`), so the
 * cost can be raised later and old hashes still verify. docs/decisions/007-accounts.md.
 */
export const PASSWORD_KDF = { logN: 15, r: 8, p: 1, dkLen: 32, saltBytes: 16 } as const;

const b64 = bytesToBase64;
const unb64 = base64ToBytes;

/** Refuse stored parameters that would make one verification absurdly expensive (a corrupted or hostile row). */
const MAX_LOG_N = 20;

async function derive(password: string, salt: Uint8Array, logN: number, r: number, p: number, dkLen: number) {
  // The async variant yields to the event loop every few ms, so a login does not stall other requests on Node.
  return scryptAsync(password.normalize('NFKC'), salt, { N: 2 ** logN, r, p, dkLen });
}

export async function hashPassword(password: string): Promise<string> {
  const { logN, r, p, dkLen, saltBytes } = PASSWORD_KDF;
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

/** True when `password` matches `stored`; a malformed stored string never matches (and never throws). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStoredHash(stored);
  if (!parsed) return false;
  const derived = await derive(password, parsed.salt, parsed.logN, parsed.r, parsed.p, parsed.hash.length);
  return sameBytes(derived, parsed.hash);
}

/** True when a stored hash uses weaker parameters than today's, so it can be re-hashed at the next sign-in. */
export function needsRehash(stored: string): boolean {
  const parsed = parseStoredHash(stored);
  return !parsed || parsed.logN < PASSWORD_KDF.logN || parsed.r !== PASSWORD_KDF.r || parsed.p !== PASSWORD_KDF.p;
}

/**
 * A valid hash of a password nobody knows, with today's parameters. Unknown e-mails and accounts
 * without a password are checked against it, so they take as long as a wrong password and the
 * response time does not tell which e-mails have accounts.
 */
export const DUMMY_PASSWORD_HASH = 'scrypt$15$8$1$EuS2C6He1WJUzk9F6JO2kQ==$KB/1+YjJPAeVxRGfVwxWwpWQ9JRO+OExW63VcW0DWsI=';
