import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { STYLE_TEXTS } from '../../contract/style-texts';
import { isPhotographic, lookOf } from './looks';
import { renderPainted as renderScene } from './text-to-image';

const frame = { width: 128, height: 128, seed: 5 } as const;

/** Mean absolute difference between neighbouring pixels of a band of rows: how much fine detail it holds. */
async function detail(png: Uint8Array, top: number, bottom: number): Promise<number> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  let count = 0;
  for (let y = Math.round(info.height * top); y < Math.round(info.height * bottom); y++)
    for (let x = 1; x < info.width; x++) {
      sum += Math.abs(data[y * info.width + x]! - data[y * info.width + x - 1]!);
      count++;
    }
  return sum / count;
}

describe('lookOf', () => {
  it('reads the medium a prompt names, in English and Chinese, first named first', () => {
    expect(lookOf('a lighthouse, oil painting', 'realistic')).toEqual({ style: 'realistic', medium: 'oil-painting' });
    expect(lookOf('水彩畫的貓', 'realistic').medium).toBe('watercolor');
    expect(lookOf('a pencil sketch of an old bridge', 'cartoon')).toEqual({ style: 'cartoon', medium: 'sketch' });
    expect(lookOf('素描：一隻貓', 'realistic').medium).toBe('sketch');
    expect(lookOf('pop art portrait of a dog', 'realistic').medium).toBe('pop-art-portrait');
    expect(lookOf('賽博龐克城市', 'realistic').medium).toBe('cyberpunk');
    expect(lookOf('an oil painting, not a watercolor', 'realistic').medium).toBe('oil-painting');
    // A pencil on a desk is a subject, not a medium.
    expect(lookOf('a pencil on a desk', 'cartoon')).toEqual({ style: 'cartoon' });
  });

  it('draws the way the prompt says ("realistic", "photo", "anime"), else the way the style says', () => {
    expect(lookOf('a realistic horse', 'cartoon')).toEqual({ style: 'realistic' });
    expect(lookOf('一張貓的照片', 'anime')).toEqual({ style: 'realistic' });
    expect(lookOf('an anime girl', 'realistic')).toEqual({ style: 'anime' });
    expect(lookOf('卡通風格的狗', 'realistic')).toEqual({ style: 'cartoon' });
    expect(lookOf('a horse', 'artistic')).toEqual({ style: 'artistic' });
    expect(isPhotographic(lookOf('a horse', 'realistic'))).toBe(true);
    expect(isPhotographic(lookOf('a horse, oil painting', 'realistic'))).toBe(false);
    // A tool's style sent as the style of a text-to-image request.
    expect(lookOf('a horse', 'realistic', 'watercolor')).toEqual({ style: 'realistic', medium: 'watercolor' });
    expect(lookOf('a horse', 'realistic', 'oil-painting').medium).toBe('oil-painting');
    expect(lookOf('a horse', 'realistic', 'id-photo')).toEqual({ style: 'realistic' });
    // As the workbench sends a style button's text: the same look as the style.
    for (const { id, suffix } of STYLE_TEXTS) expect(lookOf(`a horse, ${suffix}`, id), id).toEqual({ style: id });
  });
});

describe('text-to-image paints the look', () => {
  it('paints a pencil sketch in grey, where the same prompt without it is in colour', async () => {
    const input = { ...frame, style: 'realistic', prompt: 'a lighthouse by the sea at sunset' } as const;
    const [plain, sketched] = await Promise.all([renderScene(input), renderScene({ ...input, prompt: `${input.prompt}, pencil sketch` })]);
    const chroma = async (png: Uint8Array) => {
      const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      let sum = 0;
      for (let i = 0; i < data.length; i += 3)
        sum += Math.max(data[i]!, data[i + 1]!, data[i + 2]!) - Math.min(data[i]!, data[i + 1]!, data[i + 2]!);
      return sum / (data.length / 3);
    };
    expect(await chroma(plain.png)).toBeGreaterThan(40);
    expect(await chroma(sketched.png)).toBeLessThan(6);
    // The medium is no subject: "pencil sketch" draws no pencil.
    expect(sketched.subjects).toEqual([]);
    const meta = await sharp(sketched.png).metadata();
    expect([meta.width, meta.height]).toEqual([128, 128]);
  });

  it('paints an oil painting and keeps the bytes for the same prompt, style, size and seed', async () => {
    const input = { ...frame, style: 'realistic', prompt: '一碗拉麵，油畫' } as const;
    const [a, b, plain] = await Promise.all([renderScene(input), renderScene(input), renderScene({ ...input, prompt: '一碗拉麵' })]);
    expect(a.look).toEqual({ style: 'realistic', medium: 'oil-painting' });
    expect(Buffer.compare(a.png, b.png)).toBe(0);
    expect(Buffer.compare(a.png, plain.png)).not.toBe(0);
    expect(a.subjects.map((hit) => hit.label)).toEqual(['steaming bowl']);
  });

  it('draws "a realistic photo" photographically and "anime" as anime whatever the style, with no camera in it', async () => {
    const photo = await renderScene({ ...frame, style: 'cartoon', prompt: 'a realistic photo of a horse in a meadow' });
    expect(photo.plan.ctx.look.style).toBe('realistic');
    expect(photo.subjects.map((hit) => hit.label)).toEqual(['horse']);
    const anime = await renderScene({ ...frame, style: 'realistic', prompt: 'an anime horse in a meadow' });
    expect(anime.plan.ctx.look.style).toBe('anime');
    // Anime draws ink outlines; the realistic way does not.
    expect(anime.plan.layers.land.toSvg()).toContain('class="ol');
    expect(photo.plan.layers.land.toSvg()).not.toContain('class="ol');
  });

  it('focuses a photograph on its subject: the land behind it is softer, unless the negative prompt names blur', async () => {
    const input = { ...frame, width: 256, height: 256, style: 'realistic', prompt: 'a red fox in the mountains' } as const;
    // Without grain on both, which would hide the difference in fine detail.
    const [focused, sharpAll] = await Promise.all([
      renderScene({ ...input, negativePrompt: 'grain' }),
      renderScene({ ...input, negativePrompt: 'grain, blurry' }),
    ]);
    // The mountains' band, above the fox.
    expect(await detail(focused.png, 0.3, 0.45)).toBeLessThan((await detail(sharpAll.png, 0.3, 0.45)) * 0.8);
  });
});
