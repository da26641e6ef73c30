import { SignJWT } from 'jose';
import { sha256, toBase64Url } from '../../lib/bytes';

const bodyHash = async (body: string) => toBase64Url(await sha256(body));

/**
 * Builds the `Upstash-Signature` header exactly as QStash does (HS256 JWT: iss "Upstash", sub = the
 * destination URL, body = base64url SHA-256 of the body). The in-process dispatcher signs with it, so
 * the job callback route runs the very same `Receiver.verify` in embedded mode and in production.
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
    .sign(new TextEncoder().encode(input.signingKey));
}
