import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { editImages } from './index';

const photo = new Uint8Array(readFileSync(new URL('../../../tests/fixtures/photos/astronaut.png', import.meta.url)));
const meanLuma = async (bytes: Uint8Array) => (await sharp(bytes).greyscale().stats()).channels[0]!.mean;

describe('offline edits', () => {
  it('reads "knight" as a knight, not as a night scene', async () => {
    const knight = await editImages({ prompt: 'a medieval knight', style: 'none', images: [photo], width: 128, height: 128 });
    const night = await editImages({ prompt: 'the same photo at night', style: 'none', images: [photo], width: 128, height: 128 });
    expect(await meanLuma(night)).toBeLessThan((await meanLuma(knight)) * 0.9);
  });
});
