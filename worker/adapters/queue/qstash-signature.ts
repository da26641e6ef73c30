import { SignJWT } from 'jose';

const encoder = new TextEncoder();

async function bodyHash(body: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(body)));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

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
    .sign(encoder.encode(input.signingKey));
}
