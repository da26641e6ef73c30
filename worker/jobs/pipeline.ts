import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { schema, type Tx } from '../../db/client';
import { ServiceError } from '../contract/errors';
import { CATEGORY_MESSAGE, classifyError, type ErrorCategory } from '../contract/generation';
import { EngineInputError } from '../engine/operations';
import { newId } from '../lib/ids';
import { refundSpend, spendCredits } from '../services/credits/ledger';
import { blobKeys, fileUrl } from '../services/files/files';
import { EngineError } from '../services/generation/engine';
import { JOB_DEADLINE_SECONDS, type JobContext, type JobKind } from './kind';
import { JOB_KINDS } from './registry';

/** Deliveries of one job before a retryable engine failure becomes final. */
export const MAX_ATTEMPTS = 3;
/** The one signed callback for every kind. */
export const JOB_CALLBACK_PATH = '/api/jobs/run';
/** Also accepted: messages QStash still holds from before the registry were signed for this URL. */
export const JOB_CALLBACK_PATHS = [JOB_CALLBACK_PATH, '/api/jobs/generation'] as const;

const debitKey = (jobId: string) => `job:${jobId}:debit`;

export const jobCallbackPayload = (body: unknown) => {
  const jobId = (body as { jobId?: unknown })?.jobId;
  if (typeof jobId !== 'string' || !/^job_[a-z0-9]+$/.test(jobId))
    throw new ServiceError('VALIDATION_FAILED', 'jobId is required', { field: 'jobId' });
  return { jobId };
};

export type JobRow = typeof schema.generationJobs.$inferSelect;

/**
 * Debits the kind's cost and creates (or resets, for `updateRecordId`) the record and its job in ONE
 * transaction, then publishes the job. The user is charged only for a job that exists; if publishing
 * fails the job is failed and refunded at once. Returns the job's id.
 */
export async function startJob<P>(
  ctx: JobContext,
  kind: JobKind<P>,
  userId: string,
  payload: P,
  meta: { updateRecordId?: string; sourceUrls?: string[] } = {},
): Promise<string> {
  const input = kind.payload.parse(payload);
  const unavailable = kind.unavailable?.(ctx, input);
  if (unavailable) throw new ServiceError('VALIDATION_FAILED', unavailable.message, { field: unavailable.field });
  const cost = await kind.cost(ctx.db, input);
  const deadlineSeconds = kind.deadlineSeconds?.(input) ?? JOB_DEADLINE_SECONDS;
  const now = ctx.clock.now();
  const jobId = newId('job');
  await ctx.db.transaction(async (tx) => {
    let recordId = meta.updateRecordId;
    const { type, ...described } = kind.record(input);
    const recordFields = {
      status: 'PROCESSING' as const,
      prompt: null,
      style: null,
      model: null,
      width: null,
      height: null,
      toolId: null,
      ...described,
      credits: cost,
      sourceImageUrls: meta.sourceUrls ?? null,
      errorCategory: null,
      errorMessage: null,
      updatedAt: now,
    };
    if (recordId) {
      // Regenerating overwrites the user's own, finished record only (its type stays).
      const [updated] = await tx
        .update(schema.creationRecords)
        .set(recordFields)
        .where(
          and(
            eq(schema.creationRecords.id, recordId),
            eq(schema.creationRecords.userId, userId),
            sql`${schema.creationRecords.deletedAt} is null`,
            inArray(schema.creationRecords.status, ['COMPLETED', 'FAILED']),
          ),
        )
        .returning({ id: schema.creationRecords.id });
      if (!updated) throw new ServiceError('NOT_FOUND', 'Resource not found, may have been deleted', { field: 'updateRecordId' });
    } else {
      recordId = newId('rec');
      await tx.insert(schema.creationRecords).values({ id: recordId, userId, type, ...recordFields, createdAt: now });
    }
    await tx.insert(schema.generationJobs).values({
      id: jobId,
      recordId,
      userId,
      kind: kind.id,
      engine: kind.engine(input),
      input,
      cost,
      deadlineAt: new Date(now.getTime() + deadlineSeconds * 1000),
      createdAt: now,
    });
    if (cost > 0) {
      await spendCredits(tx, {
        userId,
        amount: cost,
        movementKey: debitKey(jobId),
        type: kind.ledger.type,
        referenceType: 'IMAGE_GENERATION',
        referenceId: recordId,
        description: kind.ledger.description,
      });
    }
  });

  try {
    // One delivery may use the whole deadline; the queue must not cut it short and deliver again.
    await ctx.queue.publish({ path: JOB_CALLBACK_PATH, body: { jobId }, retries: MAX_ATTEMPTS - 1, timeoutSeconds: deadlineSeconds });
  } catch (error) {
    ctx.log.error('job publish failed', { jobId, error: String(error) });
    await failJob(ctx, jobId, 'server_error', 'The generation service is unavailable, please try again');
  }
  return jobId;
}

/** A job by its id or its record's id, the caller's own only (other users' jobs do not exist for them). */
export async function getJob(ctx: Pick<JobContext, 'db'>, userId: string, id: string, kinds?: readonly string[]): Promise<JobRow> {
  const byRecord = id.startsWith('rec_');
  const [job] = await ctx.db
    .select()
    .from(schema.generationJobs)
    .where(
      and(
        eq(byRecord ? schema.generationJobs.recordId : schema.generationJobs.id, id),
        eq(schema.generationJobs.userId, userId),
        kinds ? inArray(schema.generationJobs.kind, [...kinds]) : undefined,
      ),
    )
    .orderBy(sql`${schema.generationJobs.createdAt} desc`)
    .limit(1);
  if (!job) throw new ServiceError('NOT_FOUND', 'Task not found');
  return job;
}

/**
 * Marks a still-processing job FAILED, its record too, and refunds its debit — all in one
 * transaction and only once: the conditional UPDATE lets exactly one caller (callback, duplicate
 * delivery or sweeper) win, and the refund's movement key is unique anyway.
 */
export async function failJob(ctx: Pick<JobContext, 'db' | 'clock'>, jobId: string, category: ErrorCategory, message: string, tx?: Tx) {
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
    await refundSpend(t, {
      userId: job.userId,
      spendMovementKey: debitKey(jobId),
      referenceType: 'IMAGE_GENERATION',
      referenceId: job.recordId,
      description: 'Refund for a failed generation',
    });
    return true;
  };
  return tx ? run(tx) : ctx.db.transaction(run);
}

/**
 * The callback's work, for every kind. Delivery is at least once, so every step tolerates repeats:
 * a finished job is left alone, a retryable failure is thrown back to the queue until the last
 * attempt, and only one of several racing deliveries can mark the job finished. Failures of the
 * input (EngineInputError) or ones the provider calls final fail at once: retrying cannot help.
 */
export async function runJob(ctx: JobContext, jobId: string): Promise<{ outcome: 'completed' | 'failed' | 'skipped' }> {
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

  try {
    const kind = JOB_KINDS[job.kind];
    if (!kind) throw new EngineError(`unsupported job kind ${job.kind}`, false);
    const payload = kind.payload.safeParse(job.input);
    if (!payload.success) throw new EngineError(`invalid job input: ${payload.error.issues[0]?.message}`, false);
    const image = await kind.run(ctx, payload.data);
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
      const size = image.width && image.height ? { width: image.width, height: image.height } : {};
      await tx
        .update(schema.creationRecords)
        .set({ status: 'COMPLETED', imageUrl, thumbnailUrl: imageUrl, ...size, updatedAt: done })
        .where(eq(schema.creationRecords.id, won.recordId));
      return true;
    });
    return { outcome: finished ? 'completed' : 'skipped' };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof EngineInputError) {
      // The engine's message is written for people ("No face found…"): show it as it is.
      await failJob(ctx, jobId, 'invalid_input', message);
      ctx.log.warn('job input refused by the engine', { jobId, kind: job.kind, errorCode: error.code });
      return { outcome: 'failed' };
    }
    const retryable = !(error instanceof EngineError) || error.retryable;
    if (retryable && job.attempt < MAX_ATTEMPTS) {
      ctx.log.warn('job attempt failed, will retry', { jobId, kind: job.kind, attempt: job.attempt, error: message });
      throw new ServiceError('SERVICE_UNAVAILABLE', 'Job attempt failed; the queue will retry');
    }
    const category = classifyError(message);
    await failJob(ctx, jobId, category, CATEGORY_MESSAGE[category]);
    ctx.log.warn('job failed', { jobId, kind: job.kind, category, error: message });
    return { outcome: 'failed' };
  }
}

/** Fails and refunds every job past its deadline (Workers cron; a timer in embedded mode). */
export async function sweepExpiredJobs(ctx: Pick<JobContext, 'db' | 'clock' | 'log'>): Promise<number> {
  const expired = await ctx.db
    .select({ id: schema.generationJobs.id })
    .from(schema.generationJobs)
    .where(and(eq(schema.generationJobs.status, 'PROCESSING'), lt(schema.generationJobs.deadlineAt, ctx.clock.now())))
    .limit(500);
  let failed = 0;
  for (const { id } of expired) if (await failJob(ctx, id, 'timeout', CATEGORY_MESSAGE.timeout)) failed++;
  if (failed) ctx.log.info('swept expired jobs', { failed });
  return failed;
}
