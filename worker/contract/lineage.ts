import * as z from 'zod';

/**
 * The optional request field naming the creation an input image came from (upscale, edit, tools):
 * the new creation links it as its source (docs/decisions/036). Only zod, so request contracts the
 * SPA imports stay light.
 */
export const sourceRecordIdField = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .describe('The id of your own creation the input image came from (lineage); 404 naming this field when it is not yours');
