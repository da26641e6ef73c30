/**
 * The one home of byte encodings and MACs for the Worker and Node code: base64url via
 * jose, standard base64 for providers that want it, hex for signatures in headers, HMAC-SHA-256,
 * SHA-256 and SHA-1, a constant-time comparison. The one image sniffer is lib/images/inspect.ts
 * (`sniffImageType`), re-exported here.
 *
 * Small inputs (tokens, signed URLs, ETags) are hashed on the calling thread with node:crypto's
 * createHash and createHmac (native and synchronous in Node and in Workers under nodejs_compat):
 * Node runs every WebCrypto call on libuv's four-thread pool, where it queued behind image decodes
 * and made signed-in requests wait tens of seconds during an upload burst (decision 022). Large
 * inputs still go to WebCrypto, off the event loop. node:crypto rather than a pure-JS hash keeps
 * ≈ 2 KB gz out of the Worker script (decision 071).
 */
import { createHash, createHmac } from 'node:crypto';
import { base64url } from 'jose';

export { sniffImageType, type ImageType } from './images/inspect';

const encoder = new TextEncoder();
const bytesOf = (data: string | Uint8Array) => (typeof data === 'string' ? encoder.encode(data) : data);

/** base64url without padding (JWT, signed URLs, QStash body hashes). */
export const toBase64Url = (data: string | Uint8Array): string => base64url.encode(data);
export const fromBase64Url = (text: string): Uint8Array => base64url.decode(text);

/**
 * Standard base64, padded (Gemini's inline_data, the engine wire, stored password hashes, HTTP Basic
 * credentials; a string is taken as its UTF-8 bytes). Chunked: a spread of megabytes would overflow
 * the stack.
 */
export function bytesToBase64(data: string | Uint8Array): string {
  const bytes = bytesOf(data);
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

/** Lowercase hex (signature headers, digests stored as text). */
export const toHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** Hex of either case back to bytes; undefined unless it is whole bytes of hex digits (a refused signature, not a throw). */
export function fromHex(hex: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(hex)) return undefined;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** Below this many bytes a hash costs microseconds on the calling thread (see the file comment). */
const ON_THREAD_BYTES = 64 * 1024;

/** A node:crypto digest as a plain Uint8Array of its own (not a Buffer, which may be a view of a shared pool). */
const own = (digest: Uint8Array) => new Uint8Array(digest);
const sha256Sync = (bytes: Uint8Array) => own(createHash('sha256').update(bytes).digest());

export async function sha256(data: string | Uint8Array): Promise<Uint8Array> {
  const bytes = bytesOf(data);
  if (bytes.length <= ON_THREAD_BYTES) return sha256Sync(bytes);
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as BufferSource));
}

/** SHA-1: only for ETags, where it names content and guards nothing. */
export async function sha1(data: string | Uint8Array): Promise<Uint8Array> {
  const bytes = bytesOf(data);
  if (bytes.length <= ON_THREAD_BYTES) return own(createHash('sha1').update(bytes).digest());
  return new Uint8Array(await crypto.subtle.digest('SHA-1', bytes as BufferSource));
}

/** HMAC-SHA-256 of `message` under `secret`, on the calling thread (the messages are small). */
export function hmacSha256Sync(secret: string | Uint8Array, message: string | Uint8Array): Uint8Array {
  return own(createHmac('sha256', bytesOf(secret)).update(bytesOf(message)).digest());
}

/** HMAC-SHA-256 of `message` under `secret`. */
export async function hmacSha256(secret: string | Uint8Array, message: string | Uint8Array): Promise<Uint8Array> {
  return hmacSha256Sync(secret, message);
}

/** Compares two MACs in time independent of where they differ. */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}
