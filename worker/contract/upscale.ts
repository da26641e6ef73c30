import * as z from 'zod';
import type { QueuePlace } from './generation';
import type { JobFailure } from './job-failures';
import { oneOfNumbers } from './numbers';
import { sourceRecordIdField } from './lineage';

import { UPSCALE, UPSCALE_FACTORS, type UpscaleFactor } from './upscale-limits';

export * from './upscale-limits';

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
