import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { AvatarDecodeError } from './avatar-port';
import { createCloudflareAvatarImages, createPassthroughAvatarImages, type ImagesBindingLike } from './avatar-cloudflare';

/** A stand-in for the Images binding that records the calls and answers with a fixed WebP. */
function fakeImages(options: { fail?: boolean } = {}) {
  const calls: { input?: Uint8Array; transforms: unknown[]; output?: unknown } = { transforms: [] };
  const binding: ImagesBindingLike = {
    input(stream) {
      const read = new Response(stream).arrayBuffer().then((b) => (calls.input = new Uint8Array(b)));
      const transformer = {
        transform(opts: unknown) {
          calls.transforms.push(opts);
          return transformer;
        },
        async output(opts: unknown) {
          await read;
          calls.output = opts;
          if (options.fail) throw Object.assign(new Error('IMAGES_TRANSFORM_ERROR 9412: Bad input'), { code: 9412 });
          const webp = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#123456' } })
            .webp()
            .toBuffer();
          return { image: () => new Response(webp).body!, contentType: () => 'image/webp' };
        },
      };
      return transformer;
    },
  };
  return { binding, calls };
}

describe('Cloudflare Images avatar adapter', () => {
  it('asks the binding for a 256×256 cover crop as a still WebP and returns its bytes', async () => {
    const { binding, calls } = fakeImages();
    const input = new Uint8Array(
      await sharp({ create: { width: 500, height: 300, channels: 3, background: '#ff0000' } })
        .png()
        .toBuffer(),
    );
    const out = await createCloudflareAvatarImages(binding).toAvatar(input, 'image/png');
    expect(calls.input).toEqual(input);
    expect(calls.transforms).toEqual([{ width: 256, height: 256, fit: 'cover', gravity: 'center' }]);
    expect(calls.output).toMatchObject({ format: 'image/webp', anim: false });
    expect(out.contentType).toBe('image/webp');
    expect(await sharp(out.bytes).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('turns the binding’s refusal into AvatarDecodeError (a 415 for the user)', async () => {
    const { binding } = fakeImages({ fail: true });
    await expect(createCloudflareAvatarImages(binding).toAvatar(new Uint8Array([1, 2, 3]), 'image/png')).rejects.toBeInstanceOf(
      AvatarDecodeError,
    );
  });

  it('without a binding stores the metadata-stripped original and warns once', async () => {
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const images = createPassthroughAvatarImages(log);
    const jpeg = new Uint8Array(
      await sharp({ create: { width: 40, height: 40, channels: 3, background: '#00ff00' } })
        .jpeg()
        .withExif({ IFD0: { Artist: 'secret-owner' } })
        .toBuffer(),
    );
    const out = await images.toAvatar(jpeg, 'image/jpeg');
    await images.toAvatar(jpeg, 'image/jpeg');
    expect(out.contentType).toBe('image/jpeg');
    expect(Buffer.from(out.bytes).includes('secret-owner')).toBe(false);
    expect((await sharp(out.bytes).metadata()).width).toBe(40);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('decodes(): true when the binding decodes the bytes, false when it refuses them; without a binding, the container must be whole', async () => {
    const png = new Uint8Array(
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#00ff00' } })
        .png()
        .toBuffer(),
    );
    expect(await createCloudflareAvatarImages(fakeImages().binding).decodes(png, 'image/png')).toBe(true);
    expect(await createCloudflareAvatarImages(fakeImages({ fail: true }).binding).decodes(png, 'image/png')).toBe(false);
    const passthrough = createPassthroughAvatarImages({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });
    expect(await passthrough.decodes(png, 'image/png')).toBe(true);
    expect(await passthrough.decodes(png.subarray(0, png.length - 12), 'image/png')).toBe(false);
  });
});
