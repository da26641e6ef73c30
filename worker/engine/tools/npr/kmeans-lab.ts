/**
 * Colour quantisation by k-means in Lab (Lloyd's algorithm, k-means++ seeding, Arthur &
 * Vassilvitskii 2007) on a fixed-size sample of pixels, so the cost does not grow with the photo.
 * The number of colours is chosen per image: the smallest k in [minK, maxK] (steps of 2) whose
 * mean squared error is within `tolerance` × what maxK reaches (plus `floor` ΔE², so noise alone
 * does not ask for paints), so a simple picture gets few paints and a busy one more.
 */

export interface Palette {
  /** Interleaved Lab centres. */
  centres: Float32Array;
  k: number;
}

/** A small seeded PRNG (mulberry32): the same photo and seed give the same palette. */
function prng(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function nearest(centres: Float32Array, k: number, l: number, a: number, b: number): [number, number] {
  let best = 0;
  let bestD = Infinity;
  for (let c = 0; c < k; c++) {
    const dl = centres[c * 3]! - l;
    const da = centres[c * 3 + 1]! - a;
    const db = centres[c * 3 + 2]! - b;
    const d = dl * dl + da * da + db * db;
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return [best, bestD];
}

/** k-means on interleaved Lab samples; returns centres and the mean squared error. */
export function kmeans(samples: Float32Array, k: number, seed: number, iterations = 12): { centres: Float32Array; mse: number } {
  const n = samples.length / 3;
  const random = prng(seed);
  const centres = new Float32Array(k * 3);
  const first = Math.floor(random() * n);
  centres.set(samples.subarray(first * 3, first * 3 + 3), 0);
  const dist = new Float32Array(n).fill(Infinity);
  for (let c = 1; c < k; c++) {
    let total = 0;
    for (let i = 0; i < n; i++) {
      const dl = samples[i * 3]! - centres[(c - 1) * 3]!;
      const da = samples[i * 3 + 1]! - centres[(c - 1) * 3 + 1]!;
      const db = samples[i * 3 + 2]! - centres[(c - 1) * 3 + 2]!;
      dist[i] = Math.min(dist[i]!, dl * dl + da * da + db * db);
      total += dist[i]!;
    }
    let target = random() * total;
    let pick = n - 1;
    for (let i = 0; i < n; i++) {
      target -= dist[i]!;
      if (target <= 0) {
        pick = i;
        break;
      }
    }
    centres.set(samples.subarray(pick * 3, pick * 3 + 3), c * 3);
  }
  const sums = new Float64Array(k * 4);
  let mse = 0;
  for (let it = 0; it < iterations; it++) {
    sums.fill(0);
    mse = 0;
    for (let i = 0; i < n; i++) {
      const [c, d] = nearest(centres, k, samples[i * 3]!, samples[i * 3 + 1]!, samples[i * 3 + 2]!);
      sums[c * 4]! += samples[i * 3]!;
      sums[c * 4 + 1]! += samples[i * 3 + 1]!;
      sums[c * 4 + 2]! += samples[i * 3 + 2]!;
      sums[c * 4 + 3]! += 1;
      mse += d;
    }
    mse /= n;
    for (let c = 0; c < k; c++) {
      const count = sums[c * 4 + 3]!;
      if (!count) continue;
      centres[c * 3] = sums[c * 4]! / count;
      centres[c * 3 + 1] = sums[c * 4 + 1]! / count;
      centres[c * 3 + 2] = sums[c * 4 + 2]! / count;
    }
  }
  return { centres, mse };
}

/** A palette of minK..maxK Lab colours for an interleaved Lab image, from about `sampleSize` pixels. */
export function choosePalette(
  lab: Float32Array,
  seed: number,
  {
    minK = 8,
    maxK = 16,
    sampleSize = 4096,
    tolerance = 1.35,
    floor = 4,
  }: { minK?: number; maxK?: number; sampleSize?: number; tolerance?: number; floor?: number } = {},
): Palette {
  const pixels = lab.length / 3;
  const step = Math.max(1, Math.floor(pixels / sampleSize));
  const samples = new Float32Array(Math.ceil(pixels / step) * 3);
  let n = 0;
  // A regular grid with a seeded jitter: covers the whole picture, small regions included.
  const random = prng(seed ^ 0x9e3779b9);
  for (let p = 0; p < pixels; p += step) {
    const q = Math.min(pixels - 1, p + Math.floor(random() * step));
    samples.set(lab.subarray(q * 3, q * 3 + 3), n * 3);
    n++;
  }
  const used = samples.subarray(0, n * 3);
  const best = kmeans(used, maxK, seed);
  for (let k = minK; k < maxK; k += 2) {
    const trial = kmeans(used, k, seed);
    if (trial.mse <= best.mse * tolerance + floor) return { centres: trial.centres, k };
  }
  return { centres: best.centres, k: maxK };
}

/** Index of the nearest palette colour for each pixel of an interleaved Lab image. */
export function assign(lab: Float32Array, palette: Palette): Uint8Array {
  const out = new Uint8Array(lab.length / 3);
  for (let p = 0; p < out.length; p++) out[p] = nearest(palette.centres, palette.k, lab[p * 3]!, lab[p * 3 + 1]!, lab[p * 3 + 2]!)[0];
  return out;
}

/** Majority (mode) filter of a label map over a (2r+1)² window: removes single-pixel islands. */
export function modeFilter(labels: Uint8Array, width: number, height: number, k: number, radius = 1): Uint8Array {
  const out = new Uint8Array(labels.length);
  const counts = new Uint16Array(k);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      counts.fill(0);
      for (let dy = -radius; dy <= radius; dy++) {
        const yy = Math.min(height - 1, Math.max(0, y + dy));
        for (let dx = -radius; dx <= radius; dx++) {
          const xx = Math.min(width - 1, Math.max(0, x + dx));
          counts[labels[yy * width + xx]!]!++;
        }
      }
      let best = labels[y * width + x]!;
      for (let c = 0; c < k; c++) if (counts[c]! > counts[best]!) best = c;
      out[y * width + x] = best;
    }
  }
  return out;
}
