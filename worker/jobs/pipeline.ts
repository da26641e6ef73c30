import { ServiceError } from '../contract/errors';
import { classifyError } from '../contract/generation';
import { FAILURE_OF_CATEGORY } from '../contract/job-failures';
import { EngineInputError } from '../contract/engine-operations';
import { newId } from '../lib/ids';
import { backoff, retry } from '../lib/retry';
import { blobKeys, fileUrl } from '../services/files/files';
import { claimFiles, releaseFileClaims } from '../services/files/file-claims';
import { EngineBusyError, EngineError } from '../services/generation/engine';
import { createPaidJobs, expiredJobIds, failJob, findJob, type JobRow, markJobCompleted } from '../services/generation/jobs';
import { ENGINE_IGNORED_OPTIONS, type JobContext, type JobKind, type JobResult } from './kind';
import {
  admitJob,
  claimJob,
  deadlineSeconds,
  LEASE_SECONDS,
  recordFailedAttempt,
  releaseJob,
  renewLease,
  runEstimate,
} from '../services/generation/job-queue';
import { JOB_KINDS } from './registry';
import { readSource } from './sources';
import { say } from '../contract/messages';

/** Runs of one job (engine failures or crashes; a busy engine costs none) before a retryable failure becomes final. */
export const MAX_ATTEMPTS = 3;
/**
 * QStash flow-control key of every engine job: QStash delivers at most `images.slots` of them at
 * once, so the engine fleet is never handed more than it can run (docs/decisions/022-job-queue.md).
 */
export const ENGINE_FLOW_CONTROL_KEY = 'image-engine';
/** The one signed callback for every kind. */
export const JOB_CALLBACK_PATH = '/api/jobs/run';
/** Also accepted: messages QStash still holds from before the registry were signed for this URL. */
export const JOB_CALLBACK_PATHS = [JOB_CALLBACK_PATH, '/api/jobs/generation'] as const;

export const jobCallbackPayload = (body: unknown) => {
  const jobId = (body as { jobId?: unknown })?.jobId;
  if (typeof jobId !== 'string' || !/^job_[a-z0-9]+$/.test(jobId))
    throw new ServiceError('VALIDATION_FAILED', say('fieldRequired', { field: 'jobId' }), { field: 'jobId' });
  return { jobId };
};

/**
 * Seconds a job may run once started: its output megapixels × its kind's measured seconds per
 * output MP × a margin, bounded (services/generation/job-queue.ts `deadlineSeconds`). The queue is told the same figure.
 */
export async function jobDeadlineSeconds(ctx: Pick<JobContext, 'db' | 'clock'>, row: { kind: string; input: unknown }): Promise<number> {
  return deadlineSeconds(await runEstimate(ctx.db, ctx.clock.now()), row);
}

/** Tells the queue a job can run (now, or after a delay); the embedded dispatcher or QStash then claims it. */
async function publishJob(ctx: Pick<JobContext, 'queue' | 'images'>, jobId: string, timeoutSeconds: number, delaySeconds?: number) {
  await ctx.queue.publish({
    path: JOB_CALLBACK_PATH,
    body: { jobId },
    retries: MAX_ATTEMPTS - 1,
    // One delivery may run the whole deadline with its in-run retries; the queue must not cut it short.
    timeoutSeconds,
    ...(delaySeconds ? { delaySeconds } : {}),
    flowControl: { key: ENGINE_FLOW_CONTROL_KEY, parallelism: ctx.images.slots },
  });
}

/**
 * Admits the job (a full queue refuses it before any debit: 503 ENGINE_BUSY), then debits the
 * kind's cost and creates (or resets, for `updateRecordId`) the record and its waiting job in ONE
 * transaction, then publishes the job. The user is charged only for a job that exists; if publishing
 * fails the job is failed and refunded at once. Returns the job's id.
 */
export async function startJob<P>(
  ctx: JobContext,
  kind: JobKind<P>,
  userId: string,
  payload: P,
  meta: { updateRecordId?: string; sourceUrls?: string[]; userWords?: string } = {},
): Promise<string> {
  const [jobId] = await startJobs(ctx, kind, userId, [payload], meta);
  return jobId!;
}

/**
 * Starts one job, or a batch of variations (several payloads of one kind and one cost, e.g. the same
 * settings with different seeds): all of them are admitted or none (the queue must take the whole
 * batch), then one transaction writes a record and a job per image and ONE debit of count × cost
 * (`batch:<batchId>:debit`). Each job of a batch that fails refunds its own share of that debit
 * (failJob). A single payload keeps the per-job debit `job:<id>:debit`. Returns the jobs' ids in order.
 */
export async function startJobs<P>(
  ctx: JobContext,
  kind: JobKind<P>,
  userId: string,
  payloads: readonly P[],
  meta: { updateRecordId?: string; sourceUrls?: string[]; userWords?: string } = {},
): Promise<string[]> {
  const inputs = payloads.map((payload) => kind.payload.parse(payload));
  const first = inputs[0];
  if (first === undefined) throw new Error('startJobs needs at least one payload');
  const batched = inputs.length > 1;
  if (batched && meta.updateRecordId) throw new ServiceError('VALIDATION_FAILED', 'regenerateOneImage', { field: 'count' });

  const unavailable = kind.unavailable?.(ctx, first);
  if (unavailable) throw new ServiceError('VALIDATION_FAILED', unavailable.message, { field: unavailable.field });
  await admitJob(ctx, userId, { count: inputs.length, kind: kind.id, input: first });
  // Variations share everything that prices an image (size, model), so one cost holds for each.
  const cost = await kind.cost(ctx.db, first);
  // Reset when a runner starts it (the estimate may have moved by then); the queue's delivery timeout.
  const deadline = await jobDeadlineSeconds(ctx, { kind: kind.id, input: first });
  const now = ctx.clock.now();
  const jobIds = inputs.map(() => newId('job'));
  const batchId = batched ? newId('bat') : null;
  await createPaidJobs(ctx, {
    userId,
    kind: kind.id,
    jobs: inputs.map((input, index) => ({ id: jobIds[index]!, input, engine: kind.engine(input), record: kind.record(input) })),
    cost,
    batchId,
    ledger: kind.ledger,
    deadlineSeconds: deadline,
    now,
    meta,
  });

  await publishJobs(ctx, jobIds, deadline);
  return jobIds;
}

/** Hands the written jobs to the queue; one that cannot be published fails (and refunds) at once. */
async function publishJobs(ctx: JobContext, jobIds: string[], deadlineSeconds: number): Promise<void> {
  for (const jobId of jobIds) {
    try {
      await publishJob(ctx, jobId, deadlineSeconds);
    } catch (error) {
      ctx.log.error('job publish failed', { jobId, error: String(error) });
      await failJob(ctx, jobId, 'SERVICE_UNAVAILABLE');
    }
  }
}

export type JobOutcome = 'completed' | 'failed' | 'skipped' | 'deferred';

export interface RunOptions {
  /** Pause before in-run retry n (1-based) after a retryable engine failure. */
  backoffMs?: (attempt: number) => number;
}

/** From 1 s, doubling up to 10 s, jittered so that jobs failing together do not return together. */
const defaultBackoff = backoff({ baseMs: 1000, maxMs: 10_000 });

/**
 * The signed callback's work (QStash, or the in-process dispatcher on Workers): claims this job
 * and runs it. A job that cannot start yet — another run holds it, it waits for a busy engine, or
 * its user already has the most jobs running — is published again for later: never an attempt,
 * never a failure. Delivery is at least once, so a finished job is simply skipped.
 */
export async function runJob(ctx: JobContext, jobId: string, options: RunOptions = {}): Promise<{ outcome: JobOutcome }> {
  const job = await claimJob(ctx, jobId);
  if (job) return runClaimedJob(ctx, job, options);
  const row = await findJob(ctx.db, jobId);
  if (row?.status !== 'PROCESSING') return { outcome: 'skipped' };
  const now = ctx.clock.now().getTime();
  const until = Math.max(row.leaseUntil && row.startedAt ? row.leaseUntil.getTime() : 0, row.runAfter.getTime());
  await publishJob(ctx, jobId, await jobDeadlineSeconds(ctx, row), Math.max(2, Math.ceil((until - now) / 1000) + 1));
  return { outcome: 'deferred' };
}

/**
 * Runs a job this runner claimed (see services/generation/job-queue.ts). The lease is renewed while
 * the engine works, so a crash is noticed within LEASE_SECONDS and the job starts again elsewhere.
 * Retryable engine failures are retried here with back-off up to MAX_ATTEMPTS; input refusals
 * (EngineInputError) and final provider answers fail at once; a busy engine puts the job back in
 * line. Every write is fenced by the run's id: a run that lost its claim changes nothing.
 */
export async function runClaimedJob(ctx: JobContext, job: JobRow, options: RunOptions = {}): Promise<{ outcome: JobOutcome }> {
  const runId = job.runId!;
  if (job.attempt >= MAX_ATTEMPTS) {
    // Its earlier runs crashed the runner that held them: do not let it take down another.
    await failJob(ctx, job.id, 'SERVER_ERROR', { runId });
    ctx.log.warn('job failed after repeated crashes', { jobId: job.id, kind: job.kind, attempt: job.attempt });
    return { outcome: 'failed' };
  }
  const heartbeat = setInterval(
    () => {
      renewLease(ctx, job.id, runId).catch((error) => ctx.log.warn('job lease renewal failed', { jobId: job.id, error: String(error) }));
    },
    (LEASE_SECONDS * 1000) / 3,
  );
  try {
    const kind = JOB_KINDS[job.kind];
    const payload = kind?.payload.safeParse(job.input);
    const backoffMs = options.backoffMs ?? defaultBackoff;
    // The failure that stopped the run, with the stored count of failed runs it made (none for a busy engine).
    let stopped: StoppedRun | undefined;
    let image: Awaited<ReturnType<NonNullable<typeof kind>['run']>>;
    try {
      image = await retry(
        async () => {
          if (!kind) throw new EngineError(`unsupported job kind ${job.kind}`, false);
          if (!payload?.success) throw new EngineError(`invalid job input: ${payload?.error.issues[0]?.message}`, false);
          return kind.run(ctx, payload.data);
        },
        {
          // Never the bound that stops it: every failure adds to the stored count, which stops at MAX_ATTEMPTS.
          retries: MAX_ATTEMPTS,
          delayMs: () => backoffMs(stopped?.attempts ?? 1),
          shouldRetry: async (error) => {
            stopped = { error, attempts: error instanceof EngineBusyError ? undefined : await recordFailedAttempt(ctx, job.id, runId) };
            if (!worthAnotherRun(stopped)) return false;
            ctx.log.warn('job attempt failed, will retry', {
              jobId: job.id,
              kind: job.kind,
              attempt: stopped.attempts,
              error: errorText(error),
            });
            return true;
          },
        },
      );
    } catch (error) {
      // Not a run's failure (the failed run could not be counted): it is the caller's to see.
      if (!stopped || error !== stopped.error) throw error;
      return { outcome: await settleStoppedRun(ctx, job, runId, stopped) };
    }
    return { outcome: (await completeJob(ctx, job, runId, image)) ? 'completed' : 'skipped' };
  } finally {
    clearInterval(heartbeat);
  }
}

interface StoppedRun {
  error: unknown;
  /** Failed runs so far, this one included; undefined for a busy engine (no run) or a lost claim. */
  attempts: number | undefined;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A failed run is tried again in this run when the engine may answer otherwise and attempts remain. */
const worthAnotherRun = ({ error, attempts }: StoppedRun) =>
  attempts !== undefined &&
  attempts < MAX_ATTEMPTS &&
  !(error instanceof EngineInputError) &&
  (!(error instanceof EngineError) || error.retryable);

/**
 * What a run that stopped on a failure comes to: a busy engine puts the job back in line; a lost
 * claim changes nothing; an input refusal and a final or repeated engine failure fail the job.
 */
async function settleStoppedRun(ctx: JobContext, job: JobRow, runId: string, { error, attempts }: StoppedRun): Promise<JobOutcome> {
  if (error instanceof EngineBusyError) {
    const runAfter = new Date(ctx.clock.now().getTime() + error.retryAfterSeconds * 1000);
    if (await releaseJob(ctx, job.id, runId, runAfter))
      await publishJob(ctx, job.id, await jobDeadlineSeconds(ctx, job), error.retryAfterSeconds);
    ctx.log.info('engine busy, job back in line', { jobId: job.id, kind: job.kind, retryAfter: error.retryAfterSeconds });
    return 'deferred';
  }
  if (attempts === undefined) return 'skipped';
  if (error instanceof EngineInputError) {
    // The engine's refusal has a stable code ("no face found"): it is what the user reads.
    await failJob(ctx, job.id, error.code, { runId });
    ctx.log.warn('job input refused by the engine', { jobId: job.id, kind: job.kind, errorCode: error.code });
    return 'failed';
  }
  const message = errorText(error);
  const category = classifyError(message);
  await failJob(ctx, job.id, FAILURE_OF_CATEGORY[category], { runId, category });
  ctx.log.warn('job failed', { jobId: job.id, kind: job.kind, category, error: message });
  return 'failed';
}

/** The stored photo a job worked on (edits, tools, upscales), if its input names one. */
function sourceKeyOf(input: unknown): string | undefined {
  const fields = (input ?? {}) as { sourceKeys?: unknown; sourceKey?: unknown };
  const key = Array.isArray(fields.sourceKeys) ? fields.sourceKeys[0] : fields.sourceKey;
  return typeof key === 'string' ? key : undefined;
}

/**
 * The output as stored: marked as AI-made (docs/decisions/032-provenance.md). A picture made from a
 * prompt is `generated`; anything that changed the user's photo is `edited`, with that photo as its
 * source. A marking failure is logged and the image stored unmarked: the user paid for the picture,
 * and a missing mark is an operator's problem to fix, not theirs.
 */
async function markedAsAiMade(ctx: JobContext, job: JobRow, image: { bytes: Uint8Array; contentType: string }): Promise<Uint8Array> {
  const sourceKey = sourceKeyOf(job.input);
  try {
    const source = sourceKey ? await readSource(ctx, sourceKey).catch(() => undefined) : undefined;
    const agent = job.engine === 'offline' ? 'offline image engine' : `${job.engine} model`;
    return await ctx.provenance.mark(image, { origin: job.kind === 'text-to-image' ? 'generated' : 'edited', agent, source });
  } catch (error) {
    ctx.log.error('provenance marking failed; stored without Content Credentials', { jobId: job.id, error: String(error) });
    return image.bytes;
  }
}

/** What the engine said of the run that the request could not know, kept in the job's input for its status. */
function engineReport(job: JobRow, image: JobResult) {
  if (!image.ignoredOptions?.length) return {};
  return { input: { ...(job.input as Record<string, unknown>), [ENGINE_IGNORED_OPTIONS]: image.ignoredOptions } };
}

async function completeJob(ctx: JobContext, job: JobRow, runId: string, image: JobResult) {
  const extension = image.contentType === 'image/png' ? 'png' : image.contentType === 'image/jpeg' ? 'jpg' : 'webp';
  const key = blobKeys.userFile(job.userId, 'results', `${job.id}.${extension}`);
  // Claimed until the job names it: a run killed, or one that lost the job, leaves it to the claim sweep.
  await claimFiles(ctx, job.userId, [key]);
  await ctx.blobs.put(key, await markedAsAiMade(ctx, job, image), { contentType: image.contentType });
  const imageUrl = fileUrl(key);
  const won = await markJobCompleted(ctx, job.id, runId, {
    imageUrl,
    width: image.width,
    height: image.height,
    ...engineReport(job, image),
  });
  if (won) await releaseFileClaims(ctx, [key]).catch(() => undefined);
  return won;
}

/**
 * Fails and refunds every job that started and ran past its deadline (Workers cron; a timer in
 * embedded mode). A job still waiting in line is never swept: its deadline has not begun. Nor is a
 * job whose run crashed before its deadline (its lease lapsed first): it waits for its next run,
 * which sets a deadline of its own.
 */
export async function sweepExpiredJobs(ctx: Pick<JobContext, 'db' | 'clock' | 'log'>): Promise<number> {
  const expired = await expiredJobIds(ctx.db, ctx.clock.now());
  let failed = 0;
  for (const id of expired) if (await failJob(ctx, id, 'TIMED_OUT')) failed++;
  if (failed) ctx.log.info('swept expired jobs', { failed });
  return failed;
}
