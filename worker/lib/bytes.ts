/**
 * The one home of byte encodings and MACs for the Worker and Node code (issue 18): base64url via
 * jose, standard base64 for providers that want it, HMAC-SHA-256 and SHA-256 over WebCrypto. The one
 * image sniffer is lib/images/inspect.ts (`sniffImageType`), re-exported here.
 */
import { base64url } from 'jose';

export { sniffImageType, type ImageType } from './images/inspect';

const encoder = new TextEncoder();
const bytesOf = (data: string | Uint8Array) => (typeof data === 'string' ? encoder.encode(data) : data);

/** base64url without padding (JWT, signed URLs, QStash body hashes). */
export const toBase64Url = (data: string | Uint8Array): string => base64url.encode(data);
export const fromBase64Url = (text: string): Uint8Array => base64url.decode(text);

/** Standard base64 (Gemini's inline_data). Chunked: a spread of megabytes would overflow the stack. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Decodes standard or URL-safe base64, padded or not (either may come back from a provider). Throws on garbage. */
export function base64ToBytes(base64: string): Uint8Array {
  const normalised = base64
    .replace(/[\s=]+/g, '')
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const binary = atob(normalised + '='.repeat((4 - (normalised.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export async function sha256(data: string | Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytesOf(data) as BufferSource));
}

/** HMAC-SHA-256 of `message` under `secret`. */
export async function hmacSha256(secret: string | Uint8Array, message: string | Uint8Array): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', bytesOf(secret) as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, bytesOf(message) as BufferSource));
}

/** Compares two MACs in time independent of where they differ. */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}
