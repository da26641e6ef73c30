import { crc32 } from 'node:zlib';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { StoredBlob } from '../../ports';
import { EXPORT_IMAGE_BYTES_MAX, writeExportZip, type ExportPlan } from './export-contents';

/** The export's size bound (decision 018): images are added while they fit. */
const blob = (bytes: Uint8Array, size = bytes.length): StoredBlob => ({
  body: new Blob([Buffer.from(bytes)]).stream(),
  contentType: 'image/png',
  size,
});

describe('writeExportZip', () => {
  it('adds images in plan order while they fit the bound, skips the rest unread, and names them', async () => {
    const plan: ExportPlan = {
      documents: [{ path: 'profile.json', data: { id: 'u1' } }],
      files: ['a', 'b', 'c', 'd', 'e'].map((n) => ({ path: `images/${n}.png`, blobKey: `users/u1/${n}` })),
    };
    const stored: Record<string, StoredBlob | null> = {
      'users/u1/a': blob(new Uint8Array(10).fill(1)),
      'users/u1/b': blob(new Uint8Array(30).fill(2)), // 10 + 30 > 35: left out
      'users/u1/c': blob(new Uint8Array(20).fill(3)), // 10 + 20 fits
      'users/u1/d': blob(new Uint8Array(9).fill(4), 1), // says 1 byte, is 9: 30 + 9 > 35, left out once read
      'users/u1/e': null, // gone
    };
    const cancelled: string[] = [];
    const open = async (key: string) => {
      const found = stored[key] ?? null;
      if (found) {
        const cancel = found.body.cancel.bind(found.body);
        found.body.cancel = async (reason) => {
          cancelled.push(key);
          return cancel(reason);
        };
      }
      return found;
    };
    const progress: number[] = [];
    const zip = await writeExportZip(plan, open, {
      mtime: new Date('2026-11-22T10:00:00Z'),
      maxImageBytes: 35,
      onFile: async (done) => void progress.push(done),
    });
    expect(zip.fileCount).toBe(2);
    expect(zip.notIncluded).toEqual([
      { path: 'images/b.png', blobKey: 'users/u1/b', bytes: 30 },
      { path: 'images/d.png', blobKey: 'users/u1/d', bytes: 9 },
    ]);
    expect(progress).toEqual([1, 2, 3, 4, 5]);
    expect(cancelled).toEqual(['users/u1/b']);
    const files = unzipSync(zip.bytes);
    expect(Object.keys(files).sort()).toEqual(['images/a.png', 'images/c.png', 'missing.json', 'not-included.json', 'profile.json']);
    expect(JSON.parse(new TextDecoder().decode(files['not-included.json']))).toMatchObject({
      notIncluded: [
        { file: 'images/b.png', bytes: 30 },
        { file: 'images/d.png', bytes: 9 },
      ],
    });
    expect(JSON.parse(new TextDecoder().decode(files['missing.json']))).toEqual({ missing: ['images/e.png'] });
  });

  it('deflates the JSON documents and stores images as they are, with the CRC-32 of the original bytes', async () => {
    const profile = { id: 'u1', creations: Array.from({ length: 50 }, (_, i) => ({ prompt: 'a red fox in the snow', i })) };
    const image = new Uint8Array(64).map((_, i) => (i * 37) % 256);
    const zip = await writeExportZip(
      { documents: [{ path: 'profile.json', data: profile }], files: [{ path: 'images/a.png', blobKey: 'a' }] },
      async () => blob(image),
      {
        mtime: new Date('2026-11-22T10:00:00Z'),
      },
    );
    const entries: Record<string, { compression: number; size: number; originalSize: number }> = {};
    const files = unzipSync(zip.bytes, {
      filter: ({ name, compression, size, originalSize }) => {
        entries[name] = { compression, size, originalSize };
        return true;
      },
    });
    const json = new TextEncoder().encode(`${JSON.stringify(profile, null, 2)}\n`);
    expect(files['profile.json']).toEqual(json);
    expect(files['images/a.png']).toEqual(image);
    expect(entries['profile.json']).toMatchObject({ compression: 8, originalSize: json.length });
    expect(entries['profile.json']!.size).toBeLessThan(json.length / 5);
    expect(entries['images/a.png']).toMatchObject({ compression: 0, size: 64, originalSize: 64 });
    // The central directory's CRC-32 (offset 16 of each record) is that of the original bytes.
    const view = new DataView(zip.bytes.buffer, zip.bytes.byteOffset, zip.bytes.byteLength);
    const crcs: number[] = [];
    for (let at = 0; at + 4 <= zip.bytes.length; at++)
      if (view.getUint32(at, true) === 0x02014b50) crcs.push(view.getUint32(at + 16, true));
    expect(crcs).toEqual([crc32(json), crc32(image)]);
  });

  it('is bounded at 40 MB of images by default', () => {
    expect(EXPORT_IMAGE_BYTES_MAX).toBe(40 * 1024 * 1024);
  });
});
