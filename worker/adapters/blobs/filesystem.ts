import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { BlobListing, BlobStore } from '../../ports';

const TYPE_SUFFIX = '.type';

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
      await writeFile(`${path}${TYPE_SUFFIX}`, contentType);
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const [info, contentType] = await Promise.all([stat(path), readFile(`${path}${TYPE_SUFFIX}`, 'utf8')]);
        return {
          body: Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>,
          contentType,
          size: info.size,
          writtenAt: info.mtime,
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      const path = pathOf(key);
      await Promise.all([rm(path, { force: true }), rm(`${path}${TYPE_SUFFIX}`, { force: true })]);
    },
    async list(prefix) {
      // Walk the folder the prefix names up to its last slash, then keep the keys that start with it.
      const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
      const start = folder ? pathOf(folder) : root;
      let names: string[];
      try {
        names = await readdir(start, { recursive: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const found: BlobListing[] = [];
      for (const name of names) {
        if (name.endsWith(TYPE_SUFFIX)) continue;
        const path = join(start, name);
        const key = relative(root, path).split(sep).join('/');
        if (!key.startsWith(prefix)) continue;
        const info = await stat(path).catch(() => null);
        if (info?.isFile()) found.push({ key, size: info.size, writtenAt: info.mtime });
      }
      return found;
    },
  };
}

export const blobDir = (dataDir: string) => join(dataDir, 'blobs');
