import { describe, expect, it } from 'vitest';
import { ID_PHOTO_SIZE_IDS, ID_PHOTO_SIZES, idPhotoDpi, printedCm } from './tools';

describe('ID photo print sizes', () => {
  it('each size prints at its labelled width and height at the density it states (within 1 %)', () => {
    for (const id of ID_PHOTO_SIZE_IDS) {
      const size = ID_PHOTO_SIZES[id];
      const [labelW, labelH] = size.cm.split('×').map(Number) as [number, number];
      expect(Math.abs(((size.width / idPhotoDpi(id)) * 2.54) / labelW - 1), `${id} width`).toBeLessThan(0.01);
      expect(Math.abs(((size.height / idPhotoDpi(id)) * 2.54) / labelH - 1), `${id} height`).toBeLessThan(0.01);
      expect(idPhotoDpi(id), id).toBe(300);
    }
  });

  it('printCm is what the pixels measure at that density, and is the label', () => {
    for (const id of ID_PHOTO_SIZE_IDS) {
      const size = ID_PHOTO_SIZES[id];
      expect(size.printCm, id).toBe(`${printedCm(size.width, size.dpi)}×${printedCm(size.height, size.dpi)}`);
      expect(size.printCm, id).toBe(size.cm);
    }
  });
});
