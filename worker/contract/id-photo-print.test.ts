import { describe, expect, it } from 'vitest';
import { ID_PHOTO_DPI, ID_PHOTO_SIZE_IDS, ID_PHOTO_SIZES, printedCm } from './tools';

describe('ID photo print sizes at 300 DPI', () => {
  it('each printCm label is what its pixels measure at 300 DPI', () => {
    expect(ID_PHOTO_DPI).toBe(300);
    for (const id of ID_PHOTO_SIZE_IDS) {
      const size = ID_PHOTO_SIZES[id];
      expect(size.printCm, id).toBe(`${printedCm(size.width)}×${printedCm(size.height)}`);
    }
  });

  it('names the sizes whose pixels do not print at the document size (decision: pixels win)', () => {
    const differ = ID_PHOTO_SIZE_IDS.filter((id) => ID_PHOTO_SIZES[id].cm !== ID_PHOTO_SIZES[id].printCm);
    expect(differ).toEqual(['twoInch', 'passport', 'visa']);
    expect(printedCm(354)).toBe('3.0');
  });
});
