/** FNV-1a hash of a string: the seed of every procedural decision for a prompt. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast, deterministic PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seeded random source with the few shapes of randomness the renderer needs. */
export interface Rng {
  (): number;
  range(min: number, max: number): number;
  int(min: number, maxInclusive: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  /** Roughly normal (mean 0, sd ≈ 1), from the sum of uniforms: cheap and bounded. */
  gauss(): number;
}

export function createRng(seed: number): Rng {
  const next = mulberry32(seed);
  const rng = (() => next()) as Rng;
  rng.range = (min, max) => min + (max - min) * next();
  rng.int = (min, max) => min + Math.floor(next() * (max - min + 1));
  rng.pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  rng.chance = (p) => next() < p;
  rng.gauss = () => (next() + next() + next() + next() - 2) * 1.73;
  return rng;
}
