/**
 * A paid image job's rows: the `generation_jobs` row with its creation record and its debit, written
 * together; failed and refunded, or completed, once. worker/jobs/pipeline.ts runs the job's life and
 * calls these; the queue's own claims and leases are in job-queue.ts.
 */
import { and, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@db/client';
import { ServiceError } from '../../contract/errors';
import type { ErrorCategory } from '../../contract/generation';
import { JOB_FAILURE_CATEGORY, type JobFailure } from '../../contract/job-failures';
import type { JobKindId } from '../../contract/job-kinds';
import type { JobLedgerReason, LedgerEntryReason } from '../../contract/ledger-reasons';
import { refundBatchShare } from '../credits/batch-share';
import { refundSpend, spendCredits } from '../credits/ledger';
import type { ServiceContext } from '../context';
import { markRecordCompleted, markRecordFailed, type RecordFields, writeRecord } from './records';

export type JobRow = typeof schema.generationJobs.$inferSelect;
export type LedgerType = 'IMAGE_GENERATION' | 'IMAGE_EDIT' | 'IMAGE_UPSCALE';

const debitKey = (jobId: string) => `job:${jobId}:debit`;
/** The one debit of a batch of variations (its jobs refund their shares of it). */
export const batchDebitKey = (batchId: string) => `batch:${batchId}:debit`;

/** One job of a start: its id, its parsed input, the engine label and the record it fills. */
export interface NewJob {
  id: string;
  input: unknown;
  engine: string;
  record: RecordFields;
}

/**
 * Debits the jobs' cost and creates (or resets, for `updateRecordId`) a record and a waiting job per
 * image in ONE transaction. A batch (`batchId`) pays one debit of count × cost; a single job keeps
 * the per-job debit `job:<id>:debit`.
 */
export async function createPaidJobs(
  ctx: ServiceContext<'db'>,
  start: {
    userId: string;
    kind: JobKindId;
    jobs: readonly NewJob[];
    cost: number;
    batchId: string | null;
    ledger: { type: LedgerType; reason: JobLedgerReason };
    deadlineSeconds: number;
    now: Date;
    meta: { updateRecordId?: string; sourceUrls?: string[]; userWords?: string };
  },
): Promise<void> {
  const { userId, cost, batchId, now, meta } = start;
  await ctx.db.transaction(async (tx) => {
    const recordIds: string[] = [];
    for (const [index, job] of start.jobs.entries()) {
      const { type, ...described } = job.record;
      const recordFields = {
        status: 'PROCESSING' as const,
        prompt: null,
        style: null,
        model: null,
        width: null,
        height: null,
        toolId: null,
        toolSettings: null,
        negativePrompt: null,
        seed: null,
        steps: null,
        cfgScale: null,
        strength: null,
        sampler: null,
        ...described,
        credits: cost,
        batchId,
        sourceImageUrls: meta.sourceUrls ?? null,
        userWords: meta.userWords?.trim() || null,
        errorCategory: null,
        errorMessage: null,
        updatedAt: now,
      };
      const recordId = await writeRecord(tx, userId, type, recordFields, now, meta.updateRecordId);
      recordIds.push(recordId);
      await tx.insert(schema.generationJobs).values({
        id: job.id,
        recordId,
        userId,
        kind: start.kind,
        engine: job.engine,
        input: job.input,
        cost,
        batchId,
        batchIndex: batchId ? index : null,
        // Reset when a runner starts it: the deadline counts run time, never time in the queue.
        deadlineAt: new Date(now.getTime() + start.deadlineSeconds * 1000),
        runAfter: now,
        createdAt: now,
      });
    }
    if (cost > 0) {
      await spendCredits(tx, {
        userId,
        amount: cost * start.jobs.length,
        movementKey: batchId ? batchDebitKey(batchId) : debitKey(start.jobs[0]!.id),
        type: start.ledger.type,
        referenceType: 'IMAGE_GENERATION',
        referenceId: recordIds[0]!,
        // A batch's one row says how many images it paid for.
        ...({ reason: start.ledger.reason, reasonParams: batchId ? { images: start.jobs.length } : {} } as LedgerEntryReason),
      });
    }
  });
}

/** The jobs of a batch of variations, in the order they were asked for. */
export async function batchJobIds(ctx: ServiceContext<'db'>, batchId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: schema.generationJobs.id })
    .from(schema.generationJobs)
    .where(eq(schema.generationJobs.batchId, batchId))
    .orderBy(schema.generationJobs.batchIndex);
  return rows.map((row) => row.id);
}

/** A job by its id or its record's id, the caller's own only (other users' jobs do not exist for them). */
export async function getJob(ctx: ServiceContext<'db'>, userId: string, id: string, kinds?: readonly string[]): Promise<JobRow> {
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
  if (!job) throw new ServiceError('NOT_FOUND', 'taskNotFound');
  return job;
}

/**
 * Marks a still-processing job FAILED, its record too, and refunds its debit — all in one
 * transaction and only once: the conditional UPDATE lets exactly one caller (runner, duplicate
 * delivery or sweeper) win, and the refund's movement key is unique anyway. With `runId`, only
 * while that run still holds the job.
 */
export async function failJob(
  ctx: ServiceContext<'db' | 'clock'>,
  jobId: string,
  failure: JobFailure,
  options: { tx?: Tx; runId?: string; category?: ErrorCategory } = {},
) {
  // The code is stored, never a sentence: the reader's language is known only when it is read.
  const fields = { failureCode: failure, errorCategory: options.category ?? JOB_FAILURE_CATEGORY[failure] };
  const run = async (t: Tx) => {
    const now = ctx.clock.now();
    const [job] = await t
      .update(schema.generationJobs)
      .set({ status: 'FAILED', ...fields, finishedAt: now, updatedAt: now, leaseUntil: null })
      .where(
        and(
          eq(schema.generationJobs.id, jobId),
          eq(schema.generationJobs.status, 'PROCESSING'),
          options.runId ? eq(schema.generationJobs.runId, options.runId) : undefined,
        ),
      )
      .returning();
    if (!job) return false;
    await markRecordFailed(t, job.recordId, fields, now);
    if (job.batchId !== null && job.batchIndex !== null) {
      // One image of a batch: its own share of the batch's one debit, never the whole of it.
      await refundBatchShare(t, {
        userId: job.userId,
        spendMovementKey: batchDebitKey(job.batchId),
        index: job.batchIndex,
        share: job.cost,
        referenceId: job.recordId,
      });
    } else {
      await refundSpend(t, {
        userId: job.userId,
        spendMovementKey: debitKey(jobId),
        referenceType: 'IMAGE_GENERATION',
        referenceId: job.recordId,
        reason: 'GENERATION_REFUND',
      });
    }
    return true;
  };
  return options.tx ? run(options.tx) : ctx.db.transaction(run);
}

/** A job by its id, whoever owns it (the runner's view), or undefined. */
export async function findJob(db: Db, jobId: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(schema.generationJobs).where(eq(schema.generationJobs.id, jobId));
  return row;
}

/**
 * Marks a run's job COMPLETED with its stored image, and its record too, in one transaction; only
 * while that run still holds the job. `input` replaces the job's input (what the engine reported of
 * the run). False when the run had lost the job.
 */
export async function markJobCompleted(
  ctx: ServiceContext<'db' | 'clock'>,
  jobId: string,
  runId: string,
  result: { imageUrl: string; width?: number; height?: number; input?: unknown },
): Promise<boolean> {
  const { imageUrl, width, height, ...report } = result;
  return ctx.db.transaction(async (tx) => {
    const done = ctx.clock.now();
    const [won] = await tx
      .update(schema.generationJobs)
      .set({ status: 'COMPLETED', imageUrl, finishedAt: done, updatedAt: done, leaseUntil: null, ...report })
      .where(
        and(eq(schema.generationJobs.id, jobId), eq(schema.generationJobs.status, 'PROCESSING'), eq(schema.generationJobs.runId, runId)),
      )
      .returning({ recordId: schema.generationJobs.recordId });
    if (!won) return false;
    await markRecordCompleted(tx, won.recordId, { imageUrl, width, height }, done);
    return true;
  });
}

/**
 * Jobs that started and ran past their deadline (at most 500 at a time). A job still waiting in
 * line is not one (its deadline has not begun), nor a job whose run crashed before its deadline
 * (its lease lapsed first): it waits for its next run, which sets a deadline of its own.
 */
export async function expiredJobIds(db: Db, now: Date): Promise<string[]> {
  const expired = await db
    .select({ id: schema.generationJobs.id })
    .from(schema.generationJobs)
    .where(
      and(
        eq(schema.generationJobs.status, 'PROCESSING'),
        isNotNull(schema.generationJobs.startedAt),
        lt(schema.generationJobs.deadlineAt, now),
        gte(schema.generationJobs.leaseUntil, schema.generationJobs.deadlineAt),
      ),
    )
    .limit(500);
  return expired.map((row) => row.id);
}
