import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFilesystemBlobStore } from './filesystem';
import { createR2BlobStore, type R2BucketLike } from './r2';

/** `list(prefix)` on both blob adapters (deletion removes everything under an account's prefix). */
const dir = mkdtempSync(join(tmpdir(), 'blobs-list-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bytes = (n: number) => new Uint8Array(n).fill(7);
/** Key and size in key order; `writtenAt` (the file's mtime) is checked on its own. */
const sorted = (listing: { key: string; size: number }[]) =>
  [...listing].map(({ key, size }) => ({ key, size })).sort((a, b) => a.key.localeCompare(b.key));

describe('filesystem blob store: list', () => {
  const store = createFilesystemBlobStore(dir);

  it('lists every key under a prefix, at any depth, with its size, and not the content-type sidecars', async () => {
    await store.put('users/u1/uploads/a.png', bytes(3), { contentType: 'image/png' });
    await store.put('users/u1/results/deep/b.webp', bytes(5), { contentType: 'image/webp' });
    await store.put('users/u10/uploads/c.png', bytes(1), { contentType: 'image/png' });
    await store.put('public/avatars/u1/me.webp', bytes(2), { contentType: 'image/webp' });
    expect(sorted(await store.list('users/u1/'))).toEqual([
      { key: 'users/u1/results/deep/b.webp', size: 5 },
      { key: 'users/u1/uploads/a.png', size: 3 },
    ]);
    // A prefix that is not a whole folder name still matches by key.
    expect(sorted(await store.list('users/u1')).map((b) => b.key)).toEqual([
      'users/u1/results/deep/b.webp',
      'users/u1/uploads/a.png',
      'users/u10/uploads/c.png',
    ]);
    const started = Date.now() - 60_000;
    for (const { writtenAt } of await store.list('users/u1/')) expect(writtenAt!.getTime()).toBeGreaterThan(started);
    expect(await store.list('users/nobody/')).toEqual([]);
    expect((await store.list('')).length).toBe(4);
  });

  it('no longer lists what was deleted', async () => {
    for (const { key } of await store.list('users/u1/')) await store.delete(key);
    expect(await store.list('users/u1/')).toEqual([]);
    expect(sorted(await store.list('users/u10/'))).toEqual([{ key: 'users/u10/uploads/c.png', size: 1 }]);
  });

  it('refuses a prefix that leaves the store', async () => {
    await expect(store.list('../elsewhere/')).rejects.toThrow(/escapes the store/);
  });
});

/** An in-memory stand-in for the R2 binding: pages of `limit` keys, in key order, with a cursor. */
function fakeBucket(pageSize = 2) {
  const objects = new Map<string, Uint8Array>();
  const calls: { prefix?: string; cursor?: string }[] = [];
  const bucket: R2BucketLike = {
    async put(key, value) {
      objects.set(key, value instanceof Uint8Array ? value : new Uint8Array(value as ArrayBuffer));
      return null;
    },
    async get(key) {
      const body = objects.get(key);
      return body ? { body: new Blob([Buffer.from(body)]).stream(), size: body.length } : null;
    },
    async delete(key) {
      objects.delete(key);
    },
    async list({ prefix = '', cursor }) {
      calls.push({ prefix, cursor });
      const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
      const start = cursor ? Number(cursor) : 0;
      const page = keys.slice(start, start + pageSize);
      const truncated = start + pageSize < keys.length;
      return {
        objects: page.map((key) => ({ key, size: objects.get(key)!.length })),
        truncated,
        ...(truncated ? { cursor: String(start + pageSize) } : {}),
      };
    },
  };
  return { bucket, calls };
}

describe('R2 blob store: list', () => {
  it('follows the cursor through every page', async () => {
    const { bucket, calls } = fakeBucket(2);
    const store = createR2BlobStore(bucket);
    for (const [i, key] of ['users/u1/a', 'users/u1/b', 'users/u1/c', 'users/u1/d', 'users/u1/e', 'users/u2/a'].entries())
      await store.put(key, bytes(i + 1), { contentType: 'image/png' });
    expect(sorted(await store.list('users/u1/'))).toEqual([
      { key: 'users/u1/a', size: 1 },
      { key: 'users/u1/b', size: 2 },
      { key: 'users/u1/c', size: 3 },
      { key: 'users/u1/d', size: 4 },
      { key: 'users/u1/e', size: 5 },
    ]);
    expect(calls).toEqual([
      { prefix: 'users/u1/', cursor: undefined },
      { prefix: 'users/u1/', cursor: '2' },
      { prefix: 'users/u1/', cursor: '4' },
    ]);
    expect(await store.list('users/nobody/')).toEqual([]);
  });
});
