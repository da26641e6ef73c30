import { concat } from '../../lib/images/strip-metadata';

/**
 * The few CBOR (RFC 8949) types a COSE_Sign1 needs: integers, byte and text strings, arrays, maps,
 * null and tags, in their preferred (shortest) encoding. Written here rather than taken from
 * cbor-x: that package's optional native addon leaves `npm ci` out of sync with the lock file on
 * npm 11, and the Worker bundle only needs this encoder (≈ 1 KB instead of ≈ 20 KB gz).
 */
export class CborTag {
  constructor(
    readonly tag: number,
    readonly value: CborValue,
  ) {}
}
export type CborValue = number | string | null | Uint8Array | CborValue[] | Map<number | string, CborValue> | CborTag;

/** A major type with its argument; everything COSE carries here (lengths, labels, tags) fits 32 bits. */
function head(major: number, value: number): number[] {
  if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) throw new RangeError(`CBOR argument out of range: ${value}`);
  const m = major << 5;
  if (value < 24) return [m | value];
  if (value < 0x100) return [m | 24, value];
  if (value < 0x10000) return [m | 25, value >> 8, value & 0xff];
  return [m | 26, value >>> 24, (value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

function write(value: CborValue, parts: Uint8Array[]): void {
  const push = (bytes: number[]) => {
    parts.push(Uint8Array.from(bytes));
  };
  if (value === null) {
    push([0xf6]);
  } else if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new TypeError('Only integers are encoded');
    push(value >= 0 ? head(0, value) : head(1, -1 - value));
  } else if (typeof value === 'string') {
    const text = new TextEncoder().encode(value);
    push(head(3, text.length));
    parts.push(text);
  } else if (value instanceof Uint8Array) {
    push(head(2, value.length));
    parts.push(value);
  } else if (value instanceof CborTag) {
    push(head(6, value.tag));
    write(value.value, parts);
  } else if (Array.isArray(value)) {
    push(head(4, value.length));
    for (const item of value) write(item, parts);
  } else {
    push(head(5, value.size));
    for (const [key, item] of value) {
      write(key, parts);
      write(item, parts);
    }
  }
}

export function encodeCbor(value: CborValue): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = [];
  write(value, parts);
  return concat(parts) as Uint8Array<ArrayBuffer>;
}
