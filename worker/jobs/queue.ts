/**
 * The job queue's database verbs. A PROCESSING `generation_jobs` row is the queue entry: waiting
 * while it has no `startedAt` (or its runner's lease lapsed), running while a runner holds a live
 * lease. Runners claim with a fencing `runId`, so a runner that lost its claim (it stalled past its
 * lease and another runner took the job over) can neither finish, release nor fail the job.
 * docs/decisions/022-job-queue.md has the reasoning and the numbers.
 */
import { and, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { type Db, schema } from '@db/client';
import { ServiceError } from '../contract/errors';
import type { QueuePlace } from '../contract/generation';
import { newId } from '../lib/ids';
import type { JobContext } from './kind';
import { fairOrder, type UserLoad, type WaitingJob } from './queue-order';
import { say } from '../contract/messages';

type JobRow = typeof schema.generationJobs.$inferSelect;
const jobs = schema.generationJobs;

/** A runner renews its lease every third of this; a crashed runner's jobs start again after it. */
export const LEASE_SECONDS = 30;
/**
 * Jobs one user may have running at once. Two lets a creator's batch use a multi-thread engine
 * while leaving other users a free slot on any fleet of three or more; on a one-slot engine the
 * round-robin order already alternates users.
 */
export const MAX_RUNNING_PER_USER = 2;
/** Jobs one user may have waiting or running: more is a script, not a creator, and would fill the queue. */
export const MAX_ACTIVE_PER_USER = 8;
/** A new paid job is refused (before any debit) when the work already queued would keep it waiting longer. */
export const MAX_QUEUE_WAIT_SECONDS = 180;
/** How many waiting rows the dispatcher and the position read at once (admission keeps the queue far below). */
const WAITING_WINDOW = 500;

/** Run time per kind before any job of that kind has finished here (seconds, this machine's order of magnitude). */
const DEFAULT_RUN_SECONDS: Record<string, number> = { 'text-to-image': 3, edit: 4, tool: 4, upscale: 12 };
const FALLBACK_RUN_SECONDS = 5;

/** Waiting: not started, or its run's lease lapsed; `due` also requires its `run_after` to have come. */
const waitingNow = (now: Date, due = true) =>
  and(eq(jobs.status, 'PROCESSING'), or(isNull(jobs.startedAt), lt(jobs.leaseUntil, now)), due ? lte(jobs.runAfter, now) : undefined);
const runningNow = (now: Date) => and(eq(jobs.status, 'PROCESSING'), isNotNull(jobs.startedAt), gte(jobs.leaseUntil, now));

async function readWaiting(db: Db, now: Date, due = true): Promise<WaitingJob[]> {
  return db
    .select({ id: jobs.id, userId: jobs.userId, kind: jobs.kind, createdAt: jobs.createdAt, batchIndex: jobs.batchIndex })
    .from(jobs)
    .where(waitingNow(now, due))
    .orderBy(jobs.createdAt, jobs.batchIndex)
    .limit(WAITING_WINDOW);
}

async function readLoads(db: Db, userIds: string[], now: Date): Promise<Map<string, UserLoad>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      userId: jobs.userId,
      running: sql<number>`count(*) filter (where ${runningNow(now)})`.mapWith(Number),
      lastStartedAt: sql<Date | null>`max(${jobs.startedAt})`.mapWith((v) => (v == null ? null : new Date(v))),
    })
    .from(jobs)
    .where(inArray(jobs.userId, userIds))
    .groupBy(jobs.userId);
  return new Map(rows.map((r) => [r.userId, { running: r.running, lastStartedAt: r.lastStartedAt }]));
}

/**
 * Claims one job for a run: only while it waits (or its last runner's lease lapsed: that run
 * crashed, which counts as a failed attempt) and while its user has fewer than
 * MAX_RUNNING_PER_USER running. The deadline starts now, not at submission.
 */
export async function claimJob(
  ctx: Pick<JobContext, 'db' | 'clock'>,
  jobId: string,
  deadlineSeconds: (row: Pick<JobRow, 'kind' | 'input'>) => number,
): Promise<JobRow | undefined> {
  const now = ctx.clock.now();
  const [row] = await ctx.db.select({ kind: jobs.kind, input: jobs.input }).from(jobs).where(eq(jobs.id, jobId));
  if (!row) return undefined;
  const others = sql`(select count(*) from ${jobs} as r where r.user_id = ${jobs.userId} and r.id <> ${jobs.id}
    and r.status = 'PROCESSING' and r.started_at is not null and r.lease_until >= ${now.toISOString()}::timestamptz)`;
  const [claimed] = await ctx.db
    .update(jobs)
    .set({
      startedAt: now,
      leaseUntil: new Date(now.getTime() + LEASE_SECONDS * 1000),
      runId: newId('run'),
      deadlineAt: new Date(now.getTime() + deadlineSeconds(row) * 1000),
      attempt: sql`${jobs.attempt} + (case when ${jobs.startedAt} is null then 0 else 1 end)`,
      updatedAt: now,
    })
    .where(and(eq(jobs.id, jobId), waitingNow(now), sql`${others} < ${MAX_RUNNING_PER_USER}`))
    .returning();
  return claimed;
}

/** Claims the next job in fair order that this runner may start, or nothing when none can start. */
export async function claimNextJob(
  ctx: Pick<JobContext, 'db' | 'clock'>,
  deadlineSeconds: (row: Pick<JobRow, 'kind' | 'input'>) => number,
): Promise<JobRow | undefined> {
  const now = ctx.clock.now();
  const waiting = await readWaiting(ctx.db, now);
  if (waiting.length === 0) return undefined;
  const loads = await readLoads(ctx.db, [...new Set(waiting.map((w) => w.userId))], now);
  const full = new Set<string>();
  for (const candidate of fairOrder(waiting, loads)) {
    if (full.has(candidate.userId) || (loads.get(candidate.userId)?.running ?? 0) >= MAX_RUNNING_PER_USER) continue;
    const claimed = await claimJob(ctx, candidate.id, deadlineSeconds);
    if (claimed) return claimed;
    // Another runner took it, or the user reached the cap meanwhile: try the next user's job.
    full.add(candidate.userId);
  }
  return undefined;
}

/** Keeps a running job's claim alive; false when the claim was lost (the job finished or was taken over). */
export async function renewLease(ctx: Pick<JobContext, 'db' | 'clock'>, jobId: string, runId: string): Promise<boolean> {
  const now = ctx.clock.now();
  const renewed = await ctx.db
    .update(jobs)
    .set({ leaseUntil: new Date(now.getTime() + LEASE_SECONDS * 1000) })
    .where(and(eq(jobs.id, jobId), eq(jobs.runId, runId), eq(jobs.status, 'PROCESSING')))
    .returning({ id: jobs.id });
  return renewed.length > 0;
}

/** Puts a claimed job back in line, not before `runAfter`, without spending an attempt (the engine was busy). */
export async function releaseJob(ctx: Pick<JobContext, 'db' | 'clock'>, jobId: string, runId: string, runAfter: Date) {
  const released = await ctx.db
    .update(jobs)
    .set({ startedAt: null, leaseUntil: null, runId: null, runAfter, updatedAt: ctx.clock.now() })
    .where(and(eq(jobs.id, jobId), eq(jobs.runId, runId), eq(jobs.status, 'PROCESSING')))
    .returning({ id: jobs.id });
  return released.length > 0;
}

/** Records a failed run of a claimed job; returns the attempts used so far, or undefined when the claim was lost. */
export async function recordFailedAttempt(ctx: Pick<JobContext, 'db' | 'clock'>, jobId: string, runId: string) {
  const [row] = await ctx.db
    .update(jobs)
    .set({ attempt: sql`${jobs.attempt} + 1`, updatedAt: ctx.clock.now() })
    .where(and(eq(jobs.id, jobId), eq(jobs.runId, runId), eq(jobs.status, 'PROCESSING')))
    .returning({ attempt: jobs.attempt });
  return row?.attempt;
}

const runTimeCache = new WeakMap<Db, { at: number; seconds: Map<string, number> }>();

/** Mean run time per kind over each kind's last 50 completed runs, cached for 15 s per database. */
async function runSeconds(db: Db, now: Date): Promise<(kind: string) => number> {
  let cached = runTimeCache.get(db);
  if (!cached || now.getTime() - cached.at > 15_000 || now.getTime() < cached.at) {
    const result = await db.execute(sql`
      select kind, avg(extract(epoch from finished_at - started_at)) as seconds from (
        select kind, finished_at, started_at, row_number() over (partition by kind order by finished_at desc) as n
        from ${jobs} where status = 'COMPLETED' and started_at is not null and finished_at is not null
      ) recent where n <= 50 group by kind`);
    const list = (result as unknown as { rows: { kind: string; seconds: number | string | null }[] }).rows;
    cached = { at: now.getTime(), seconds: new Map(list.map((r) => [r.kind, Math.max(0.1, Number(r.seconds ?? 0))])) };
    runTimeCache.set(db, cached);
  }
  const seconds = cached.seconds;
  return (kind) => seconds.get(kind) ?? DEFAULT_RUN_SECONDS[kind] ?? FALLBACK_RUN_SECONDS;
}

/**
 * Seconds of queued work ahead of a newcomer, over the slots: each waiting job's mean run time, plus
 * what the running jobs still need when every slot is taken (their mean less the time they ran, at
 * least a second: a run past its kind's mean is not about to end).
 */
async function queuedSeconds(ctx: Pick<JobContext, 'db' | 'clock' | 'images'>, ahead: readonly { kind: string }[], now: Date) {
  const perKind = await runSeconds(ctx.db, now);
  const running = await ctx.db.select({ kind: jobs.kind, startedAt: jobs.startedAt }).from(jobs).where(runningNow(now));
  const remaining = (r: { kind: string; startedAt: Date | null }) =>
    Math.max(1, perKind(r.kind) - (now.getTime() - (r.startedAt?.getTime() ?? now.getTime())) / 1000);
  const busy = running.length >= ctx.images.slots ? running.reduce((sum, r) => sum + remaining(r), 0) : 0;
  return (ahead.reduce((sum, job) => sum + perKind(job.kind), 0) + busy) / Math.max(1, ctx.images.slots);
}

/**
 * Admission, before any credit moves: a user with MAX_ACTIVE_PER_USER jobs in line waits for one
 * to finish (429), and nobody is charged for a job that would wait longer than
 * MAX_QUEUE_WAIT_SECONDS (503 ENGINE_BUSY). Both carry Retry-After. A batch of `count` jobs of
 * `kind` is admitted whole or not at all: every one of them must fit the user's share, and the last
 * must start within the wait limit.
 */
export async function admitJob(
  ctx: Pick<JobContext, 'db' | 'clock' | 'images'>,
  userId: string,
  batch: { count?: number; kind?: string } = {},
) {
  const count = batch.count ?? 1;
  const now = ctx.clock.now();
  const [own] = await ctx.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(jobs)
    .where(and(eq(jobs.userId, userId), eq(jobs.status, 'PROCESSING')));
  const perKind = await runSeconds(ctx.db, now);
  if ((own?.n ?? 0) + count > MAX_ACTIVE_PER_USER)
    throw new ServiceError('RATE_LIMITED', say('tooManyJobsInProgress', { max: MAX_ACTIVE_PER_USER }), {
      retryAfter: Math.ceil(perKind('tool')),
    });
  const waiting = await readWaiting(ctx.db, now, false);
  const behindOwnBatch = batch.kind ? ((count - 1) * perKind(batch.kind)) / Math.max(1, ctx.images.slots) : 0;
  const wait = (await queuedSeconds(ctx, waiting, now)) + behindOwnBatch;
  if (wait > MAX_QUEUE_WAIT_SECONDS)
    throw new ServiceError('ENGINE_BUSY', 'engineBusy', {
      retryAfter: Math.min(300, Math.max(5, Math.ceil(wait - MAX_QUEUE_WAIT_SECONDS))),
    });
}

/** Where a waiting job stands: jobs that start before it in fair order, and when it should start. Null once it runs. */
export async function queuePlace(
  ctx: Pick<JobContext, 'db' | 'clock' | 'images'>,
  job: Pick<JobRow, 'id' | 'status' | 'startedAt' | 'leaseUntil'>,
): Promise<QueuePlace | null> {
  const now = ctx.clock.now();
  const running = job.startedAt && job.leaseUntil && job.leaseUntil >= now;
  if (job.status !== 'PROCESSING' || running) return null;
  // Jobs put back for a busy engine still hold their place in line.
  const waiting = await readWaiting(ctx.db, now, false);
  const loads = await readLoads(ctx.db, [...new Set(waiting.map((w) => w.userId))], now);
  const order = fairOrder(waiting, loads);
  const index = order.findIndex((w) => w.id === job.id);
  const ahead = index < 0 ? order.length : index;
  return { ahead, estimatedStartSeconds: Math.ceil(await queuedSeconds(ctx, order.slice(0, ahead), now)) };
}
