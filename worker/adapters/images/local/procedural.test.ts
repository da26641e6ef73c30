import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildSceneSvg, renderFromPrompt } from './procedural';
import { parsePromptScene } from './scene';

describe('parsePromptScene', () => {
  it('picks scene elements from English and Chinese words', () => {
    expect(parsePromptScene('sunset over mountains')).toMatchObject({ time: 'sunset', mountains: true, water: false });
    expect(parsePromptScene('城市 夜')).toMatchObject({ city: true, time: 'night' });
    expect(parsePromptScene('a red cat in the snow')).toMatchObject({ subject: 'cat', snow: true, tint: '#ef4444' });
    expect(parsePromptScene('neon cyberpunk street')).toMatchObject({ neon: true, city: true, time: 'night' });
  });
});

describe('renderFromPrompt', () => {
  const input = { prompt: 'sunset over a lake', style: 'realistic' as const, width: 256, height: 256, seed: 1 };

  it('is deterministic for a prompt and seed, and varies with the seed', async () => {
    const [a, b, c] = await Promise.all([renderFromPrompt(input), renderFromPrompt(input), renderFromPrompt({ ...input, seed: 2 })]);
    expect(Buffer.compare(a, b)).toBe(0);
    expect(Buffer.compare(a, c)).not.toBe(0);
  });

  it('renders exactly the requested size for spec sizes', async () => {
    for (const [width, height] of [[1024, 1024], [832, 1248], [1344, 768], [1536, 672]] as const) {
      const meta = await sharp(await renderFromPrompt({ ...input, width, height })).metadata();
      expect([meta.width, meta.height]).toEqual([width, height]);
    }
  }, 30_000);

  it('draws what the prompt names, and the style changes the picture', async () => {
    expect(buildSceneSvg({ ...input, prompt: 'city skyline' })).toContain('<rect x="0" y=');
    expect(buildSceneSvg({ ...input, prompt: 'ringed planet in space' })).toContain('<ellipse');
    expect(buildSceneSvg({ ...input, style: 'cartoon' })).toContain('stroke="#0a0a0a"');
    const [realistic, anime] = await Promise.all([renderFromPrompt(input), renderFromPrompt({ ...input, style: 'anime' })]);
    expect(Buffer.compare(realistic, anime)).not.toBe(0);
    // Not a flat colour: the picture has real tonal range.
    const stats = await sharp(realistic).stats();
    expect(stats.channels[0]!.max - stats.channels[0]!.min).toBeGreaterThan(100);
  });
});
