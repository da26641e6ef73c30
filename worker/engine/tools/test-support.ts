/** Shared by the photo tools' tests: the public-domain fixtures (tests/fixtures/photos) and simple measures. */
import { readFileSync } from 'node:fs';
import { decodeRaster, luminance, sobel, type PhotoTool, type Raster } from './raster';

export type Fixture = 'astronaut' | 'coffee' | 'chelsea';

export function fixtureBytes(name: Fixture): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`../../../tests/fixtures/photos/${name}.png`, import.meta.url)));
}

export async function fixture(name: Fixture): Promise<{ image: Raster; encoded: Uint8Array }> {
  const encoded = fixtureBytes(name);
  return { image: await decodeRaster(encoded), encoded };
}

export async function run(tool: PhotoTool, name: Fixture, params: Record<string, string> = {}, seed = 7) {
  return (await tool({ ...(await fixture(name)), params, seed })).image;
}

/** Distinct colours after quantising to 5 bits per channel (how "flat" an image is). */
export function colourCount(raster: Raster): number {
  const seen = new Set<number>();
  for (let i = 0; i < raster.data.length; i += 3) {
    const q = (v: number) => Math.min(31, Math.floor(v * 32));
    seen.add((q(raster.data[i]!) << 10) | (q(raster.data[i + 1]!) << 5) | q(raster.data[i + 2]!));
  }
  return seen.size;
}

/** How many 5-bit colours it takes to cover `share` of the pixels: small for flat, painted-looking images. */
export function dominantColours(raster: Raster, share = 0.9): number {
  const counts = new Map<number, number>();
  for (let i = 0; i < raster.data.length; i += 3) {
    const q = (v: number) => Math.min(31, Math.floor(v * 32));
    const key = (q(raster.data[i]!) << 10) | (q(raster.data[i + 1]!) << 5) | q(raster.data[i + 2]!);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const sorted = [...counts.values()].sort((a, b) => b - a);
  const target = share * (raster.data.length / 3);
  let covered = 0;
  for (let i = 0; i < sorted.length; i++) {
    covered += sorted[i]!;
    if (covered >= target) return i + 1;
  }
  return sorted.length;
}

export function mean(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]!;
  return sum / values.length;
}

/** Mean Sobel magnitude of the luminance: how much fine texture and edge an image holds. */
export const edgeEnergy = (raster: Raster) => mean(sobel(luminance(raster)).magnitude.data);

/** Pearson correlation of two same-size planes' values. */
export function correlation(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const ma = mean(a);
  const mb = mean(b);
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < a.length; i++) {
    num += (a[i]! - ma) * (b[i]! - mb);
    da += (a[i]! - ma) ** 2;
    db += (b[i]! - mb) ** 2;
  }
  return num / Math.sqrt(da * db);
}
