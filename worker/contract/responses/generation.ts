/**
 * Success bodies of the generation, upload, image and creation-record routes (spec §3 Generation
 * job, Creation record, Models; §7). The routes declare these in `createRoute`, so the services'
 * return types are checked against them at compile time and the OpenAPI document shows exactly
 * these fields. `.meta({ id })` names each as a component of the document.
 */
import * as z from 'zod';
import { CREATION_TYPES, ERROR_CATEGORIES, GENERATION_OPTIONS, MODELS } from '../generation';
import { JOB_FAILURES } from '../job-failures';
import { pageOf } from './common';

const int = z.number().int();
const instant = z.iso.datetime();
const jobStatus = z.enum(['PROCESSING', 'COMPLETED', 'FAILED']);

/** Where a job that has not started stands in the engine's queue. */
export const queuePlace = z
  .object({
    ahead: int.describe('Jobs (any user’s) that start before this one'),
    estimatedStartSeconds: z.number().describe('That work’s measured run time over the engine’s slots'),
  })
  .meta({ id: 'QueuePlace' });
/**
 * A waiting job's place: `ahead` jobs (any user's) will start before it, in the queue's round-robin
 * order between users; `estimatedStartSeconds` is that work's measured run time over the engine's slots.
 */
export type QueuePlace = z.infer<typeof queuePlace>;
/**
 * The place, or null once the job runs or ends. A union with null, not `.nullable()`: the document
 * drops the null of a nullable named component.
 */
export const queuePlaceOrNull = z.union([queuePlace, z.null()]).describe('Null once the job runs or ends');

/** The advanced options a job ran with; null where not set (the engine's default). */
const generationOptions = z
  .object({
    negativePrompt: z.string().nullable(),
    steps: int.nullable(),
    cfgScale: z.number().nullable().describe('Guidance scale'),
    strength: z.number().nullable().describe('Image-to-image: how far the result moves from the source, 0..1'),
    sampler: z.string().nullable(),
  })
  .meta({ id: 'GenerationOptions' });

export const generationStatusResponse = z
  .object({
    success: z.literal(true),
    id: z.string().describe('Job id'),
    recordId: z.string().describe('The creation record the job fills'),
    status: jobStatus,
    imageUrl: z.string().nullable().describe('Signed URL of the finished image'),
    message: z.string().nullable().describe('The failure, in the caller’s language (FAILED only)'),
    error: z.string().nullable().describe('Same as message'),
    errorMessage: z.string().nullable(),
    failureCode: z.enum(JOB_FAILURES).nullable().describe('Why the job failed, as a code (FAILED only)'),
    errorCategory: z.enum(ERROR_CATEGORIES).nullable(),
    credits: int.describe('What the job cost'),
    svgUrl: z.string().nullable().describe('A finished offline logo also downloads as SVG from here'),
    seed: int.nullable().describe('The seed the job ran with: the same prompt, style, size and seed give the same image'),
    appliedOptions: z
      .record(z.string(), z.string())
      .nullable()
      .describe('A face swap on the offline engine: the options it applied (chosen or read from the description); else null'),
    options: generationOptions,
    ignoredOptions: z
      .array(z.enum(GENERATION_OPTIONS))
      .nullable()
      .describe('Options this job set that its engine does not honour (shown as a note); null for photo tools, logos and face swap'),
    batch: z
      .object({ id: z.string(), jobIds: z.array(z.string()).describe('Every job of the batch in order, this one included') })
      .nullable()
      .describe('Variations made in one run (one debit); null for a single image'),
    queue: queuePlaceOrNull,
  })
  .meta({ id: 'GenerationStatus' });
export type GenerationStatus = z.infer<typeof generationStatusResponse>;

const supported = z.array(z.enum(GENERATION_OPTIONS));
const modelInfo = z.object({
  name: z.string(),
  description: z.string(),
  available: z.boolean(),
  options: z
    .object({ textToImage: supported, edit: supported })
    .nullable()
    .describe('The advanced options this model’s engine honours, for text-to-image and for editing; null when unknown'),
  offline: z
    .boolean()
    .describe(
      'Served by the offline engine, which edits only by the instructions it recognises and refuses other prompts before any charge',
    ),
});

export const modelsResponse = z
  .object({
    success: z.literal(true),
    models: z.record(z.enum(MODELS), modelInfo).describe('Keyed by model name; a model is available when an engine serves it'),
    costs: z.object({
      costByResolution: z.record(z.string(), int).describe('Credits per image, keyed like 1024x1024'),
      defaultCost: int,
    }),
  })
  .meta({ id: 'ModelCatalogue' });

export const uploadedImageResponse = z
  .object({
    success: z.literal(true),
    id: z.string(),
    url: z.string(),
    imageUrl: z.string().describe('Same as url'),
    width: int,
    height: int,
  })
  .meta({ id: 'UploadedImage' });

export const creationRecord = z
  .object({
    id: z.string(),
    type: z.enum(CREATION_TYPES),
    status: jobStatus,
    date: instant,
    createdAt: instant,
    updatedAt: instant,
    thumbnail: z.string().nullable(),
    imageUrl: z.string().nullable(),
    prompt: z.string().nullable(),
    userWords: z
      .string()
      .nullable()
      .describe("The words the user typed (a tool's own text, a face swap's description); `prompt` may be compiled from them"),
    style: z.string().nullable(),
    model: z.string().nullable(),
    width: int.nullable(),
    height: int.nullable(),
    toolId: z.string().nullable(),
    toolSettings: z
      .object({ size: z.string().optional(), backgroundColor: z.string().optional() })
      .nullable()
      .describe("A photo tool's chosen size and background colour (ID photo); null for anything else"),
    credits: int,
    imageCount: int,
    sourceImageUrls: z.array(z.string()),
    originalImageUrl: z.string().nullable(),
    processedImageUrl: z.string().nullable(),
    errorCategory: z.string().nullable(),
    errorMessage: z.string().nullable(),
    failureCode: z.enum(JOB_FAILURES).nullable(),
    seed: int.nullable().describe('The seed the image was made with (reuse it with the same settings for the same image)'),
    options: generationOptions,
    batchId: z.string().nullable().describe('Variations made in one run share this id'),
  })
  .meta({ id: 'CreationRecord' });

export const creationRecordsResponse = pageOf(creationRecord, 'CreationRecordsPage');

export const creationStatsResponse = z
  .object({ success: z.literal(true), total: int, completed: int, processing: int, failed: int })
  .meta({ id: 'CreationStats' });

export const deletedRecordResponse = z.object({ success: z.literal(true), id: z.string() }).meta({ id: 'DeletedRecord' });
