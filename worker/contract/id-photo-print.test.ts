import { describe, expect, it } from 'vitest';
import { ID_PHOTO_SIZE_IDS, ID_PHOTO_SIZES, idPhotoDpi, printedCm } from './tools';

describe('ID photo print sizes', () => {
  it('each size states the density at which its pixels print at the labelled width', () => {
    for (const id of ID_PHOTO_SIZE_IDS) {
      const size = ID_PHOTO_SIZES[id];
      const labelledCm = Number(size.cm.split('×')[0]);
      expect((size.width / idPhotoDpi(id)) * 2.54, id).toBeCloseTo(labelledCm, 2);
    }
    expect(Math.round(idPhotoDpi('passport'))).toBe(257);
    expect(Math.round(idPhotoDpi('visa'))).toBe(176);
  });

  it('printCm is what the pixels measure at that density', () => {
    for (const id of ID_PHOTO_SIZE_IDS) {
      const size = ID_PHOTO_SIZES[id];
      expect(size.printCm, id).toBe(`${printedCm(size.width, size.dpi)}×${printedCm(size.height, size.dpi)}`);
    }
    expect(ID_PHOTO_SIZES.oneInch.printCm).toBe('2.5×3.5');
    expect(ID_PHOTO_SIZES.visa.printCm).toBe('5.1×5.1');
    expect(ID_PHOTO_SIZES.passport.printCm).toBe('3.5×4.7');
  });
});
