/**
 * Success bodies of the upscaler routes (spec §3 Upscale job; §7 `/api/image-upscale/*`), declared
 * by the routes in `createRoute` and checked against the services' return types at compile time.
 */
import * as z from 'zod';
import { JOB_FAILURES } from '../job-failures';
import { UPSCALE_FACTORS } from '../upscale';
import { queuePlaceOrNull } from './generation';

const int = z.number().int();
const jobStatus = z.enum(['PROCESSING', 'COMPLETED', 'FAILED']);
// One literal per factor (a multi-value z.literal is documented with its first value only).
const factor = z.union(UPSCALE_FACTORS.map((f) => z.literal(f)));
const byFactor = z.object(
  Object.fromEntries(UPSCALE_FACTORS.map((f) => [`${f}`, int])) as Record<`${(typeof UPSCALE_FACTORS)[number]}`, typeof int>,
);

export const upscaleOptionsResponse = z
  .object({
    success: z.literal(true),
    factors: z.array(factor).readonly(),
    defaultFactor: factor,
    costByFactor: byFactor.describe('Credits per upscale, keyed by factor'),
    maxInputPixelsByFactor: byFactor,
    maxOutputPixels: int,
  })
  .meta({ id: 'UpscaleOptions' });
/** GET /api/image-upscale/options: what the page shows before upload (prices from the credit config). */
export type UpscaleOptions = z.infer<typeof upscaleOptionsResponse>;

export const upscaleStartedResponse = z
  .object({
    success: z.literal(true),
    id: z.string().describe('Job id'),
    status: jobStatus,
    scaleFactor: factor,
    inputWidth: int.describe('Width that is enlarged: the upload’s, or smaller when fitToBudget shrank it'),
    inputHeight: int,
    outputWidth: int.describe('Width of the result'),
    outputHeight: int,
    fitted: z.boolean().describe('Whether the upload was shrunk to fit the factor’s pixel budget'),
    error: z.null().describe('Spec §7 names it on the upload answer; null when the job was accepted'),
    code: z.null().describe('Same as error'),
  })
  .meta({ id: 'UpscaleStarted' });
export type UpscaleStarted = z.infer<typeof upscaleStartedResponse>;

export const upscaleStatusResponse = z
  .object({
    success: z.literal(true),
    id: z.string(),
    recordId: z.string(),
    status: jobStatus,
    imageUrl: z.string().nullable(),
    scaleFactor: factor,
    faceEnhancement: z.boolean(),
    width: int.nullable().describe('Output size, once COMPLETED'),
    height: int.nullable(),
    errorMessage: z.string().nullable(),
    failureCode: z.enum(JOB_FAILURES).nullable().describe('Why the job failed, as a code (FAILED only)'),
    credits: int,
    queue: queuePlaceOrNull,
  })
  .meta({ id: 'UpscaleStatus' });
/** Spec §3 Upscale job. */
export type UpscaleStatus = z.infer<typeof upscaleStatusResponse>;
