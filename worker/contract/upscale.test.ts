import { describe, expect, it } from 'vitest';
import { fitToUpscaleBudget, maxInputPixels, maxInputSide, UPSCALE_FACTORS, upscaleSizeProblem } from './upscale';

describe('fitToUpscaleBudget', () => {
  it('shrinks a 1000×750 photo to 577×433 for 8× (4616×3464 out, within 16 MP)', () => {
    expect(upscaleSizeProblem(1000, 750, 8)).not.toBeNull();
    expect(fitToUpscaleBudget(1000, 750, 8)).toEqual({ width: 577, height: 433 });
  });

  it('returns an image that fits unchanged', () => {
    expect(fitToUpscaleBudget(500, 500, 8)).toEqual({ width: 500, height: 500 });
    expect(fitToUpscaleBudget(40, 30, 2)).toEqual({ width: 40, height: 30 });
  });

  it('always fits, keeps the shape within a pixel, and is the largest such size', () => {
    const sizes = [
      [4000, 3000],
      [3000, 4000],
      [1920, 1080],
      [4096, 16],
      [16, 4096],
      [1001, 999],
      [2049, 1],
      [8000, 8000],
    ] as const;
    for (const factor of UPSCALE_FACTORS) {
      for (const [w, h] of sizes) {
        const fitted = fitToUpscaleBudget(w, h, factor);
        expect(upscaleSizeProblem(fitted.width, fitted.height, factor), `${w}×${h} at ${factor}×`).toBeNull();
        if (upscaleSizeProblem(w, h, factor) === null) continue;
        // Same shape: the fitted aspect is the original's within rounding of one pixel.
        expect(Math.abs(fitted.width / fitted.height - w / h)).toBeLessThanOrEqual(w / h / Math.min(fitted.width, fitted.height) + 1e-9);
        // Largest: one more pixel on both sides would break the budget.
        const grown = { width: fitted.width + 1, height: Math.ceil(((fitted.width + 1) * h) / w) };
        expect(grown.width * grown.height > maxInputPixels(factor) || Math.max(grown.width, grown.height) > maxInputSide(factor)).toBe(
          true,
        );
      }
    }
  });
});
