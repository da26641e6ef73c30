import { describe, expect, it } from 'vitest';
import { ignoredOffline } from './ignored-options';

describe('the options the offline engine will not draw, named before Start', () => {
  it('lists an expression and a hairstyle as ignored on a photo, and not what it draws', () => {
    const chosen = { expression: 'laughing', hair_style: 'curly', hair_color: 'blue', head_accessories: 'sunglasses' };
    expect(ignoredOffline(chosen, 'edit')).toEqual([
      ['expression', 'laughing'],
      ['hair_style', 'curly'],
    ]);
  });

  it('in the drawn avatar, lists only what it has no drawing for', () => {
    const chosen = { expression: 'laughing', hair_style: 'curly', nationality: 'af', iso: '3200', focal_length: '24mm' };
    expect(ignoredOffline(chosen, 'generate').map(([key]) => key)).toEqual(['nationality', 'focal_length']);
  });
});
