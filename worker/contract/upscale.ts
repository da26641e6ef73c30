import type { ParamsOf } from './messages';
import * as z from 'zod';
import type { QueuePlace } from './generation';
import type { JobFailure } from './job-failures';
import { oneOfNumbers } from './numbers';
import { sourceRecordIdField } from './lineage';

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

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off'])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

/** Multipart fields of POST /api/image-upscale/upload (spec §7), after the file is taken out. */
export const upscaleRequest = z.object({
  // "4" or "4x" (how the product writes it); anything else (3, 16, 0x8, 08, " 8 ") is refused naming the field.
  scaleFactor: oneOfNumbers('scaleFactor', UPSCALE_FACTORS, { suffix: 'x' }).default(UPSCALE.defaultFactor),
  faceEnhancement: flag.default(false),
  fitToBudget: flag
    .default(false)
    .describe(
      'When the image is too large for the factor, shrink it to the largest size of the same shape whose output fits the pixel budget (instead of refusing with 413). The answer gives the input and output sizes used.',
    ),
  /** Lineage: the creation the image came from ("Upscale" on a result); the new record links it. */
  sourceRecordId: sourceRecordIdField.optional(),
});
export type UpscaleRequest = z.infer<typeof upscaleRequest>;

export interface UpscaleStarted {
  success: true;
  id: string;
  status: 'PROCESSING' | 'COMPLETED' | 'FAILED';
  scaleFactor: UpscaleFactor;
  /** The size that is enlarged: the upload's, or smaller when `fitToBudget` shrank it. */
  inputWidth: number;
  inputHeight: number;
  /** The size the result will have. */
  outputWidth: number;
  outputHeight: number;
  /** Whether the upload was shrunk to fit the factor's pixel budget. */
  fitted: boolean;
  /** Spec §7 names these on the upload answer; null when the job was accepted. */
  error: null;
  code: null;
}

/** Spec §3 Upscale job. */
export interface UpscaleStatus {
  success: true;
  id: string;
  recordId: string;
  status: 'PROCESSING' | 'COMPLETED' | 'FAILED';
  imageUrl: string | null;
  scaleFactor: UpscaleFactor;
  faceEnhancement: boolean;
  width: number | null;
  height: number | null;
  errorMessage: string | null;
  /** Why the job failed, as a code (worker/contract/job-failures.ts). */
  failureCode: JobFailure | null;
  credits: number;
  /** Place in the engine's queue while the job waits (see GenerationStatus.queue). */
  queue: QueuePlace | null;
}

/** GET /api/image-upscale/options: what the page shows before upload (prices from the credit config). */
export interface UpscaleOptions {
  success: true;
  factors: readonly UpscaleFactor[];
  defaultFactor: UpscaleFactor;
  costByFactor: Record<`${UpscaleFactor}`, number>;
  maxInputPixelsByFactor: Record<`${UpscaleFactor}`, number>;
  maxOutputPixels: number;
}
