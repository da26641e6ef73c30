/**
 * A synthetic "hair against a light wall" photo for measuring halos (cutout.test.ts): a dark head of
 * hair with fine strands over a light background, the true matte, and a coarse matte like the
 * segmenter's (smooth and a few pixels too wide).
 */
import { gaussianBlur, type Plane, type Raster } from './raster';

export const HAIR: [number, number, number] = [0.12, 0.08, 0.06];
export const WALL: [number, number, number] = [0.93, 0.91, 0.86];

export function hairOnWall(size = 240): { image: Raster; truth: Plane; coarse: Plane } {
  const n = size * size;
  const hard = new Float32Array(n);
  const c = size / 2;
  const radius = size * 0.28;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const dx = x - c;
      const dy = y - c;
      const d = Math.hypot(dx, dy);
      // Strands: thin rays around the upper half, reaching 14 % of the size beyond the head.
      const angle = Math.atan2(dy, dx);
      const strand = dy < radius * 0.3 && d < radius + size * 0.14 && Math.abs(Math.sin(angle * 36)) < 0.09;
      if (d <= radius || strand) hard[y * size + x] = 1;
    }
  }
  // Anti-aliased edges as a camera records them.
  const truth = gaussianBlur({ width: size, height: size, data: hard }, 0.7);
  const image: Raster = { width: size, height: size, data: new Float32Array(n * 3) };
  for (let p = 0; p < n; p++) {
    const a = truth.data[p]!;
    for (let k = 0; k < 3; k++) image.data[p * 3 + k] = HAIR[k]! * a + WALL[k]! * (1 - a);
  }
  // The segmenter's matte: the head a little larger and smooth, strands only as a soft haze.
  const blob = new Float32Array(n);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) blob[y * size + x] = Math.hypot(x - c, y - c) <= radius + size * 0.03 ? 1 : 0;
  const coarse = gaussianBlur({ width: size, height: size, data: blob }, size * 0.012);
  return { image, truth, coarse };
}
