/**
 * A repeatable "old photo" for the restoration test and gallery: faded contrast, a sepia-yellow
 * cast, film grain, thin bright and dark scratches and dust specks. Seeded, so the same damage
 * every run.
 */
import type { Raster } from './raster';

export function damagePhoto(raster: Raster, seed = 1): Raster {
  return damagePhotoWithMarks(raster, seed).image;
}

/**
 * The damaged photo and where its scratches and dust are (`marks`, 1 per marked pixel), so a test
 * can measure the error on exactly the pixels the damage overwrote.
 */
export function damagePhotoWithMarks(raster: Raster, seed = 1): { image: Raster; marks: Uint8Array } {
  const { width, height } = raster;
  const marks = new Uint8Array(width * height);
  let state = seed >>> 0 || 1;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const gauss = () => Math.sqrt(-2 * Math.log(random() + 1e-9)) * Math.cos(2 * Math.PI * random());
  const cast = [1.0, 0.9, 0.68];
  const data = new Float32Array(raster.data.length);
  for (let p = 0; p < width * height; p++) {
    const grain = gauss() * 0.025;
    for (let c = 0; c < 3; c++) data[p * 3 + c] = (0.18 + raster.data[p * 3 + c]! * 0.62) * cast[c]! + grain;
  }
  const set = (x: number, y: number, v: number) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    marks[y * width + x] = 1;
    for (let c = 0; c < 3; c++) data[(y * width + x) * 3 + c] = v;
  };
  // Scratches: long, thin, slightly slanted lines, bright (emulsion gone) or dark.
  for (let k = 0; k < 6; k++) {
    const x0 = random() * width;
    const slope = (random() - 0.5) * 0.3;
    const value = k % 2 ? 0.95 : 0.12;
    const top = Math.floor(random() * height * 0.3);
    const bottom = Math.floor(height * (0.7 + random() * 0.3));
    for (let y = top; y < bottom; y++) set(Math.round(x0 + slope * y), y, value);
  }
  // Dust: small specks.
  for (let k = 0; k < Math.round((width * height) / 3000); k++) {
    const x = Math.floor(random() * width);
    const y = Math.floor(random() * height);
    const value = random() < 0.5 ? 0.97 : 0.08;
    set(x, y, value);
    if (random() < 0.5) set(x + 1, y, value);
    if (random() < 0.5) set(x, y + 1, value);
  }
  for (let i = 0; i < data.length; i++) data[i] = Math.min(1, Math.max(0, data[i]!));
  return { image: { width, height, data }, marks };
}
