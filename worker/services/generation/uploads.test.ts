import { describe, expect, it } from 'vitest';
import { pngFile } from '../../../tests/fixtures/images';
import { manualClock } from '../../../tests/setup/test-app';
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
});
