import type { ParamsOf } from './messages';

// Without zod, so that the upscaler page can use the limits without the request schemas (they are
// ~24 KB gz of zod in the browser). ./upscale.ts re-exports everything here.

/** The upscaler's factors: the one list behind the request check, the job payload and the engine operation. */
export const UPSCALE_FACTORS = [2, 4, 8] as const;
export type UpscaleFactor = (typeof UPSCALE_FACTORS)[number];

/**
 * The upscaler's limits (spec §9: factors 2×/4×/8×, default 2). Every output stays within one pixel
 * budget, so the input allowed shrinks with the factor: 16 MP out means at most 4 MP in at 2×
 * (2000×2000), 1 MP at 4× (1000×1000), 250 000 px at 8× (500×500); no output side above 8192 px.
 */
export const UPSCALE = {
  defaultFactor: 2 as UpscaleFactor,
  maxOutputPixels: 16_000_000,
  maxOutputSide: 8192,
} as const;

export const maxInputPixels = (factor: UpscaleFactor) => Math.floor(UPSCALE.maxOutputPixels / (factor * factor));
export const maxInputSide = (factor: UpscaleFactor) => Math.floor(UPSCALE.maxOutputSide / factor);

/** Why an image cannot be upscaled by `factor`, or null when it can. */
export function upscaleSizeProblem(width: number, height: number, factor: UpscaleFactor): ParamsOf<'upscaleTooLarge'> | null {
  const pixels = maxInputPixels(factor);
  const side = Math.floor(Math.sqrt(pixels));
  if (width * height > pixels || Math.max(width, height) > maxInputSide(factor)) {
    return { factor, pixels, side, perSide: maxInputSide(factor), width, height };
  }
  return null;
}

/**
 * The largest image of the same shape whose `factor`× output fits the budget: what an image that is
 * too large for the factor is shrunk to when the user asks (`fitToBudget`). An image that fits is
 * returned as it is. Both sides are rounded down, so the result never exceeds the budget.
 */
export function fitToUpscaleBudget(width: number, height: number, factor: UpscaleFactor): { width: number; height: number } {
  const pixels = maxInputPixels(factor);
  const side = maxInputSide(factor);
  if (width * height <= pixels && Math.max(width, height) <= side) return { width, height };
  const ratio = Math.min(Math.sqrt(pixels / (width * height)), side / Math.max(width, height));
  let w = Math.max(1, Math.floor(width * ratio));
  let h = Math.max(1, Math.floor(height * ratio));
  // Floating-point slack: step the longer side down until the budget holds.
  while (w * h > pixels || Math.max(w, h) > side) {
    if (w >= h) w--;
    else h--;
  }
  return { width: w, height: h };
}
