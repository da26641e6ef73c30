import { describe, expect, it } from 'vitest';
import { CborTag, type CborValue, encodeCbor } from './cbor';

const hex = (value: CborValue) => Buffer.from(encodeCbor(value)).toString('hex');

describe('encodeCbor', () => {
  // RFC 8949 Appendix A.
  it.each<[CborValue, string]>([
    [0, '00'],
    [23, '17'],
    [24, '1818'],
    [100, '1864'],
    [1000, '1903e8'],
    [1_000_000, '1a000f4240'],
    [-1, '20'],
    [-7, '26'],
    [-1000, '3903e7'],
    ['', '60'],
    ['IETF', '6449455446'],
    ['水', '63e6b0b4'],
    [new Uint8Array([1, 2, 3, 4]), '4401020304'],
    [[1, [2, 3], [4, 5]], '8301820203820405'],
    [
      new Map<number | string, CborValue>([
        [1, 2],
        [3, 4],
      ]),
      'a201020304',
    ],
    [null, 'f6'],
    [new CborTag(18, []), 'd280'],
  ])('%j → %s', (value, expected) => expect(hex(value)).toBe(expected));

  it('refuses what COSE never needs', () => {
    expect(() => encodeCbor(1.5)).toThrow(TypeError);
    expect(() => encodeCbor(2 ** 40)).toThrow(RangeError);
  });
});
