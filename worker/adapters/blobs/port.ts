/** The blob port: filesystem.ts (embedded), r2.ts (Workers). */

export interface StoredBlob {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  size: number;
}

export interface BlobStore {
  put(key: string, body: Uint8Array | ReadableStream<Uint8Array>, options: { contentType: string }): Promise<void>;
  get(key: string): Promise<StoredBlob | null>;
  delete(key: string): Promise<void>;
}
