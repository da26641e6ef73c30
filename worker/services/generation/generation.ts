import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { schema, type Tx } from '../../../db/client';
import { ServiceError } from '../../contract/errors';
import {
  CATEGORY_MESSAGE,
  TOOL_RECORD_TYPE,
  classifyError,
  type EditRequest,
  type ErrorCategory,
  type GenerationStatus,
  type ModelName,
  type TextToImageRequest,
} from '../../contract/generation';
import { newId } from '../../lib/ids';
import type { AppDeps } from '../../ports';
import { generationCost } from '../config/credit-system-config';
import { refundSpend, spendCredits } from '../credits/ledger';
import { blobKeys, fileUrl, presentFileUrl } from '../files/files';
import { EngineError, type ImageEngines } from './engine';
import type { CheckedImage } from './uploads';
import { storeUpload } from './uploads';

type Ctx = Pick<AppDeps, 'db' | 'blobs' | 'queue' | 'clock' | 'log' | 'config'> & { images: ImageEngines };

/** A job not finished by then is failed and refunded by the sweeper (spec §4 speaks of 5 minutes). */
export const JOB_DEADLINE_SECONDS = 5 * 60;
/** Deliveries of one job before a retryable engine failure becomes final. */
export const MAX_ATTEMPTS = 3;
export const GENERATION_CALLBACK_PATH = '/api/jobs/generation';

const debitKey = (jobId: string) => `job:${jobId}:debit`;

export const jobPayload = (body: unknown) => {
  const jobId = (body as { jobId?: unknown })?.jobId;
  if (typeof jobId !== 'string' || !/^job_[a-z0-9]+$/.test(jobId)) throw new ServiceError('VALIDATION_FAILED', 'jobId is required', { field: 'jobId' });
  return { jobId };
};

interface JobInput {
  kind: 'text-to-image' | 'edit';
  prompt: string;
  negativePrompt?: string;
  style: string;
  width: number;
  height: number;
  seed: number;
  model: ModelName;
  sourceKeys?: string[];
}

function assertModel(ctx: Ctx, model: ModelName) {
  if (!ctx.images.forModel(model)) throw new ServiceError('VALIDATION_FAILED', `The model "${model}" is not available`, { field: 'model' });
}

/** Seeds are chosen on the server when absent, so a job's output is reproducible from its stored input. */
const seedOf = (seed: number | undefined) => seed ?? crypto.getRandomValues(new Uint32Array(1))[0]! % 2 ** 31;

/**
 * Debits the cost and creates (or resets, for `updateRecordId`) the record and its job in ONE
 * transaction, then publishes the job. The user is charged only for a job that exists; if publishing
 * fails the job is failed and refunded at once.
 */
async function startJob(
  ctx: Ctx,
  userId: string,
  input: JobInput,
  meta: { type: string; toolId?: string; updateRecordId?: string; sourceUrls?: string[] },
): Promise<GenerationStatus> {
  const cost = await generationCost(ctx.db, input.width, input.height);
  const now = ctx.clock.now();
  const jobId = newId('job');
  const recordId = await ctx.db.transaction(async (tx) => {
    let recordId = meta.updateRecordId;
    const recordFields = {
      status: 'PROCESSING' as const,
      prompt: input.prompt,
      style: input.style,
      model: input.model,
      width: input.width,
      height: input.height,
      toolId: meta.toolId ?? null,
      credits: cost,
      sourceImageUrls: meta.sourceUrls ?? null,
      errorCategory: null,
      errorMessage: null,
      updatedAt: now,
    };
    if (recordId) {
      // Regenerating overwrites the user's own, finished record only.
      const [updated] = await tx
        .update(schema.creationRecords)
        .set(recordFields)
        .where(and(eq(schema.creationRecords.id, recordId), eq(schema.creationRecords.userId, userId), sql`${schema.creationRecords.deletedAt} is null`, inArray(schema.creationRecords.status, ['COMPLETED', 'FAILED'])))
        .returning({ id: schema.creationRecords.id });
      if (!updated) throw new ServiceError('NOT_FOUND', 'Resource not found, may have been deleted', { field: 'updateRecordId' });
    } else {
      recordId = newId('rec');
      await tx.insert(schema.creationRecords).values({ id: recordId, userId, type: meta.type as never, ...recordFields, createdAt: now });
    }
    await tx.insert(schema.generationJobs).values({
      id: jobId,
      recordId,
      userId,
      kind: input.kind,
      engine: input.model,
      input,
      cost,
      deadlineAt: new Date(now.getTime() + JOB_DEADLINE_SECONDS * 1000),
      createdAt: now,
    });
    if (cost > 0) {
      await spendCredits(tx, {
        userId,
        amount: cost,
        movementKey: debitKey(jobId),
        type: input.kind === 'edit' ? 'IMAGE_EDIT' : 'IMAGE_GENERATION',
        referenceType: 'IMAGE_GENERATION',
        referenceId: recordId,
        description: input.kind === 'edit' ? 'Image editing' : 'Text-to-image generation',
      });
    }
    return recordId;
  });

  try {
    await ctx.queue.publish({ path: GENERATION_CALLBACK_PATH, body: { jobId }, retries: MAX_ATTEMPTS - 1 });
  } catch (error) {
    ctx.log.error('job publish failed', { jobId, error: String(error) });
    await failJob(ctx, jobId, 'server_error', 'The generation service is unavailable, please try again');
  }
  return getGenerationStatus(ctx, userId, jobId);
}

export async function startTextToImage(ctx: Ctx, userId: string, request: TextToImageRequest) {
  assertModel(ctx, request.model);
  return startJob(
    ctx,
    userId,
    {
      kind: 'text-to-image',
      prompt: request.prompt,
      negativePrompt: request.negativePrompt,
      style: request.style,
      width: request.width,
      height: request.height,
      seed: seedOf(request.seed),
      model: request.model,
    },
    { type: request.toolId ? TOOL_RECORD_TYPE[request.toolId] : 'TEXT_TO_IMAGE', toolId: request.toolId, updateRecordId: request.updateRecordId },
  );
}

export async function startEdit(ctx: Ctx, userId: string, request: EditRequest, images: CheckedImage[]) {
  assertModel(ctx, request.model);
  if (images.length === 0) throw new ServiceError('VALIDATION_FAILED', 'Please upload an image first', { field: 'images' });
  const stored = await Promise.all(images.map((image) => storeUpload(ctx.blobs, userId, image)));
  const first = images[0]!;
  // Output keeps the first image's aspect ratio, within the engine's 2048 px limit.
  const scale = Math.min(1, 2048 / Math.max(first.width, first.height));
  return startJob(
    ctx,
    userId,
    {
      kind: 'edit',
      prompt: request.prompt,
      negativePrompt: request.negativePrompt,
      style: request.style,
      width: request.width ?? Math.round(first.width * scale),
      height: request.height ?? Math.round(first.height * scale),
      seed: seedOf(request.seed),
      model: request.model,
      sourceKeys: stored.map((s) => s.key),
    },
    {
      type: request.toolId ? TOOL_RECORD_TYPE[request.toolId] : 'IMAGE_TO_IMAGE',
      toolId: request.toolId,
      updateRecordId: request.updateRecordId,
      sourceUrls: stored.map((s) => s.url),
    },
  );
}

/** Looks a job up by its id or its record's id; other users' jobs do not exist for the caller. */
export async function getGenerationStatus(ctx: Pick<Ctx, 'db' | 'config' | 'clock'>, userId: string, id: string): Promise<GenerationStatus> {
  const byRecord = id.startsWith('rec_');
  const [job] = await ctx.db
    .select()
    .from(schema.generationJobs)
    .where(and(eq(byRecord ? schema.generationJobs.recordId : schema.generationJobs.id, id), eq(schema.generationJobs.userId, userId)))
    .orderBy(sql`${schema.generationJobs.createdAt} desc`)
    .limit(1);
  if (!job) throw new ServiceError('NOT_FOUND', 'Task not found');
  const friendly = job.errorCategory ? CATEGORY_MESSAGE[job.errorCategory as ErrorCategory] : null;
  return {
    success: true,
    id: job.id,
    recordId: job.recordId,
    status: job.status,
    imageUrl: await presentFileUrl(ctx.config.AUTH_SECRET, job.imageUrl, ctx.clock.now()),
    message: job.status === 'FAILED' ? (job.errorMessage ?? friendly) : null,
    error: job.status === 'FAILED' ? (job.errorMessage ?? friendly) : null,
    errorMessage: job.errorMessage,
    errorCategory: job.errorCategory as ErrorCategory | null,
    credits: job.cost,
  };
}

/**
 * Marks a still-processing job FAILED, its record too, and refunds its debit — all in one
 * transaction and only once: the conditional UPDATE lets exactly one caller (callback, duplicate
 * delivery or sweeper) win, and the refund's movement key is unique anyway.
 */
export async function failJob(ctx: Pick<Ctx, 'db' | 'clock'>, jobId: string, category: ErrorCategory, message: string, tx?: Tx) {
  const run = async (t: Tx) => {
    const now = ctx.clock.now();
    const [job] = await t
      .update(schema.generationJobs)
      .set({ status: 'FAILED', errorCategory: category, errorMessage: message, finishedAt: now, updatedAt: now })
      .where(and(eq(schema.generationJobs.id, jobId), eq(schema.generationJobs.status, 'PROCESSING')))
      .returning();
    if (!job) return false;
    await t
      .update(schema.creationRecords)
      .set({ status: 'FAILED', errorCategory: category, errorMessage: message, updatedAt: now })
      .where(eq(schema.creationRecords.id, job.recordId));
    await refundSpend(t, { userId: job.userId, spendMovementKey: debitKey(jobId), referenceType: 'IMAGE_GENERATION', referenceId: job.recordId, description: 'Refund for a failed generation' });
    return true;
  };
  return tx ? run(tx) : ctx.db.transaction(run);
}

/**
 * The job callback's work. Delivery is at least once, so every step tolerates repeats: a finished
 * job is left alone, a retryable engine failure is thrown back to the queue until the last attempt,
 * and only one of several racing deliveries can mark the job finished.
 */
export async function runGenerationJob(ctx: Ctx, jobId: string): Promise<{ outcome: 'completed' | 'failed' | 'skipped' }> {
  const now = ctx.clock.now();
  const [job] = await ctx.db
    .update(schema.generationJobs)
    .set({ attempt: sql`${schema.generationJobs.attempt} + 1`, updatedAt: now })
    .where(and(eq(schema.generationJobs.id, jobId), eq(schema.generationJobs.status, 'PROCESSING')))
    .returning();
  if (!job) return { outcome: 'skipped' };
  if (job.deadlineAt <= now) {
    await failJob(ctx, jobId, 'timeout', CATEGORY_MESSAGE.timeout);
    return { outcome: 'failed' };
  }

  const input = job.input as JobInput;
  const engine = ctx.images.forModel(input.model);
  try {
    if (!engine) throw new EngineError(`model ${input.model} is not configured`, false);
    let image;
    if (input.kind === 'edit') {
      const sources = await Promise.all(
        (input.sourceKeys ?? []).map(async (key) => {
          const blob = await ctx.blobs.get(key);
          if (!blob) throw new EngineError('source image not found', false);
          return { bytes: new Uint8Array(await new Response(blob.body).arrayBuffer()), contentType: blob.contentType };
        }),
      );
      image = await engine.edit({ prompt: input.prompt, style: input.style, images: sources, width: input.width, height: input.height, seed: input.seed, model: input.model });
    } else {
      image = await engine.textToImage(input);
    }
    const extension = image.contentType === 'image/png' ? 'png' : image.contentType === 'image/jpeg' ? 'jpg' : 'webp';
    const key = blobKeys.userFile(job.userId, 'results', `${job.id}.${extension}`);
    await ctx.blobs.put(key, image.bytes, { contentType: image.contentType });
    const imageUrl = fileUrl(key);
    const finished = await ctx.db.transaction(async (tx) => {
      const done = ctx.clock.now();
      const [won] = await tx
        .update(schema.generationJobs)
        .set({ status: 'COMPLETED', imageUrl, finishedAt: done, updatedAt: done })
        .where(and(eq(schema.generationJobs.id, jobId), eq(schema.generationJobs.status, 'PROCESSING')))
        .returning({ recordId: schema.generationJobs.recordId });
      if (!won) return false;
      await tx
        .update(schema.creationRecords)
        .set({ status: 'COMPLETED', imageUrl, thumbnailUrl: imageUrl, updatedAt: done })
        .where(eq(schema.creationRecords.id, won.recordId));
      return true;
    });
    return { outcome: finished ? 'completed' : 'skipped' };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const retryable = !(error instanceof EngineError) || error.retryable;
    if (retryable && job.attempt < MAX_ATTEMPTS) {
      ctx.log.warn('generation attempt failed, will retry', { jobId, attempt: job.attempt, error: message });
      throw new ServiceError('SERVICE_UNAVAILABLE', 'Generation attempt failed; the queue will retry');
    }
    const category = classifyError(message);
    await failJob(ctx, jobId, category, CATEGORY_MESSAGE[category]);
    ctx.log.warn('generation failed', { jobId, category, error: message });
    return { outcome: 'failed' };
  }
}

/** Fails and refunds every job past its deadline (Workers cron; a timer in embedded mode). */
export async function sweepExpiredJobs(ctx: Pick<Ctx, 'db' | 'clock' | 'log'>): Promise<number> {
  const expired = await ctx.db
    .select({ id: schema.generationJobs.id })
    .from(schema.generationJobs)
    .where(and(eq(schema.generationJobs.status, 'PROCESSING'), lt(schema.generationJobs.deadlineAt, ctx.clock.now())))
    .limit(500);
  let failed = 0;
  for (const { id } of expired) if (await failJob(ctx, id, 'timeout', CATEGORY_MESSAGE.timeout)) failed++;
  if (failed) ctx.log.info('swept expired generation jobs', { failed });
  return failed;
}
