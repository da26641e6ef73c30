/**
 * Contrast-limited adaptive histogram equalisation (Zuiderveld 1994, "Contrast limited adaptive
 * histogram equalization", Graphics Gems IV) on L*: the picture is cut into tiles, each tile's
 * histogram is clipped at `clip` × its mean height (the excess spread over all bins, so flat areas
 * and grain are not blown up) and equalised, and every pixel maps through the four nearest tiles'
 * curves, bilinearly blended, so there are no tile seams. A faded print gets its local contrast
 * back in the light and the dark parts alike.
 */
const BINS = 256;

/** L* (0..100) → L* with local contrast lifted; `tiles` across the longer side. */
export function clahe(L: Float32Array, width: number, height: number, { tiles = 8, clip = 2 } = {}): Float32Array {
  const tw = Math.max(8, Math.ceil(Math.max(width, height) / tiles));
  const nx = Math.max(1, Math.ceil(width / tw));
  const ny = Math.max(1, Math.ceil(height / tw));
  const bin = (v: number) => Math.min(BINS - 1, Math.max(0, Math.floor((v / 100) * BINS)));
  const maps: Float32Array[] = [];
  for (let ty = 0; ty < ny; ty++) {
    for (let tx = 0; tx < nx; tx++) {
      const hist = new Float32Array(BINS);
      const x0 = tx * tw;
      const y0 = ty * tw;
      const x1 = Math.min(width, x0 + tw);
      const y1 = Math.min(height, y0 + tw);
      let count = 0;
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) {
          hist[bin(L[y * width + x]!)]!++;
          count++;
        }
      const limit = Math.max(1, (clip * count) / BINS);
      let excess = 0;
      for (let k = 0; k < BINS; k++)
        if (hist[k]! > limit) {
          excess += hist[k]! - limit;
          hist[k] = limit;
        }
      const map = new Float32Array(BINS);
      let acc = 0;
      for (let k = 0; k < BINS; k++) {
        acc += hist[k]! + excess / BINS;
        map[k] = (acc / Math.max(1, count)) * 100;
      }
      maps.push(map);
    }
  }
  const out = new Float32Array(L.length);
  for (let y = 0; y < height; y++) {
    const fy = Math.min(ny - 1, Math.max(0, (y + 0.5) / tw - 0.5));
    const ty0 = Math.floor(fy);
    const ty1 = Math.min(ny - 1, ty0 + 1);
    const wy = fy - ty0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(nx - 1, Math.max(0, (x + 0.5) / tw - 0.5));
      const tx0 = Math.floor(fx);
      const tx1 = Math.min(nx - 1, tx0 + 1);
      const wx = fx - tx0;
      const k = bin(L[y * width + x]!);
      const top = maps[ty0 * nx + tx0]![k]! * (1 - wx) + maps[ty0 * nx + tx1]![k]! * wx;
      const bottom = maps[ty1 * nx + tx0]![k]! * (1 - wx) + maps[ty1 * nx + tx1]![k]! * wx;
      out[y * width + x] = top * (1 - wy) + bottom * wy;
    }
  }
  return out;
}
