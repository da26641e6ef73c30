import { describe, expect, it } from 'vitest';
import { preflightTextToImage } from './preflight';
import { renderTextToImageWithReport } from './text-to-image';
import type { RenderStyle } from './context';

const size = { width: 160, height: 128 };

/**
 * Prompts and negative prompts, English and Chinese, where the negative prompt changes the picture
 * and where it does not: unknown terms, things the scene does not hold, finishes the style lacks.
 */
const CASES: [prompt: string, negativePrompt: string, style: RenderStyle][] = [
  ['a red fox in a meadow', 'low quality', 'realistic'],
  ['a red fox in a meadow', 'submarine', 'realistic'],
  ['a fox and a dog', 'dog', 'cartoon'],
  ['a red fox', 'trees', 'realistic'],
  ['a cabin in a pine forest', 'trees', 'artistic'],
  ['森林裡的鹿', '樹', 'anime'],
  ['森林裡的鹿', '潛水艇', 'anime'],
  ['一隻貓在草地上', '狗', 'cartoon'],
  ['一隻貓在草地上', '貓', 'cartoon'],
  ['夜晚的燈塔', '月亮、星星', 'realistic'],
  ['a lighthouse at night', 'sun', 'realistic'],
  ['a meadow at noon', 'vignette', 'cartoon'],
  ['a meadow at noon', 'vignette', 'realistic'],
  ['a red fox', 'grain', 'anime'],
  ['a red fox', 'grain', 'realistic'],
  ['a portrait of a woman', 'blurry hands, bad anatomy', 'realistic'],
  ['a city skyline at sunset', 'text, watermark', 'realistic'],
  ['a lighthouse, pencil sketch', 'birds', 'realistic'],
  ['a whale', 'water', 'realistic'],
];

describe('preflightTextToImage', () => {
  it('says the negative prompt is ignored exactly when the job, drawing it, finds it changed nothing', async () => {
    const disagreements: string[] = [];
    for (const [prompt, negativePrompt, style] of CASES) {
      for (const seed of [1, 3]) {
        const job = await renderTextToImageWithReport({ prompt, negativePrompt, style, styleName: style, ...size, seed });
        const before = preflightTextToImage({ prompt, negativePrompt, style, ...size, seed });
        if (before.ignoredOptions.includes('negativePrompt') !== job.negativePromptIgnored)
          disagreements.push(`${prompt} − ${negativePrompt} (${style}, seed ${seed}): job ${job.negativePromptIgnored}`);
      }
    }
    expect(disagreements).toEqual([]);
  }, 120_000);

  it('names the terms it cannot use: unknown to the engine, or absent from this scene', () => {
    const fox = { prompt: 'a red fox in a meadow', style: 'realistic', ...size, seed: 2 };
    expect(preflightTextToImage({ ...fox, negativePrompt: 'low quality, submarine' })).toEqual({
      ignoredOptions: ['negativePrompt'],
      unusedTerms: [
        { term: 'low quality', reason: 'unknown' },
        { term: 'submarine', reason: 'unknown' },
      ],
    });
    // Known to the engine (the vocabulary has a dog) but not in this picture.
    expect(preflightTextToImage({ ...fox, negativePrompt: 'dog' })).toEqual({
      ignoredOptions: ['negativePrompt'],
      unusedTerms: [{ term: 'dog', reason: 'absent' }],
    });
    // One used term is enough for the option to count; the others are still named.
    expect(preflightTextToImage({ ...fox, prompt: 'a fox and a dog', negativePrompt: 'dog, low quality' })).toEqual({
      ignoredOptions: [],
      unusedTerms: [{ term: 'low quality', reason: 'unknown' }],
    });
    expect(preflightTextToImage({ ...fox, prompt: '一隻貓和一隻狗', negativePrompt: '狗、畫質差' }).ignoredOptions).toEqual([]);
    expect(preflightTextToImage({ ...fox, negativePrompt: '  ' })).toEqual({ ignoredOptions: [], unusedTerms: [] });
  });

  it('without a seed, says ignored only when no sampled seed would use it', () => {
    // "a red fox" stands in a landscape chosen by the seed; for some seeds it is a forest.
    const trees = preflightTextToImage({ prompt: 'a red fox', negativePrompt: 'trees', style: 'realistic', ...size });
    expect(trees.ignoredOptions).toEqual([]);
    const unknown = preflightTextToImage({ prompt: 'a red fox', negativePrompt: 'low quality', style: 'realistic', ...size });
    expect(unknown.ignoredOptions).toEqual(['negativePrompt']);
  });
});
