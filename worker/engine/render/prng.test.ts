import { describe, expect, it } from 'vitest';
import { createRng, hashString, mulberry32 } from './prng';

describe('prng', () => {
  it('hashes strings stably and spreads near-identical inputs', () => {
    expect(hashString('sunset')).toBe(hashString('sunset'));
    expect(hashString('sunset')).not.toBe(hashString('sunsets'));
    expect(hashString('')).toBe(0x811c9dc5);
  });

  it('mulberry32 repeats for a seed, differs across seeds and stays in [0, 1)', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const seqA = Array.from({ length: 100 }, a);
    expect(Array.from({ length: 100 }, b)).toEqual(seqA);
    expect(Array.from({ length: 100 }, c)).not.toEqual(seqA);
    expect(seqA.every((v) => v >= 0 && v < 1)).toBe(true);
  });

  it('helpers respect their bounds', () => {
    const rng = createRng(7);
    for (let i = 0; i < 500; i++) {
      const r = rng.range(-2, 3);
      expect(r).toBeGreaterThanOrEqual(-2);
      expect(r).toBeLessThan(3);
      const n = rng.int(1, 4);
      expect(Number.isInteger(n) && n >= 1 && n <= 4).toBe(true);
      expect(['a', 'b']).toContain(rng.pick(['a', 'b']));
      expect(Math.abs(rng.gauss())).toBeLessThanOrEqual(3.47);
    }
  });
});
