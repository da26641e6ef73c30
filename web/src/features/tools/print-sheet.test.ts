import { ID_PHOTO_SIZES } from '@worker/contract/tools';
import { describe, expect, it } from 'vitest';
import { labelWidthCm, layoutSheet, SHEET_GAP, SHEET_MARGIN, withDensity } from './print-sheet';

const sheetFor = (id: keyof typeof ID_PHOTO_SIZES) => {
  const size = ID_PHOTO_SIZES[id];
  return layoutSheet(size.width, size.height, labelWidthCm(size.width, size.height)!);
};

describe('ID photo print sheet (4×6 in at 300 dpi)', () => {
  it('fits 12 one-inch, 4 two-inch, 8 passport and 2 visa copies, each at its labelled width and height', () => {
    const expected = { oneInch: [12, 295, 413], twoInch: [4, 413, 626], passport: [8, 413, 531], visa: [2, 602, 602] } as const;
    for (const [id, [copies, width, height]] of Object.entries(expected)) {
      const sheet = sheetFor(id as keyof typeof ID_PHOTO_SIZES);
      expect(sheet.positions, id).toHaveLength(copies);
      // At 300 dpi: 2.5 cm is 295 px, 3.5 cm 413, 4.5 cm 531, 5.1 cm 602, 5.3 cm 626; a copy is the photo 1:1.
      expect(sheet.copy, id).toEqual({ width, height });
      const [labelW, labelH] = ID_PHOTO_SIZES[id as keyof typeof ID_PHOTO_SIZES].cm.split('×').map(Number) as [number, number];
      expect(Math.abs(((sheet.copy.width / 300) * 2.54) / labelW - 1), id).toBeLessThan(0.01);
      expect(Math.abs(((sheet.copy.height / 300) * 2.54) / labelH - 1), id).toBeLessThan(0.01);
      expect([sheet.width, sheet.height].sort(), id).toEqual([1200, 1800]);
    }
    // One-inch copies stand on the sheet (4 rows of 3); the others lie.
    expect(sheetFor('oneInch')).toMatchObject({ width: 1200, height: 1800 });
  });

  it('keeps every copy inside the cut margin and apart from its neighbours', () => {
    for (const id of Object.keys(ID_PHOTO_SIZES) as (keyof typeof ID_PHOTO_SIZES)[]) {
      const { width, height, copy, positions } = sheetFor(id);
      for (const [i, a] of positions.entries()) {
        expect(a.x).toBeGreaterThanOrEqual(SHEET_MARGIN);
        expect(a.y).toBeGreaterThanOrEqual(SHEET_MARGIN);
        expect(a.x + copy.width).toBeLessThanOrEqual(width - SHEET_MARGIN);
        expect(a.y + copy.height).toBeLessThanOrEqual(height - SHEET_MARGIN);
        for (const b of positions.slice(i + 1)) {
          const apartX = Math.abs(a.x - b.x) >= copy.width + SHEET_GAP;
          const apartY = Math.abs(a.y - b.y) >= copy.height + SHEET_GAP;
          expect(apartX || apartY).toBe(true);
        }
      }
    }
  });

  it('knows the sizes by their pixels, and writes 300 dpi into the sheet', () => {
    expect(labelWidthCm(413, 531)).toBe(3.5);
    expect(labelWidthCm(602, 602)).toBe(5.1);
    expect(labelWidthCm(512, 512)).toBeNull();
    // A minimal PNG head: signature + IHDR (13 data bytes) + IEND.
    const png = new Uint8Array(8 + 25 + 12);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    png.set([0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52], 8);
    const out = withDensity(png, 300);
    const view = new DataView(out.buffer);
    expect(String.fromCharCode(...out.subarray(37, 41))).toBe('pHYs');
    expect(view.getUint32(41)).toBe(11811);
    expect(out[49]).toBe(1);
  });
});
