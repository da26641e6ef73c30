import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pngBytes } from '@tests/fixtures/images';
import { ID_PHOTO_SIZES } from '../contract/tools';
import { runEngineOperation } from './index';
import { finishPngOutput, pngColourType, pngDpi, setPngMetadata } from './png-output';
import { createRaster, encodeRaster } from './tools/raster';
import { fixtureBytes } from './tools/test-support';

/** The chunk types of a PNG in file order. */
function chunkTypes(png: Uint8Array): string[] {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const types: string[] = [];
  for (let offset = 8; offset + 12 <= png.length; ) {
    const length = view.getUint32(offset);
    types.push(String.fromCharCode(...png.subarray(offset + 4, offset + 8)));
    offset += 12 + length;
  }
  return types;
}

describe('engine PNG outputs state their print size and colour space', () => {
  it('libvips alone writes 25.4 dpi; the rewrite says 72 dpi and sRGB, pixels untouched', async () => {
    const plain = await pngBytes(64, 48);
    expect(pngDpi(plain)).not.toBe(72);
    const finished = setPngMetadata(plain);
    expect(pngDpi(finished)).toBe(72);
    expect((await sharp(finished).metadata()).density).toBe(72);
    expect(chunkTypes(finished).slice(0, 4)).toEqual(['IHDR', 'sRGB', 'gAMA', 'pHYs']);
    const [a, b] = await Promise.all([sharp(plain).raw().toBuffer(), sharp(finished).raw().toBuffer()]);
    expect(Buffer.compare(a, b)).toBe(0);
    // Written once: a second pass replaces, never adds.
    expect(chunkTypes(setPngMetadata(finished, { dpi: 300 })).filter((t) => t === 'pHYs' || t === 'sRGB')).toEqual(['sRGB', 'pHYs']);
    expect(pngDpi(setPngMetadata(finished, { dpi: 300 }))).toBe(300);
  });

  it('a text-to-image creation says 72 dpi and sRGB', async () => {
    const out = await runEngineOperation({
      op: 'text-to-image',
      prompt: 'a red apple',
      style: 'realistic',
      width: 256,
      height: 256,
      seed: 7,
    });
    expect(pngDpi(out.bytes)).toBe(72);
    expect(chunkTypes(out.bytes)).toContain('sRGB');
    expect(chunkTypes(out.bytes)).not.toContain('iCCP');
  });

  it('a photo tool says 72 dpi; one that asks for 300 (the ID photo) keeps it', async () => {
    const raster = createRaster(32, 24, 0.5);
    for (let i = 0; i < raster.data.length; i += 3) raster.data[i] = 0.9;
    expect(pngDpi(await encodeRaster(raster))).toBe(72);
    const id = await encodeRaster(raster, { density: 300 });
    expect(pngDpi(id)).toBe(300);
    expect((await sharp(id).metadata()).density).toBe(300);
  });

  it('an ID photo through the engine keeps the density that prints it at its labelled size, with sRGB', async () => {
    const out = await runEngineOperation({
      op: 'tool',
      toolId: 'id-photo-generation',
      image: fixtureBytes('astronaut'),
      params: { size: 'visa', backgroundColor: '#0000ff' },
      seed: 1,
    });
    // 602 px at 300 dpi (PNG stores whole pixels per metre: 11811) is the visa's 5.1 cm both ways.
    expect(pngDpi(out.bytes)).toBe(300);
    const meta = await sharp(out.bytes).metadata();
    for (const px of [meta.width!, meta.height!]) expect(Math.abs(((px / pngDpi(out.bytes)!) * 2.54) / 5.1 - 1)).toBeLessThan(0.01);
    expect(ID_PHOTO_SIZES.visa).toMatchObject({ width: meta.width, height: meta.height });
    expect(chunkTypes(out.bytes)).toContain('sRGB');
  }, 60_000);

  it('an all-grey result is stored as a greyscale PNG (sketch), a coloured one as RGB', async () => {
    // The raster encoder stays RGB (its bytes feed the face detector); the finished output is grey.
    const encoded = await encodeRaster(createRaster(40, 30, 0.25));
    expect(pngColourType(encoded)).toBe(2);
    expect(pngColourType(await finishPngOutput(encoded))).toBe(0);
    expect((await sharp(await finishPngOutput(encoded)).metadata()).channels).toBe(1);
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#808080' } })
      .composite([{ input: Buffer.from(await pngBytes(20, 20, '#ff0000')), left: 10, top: 10 }])
      .png()
      .toBuffer();
    const sketched = await runEngineOperation({ op: 'tool', toolId: 'sketch', image: new Uint8Array(photo), params: {}, seed: 1 });
    expect(pngColourType(sketched.bytes)).toBe(0);
    expect(pngDpi(sketched.bytes)).toBe(72);
    const coloured = await finishPngOutput(await pngBytes(16, 16, '#3c8cff'));
    expect(pngColourType(coloured)).toBe(2);
    // A grey RGBA output keeps its alpha as grey + alpha.
    const greyAlpha = await sharp({ create: { width: 8, height: 8, channels: 4, background: { r: 90, g: 90, b: 90, alpha: 0.5 } } })
      .png()
      .toBuffer();
    expect(pngColourType(await finishPngOutput(new Uint8Array(greyAlpha)))).toBe(4);
  });
});
