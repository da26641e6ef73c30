import { createReadStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { BlobStore } from '../../ports';

/** Embedded blob store under `<dir>`; the content type sits beside each file. Node only. */
export function createFilesystemBlobStore(dir: string): BlobStore {
  const root = resolve(dir);
  const pathOf = (key: string) => {
    const path = resolve(root, key);
    // Keys come from our own code, but a path outside the root would be a serious bug: refuse it.
    if (!path.startsWith(root + sep)) throw new Error(`blob key escapes the store: ${key}`);
    return path;
  };
  return {
    async put(key, body, { contentType }) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const bytes = body instanceof Uint8Array ? body : new Uint8Array(await new Response(body).arrayBuffer());
      await writeFile(path, bytes);
      await writeFile(`${path}.type`, contentType);
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const [info, contentType] = await Promise.all([stat(path), readFile(`${path}.type`, 'utf8')]);
        return { body: Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>, contentType, size: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      const path = pathOf(key);
      await Promise.all([rm(path, { force: true }), rm(`${path}.type`, { force: true })]);
    },
  };
}

export const blobDir = (dataDir: string) => join(dataDir, 'blobs');
