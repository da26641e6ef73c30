import { hmacSha256, toHex } from '../../lib/bytes';

/** A six-digit code from the CSPRNG, without modulo bias (rejection sampling). */
export function generateLoginCode(): string {
  const limit = Math.floor(0x1_0000_0000 / 1_000_000) * 1_000_000;
  const buf = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buf);
    if (buf[0]! < limit) return String(buf[0]! % 1_000_000).padStart(6, '0');
  }
}

/**
 * HMAC of the code, peppered with AUTH_SECRET and bound to the e-mail: a leaked table cannot be
 * brute-forced offline (10^6 codes) without the secret, and a code cannot be replayed for another e-mail.
 */
export async function hashLoginCode(secret: string, email: string, code: string): Promise<string> {
  return toHex(await hmacSha256(secret, `${email}\n${code}`));
}

/** Constant-time comparison of two hex digests, so response timing does not leak how many characters matched. */
export function sameDigest(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
