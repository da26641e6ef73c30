import * as z from 'zod';
import { oneOfNumbers } from './numbers';
import { sourceRecordIdField } from './lineage';

import { UPSCALE, UPSCALE_FACTORS } from './upscale-limits';

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
