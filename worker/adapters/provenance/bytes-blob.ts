/**
 * c2pa-wasm reads a `Blob` through `FileReaderSync`, which only browsers' worker threads have. Its
 * builder still takes a Blob on every runtime, so the bytes travel in a Blob that keeps them, and a
 * small `FileReaderSync` (installed only where none exists) hands them back synchronously.
 */
const BYTES = Symbol('bytes');

export class BytesBlob extends Blob {
  readonly [BYTES]: Uint8Array;
  constructor(bytes: Uint8Array) {
    super([bytes as Uint8Array<ArrayBuffer>]);
    this[BYTES] = bytes;
  }
  override slice(start = 0, end = this[BYTES].length): BytesBlob {
    return new BytesBlob(this[BYTES].subarray(start, end));
  }
}

class BytesBlobReader {
  readAsArrayBuffer(blob: Blob): ArrayBuffer {
    const bytes = (blob as Partial<BytesBlob>)[BYTES];
    if (!bytes) throw new TypeError('Only a BytesBlob can be read synchronously here');
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }
}

export function installBytesBlobReader() {
  const scope = globalThis as { FileReaderSync?: unknown };
  scope.FileReaderSync ??= BytesBlobReader;
}
