import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { assertChanged, runEngineOperation } from './index';
import { EngineInputError, FACE_SWAP_MORE_ACCESSORIES } from '../contract/engine-operations';

const portrait = new Uint8Array(readFileSync(new URL('../../tests/fixtures/photos/astronaut.png', import.meta.url)));
const png = (bytes: Buffer) => ({ bytes: new Uint8Array(bytes), contentType: 'image/png' as const, width: 0, height: 0 });

describe('a paid result is never the input unchanged', () => {
  it('assertChanged refuses the same pixels (even re-encoded) and lets any change through', async () => {
    const reencoded = await sharp(portrait).png({ compressionLevel: 1 }).toBuffer();
    expect(Buffer.from(reencoded).equals(Buffer.from(portrait))).toBe(false);
    await expect(assertChanged(portrait, png(reencoded))).rejects.toMatchObject({ name: 'EngineInputError', code: 'UNCHANGED_OUTPUT' });
    const oneDot = await sharp(portrait)
      .composite([{ input: { create: { width: 1, height: 1, channels: 3, background: '#ff00ff' } }, left: 5, top: 5 }])
      .png()
      .toBuffer();
    await expect(assertChanged(portrait, png(oneDot))).resolves.toBeUndefined();
    await expect(assertChanged(portrait, png(await sharp(portrait).resize(128).png().toBuffer()))).resolves.toBeUndefined();
  });

  it('face swap with nothing it can apply fails with UNCHANGED_OUTPUT; with accessories it changes the photo', async () => {
    const nothing = runEngineOperation({ op: 'tool', toolId: 'face-swap', image: portrait, params: {}, seed: 1 });
    await expect(nothing).rejects.toBeInstanceOf(EngineInputError);
    await expect(nothing).rejects.toMatchObject({ code: 'UNCHANGED_OUTPUT' });

    const one = await runEngineOperation({
      op: 'tool',
      toolId: 'face-swap',
      image: portrait,
      params: { head_accessories: 'sunglasses' },
      seed: 1,
    });
    const two = await runEngineOperation({
      op: 'tool',
      toolId: 'face-swap',
      image: portrait,
      params: { head_accessories: 'sunglasses', [FACE_SWAP_MORE_ACCESSORIES]: 'baseball_cap' },
      seed: 1,
    });
    const raw = (bytes: Uint8Array) => sharp(bytes).removeAlpha().raw().toBuffer();
    const [a, b] = [await raw(one.bytes), await raw(two.bytes)];
    // The cap is drawn too: the two results differ (above the glasses, where the cap sits).
    let changed = 0;
    for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > 30) changed++;
    expect(changed / 3).toBeGreaterThan(500);
  }, 120_000);
});

describe('accessory colours from a description', () => {
  it('tintSvg moves coloured fills to the named hue and leaves greys (shadows, highlights) alone', async () => {
    const { tintSvg } = await import('./face-swap/accessories');
    const svg = '<path fill="#2d4f8a" stroke="#142647"/><ellipse fill="#000000"/><path stroke="#ffffff"/>';
    const red = tintSvg(svg, '#c62828');
    const [main, seam] = [...red.matchAll(/#[0-9a-f]{6}/g)].map((m) => m[0]);
    for (const hex of [main!, seam!]) {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      expect(r).toBeGreaterThan(g! * 2);
      expect(r).toBeGreaterThan(b! * 2);
    }
    expect(red).toContain('#000000');
    expect(red).toContain('#ffffff');
    expect(tintSvg(svg, 'not a colour')).toBe(svg);
  });
});
