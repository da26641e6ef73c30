import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { planScene, renderFromPrompt, type RenderInput } from './procedural';

const base: RenderInput = { prompt: 'sunset over a lake', style: 'realistic', width: 320, height: 320, seed: 1 };

/** Mean RGB of a region (fractions of the picture) of a PNG. */
async function meanColour(png: Uint8Array, top = 0, height = 1): Promise<[number, number, number]> {
  const meta = await sharp(png).metadata();
  const { channels } = await sharp(png)
    .extract({ left: 0, top: Math.round(meta.height! * top), width: meta.width!, height: Math.max(1, Math.round(meta.height! * height)) })
    .stats();
  return [channels[0]!.mean, channels[1]!.mean, channels[2]!.mean];
}

describe('renderFromPrompt', () => {
  it('is deterministic for a prompt, style, size and seed, and varies with the seed', async () => {
    const [a, b, c] = await Promise.all([renderFromPrompt(base), renderFromPrompt(base), renderFromPrompt({ ...base, seed: 2 })]);
    expect(Buffer.compare(a, b)).toBe(0);
    expect(Buffer.compare(a, c)).not.toBe(0);
    // Not just different bytes: a visibly different variation.
    const [ra, rc] = await Promise.all([sharp(a).resize(32, 32).raw().toBuffer(), sharp(c).resize(32, 32).raw().toBuffer()]);
    const diff = ra.reduce((sum, v, i) => sum + Math.abs(v - rc[i]!), 0) / ra.length;
    expect(diff).toBeGreaterThan(4);
  });

  it('gives every style the same picture for the same seed, alone or beside other renders', async () => {
    for (const style of ['realistic', 'artistic', 'anime', 'cartoon', 'abstract'] as const) {
      const input = { ...base, prompt: 'a lighthouse by the sea at sunset', style, seed: 7 };
      const alone = await renderFromPrompt(input);
      const side = await Promise.all(Array.from({ length: 4 }, () => renderFromPrompt(input)));
      for (const png of side) expect(Buffer.compare(png, alone), style).toBe(0);
    }
  });

  it('renders exactly the requested size for the spec sizes', async () => {
    for (const [width, height] of [
      [1024, 1024],
      [832, 1248],
      [1344, 768],
      [1536, 672],
    ] as const) {
      const png = await renderFromPrompt({ ...base, prompt: 'a city skyline by the sea', width, height });
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', width, height]);
    }
  }, 30_000);

  it('changes the picture with the style', async () => {
    const styles = ['realistic', 'artistic', 'anime', 'cartoon', 'abstract'] as const;
    const images = await Promise.all(styles.map((style) => renderFromPrompt({ ...base, prompt: 'a cat in a flower garden', style })));
    for (let i = 0; i < images.length; i++) {
      for (let j = i + 1; j < images.length; j++) expect(Buffer.compare(images[i]!, images[j]!)).not.toBe(0);
    }
    // Cartoon and anime draw ink outlines; realistic does not.
    expect(planScene({ ...base, prompt: 'a cat in a flower garden', style: 'cartoon' }).layers.front.toSvg()).toContain('class="ol');
    expect(planScene({ ...base, prompt: 'a cat in a flower garden', style: 'realistic' }).layers.front.toSvg()).not.toContain('class="ol');
  });

  it('follows the words: night is dark, snow is bright, a sunset is warm', async () => {
    const [night, day, snow, sunset] = await Promise.all([
      renderFromPrompt({ ...base, prompt: 'mountains at night under the stars' }),
      renderFromPrompt({ ...base, prompt: 'mountains on a sunny day' }),
      renderFromPrompt({ ...base, prompt: 'a snowy field in winter' }),
      renderFromPrompt({ ...base, prompt: 'a desert at sunset' }),
    ]);
    const lum = ([r, g, b]: [number, number, number]) => 0.3 * r + 0.59 * g + 0.11 * b;
    expect(lum(await meanColour(night))).toBeLessThan(lum(await meanColour(day)) - 40);
    expect(lum(await meanColour(snow, 0.75, 0.25))).toBeGreaterThan(170);
    const [r, , b] = await meanColour(sunset, 0.3, 0.3);
    expect(r).toBeGreaterThan(b + 30);
  });

  it('draws the named elements into the scene', () => {
    const svgOf = (prompt: string) => {
      const { layers } = planScene({ ...base, prompt });
      return Object.values(layers)
        .map((l) => l.toSvg())
        .join('');
    };
    const plan = planScene({ ...base, prompt: 'sunset over mountains and a lake' });
    expect(plan.water).toBe(true);
    expect(plan.ctx.sun.kind).toBe('sun');
    expect(planScene({ ...base, prompt: '城市 夜' }).ctx.scene.city).toBe(true);
    expect(planScene({ ...base, prompt: 'a full moon at night' }).ctx.sun.kind).toBe('moon');
    // Lit windows at night are small rectangles filled with the window colour.
    expect(svgOf('a city skyline at night').match(/<rect/g)!.length).toBeGreaterThan(100);
    // A ringed planet: a ring of ellipses around a sphere.
    expect(svgOf('a ringed planet in space')).toMatch(/<ellipse[^>]+stroke=/);
  });

  it('still composes a picture for a prompt it does not know', async () => {
    const plan = planScene({ ...base, prompt: 'the meaning of time' });
    expect(plan.unknown).toBe(true);
    const stats = await sharp(await renderFromPrompt({ ...base, prompt: 'the meaning of time' })).stats();
    expect(stats.channels.every((c) => c.max - c.min > 80)).toBe(true);
    expect(stats.entropy).toBeGreaterThan(4);
  });

  it('renders Chinese prompts and every style without a flat colour', async () => {
    for (const style of ['realistic', 'artistic', 'anime', 'cartoon', 'abstract'] as const) {
      const png = await renderFromPrompt({ ...base, prompt: '日落時海邊的貓', style });
      const stats = await sharp(png).stats();
      expect(stats.channels[0]!.max - stats.channels[0]!.min).toBeGreaterThan(100);
    }
  });
});
