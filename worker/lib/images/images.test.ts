import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { inspectImage, sniffImageType } from './inspect';
import { stripMetadata } from './strip-metadata';

const base = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#7a3cff' } });
const withExif = (s: Sharp) => s.withExif({ IFD0: { Copyright: 'secret-owner', ImageDescription: 'GPS-home' } });

describe('inspectImage', () => {
  it('reads type and size from the header of every supported format', async () => {
    for (const [format, type] of [['png', 'image/png'], ['jpeg', 'image/jpeg'], ['webp', 'image/webp'], ['gif', 'image/gif']] as const) {
      const bytes = new Uint8Array(await base().toFormat(format).toBuffer());
      expect(inspectImage(bytes), format).toEqual({ type, width: 40, height: 30 });
    }
    const lossless = new Uint8Array(await base().webp({ lossless: true }).toBuffer());
    expect(inspectImage(lossless)).toEqual({ type: 'image/webp', width: 40, height: 30 });
  });

  it('judges content, not names: text is not an image, and a bomb header reports its claimed size', () => {
    expect(sniffImageType(new TextEncoder().encode('hello, I am a .png'))).toBeNull();
    const bomb = new Uint8Array(33);
    bomb.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    new DataView(bomb.buffer).setUint32(16, 100_000);
    new DataView(bomb.buffer).setUint32(20, 100_000);
    expect(inspectImage(bomb)).toEqual({ type: 'image/png', width: 100_000, height: 100_000 });
  });
});

describe('stripMetadata', () => {
  it('removes EXIF from jpeg, png and webp without touching pixels', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const original = new Uint8Array(await withExif(base().toFormat(format)).toBuffer());
      expect(Buffer.from(original).includes('secret-owner'), `${format} carries EXIF`).toBe(true);
      const stripped = stripMetadata(original, inspectImage(original)!.type);
      expect(Buffer.from(stripped).includes('secret-owner'), format).toBe(false);
      const meta = await sharp(stripped).metadata();
      expect(meta.exif, format).toBeUndefined();
      const [a, b] = await Promise.all([sharp(original).raw().toBuffer(), sharp(stripped).raw().toBuffer()]);
      expect(Buffer.compare(a, b), format).toBe(0);
    }
  });

  it('keeps a gif decodable', async () => {
    const gif = new Uint8Array(await base().gif().toBuffer());
    const stripped = stripMetadata(gif, 'image/gif');
    expect((await sharp(stripped).metadata()).width).toBe(40);
  });
});
