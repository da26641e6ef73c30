/**
 * The body of parsers.fuzz.test.ts, run inside a worker thread with a memory cap and a deadline, so
 * a parser that loops forever or allocates without bound fails the test instead of hanging CI or
 * taking the machine down (which is what a 46-byte WebP did to the server). Bundled by esbuild at
 * test time; receives seed images (real PNG/JPEG/WebP/GIF bytes) through `workerData`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import fc from 'fast-check';
import { readOrientation } from './exif';
import { inspectImage, sniffImageType, type ImageType } from './inspect';
import { exifOrientation, MAX_GROWTH, stripMetadata } from './strip-metadata';
import { structurallyComplete } from './complete';

interface Input {
  seeds: { type: ImageType; bytes: Uint8Array }[];
  numRuns: number;
  seed: number;
}

const { seeds, numRuns, seed } = workerData as Input;
const TYPES: ImageType[] = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** Mutations that hit what parsers trust: length fields (any u32, either endianness), bytes, truncation, splices. */
const mutation = fc.oneof(
  fc.record({
    kind: fc.constant('u32' as const),
    at: fc.nat(),
    value: fc.oneof(fc.nat({ max: 0xffffffff }), fc.constantFrom(0, 1, 0x7fffffff, 0x80000000, 0xfffffff8, 0xffffffff)),
    little: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('u16' as const),
    at: fc.nat(),
    value: fc.oneof(fc.nat({ max: 0xffff }), fc.constantFrom(0, 1, 2, 0xffff)),
  }),
  fc.record({ kind: fc.constant('byte' as const), at: fc.nat(), value: fc.nat({ max: 255 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('splice' as const), at: fc.nat(), bytes: fc.uint8Array({ maxLength: 32 }) }),
);
type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

function mutate(original: Uint8Array, mutations: Mutation[]): Uint8Array {
  let b = original.slice();
  for (const m of mutations) {
    const at = b.length ? m.at % b.length : 0;
    if (m.kind === 'truncate') b = b.slice(0, at);
    else if (m.kind === 'splice') b = Uint8Array.from([...b.subarray(0, at), ...m.bytes, ...b.subarray(at)]);
    else if (m.kind === 'byte') b[at] = m.value;
    else if (m.kind === 'u16' && at + 2 <= b.length) new DataView(b.buffer).setUint16(at, m.value);
    else if (m.kind === 'u32' && at + 4 <= b.length) new DataView(b.buffer).setUint32(at, m.value, m.little);
  }
  return b;
}

/** Every parser on one input: each must return, and stripping may grow it by one minimal EXIF block at most. */
function runAll(bytes: Uint8Array) {
  const sniffed = sniffImageType(bytes);
  inspectImage(bytes);
  readOrientation(bytes);
  for (const type of sniffed ? [sniffed] : TYPES) {
    const stripped = stripMetadata(bytes, type);
    if (stripped.length > bytes.length + MAX_GROWTH) throw new Error(`${type}: ${bytes.length} bytes stripped to ${stripped.length}`);
    exifOrientation(bytes, type);
    structurallyComplete(bytes, type);
  }
}

const started = Date.now();
try {
  const seedBytes = seeds.map((s) => new Uint8Array(s.bytes));
  const mutated = fc.record({ seed: fc.nat({ max: seedBytes.length - 1 }), mutations: fc.array(mutation, { minLength: 1, maxLength: 6 }) });
  fc.assert(
    fc.property(mutated, ({ seed: k, mutations }) => runAll(mutate(seedBytes[k]!, mutations))),
    { numRuns, seed },
  );
  // Random bytes behind each format's magic number, and no magic at all.
  const magic = fc.constantFrom(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    [0xff, 0xd8, 0xff],
    [0x52, 0x49, 0x46, 0x46, 0xff, 0xff, 0xff, 0xff, 0x57, 0x45, 0x42, 0x50],
    [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
    [],
  );
  const random = fc.tuple(magic, fc.uint8Array({ maxLength: 256 })).map(([head, tail]) => Uint8Array.from([...head, ...tail]));
  fc.assert(
    fc.property(random, (bytes) => runAll(bytes)),
    { numRuns, seed },
  );
  parentPort!.postMessage({ ok: true, ms: Date.now() - started, runs: 2 * numRuns });
} catch (error) {
  parentPort!.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
}
