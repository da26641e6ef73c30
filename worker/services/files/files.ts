import { ServiceError } from '../../contract/errors';
import type { AuthUser } from '../../lib/hono-env';
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

export async function readFile(blobs: BlobStore, key: string, viewer: AuthUser | null): Promise<StoredBlob & { public: boolean }> {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new ServiceError('NOT_FOUND', 'File not found');
  const isPublic = key.startsWith('public/');
  if (!isPublic) {
    const owner = key.split('/')[1];
    // 404 rather than 403, so a private file's existence is not revealed to others.
    if (!viewer || viewer.id !== owner) throw new ServiceError('NOT_FOUND', 'File not found');
  }
  const blob = await blobs.get(key);
  if (!blob) throw new ServiceError('NOT_FOUND', 'File not found');
  return { ...blob, public: isPublic };
}
