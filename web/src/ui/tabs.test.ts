import { describe, expect, it } from 'vitest';
import { tabKeyTarget } from './tabs';

describe('tabKeyTarget', () => {
  it('moves to the next and previous tab with the arrows, wrapping at the ends', () => {
    expect(tabKeyTarget('ArrowRight', 0, 4)).toBe(1);
    expect(tabKeyTarget('ArrowDown', 3, 4)).toBe(0);
    expect(tabKeyTarget('ArrowLeft', 0, 4)).toBe(3);
    expect(tabKeyTarget('ArrowUp', 2, 4)).toBe(1);
  });

  it('jumps to the first and last tab with Home and End', () => {
    expect(tabKeyTarget('Home', 2, 4)).toBe(0);
    expect(tabKeyTarget('End', 1, 4)).toBe(3);
  });

  it('leaves other keys to the browser', () => {
    expect(tabKeyTarget('Enter', 1, 4)).toBeNull();
    expect(tabKeyTarget('Tab', 1, 4)).toBeNull();
    expect(tabKeyTarget('a', 1, 4)).toBeNull();
  });
});
