import { describe, expect, it } from 'vitest';
import { applySuffix } from './prompt-suffix';

describe('applySuffix', () => {
  it('appends a style description and replaces the previous one', () => {
    const once = applySuffix('a cat', undefined, 'anime style');
    expect(once).toBe('a cat, anime style');
    expect(applySuffix(once, 'anime style', 'cartoon')).toBe('a cat, cartoon');
    expect(applySuffix('', undefined, 'cartoon')).toBe('cartoon');
  });
});
