import { describe, expect, it } from 'vitest';
import { adjust, fromHsl, mix, toHsl } from './color';
import { Layer, place, smoothPath } from './svg';

describe('svg helpers', () => {
  it('draws a closed smooth path through every point, sharp at corners', () => {
    const d = smoothPath([
      [0, 0],
      [10, 0, 1],
      [10, 10],
      [0, 10],
    ]);
    expect(d.startsWith('M0 0')).toBe(true);
    expect(d.endsWith('Z')).toBe(true);
    expect(d.match(/C/g)).toHaveLength(4);
    // The corner's outgoing control point sits on the corner itself.
    expect(d).toContain('C10 0 ');
  });

  it('places unit-box shapes, mirrored when asked', () => {
    expect(place([[10, -20, 1]], 100, 200, 2)).toEqual([[120, 160, 1]]);
    expect(place([[10, -20]], 100, 200, 2, true)).toEqual([[80, 160]]);
  });

  it('keeps ids unique across layers and renders at a smaller size with the same viewBox', () => {
    const ids = { next: 0 };
    const a = new Layer(400, 200, ids);
    const b = new Layer(400, 200, ids);
    const g1 = a.linear(
      [
        [0, '#000000'],
        [1, '#ffffff', 0.5],
      ],
      0,
      0,
      0,
      200,
    );
    const g2 = b.radial([[0, '#ff0000']], 10, 10, 5);
    expect(g1).not.toBe(g2);
    a.add(`<rect width="400" height="200" fill="${g1}"/>`);
    const svg = a.toSvg(100, 50);
    expect(svg).toContain('width="100" height="50" viewBox="0 0 400 200"');
    expect(svg).toContain('stop-opacity="0.5"');
    expect(b.empty).toBe(true);
  });
});

describe('colour helpers', () => {
  it('mixes and round-trips through HSL', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    const [h, s, l] = toHsl('#3b6fe0');
    expect(fromHsl(h, s, l)).toBe('#3b6fe0');
    expect(adjust('#ff0000', 120)).toBe('#00ff00');
  });
});
