import { ID_PHOTO_SIZES } from '@worker/contract/tools';
import { describe, expect, it } from 'vitest';
import { labelWidthCm, layoutSheet, SHEET_GAP, SHEET_MARGIN, withDensity } from './print-sheet';

const sheetFor = (id: keyof typeof ID_PHOTO_SIZES) => {
  const size = ID_PHOTO_SIZES[id];
  return layoutSheet(size.width, size.height, labelWidthCm(size.width, size.height)!);
};

describe('ID photo print sheet (4×6 in at 300 dpi)', () => {
  it('fits 12 one-inch, 8 two-inch, 8 passport and 2 visa copies, each at its labelled width', () => {
    const expected = { oneInch: [12, 295], twoInch: [8, 413], passport: [8, 413], visa: [2, 602] } as const;
    for (const [id, [copies, width]] of Object.entries(expected)) {
      const sheet = sheetFor(id as keyof typeof ID_PHOTO_SIZES);
      expect(sheet.positions, id).toHaveLength(copies);
      // 2.5 cm at 300 dpi is 295 px, 3.5 cm 413 px, 5.1 cm 602 px.
      expect(sheet.copy.width, id).toBe(width);
      expect([sheet.width, sheet.height].sort(), id).toEqual([1200, 1800]);
    }
    // One-inch copies stand on the sheet (4 rows of 3); the others lie.
    expect(sheetFor('oneInch')).toMatchObject({ width: 1200, height: 1800 });
    // A passport copy keeps the photo's proportions: 472 / 354 × 413 px.
    expect(sheetFor('passport').copy.height).toBe(551);
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
    expect(labelWidthCm(354, 472)).toBe(3.5);
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
