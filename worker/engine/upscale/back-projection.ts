/**
 * Iterative back-projection (Irani & Peleg 1991): nudge the super-resolved image until shrinking it
 * again (antialiased bicubic, the same shrink as the degradation the bench measures) gives back the
 * input. The npm ESRGAN weights are tuned for sharpness and invent texture that is not in the input;
 * measured on natural photos this step turns them from ≈ −0.3 dB against bicubic into +1 dB or more
 * at 2× (docs/decisions/012).
 *
 * The difference is enlarged back with Lanczos-3, not bicubic: the back-projection kernel decides
 * which consistent image the iteration converges to, and the sharper kernel measured better (+0.05 dB
 * mean at 2×, +0.03 at 4×; Lanczos-4/-6 and sharper cubics were no better or worse).
 */
import { resampler } from './resample';
import { runTiled, type RgbImage, type TileOptions } from './tiles';

/**
 * Refines `sr` (w·scale × h·scale, RGB floats 0..255) in place against `lr` (w × h) and returns it.
 * The two resamplers and their buffers are made once for all the steps.
 */
export function backProject(sr: Float32Array, lr: Float32Array, width: number, height: number, scale: number, steps: number): Float32Array {
  if (steps <= 0) return sr;
  const W = width * scale;
  const H = height * scale;
  const shrink = resampler(W, H, width, height, 'bicubic');
  const enlarge = resampler(width, height, W, H, 'lanczos3');
  const shrunk = new Float32Array(width * height * 3);
  const correction = new Float32Array(W * H * 3);
  for (let step = 0; step < steps; step++) {
    shrink(sr, shrunk);
    for (let i = 0; i < shrunk.length; i++) shrunk[i] = lr[i]! - shrunk[i]!;
    enlarge(shrunk, correction);
    for (let i = 0; i < sr.length; i++) sr[i] = Math.min(255, Math.max(0, sr[i]! + correction[i]!));
  }
  return sr;
}

/**
 * Back-projects a whole chained result (`lr` × scale) onto the original input, window by window:
 * each window of `lr` with its context and the matching window of `sr`, only the centre kept, so
 * memory stays one window whatever the photo (tiles.ts; upscale.test.ts checks the seams).
 */
export function backProjectTiled(sr: RgbImage, lr: RgbImage, scale: number, steps: number, tiles: TileOptions): Promise<RgbImage> {
  return runTiled(
    lr,
    scale,
    async (window, w, h, x0, y0) => {
      const W = w * scale;
      const out = new Float32Array(W * h * scale * 3);
      for (let y = 0; y < h * scale; y++) {
        const src = ((y0 * scale + y) * sr.width + x0 * scale) * 3;
        out.set(sr.data.subarray(src, src + W * 3), y * W * 3);
      }
      return backProject(out, window, w, h, scale, steps);
    },
    tiles,
  );
}
