import { describe, expect, it } from 'vitest';
import { pngFile } from '@tests/fixtures/images';
import { manualClock } from '@tests/setup/test-app';
import { createSharpAvatarImages } from '../../adapters/images/avatar-sharp';
import { createMemoryRateLimiter } from '../../adapters/limits/memory';
import { checkUploadedImage, UPLOADS_PER_USER } from './uploads';

describe('checkUploadedImage', () => {
  it('counts every image against its user before decoding, refuses past the limit with 429, and lets other users through', async () => {
    const clock = manualClock();
    const decodes: number[] = [];
    const images = createSharpAvatarImages();
    const ctx = {
      limits: createMemoryRateLimiter(clock),
      avatarImages: {
        ...images,
        decodes: (...args: Parameters<typeof images.decodes>) => {
          decodes.push(args[0].length);
          return images.decodes(...args);
        },
      },
    };
    const file = await pngFile('p.png', 16, 16);
    for (let n = 0; n < UPLOADS_PER_USER.limit; n++) await checkUploadedImage(ctx, 'usr_busy', file);
    const refused = checkUploadedImage(ctx, 'usr_busy', file, { field: 'images' });
    await expect(refused).rejects.toMatchObject({ code: 'RATE_LIMITED', status: 429, details: { field: 'images' } });
    expect(decodes).toHaveLength(UPLOADS_PER_USER.limit);
    await expect(checkUploadedImage(ctx, 'usr_other', file)).resolves.toMatchObject({ width: 16, height: 16 });
    clock.advance(UPLOADS_PER_USER.windowSeconds);
    await expect(checkUploadedImage(ctx, 'usr_busy', file)).resolves.toMatchObject({ width: 16 });
  });

  it('refuses another type naming exactly the formats this field accepts, GIF only where it is accepted', async () => {
    const ctx = { limits: createMemoryRateLimiter(manualClock()), avatarImages: createSharpAvatarImages() };
    // A one-pixel GIF: its bytes say GIF whatever the name says.
    const gifBytes = Uint8Array.from(atob('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw=='), (c) => c.charCodeAt(0));
    const gif = new File([gifBytes], 'still.gif', { type: 'image/gif' });
    const text = new File(['not an image'], 'notes.png', { type: 'image/png' });
    await expect(checkUploadedImage(ctx, 'usr_a', gif)).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Only JPG, PNG, WebP formats are supported',
    });
    await expect(checkUploadedImage(ctx, 'usr_a', gif, { allowGif: true })).resolves.toMatchObject({ type: 'image/gif' });
    await expect(checkUploadedImage(ctx, 'usr_a', text, { allowGif: true })).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Only JPG, PNG, WebP, GIF formats are supported',
    });
  });
});
