import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { inspectImage, sniffImageType } from './inspect';
import { checkImageUpload } from './check-upload';
import { structurallyComplete } from './complete';
import { exifOrientation, stripMetadata } from './strip-metadata';
import { say } from '../../contract/messages';

const base = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#7a3cff' } });
const withExif = (s: Sharp) => s.withExif({ IFD0: { Copyright: 'secret-owner', ImageDescription: 'GPS-home' } });

describe('inspectImage', () => {
  it('reads type and size from the header of every supported format', async () => {
    for (const [format, type] of [
      ['png', 'image/png'],
      ['jpeg', 'image/jpeg'],
      ['webp', 'image/webp'],
      ['gif', 'image/gif'],
    ] as const) {
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

describe('EXIF orientation survives stripping (portrait phone photos stay upright)', () => {
  // A 40×30 sensor image stored sideways with Orientation=6: displayed as 30×40 (portrait).
  const sideways = (format: 'jpeg' | 'png' | 'webp') =>
    base()
      .composite([{ input: { create: { width: 10, height: 30, channels: 3, background: '#ff0000' } }, left: 0, top: 0 }])
      .withExif({ IFD0: { Copyright: 'secret-owner' } })
      .withMetadata({ orientation: 6 })
      .toFormat(format)
      .toBuffer();

  it('keeps only the Orientation tag, so the stored image still decodes upright', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const original = new Uint8Array(await sideways(format));
      const stripped = stripMetadata(original, inspectImage(original)!.type);
      expect(Buffer.from(stripped).includes('secret-owner'), format).toBe(false);
      const meta = await sharp(stripped).metadata();
      expect(meta.orientation, format).toBe(6);
      const [upright, expected] = await Promise.all([
        sharp(stripped).rotate().raw().toBuffer({ resolveWithObject: true }),
        sharp(original).rotate().raw().toBuffer({ resolveWithObject: true }),
      ]);
      expect([upright.info.width, upright.info.height], format).toEqual([30, 40]);
      expect(Buffer.compare(upright.data, expected.data), format).toBe(0);
      expect(exifOrientation(original, inspectImage(original)!.type), format).toBe(6);
    }
  });

  it('reports the displayed size of an upload, not the stored one', async () => {
    const bytes = await sideways('jpeg');
    const checked = await checkImageUpload(new File([bytes], 'phone.jpg', { type: 'image/jpeg' }), {
      field: 'image',
      maxBytes: 1e7,
      types: ['image/jpeg'],
      maxSide: 4096,
      maxPixels: 1e7,
      messages: { tooLarge: say('imageTooLarge', { megabytes: 10 }), unsupported: say('selectImage') },
    });
    expect([checked.width, checked.height]).toEqual([30, 40]);
  });
});

describe('structurallyComplete', () => {
  it('accepts whole images of every format and refuses any truncation of them', async () => {
    for (const [format, type] of [
      ['png', 'image/png'],
      ['jpeg', 'image/jpeg'],
      ['webp', 'image/webp'],
      ['gif', 'image/gif'],
    ] as const) {
      const bytes = new Uint8Array(await base().toFormat(format).toBuffer());
      expect(structurallyComplete(bytes, type), format).toBe(true);
      // Bytes after the end marker (some phones append a trailer to JPEGs) are fine.
      if (format === 'jpeg' || format === 'png')
        expect(structurallyComplete(Uint8Array.from([...bytes, 1, 2, 3]), type), format).toBe(true);
      for (const cut of [1, 2, 10, Math.floor(bytes.length / 2)])
        expect(structurallyComplete(bytes.subarray(0, bytes.length - cut), type), `${format} -${cut}`).toBe(false);
    }
    const progressive = new Uint8Array(await base().jpeg({ progressive: true }).toBuffer());
    expect(structurallyComplete(progressive, 'image/jpeg')).toBe(true);
  });

  it('refuses a PNG whose chunk CRC does not match its bytes', async () => {
    const bytes = new Uint8Array(await base().png().toBuffer());
    bytes[bytes.length - 20]! ^= 0xff; // inside IDAT
    expect(structurallyComplete(bytes, 'image/png')).toBe(false);
  });
});
