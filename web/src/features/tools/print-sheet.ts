/**
 * The ID photo's print sheet: as many copies as fit on a 4×6 inch (10×15 cm) photo print at 300 dpi
 * (1800×1200 px, or 1200×1800 when standing fits more), each at its labelled size, with white cut
 * margins between them and light grey cut guides around each. Made in the browser from the result
 * the user already has (a canvas), so it costs no job, no credits and no server round trip; this
 * module is loaded only when the button is pressed.
 */
import { pngChunk } from '@worker/contract/png-chunk';
import { ID_PHOTO_SIZES, ID_PHOTO_SIZE_IDS } from '@worker/contract/tools';

export const SHEET_DPI = 300;
/** 6 × 4 inches at 300 dpi. */
export const SHEET_LONG = 1800;
export const SHEET_SHORT = 1200;
/** White border to the paper's edge (3 mm, inside what a lab's borderless print trims) and between copies (2 mm) for the scissors. */
export const SHEET_MARGIN = Math.round((3 / 25.4) * SHEET_DPI);
export const SHEET_GAP = Math.round((2 / 25.4) * SHEET_DPI);

export interface SheetLayout {
  width: number;
  height: number;
  /** One copy's size on the sheet, in sheet pixels. */
  copy: { width: number; height: number };
  /** Top-left corner of each copy. */
  positions: { x: number; y: number }[];
}

/**
 * Lays out copies of a photo `photoWidth`×`photoHeight` px whose width prints at `labelWidthCm`:
 * each copy is drawn `labelWidthCm` wide at 300 dpi (its height in proportion, as the photo file
 * prints at its own density; an ID photo is rendered at 300 dpi, so a copy is the photo 1:1), in a centred grid on whichever orientation of the 4×6 sheet holds more.
 */
export function layoutSheet(photoWidth: number, photoHeight: number, labelWidthCm: number): SheetLayout {
  const width = Math.round((labelWidthCm / 2.54) * SHEET_DPI);
  const height = Math.round((photoHeight / photoWidth) * width);
  const grid = (sheetW: number, sheetH: number) => {
    const columns = Math.max(0, Math.floor((sheetW - 2 * SHEET_MARGIN + SHEET_GAP) / (width + SHEET_GAP)));
    const rows = Math.max(0, Math.floor((sheetH - 2 * SHEET_MARGIN + SHEET_GAP) / (height + SHEET_GAP)));
    return { sheetW, sheetH, columns, rows };
  };
  const lying = grid(SHEET_LONG, SHEET_SHORT);
  const standing = grid(SHEET_SHORT, SHEET_LONG);
  const best = standing.columns * standing.rows > lying.columns * lying.rows ? standing : lying;
  const usedW = best.columns * width + (best.columns - 1) * SHEET_GAP;
  const usedH = best.rows * height + (best.rows - 1) * SHEET_GAP;
  const left = Math.floor((best.sheetW - usedW) / 2);
  const top = Math.floor((best.sheetH - usedH) / 2);
  const positions: { x: number; y: number }[] = [];
  for (let row = 0; row < best.rows; row++)
    for (let column = 0; column < best.columns; column++)
      positions.push({ x: left + column * (width + SHEET_GAP), y: top + row * (height + SHEET_GAP) });
  return { width: best.sheetW, height: best.sheetH, copy: { width, height }, positions };
}

/** The labelled width (cm) of an ID photo from its pixel size (the four sizes' pixels all differ); null for another image. */
export function labelWidthCm(width: number, height: number): number | null {
  const id = ID_PHOTO_SIZE_IDS.find((size) => ID_PHOTO_SIZES[size].width === width && ID_PHOTO_SIZES[size].height === height);
  return id ? Number(ID_PHOTO_SIZES[id].cm.split('×')[0]) : null;
}

/** Writes `dpi` into a PNG as its pHYs chunk, right after IHDR (canvas PNGs carry none), so it prints at 4×6 in. */
export function withDensity(png: Uint8Array, dpi: number): Uint8Array {
  const phys = new Uint8Array(9);
  const perMetre = Math.round(dpi / 0.0254);
  new DataView(phys.buffer).setUint32(0, perMetre);
  new DataView(phys.buffer).setUint32(4, perMetre);
  phys[8] = 1;
  const chunk = pngChunk('pHYs', phys);
  // Signature (8) + IHDR (4 length + 4 type + 13 data + 4 CRC) = 33 bytes.
  const out = new Uint8Array(png.length + chunk.length);
  out.set(png.subarray(0, 33));
  out.set(chunk, 33);
  out.set(png.subarray(33), 33 + chunk.length);
  return out;
}

/** The print sheet of an ID photo (a PNG blob) as a 4×6 in, 300 dpi PNG blob. */
export async function printSheet(photo: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(photo);
  const cm = labelWidthCm(bitmap.width, bitmap.height) ?? 3.5;
  const layout = layoutSheet(bitmap.width, bitmap.height, cm);
  const canvas = document.createElement('canvas');
  canvas.width = layout.width;
  canvas.height = layout.height;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, layout.width, layout.height);
  context.imageSmoothingQuality = 'high';
  context.strokeStyle = '#c8c8c8';
  context.lineWidth = 1;
  for (const { x, y } of layout.positions) {
    context.drawImage(bitmap, x, y, layout.copy.width, layout.copy.height);
    // Cut guide: a hairline one pixel outside the photo, in the white margin.
    context.strokeRect(x - 1.5, y - 1.5, layout.copy.width + 3, layout.copy.height + 3);
  }
  bitmap.close();
  const png = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The print sheet could not be drawn'))), 'image/png'),
  );
  return new Blob([withDensity(new Uint8Array(await png.arrayBuffer()), SHEET_DPI) as Uint8Array<ArrayBuffer>], { type: 'image/png' });
}
