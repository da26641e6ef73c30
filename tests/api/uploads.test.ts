import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { structurallyComplete } from '@worker/lib/images/complete';
import { crc32 } from '@worker/lib/images/strip-metadata';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.signIn('uploads@example.com'));
});
afterAll(() => t.close());

const upload = (bytes: Uint8Array, name: string, type: string) => {
  const form = new FormData();
  form.set('image', new File([Buffer.from(bytes)], name, { type }));
  return t.request('/api/upload/image', { method: 'POST', body: form, token });
};

describe('POST /api/upload/image', () => {
  // Uploads are not re-encoded: the pixels stay as shot and only the Orientation tag survives, for viewers to
  // apply. Provider engines are sent the photo turned upright (worker/adapters/images/upright-port.ts, tested there).
  it('strips a portrait phone photo to its Orientation=6 tag: the API reports the upright size, an EXIF-aware decoder shows it upright', async () => {
    // Stored sideways (40×30 sensor pixels, red band on the left) with Orientation=6, as phones do.
    const photo = new Uint8Array(
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2040ff' } })
        .composite([{ input: { create: { width: 10, height: 30, channels: 3, background: '#ff0000' } }, left: 0, top: 0 }])
        .withExif({ IFD0: { Copyright: 'secret-owner' }, IFD3: { GPSLatitudeRef: 'N' } })
        .withMetadata({ orientation: 6 })
        .jpeg({ quality: 95 })
        .toBuffer(),
    );
    const res = await upload(photo, 'IMG_0001.jpg', 'image/jpeg');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect([body.width, body.height]).toEqual([30, 40]);

    const stored = new Uint8Array(await (await t.request(body.url, { token })).arrayBuffer());
    expect(Buffer.from(stored).includes('secret-owner')).toBe(false);
    const kept = await sharp(stored).metadata();
    expect([kept.width, kept.height, kept.orientation]).toEqual([40, 30, 6]);
    const upright = await sharp(stored).rotate().raw().toBuffer({ resolveWithObject: true });
    expect([upright.info.width, upright.info.height]).toEqual([30, 40]);
    // Rotated 90° clockwise, the red band that was on the left is now on top.
    const pixel = (x: number, y: number) => [...upright.data.subarray((y * 30 + x) * 3, (y * 30 + x) * 3 + 3)];
    expect(pixel(15, 2)[0]).toBeGreaterThan(200);
    expect(pixel(15, 35)[2]).toBeGreaterThan(200);
  });
});

describe('hostile image containers', () => {
  it('the 46-byte WebP whose EXIF chunk size is ≥ 2³¹ is refused at once instead of looping forever', async () => {
    const b = new Uint8Array(46);
    const view = new DataView(b.buffer);
    b.set(Buffer.from('RIFF'), 0);
    view.setUint32(4, 38, true);
    b.set(Buffer.from('WEBPVP8X'), 8);
    view.setUint32(16, 10, true);
    b[20] = 0x08;
    b.set(Buffer.from('EXIF'), 30);
    view.setUint32(34, 0xfffffff0, true);
    const started = Date.now();
    const res = await upload(b, 'tiny.webp', 'image/webp');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('an upload must decode before it is accepted or charged for', () => {
  // Noise, so the compressed data is long enough that a cut lands inside the pixel data.
  const photo = async (format: 'png' | 'jpeg') =>
    new Uint8Array(
      await sharp({
        create: { width: 64, height: 48, channels: 3, background: '#3c8cff', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
      })
        .toFormat(format)
        .toBuffer(),
    );
  const balance = async () => (await (await t.request('/api/credits/balance', { token })).json()).available as number;
  const expectUndecodable = async (res: Response, field: string) => {
    expect(res.status).toBe(422);
    expect((await res.json()).error).toMatchObject({ code: 'IMAGE_UNDECODABLE', field });
  };

  it('refuses truncated PNG and JPEG uploads with 422 naming image', async () => {
    for (const [format, type] of [
      ['png', 'image/png'],
      ['jpeg', 'image/jpeg'],
    ] as const) {
      const whole = await photo(format);
      expect((await upload(whole, `ok.${format}`, type)).status, format).toBe(200);
      await expectUndecodable(await upload(whole.subarray(0, Math.floor(whole.length * 0.7)), `cut.${format}`, type), 'image');
    }
  });

  it('refuses a PNG whose chunks are whole but whose pixel data does not decode (the decoder, not only the structure)', async () => {
    const whole = await photo('png');
    const broken = whole.slice();
    const view = new DataView(broken.buffer);
    // Scribble over the IDAT payload and re-seal its CRC, so only a real decode can tell.
    const idat = Buffer.from(broken).indexOf('IDAT') - 4;
    const length = view.getUint32(idat);
    broken.fill(0x55, idat + 8 + 2, idat + 8 + length);
    view.setUint32(idat + 8 + length, crc32(broken.subarray(idat + 4, idat + 8 + length)));
    expect(structurallyComplete(broken, 'image/png')).toBe(true);
    await expectUndecodable(await upload(broken, 'scribbled.png', 'image/png'), 'image');
  });

  it('an edit with a truncated image is refused before any credit moves', async () => {
    const before = await balance();
    const whole = await photo('jpeg');
    const form = new FormData();
    form.set('prompt', 'make it blue');
    form.set('images', new File([Buffer.from(whole.subarray(0, whole.length - 40))], 'cut.jpg', { type: 'image/jpeg' }));
    await expectUndecodable(await t.request('/api/generate-image/edit', { method: 'POST', body: form, token }), 'images');
    expect(await balance()).toBe(before);
  });
});
