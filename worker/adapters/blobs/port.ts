/** The blob port: filesystem.ts (embedded), r2.ts (Workers). */

export interface StoredBlob {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  size: number;
  /** When it was written (the file's mtime, R2's `uploaded`): Last-Modified and the ETag of /api/files. */
  writtenAt?: Date;
}

/** One stored blob as a listing names it. */
export interface BlobListing {
  key: string;
  size: number;
  /** When the blob was written (the file's mtime, R2's `uploaded`): sweeps of orphaned files spare recent ones. */
  writtenAt?: Date;
}

export interface BlobStore {
  put(key: string, body: Uint8Array | ReadableStream<Uint8Array>, options: { contentType: string }): Promise<void>;
  get(key: string): Promise<StoredBlob | null>;
  delete(key: string): Promise<void>;
  /**
   * Every blob whose key starts with `prefix` (all pages), in no particular order. For whole-prefix
   * work such as an account's deletion: `users/<id>/` holds files no record points at (uploads).
   */
  list(prefix: string): Promise<BlobListing[]>;
}
