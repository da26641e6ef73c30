import type { BlobStore } from '../../ports';
import type { BlobListing } from './port';

/** The slice of Cloudflare's R2Bucket binding this adapter uses (kept local so no workers-types dependency is needed). */
export interface R2BucketLike {
  put(
    key: string,
    value: ReadableStream | ArrayBuffer | Uint8Array,
    options?: { httpMetadata?: { contentType?: string } },
  ): Promise<unknown>;
  get(key: string): Promise<{ body: ReadableStream; size: number; uploaded?: Date; httpMetadata?: { contentType?: string } } | null>;
  delete(key: string): Promise<void>;
  list(options: { prefix?: string; cursor?: string; limit?: number }): Promise<{
    objects: { key: string; size: number; uploaded?: Date }[];
    truncated: boolean;
    cursor?: string;
  }>;
}

export function createR2BlobStore(bucket: R2BucketLike): BlobStore {
  return {
    async put(key, body, { contentType }) {
      await bucket.put(key, body, { httpMetadata: { contentType } });
    },
    async get(key) {
      const object = await bucket.get(key);
      if (!object) return null;
      return {
        body: object.body,
        size: object.size,
        contentType: object.httpMetadata?.contentType ?? 'application/octet-stream',
        writtenAt: object.uploaded,
      };
    },
    delete: (key) => bucket.delete(key),
    async list(prefix) {
      // R2 answers up to 1000 keys a page; a truncated page carries the cursor of the next one.
      const found: BlobListing[] = [];
      let cursor: string | undefined;
      do {
        const page = await bucket.list({ prefix, cursor });
        for (const object of page.objects) found.push({ key: object.key, size: object.size, writtenAt: object.uploaded });
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor);
      return found;
    },
  };
}
