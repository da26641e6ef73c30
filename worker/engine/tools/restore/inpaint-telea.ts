/**
 * Inpainting by the fast marching method (Telea 2004, "An image inpainting technique based on the
 * fast marching method", J. Graphics Tools 9(1)). The hole is filled from its edge inwards, in order
 * of distance T from the known pixels (a min-heap of the narrow band, as in Sethian's fast marching);
 * each new pixel is a weighted mean of the known pixels within `radius`, weighted by
 * - direction: how nearly the neighbour lies along the marching normal ∇T (so lines of the photo
 *   that run into a scratch are carried across it rather than smeared along it),
 * - distance: 1/d², nearer pixels count more,
 * - level: neighbours on about the same distance contour count more.
 * A thin scratch fills in a single pass, its two shores meeting in the middle.
 */
import type { Plane, Raster } from '../raster';

const KNOWN = 0;
const BAND = 1;
const INSIDE = 2;

/** Min-heap of pixel indices keyed by T. */
class Heap {
  private items: number[] = [];
  constructor(private readonly key: Float32Array) {}
  get size() {
    return this.items.length;
  }
  push(i: number) {
    const a = this.items;
    a.push(i);
    let c = a.length - 1;
    while (c > 0) {
      const parent = (c - 1) >> 1;
      if (this.key[a[parent]!]! <= this.key[a[c]!]!) break;
      [a[parent], a[c]] = [a[c]!, a[parent]!];
      c = parent;
    }
  }
  pop(): number {
    const a = this.items;
    const top = a[0]!;
    const last = a.pop()!;
    if (a.length > 0) {
      a[0] = last;
      let c = 0;
      for (;;) {
        const l = 2 * c + 1;
        const r = l + 1;
        let m = c;
        if (l < a.length && this.key[a[l]!]! < this.key[a[m]!]!) m = l;
        if (r < a.length && this.key[a[r]!]! < this.key[a[m]!]!) m = r;
        if (m === c) break;
        [a[m], a[c]] = [a[c]!, a[m]!];
        c = m;
      }
    }
    return top;
  }
}

/** Fills the pixels where `mask` > 0.5 (all three channels) from the pixels around them. */
export function inpaintTelea(raster: Raster, mask: Plane, radius = 4): Raster {
  const { width, height } = raster;
  const n = width * height;
  const data = raster.data.slice();
  const flag = new Uint8Array(n);
  const T = new Float32Array(n).fill(1e6);
  for (let i = 0; i < n; i++) if (mask.data[i]! > 0.5) flag[i] = INSIDE;
  const heap = new Heap(T);
  startBand(flag, T, heap, width, height);
  const tOf = (x: number, y: number) =>
    x < 0 || y < 0 || x >= width || y >= height || flag[y * width + x] === INSIDE ? 1e6 : T[y * width + x]!;
  const offsets: [number, number][] = [];
  for (let dy = -radius; dy <= radius; dy++)
    for (let dx = -radius; dx <= radius; dx++) if ((dx || dy) && dx * dx + dy * dy <= radius * radius) offsets.push([dx, dy]);
  const fill = (x: number, y: number) => {
    const i = y * width + x;
    // ∇T at the pixel, from whichever neighbours are not still inside.
    const gx = gradient(tOf(x - 1, y), T[i]!, tOf(x + 1, y));
    const gy = gradient(tOf(x, y - 1), T[i]!, tOf(x, y + 1));
    let sw = 0;
    let r = 0;
    let g = 0;
    let b = 0;
    for (const [dx, dy] of offsets) {
      const xx = x + dx;
      const yy = y + dy;
      if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
      const j = yy * width + xx;
      if (flag[j] === INSIDE) continue;
      const d2 = dx * dx + dy * dy;
      const dir = Math.abs(-dx * gx - dy * gy) / Math.sqrt(d2) + 1e-3;
      const lev = 1 / (1 + Math.abs(T[j]! - T[i]!));
      const w = (dir * lev) / d2;
      sw += w;
      r += w * data[j * 3]!;
      g += w * data[j * 3 + 1]!;
      b += w * data[j * 3 + 2]!;
    }
    if (sw > 0) {
      data[i * 3] = r / sw;
      data[i * 3 + 1] = g / sw;
      data[i * 3 + 2] = b / sw;
    }
  };
  while (heap.size > 0) {
    const i = heap.pop();
    flag[i] = KNOWN;
    const x = i % width;
    const y = (i - x) / width;
    for (const [nx, ny] of [
      [x - 1, y],
      [x + 1, y],
      [x, y - 1],
      [x, y + 1],
    ] as const) {
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
      const j = ny * width + nx;
      if (flag[j] !== INSIDE) continue;
      const t = Math.min(
        solve(tOf(nx - 1, ny), tOf(nx, ny - 1)),
        solve(tOf(nx + 1, ny), tOf(nx, ny - 1)),
        solve(tOf(nx - 1, ny), tOf(nx, ny + 1)),
        solve(tOf(nx + 1, ny), tOf(nx, ny + 1)),
      );
      T[j] = t;
      flag[j] = BAND;
      fill(nx, ny);
      heap.push(j);
    }
  }
  return { width, height, data };
}

/** The band starts as the known pixels touching the hole, at T = 0. */
function startBand(flag: Uint8Array, T: Float32Array, heap: Heap, width: number, height: number): void {
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (flag[i] === INSIDE) continue;
      T[i] = 0;
      const touches =
        (x > 0 && flag[i - 1] === INSIDE) ||
        (x < width - 1 && flag[i + 1] === INSIDE) ||
        (y > 0 && flag[i - width] === INSIDE) ||
        (y < height - 1 && flag[i + width] === INSIDE);
      if (touches) {
        flag[i] = BAND;
        heap.push(i);
      }
    }
  }
}

/** Telea's eikonal update of T from a pair of neighbours (one along x, one along y; 1e6 = unknown). */
function solve(t1: number, t2: number): number {
  if (t1 >= 1e6 && t2 >= 1e6) return 1e6;
  if (t1 >= 1e6) return t2 + 1;
  if (t2 >= 1e6) return t1 + 1;
  const d = t1 - t2;
  if (Math.abs(d) >= 1) return Math.min(t1, t2) + 1;
  return (t1 + t2 + Math.sqrt(2 - d * d)) / 2;
}

/** One-sided or central difference of T, ignoring sides still inside the hole (1e6). */
function gradient(before: number, here: number, after: number): number {
  if (before < 1e6 && after < 1e6) return (after - before) / 2;
  if (after < 1e6) return after - here;
  if (before < 1e6) return here - before;
  return 0;
}
