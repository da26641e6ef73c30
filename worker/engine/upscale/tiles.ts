/**
 * Tiled inference: the image is cut into `patch`-sized tiles, each run with `padding` pixels of real
 * neighbouring context on every side, and only the tile's own centre is kept. Memory is bounded by
 * one padded tile whatever the image size, and when the padding covers the network's receptive
 * field every output pixel sees exactly the context it would see untiled, so there are no seams
 * (upscale.test.ts compares tiled against untiled).
 */

export interface RgbImage {
  /** RGB, row-major, 3 floats per pixel in 0..255. */
  data: Float32Array;
  width: number;
  height: number;
}

export interface TileOptions {
  patch: number;
  padding: number;
}

/** Runs one context window (`width` × `height`, its top-left at `left`, `top` of the input) and returns it `scale`× larger. */
export type TileRunner = (rgb: Float32Array, width: number, height: number, left: number, top: number) => Promise<Float32Array>;

export async function runTiled(image: RgbImage, scale: number, run: TileRunner, { patch, padding }: TileOptions): Promise<RgbImage> {
  const { width, height, data } = image;
  const outWidth = width * scale;
  const out = new Float32Array(outWidth * height * scale * 3);
  for (let top = 0; top < height; top += patch) {
    for (let left = 0; left < width; left += patch) {
      const tileW = Math.min(patch, width - left);
      const tileH = Math.min(patch, height - top);
      // Context window: the tile plus up to `padding` real pixels on each side (clipped at the image edge,
      // where the network's own zero padding is exactly what an untiled run would see).
      const x0 = Math.max(0, left - padding);
      const y0 = Math.max(0, top - padding);
      const x1 = Math.min(width, left + tileW + padding);
      const y1 = Math.min(height, top + tileH + padding);
      const w = x1 - x0;
      const h = y1 - y0;
      const window = new Float32Array(w * h * 3);
      for (let y = 0; y < h; y++) window.set(data.subarray(((y0 + y) * width + x0) * 3, ((y0 + y) * width + x1) * 3), y * w * 3);
      const result = await run(window, w, h, x0, y0);
      const rw = w * scale;
      const offX = (left - x0) * scale;
      const offY = (top - y0) * scale;
      for (let y = 0; y < tileH * scale; y++) {
        const src = ((offY + y) * rw + offX) * 3;
        out.set(result.subarray(src, src + tileW * scale * 3), ((top * scale + y) * outWidth + left * scale) * 3);
      }
    }
  }
  return { data: out, width: outWidth, height: height * scale };
}
