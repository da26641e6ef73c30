import { ServiceError } from '../../contract/errors';
import { equalBytes, hmacSha256, sha256, toBase64Url } from '../../lib/bytes';
import type { AuthUser } from '../../contract/auth-user';
import type { BlobStore, StoredBlob } from '../../ports';

/**
 * Blob keys say who may read them: `public/…` is anyone's (showcase, avatars); `users/<userId>/…`
 * only its owner's (private generation results and uploads). Anything else is never served.
 */
export const blobKeys = {
  publicAvatar: (userId: string, name: string) => `public/avatars/${userId}/${name}`,
  userFile: (userId: string, kind: 'uploads' | 'results', name: string) => `users/${userId}/${kind}/${name}`,
};

/** The URL the SPA uses for a blob key. */
export const fileUrl = (key: string) => `/api/files/${key}`;

const SAFE_KEY = /^(public|users)\/[A-Za-z0-9_\-./]+$/;
const DAY_MS = 24 * 3600 * 1000;

/** 18 bytes of the MAC, base64url: 24 characters, short enough for every URL of a page. */
const encoder = new TextEncoder();

const hmac = async (secret: string, message: string) => toBase64Url((await hmacSha256(secret, message)).subarray(0, 18));

/**
 * `<img>` tags cannot send a bearer token, so private file URLs handed to their owner carry an
 * expiring signature. Expiry is rounded up to the next day boundary (1–2 days ahead), so a URL
 * stays the same all day and the browser cache keeps working.
 */
export async function presentFileUrl(secret: string, url: string | null, now: Date): Promise<string | null> {
  if (!url?.startsWith('/api/files/users/')) return url;
  const exp = (Math.ceil((now.getTime() + DAY_MS) / DAY_MS) * DAY_MS) / 1000;
  const key = url.slice('/api/files/'.length);
  return `${url}?exp=${exp}&sig=${await hmac(secret, `${key}\n${exp}`)}`;
}

export async function readFile(
  blobs: BlobStore,
  key: string,
  viewer: AuthUser | null,
  grant?: { secret: string; exp?: string; sig?: string; now: Date },
): Promise<StoredBlob & { public: boolean }> {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new ServiceError('NOT_FOUND', 'fileNotFound');
  const isPublic = key.startsWith('public/');
  if (!isPublic) {
    const owner = key.split('/')[1];
    const signed =
      grant?.exp &&
      grant.sig &&
      Number(grant.exp) * 1000 > grant.now.getTime() &&
      equalBytes(encoder.encode(await hmac(grant.secret, `${key}\n${grant.exp}`)), encoder.encode(grant.sig));
    // 404 rather than 403, so a private file's existence is not revealed to others.
    if (!signed && (!viewer || viewer.id !== owner)) throw new ServiceError('NOT_FOUND', 'fileNotFound');
  }
  const blob = await blobs.get(key);
  if (!blob) throw new ServiceError('NOT_FOUND', 'fileNotFound');
  return { ...blob, public: isPublic };
}

/**
 * A strong validator for a stored file: a digest of its key, size and write time. Keys are never
 * rewritten with other bytes under the same write time, so equal tags mean equal bytes.
 */
export async function fileEtag(key: string, blob: Pick<StoredBlob, 'size' | 'writtenAt'>): Promise<string> {
  return `"${toBase64Url((await sha256(`${key}\n${blob.size}\n${blob.writtenAt?.getTime() ?? ''}`)).subarray(0, 18))}"`;
}

/**
 * Whether the client's copy is current (RFC 9110 §13.1): `If-None-Match` decides when sent (weak
 * comparison, `*` matches anything), else `If-Modified-Since` against the write time, to the second.
 */
export function clientHasCurrent(
  request: { ifNoneMatch?: string; ifModifiedSince?: string },
  etag: string,
  writtenAt: Date | undefined,
): boolean {
  if (request.ifNoneMatch !== undefined) {
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
    return request.ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
  }
  if (!request.ifModifiedSince || !writtenAt) return false;
  const since = Date.parse(request.ifModifiedSince);
  return Number.isFinite(since) && Math.floor(writtenAt.getTime() / 1000) * 1000 <= since;
}
