import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import type { Orientation } from '../../lib/images/exif';
import { exifOrientation } from '../../lib/images/strip-metadata';
import { EngineError, type EditInput, type ImageEngine } from './port';
import { createCloudflareUprightImages, createPassthroughUprightImages, type UprightImagesBindingLike } from './upright-cloudflare';
import { withUprightSources, type UprightImages } from './upright-port';
import { createSharpUprightImages } from './upright-sharp';
import { expectUpright, phonePhoto } from './upright.test-support';

const ORIENTATIONS: Orientation[] = [2, 3, 4, 5, 6, 7, 8];
const FORMATS = ['jpeg', 'png', 'webp'] as const;

/**
 * The Images binding as wrangler's local one is built (miniflare: sharp with `autoOrient: true`,
 * then the output format), which is what Cloudflare documents for production: the EXIF rotation is
 * always applied on decode. `honoursOrientation: false` is a binding that would not.
 */
function fakeImagesBinding(options: { honoursOrientation: boolean }) {
  const calls: { format: string; quality?: number }[] = [];
  const binding: UprightImagesBindingLike = {
    input(stream) {
      return {
        async output({ format, quality }) {
          calls.push({ format, quality });
          const bytes = Buffer.from(await new Response(stream).arrayBuffer());
          const image = sharp(bytes, { autoOrient: options.honoursOrientation });
          const out = await (format === 'image/jpeg'
            ? image.jpeg({ quality })
            : format === 'image/webp'
              ? image.webp({ quality })
              : image.png()
          ).toBuffer();
          return { image: () => new Response(out).body! };
        },
      };
    },
  };
  return { binding, calls };
}

const silentLog = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

describe('the portrait photo fixture', () => {
  it.each(ORIENTATIONS)('Orientation=%i is stored turned and tagged; sharp auto-orient shows it upright', async (orientation) => {
    const photo = await phonePhoto('png', orientation);
    expect(exifOrientation(photo, 'image/png')).toBe(orientation);
    await expect(expectUpright(photo)).rejects.toThrow();
    await expectUpright(new Uint8Array(await sharp(photo).autoOrient().png().toBuffer()));
  });
});

describe('upright images: sharp (Node)', () => {
  const upright = createSharpUprightImages();
  for (const format of FORMATS) {
    it.each(ORIENTATIONS)(`${format}, Orientation=%i: pixels turned (mirrors too), tag gone, format kept`, async (orientation) => {
      const out = await upright.upright(await phonePhoto(format, orientation), `image/${format}`, orientation);
      expect(out.contentType).toBe(`image/${format}`);
      await expectUpright(out.bytes);
    });
  }
});

describe('upright images: Cloudflare Images binding (Workers)', () => {
  it.each(ORIENTATIONS)('Orientation=%i: a plain re-encode, the binding applies the tag, no rotate/flip on top', async (orientation) => {
    const { binding, calls } = fakeImagesBinding({ honoursOrientation: true });
    const out = await createCloudflareUprightImages(binding).upright(await phonePhoto('jpeg', orientation), 'image/jpeg', orientation);
    expect(out.contentType).toBe('image/jpeg');
    expect(calls).toEqual([{ format: 'image/jpeg', quality: 92 }]);
    await expectUpright(out.bytes);
  });

  it('keeps PNG lossless (no quality: the binding would make it PNG8) and WebP as WebP', async () => {
    const { binding, calls } = fakeImagesBinding({ honoursOrientation: true });
    const images = createCloudflareUprightImages(binding);
    const png = await images.upright(await phonePhoto('png'), 'image/png', 6);
    const webp = await images.upright(await phonePhoto('webp'), 'image/webp', 6);
    expect([png.contentType, webp.contentType]).toEqual(['image/png', 'image/webp']);
    expect(calls).toEqual([
      { format: 'image/png', quality: undefined },
      { format: 'image/webp', quality: 92 },
    ]);
    await expectUpright(png.bytes);
    await expectUpright(webp.bytes);
  });

  it('a binding that leaves a portrait sideways is not trusted: the source goes on as uploaded, warned', async () => {
    const { binding } = fakeImagesBinding({ honoursOrientation: false });
    const log = silentLog();
    const photo = await phonePhoto('png');
    const out = await createCloudflareUprightImages(binding, log).upright(photo, 'image/png', 6);
    expect(out).toEqual({ bytes: photo, contentType: 'image/png' });
    expect(log.warn).toHaveBeenCalledOnce();
  });

  it('without a binding, sources pass unchanged and the missing binding is warned once', async () => {
    const log = silentLog();
    const images = createPassthroughUprightImages(log);
    const photo = await phonePhoto('jpeg');
    expect(await images.upright(photo, 'image/jpeg', 6)).toEqual({ bytes: photo, contentType: 'image/jpeg' });
    await images.upright(photo, 'image/jpeg', 6);
    expect(log.warn).toHaveBeenCalledOnce();
  });
});

describe('withUprightSources', () => {
  const recordingEngine = () => {
    const seen: EditInput[] = [];
    const engine: ImageEngine = {
      name: 'provider:x',
      textToImage: async () => ({ bytes: new Uint8Array([1]), contentType: 'image/png' }),
      edit: async (input) => {
        seen.push(input);
        return { bytes: new Uint8Array([1]), contentType: 'image/png' };
      },
    };
    return { engine, seen };
  };
  const edit = (images: EditInput['images']): EditInput => ({
    operation: { op: 'edit', prompt: 'p' },
    style: 'realistic',
    images,
    seed: 1,
    model: 'nano',
  });

  it('turns only the tagged sources, and leaves upright ones byte for byte without touching the decoder', async () => {
    const { engine, seen } = recordingEngine();
    const sharpUpright = createSharpUprightImages();
    const images: UprightImages = { upright: vi.fn(sharpUpright.upright) };
    const plain = new Uint8Array(
      await sharp({ create: { width: 4, height: 4, channels: 3, background: '#ffffff' } })
        .png()
        .toBuffer(),
    );
    const wrapped = withUprightSources(engine, images);
    expect(wrapped.name).toBe('provider:x');
    await wrapped.edit(
      edit([
        { bytes: await phonePhoto('jpeg'), contentType: 'image/jpeg' },
        { bytes: plain, contentType: 'image/png' },
      ]),
    );
    expect(images.upright).toHaveBeenCalledOnce();
    await expectUpright(seen[0]!.images[0]!.bytes);
    expect(seen[0]!.images[1]!.bytes).toBe(plain);
  });

  it('a decoder failure is a retryable server error, not the user’s fault', async () => {
    const { engine, seen } = recordingEngine();
    const images: UprightImages = { upright: () => Promise.reject(new Error('ImagesError 9523')) };
    const error = await withUprightSources(engine, images)
      .edit(edit([{ bytes: await phonePhoto('png'), contentType: 'image/png' }]))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).retryable).toBe(true);
    expect((error as EngineError).message).toMatch(/^server error: could not turn the source image upright \(ImagesError 9523\)$/);
    expect(seen).toHaveLength(0);
  });
});
