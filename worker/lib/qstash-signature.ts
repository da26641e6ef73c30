import { jwtVerify, SignJWT } from 'jose';
import { sha256, toBase64Url } from './bytes';

const bodyHash = async (body: string) => toBase64Url(await sha256(body));
const keyBytes = (key: string) => new TextEncoder().encode(key);

/**
 * Builds the `Upstash-Signature` header exactly as QStash does (HS256 JWT: iss "Upstash", sub = the
 * destination URL, body = base64url SHA-256 of the body). The in-process dispatcher signs with it, so
 * the job callback route runs the very same {@link verifyQstashSignature} in embedded mode and in
 * production.
 */
export async function signLikeQstash(input: { url: string; body: string; signingKey: string; now?: Date }): Promise<string> {
  const iat = Math.floor((input.now ?? new Date()).getTime() / 1000);
  return new SignJWT({ body: await bodyHash(input.body) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('Upstash')
    .setSubject(input.url)
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(iat + 300)
    .setJti(crypto.randomUUID())
    .sign(keyBytes(input.signingKey));
}

/**
 * Checks an `Upstash-Signature` as QStash's own `Receiver.verify` does (its rules, without its
 * package in the Worker): a valid, unexpired HS256 JWT from issuer "Upstash" under the current
 * signing key, or the next one during a key rotation; its subject is this URL; its body claim is the
 * SHA-256 of the exact body (trailing base64 padding ignored).
 */
export async function verifyQstashSignature(input: {
  signature: string;
  body: string;
  url: string;
  currentSigningKey: string;
  nextSigningKey: string;
}): Promise<boolean> {
  const payloadUnder = (key: string) =>
    jwtVerify(input.signature, keyBytes(key), { issuer: 'Upstash', algorithms: ['HS256'] }).then(
      (verified) => verified.payload,
      () => undefined,
    );
  const payload = (await payloadUnder(input.currentSigningKey)) ?? (await payloadUnder(input.nextSigningKey));
  if (!payload || payload.sub !== input.url || typeof payload.body !== 'string') return false;
  return payload.body.replace(/=+$/, '') === (await bodyHash(input.body)).replace(/=+$/, '');
}
