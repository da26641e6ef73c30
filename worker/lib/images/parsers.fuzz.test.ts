import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ImageType } from './inspect';

/**
 * Every image parser (type sniffing, header dimensions, EXIF orientation, metadata stripping) is
 * fed thousands of mutated real images and random bytes in a worker thread capped at 256 MB and a
 * deadline: a parser that never returns or allocates without bound fails here instead of killing
 * the server. The fuzz body is parsers.fuzz-run.ts.
 */
const MEMORY_MB = 256;
const DEADLINE_MS = 40_000;

async function seedImages(): Promise<{ type: ImageType; bytes: Uint8Array }[]> {
  const base = () => sharp({ create: { width: 24, height: 16, channels: 3, background: '#7a3cff' } });
  const exif = { IFD0: { Copyright: 'owner', ImageDescription: 'GPS-home' } };
  const seeds: { type: ImageType; bytes: Uint8Array }[] = [];
  const add = async (type: ImageType, s: Sharp) => seeds.push({ type, bytes: new Uint8Array(await s.toBuffer()) });
  await add('image/png', base().withExif(exif).png());
  await add('image/jpeg', base().withExif(exif).withMetadata({ orientation: 6 }).jpeg());
  await add('image/jpeg', base().jpeg({ progressive: true }));
  await add('image/webp', base().withExif(exif).withMetadata({ orientation: 6 }).webp());
  await add('image/webp', base().webp({ lossless: true }));
  await add('image/gif', base().gif());
  seeds.push({ type: 'image/webp', bytes: killerWebp() });
  return seeds;
}

/** The 46-byte WebP from the report: an EXIF chunk whose size (≥ 2³¹) read as signed sent the walk backwards forever. */
function killerWebp(): Uint8Array {
  const b = new Uint8Array(46);
  const view = new DataView(b.buffer);
  b.set(
    [...'RIFF'].map((c) => c.charCodeAt(0)),
    0,
  );
  view.setUint32(4, 38, true);
  b.set(
    [...'WEBPVP8X'].map((c) => c.charCodeAt(0)),
    8,
  );
  view.setUint32(16, 10, true);
  b[20] = 0x08; // EXIF flag
  b.set(
    [...'EXIF'].map((c) => c.charCodeAt(0)),
    30,
  );
  view.setUint32(34, 0xfffffff0, true);
  return b;
}

async function fuzzInWorker(numRuns: number, seed: number) {
  const entry = fileURLToPath(new URL('./parsers.fuzz-run.ts', import.meta.url));
  const bundle = await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'cjs', write: false, logLevel: 'silent' });
  const worker = new Worker(bundle.outputFiles[0]!.text, {
    eval: true,
    workerData: { seeds: await seedImages(), numRuns, seed },
    resourceLimits: { maxOldGenerationSizeMb: MEMORY_MB, maxYoungGenerationSizeMb: 32 },
  });
  return new Promise<{ ok: boolean; error?: string; ms?: number }>((resolve) => {
    const deadline = setTimeout(() => {
      void worker.terminate();
      resolve({ ok: false, error: `parsers did not finish within ${DEADLINE_MS} ms` });
    }, DEADLINE_MS);
    const done = (result: { ok: boolean; error?: string; ms?: number }) => {
      clearTimeout(deadline);
      void worker.terminate();
      resolve(result);
    };
    worker.on('message', done);
    worker.on('error', (error) => done({ ok: false, error: `worker died: ${error.message}` }));
  });
}

describe('image parsers under fuzzing', () => {
  it('terminate, stay within memory and never grow an image by more than one minimal EXIF block', {
    timeout: DEADLINE_MS + 15_000,
  }, async () => {
    const result = await fuzzInWorker(10_000, Number(process.env.FUZZ_SEED ?? 20261123));
    expect(result.error).toBeUndefined();
    expect(result.ok).toBe(true);
  });
});
