/**
 * The job queue's database verbs. A PROCESSING `generation_jobs` row is the queue entry: waiting
 * while it has no `startedAt` (or its runner's lease lapsed), running while a runner holds a live
 * lease. Runners claim with a fencing `runId`, so a runner that lost its claim (it stalled past its
 * lease and another runner took the job over) can neither finish, release nor fail the job.
 * docs/decisions/022-job-queue.md has the reasoning and the numbers.
 */
import { and, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { type Db, schema } from '@db/client';
import { ServiceError } from '../../contract/errors';
import type { QueuePlace } from '../../contract/responses/generation';
import { newId } from '../../lib/ids';
import type { ServiceContext } from '../context';
import { fairOrder, type UserLoad, type WaitingJob } from './queue-order';
import { say } from '../../contract/messages';

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

/**
 * One user's share of the line in work-seconds (their running and waiting jobs' estimated run time):
 * eight 8× upscales are not eight text-to-images. Past it the user waits for their own work (429);
 * it also bounds what one user's turn in fair order costs everyone behind it.
 */
export const USER_SHARE_SECONDS = 300;

/**
 * Run time per output megapixel per kind before any job of that kind has finished here: measured on
 * this machine with `npx tsx scripts/lib/bench-job-rates.ts` (one warm engine thread, the 2-core
 * machine shared with other work at load ~17; upscale is its slowest factor, 4×, and tool its slowest
 * tool, the ID photo). The running estimate from completed jobs replaces it.
 */
export const MEASURED_SECONDS_PER_MP: Readonly<Record<string, number>> = { 'text-to-image': 1.5, edit: 33, tool: 69, upscale: 55 };
const FALLBACK_SECONDS_PER_MP = 5;
/** The least a job counts for: every job has a fixed cost (decoding, models, encoding) beside its pixels. */
const MIN_MEGAPIXELS = 0.25;

/**
 * A run's deadline is its estimate × DEADLINE_MARGIN, at least MIN_DEADLINE_SECONDS (a cold engine,
 * a busy machine) and at most MAX_DEADLINE_SECONDS (QStash's 15-minute response limit of its free
 * plan, with a minute to spare). docs/decisions/059-measured-deadlines.md has the reasoning.
 */
export const DEADLINE_MARGIN = 3;
export const MIN_DEADLINE_SECONDS = 60;
export const MAX_DEADLINE_SECONDS = 14 * 60;

/** A job's size: its output megapixels (width × height, times the upscale factor squared), read from its payload. */
export function outputMegapixels(input: unknown): number {
  const payload = (input ?? {}) as Record<string, unknown>;
  const number = (value: unknown, fallback: number) =>
    typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
  const factor = number(payload.scaleFactor, 1);
  return Math.max(MIN_MEGAPIXELS, (number(payload.width, 1024) * number(payload.height, 1024) * factor * factor) / 1e6);
}
/** The same size in SQL, for the measured history (the payload's numbers, 1024² when absent). */
const outputMegapixelsSql = sql`greatest(${MIN_MEGAPIXELS},
  (case when jsonb_typeof(input->'width') = 'number' then (input->>'width')::float8 else 1024 end)
  * (case when jsonb_typeof(input->'height') = 'number' then (input->>'height')::float8 else 1024 end)
  * power(case when jsonb_typeof(input->'scaleFactor') = 'number' then (input->>'scaleFactor')::float8 else 1 end, 2)
  / 1e6)`;

/** Waiting: not started, or its run's lease lapsed; `due` also requires its `run_after` to have come. */
const waitingNow = (now: Date, due = true) =>
  and(eq(jobs.status, 'PROCESSING'), or(isNull(jobs.startedAt), lt(jobs.leaseUntil, now)), due ? lte(jobs.runAfter, now) : undefined);
const runningNow = (now: Date) => and(eq(jobs.status, 'PROCESSING'), isNotNull(jobs.startedAt), gte(jobs.leaseUntil, now));

async function readWaiting(db: Db, now: Date, due = true): Promise<(WaitingJob & { input: unknown })[]> {
  return db
    .select({
      id: jobs.id,
      userId: jobs.userId,
      kind: jobs.kind,
      createdAt: jobs.createdAt,
      batchIndex: jobs.batchIndex,
      input: jobs.input,
    })
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
      // A run cut off by a crash served its user until its last lease renewal, not only at its start:
      // resumed, its job goes behind the users who waited meanwhile instead of to the front.
      lastStartedAt: sql<Date | null>`max(case
          when ${jobs.status} = 'PROCESSING' and ${jobs.startedAt} is not null and ${jobs.leaseUntil} < ${now.toISOString()}::timestamptz
          then greatest(${jobs.startedAt}, ${jobs.leaseUntil} - make_interval(secs => ${LEASE_SECONDS}))
          else ${jobs.startedAt} end)`.mapWith((v) => (v == null ? null : new Date(v))),
    })
    .from(jobs)
    .where(inArray(jobs.userId, userIds))
    .groupBy(jobs.userId);
  return new Map(rows.map((r) => [r.userId, { running: r.running, lastStartedAt: r.lastStartedAt }]));
}

/**
 * Claims one job for a run: only while it waits (or its last runner's lease lapsed: that run
 * crashed, which counts as a failed attempt) and while its user has fewer than
 * MAX_RUNNING_PER_USER running. The deadline starts now, not at submission, and follows the job's
 * size: its estimated run time (the kind's measured seconds per output MP) with a margin.
 */
export async function claimJob(ctx: ServiceContext<'db' | 'clock'>, jobId: string): Promise<JobRow | undefined> {
  const now = ctx.clock.now();
  const [row] = await ctx.db.select({ kind: jobs.kind, input: jobs.input }).from(jobs).where(eq(jobs.id, jobId));
  if (!row) return undefined;
  const estimate = await runEstimate(ctx.db, now);
  const others = sql`(select count(*) from ${jobs} as r where r.user_id = ${jobs.userId} and r.id <> ${jobs.id}
    and r.status = 'PROCESSING' and r.started_at is not null and r.lease_until >= ${now.toISOString()}::timestamptz)`;
  const [claimed] = await ctx.db
    .update(jobs)
    .set({
      startedAt: now,
      leaseUntil: new Date(now.getTime() + LEASE_SECONDS * 1000),
      runId: newId('run'),
      deadlineAt: new Date(now.getTime() + deadlineSeconds(estimate, row) * 1000),
      attempt: sql`${jobs.attempt} + (case when ${jobs.startedAt} is null then 0 else 1 end)`,
      updatedAt: now,
    })
    .where(and(eq(jobs.id, jobId), waitingNow(now), sql`${others} < ${MAX_RUNNING_PER_USER}`))
    .returning();
  return claimed;
}

/** Claims the next job in fair order that this runner may start, or nothing when none can start. */
export async function claimNextJob(ctx: ServiceContext<'db' | 'clock'>): Promise<JobRow | undefined> {
  const now = ctx.clock.now();
  const waiting = await readWaiting(ctx.db, now);
  if (waiting.length === 0) return undefined;
  const loads = await readLoads(ctx.db, [...new Set(waiting.map((w) => w.userId))], now);
  const full = new Set<string>();
  for (const candidate of fairOrder(waiting, loads)) {
    if (full.has(candidate.userId) || (loads.get(candidate.userId)?.running ?? 0) >= MAX_RUNNING_PER_USER) continue;
    const claimed = await claimJob(ctx, candidate.id);
    if (claimed) return claimed;
    // Another runner took it, or the user reached the cap meanwhile: try the next user's job.
    full.add(candidate.userId);
  }
  return undefined;
}

/** Keeps a running job's claim alive; false when the claim was lost (the job finished or was taken over). */
export async function renewLease(ctx: ServiceContext<'db' | 'clock'>, jobId: string, runId: string): Promise<boolean> {
  const now = ctx.clock.now();
  const renewed = await ctx.db
    .update(jobs)
    .set({ leaseUntil: new Date(now.getTime() + LEASE_SECONDS * 1000) })
    .where(and(eq(jobs.id, jobId), eq(jobs.runId, runId), eq(jobs.status, 'PROCESSING')))
    .returning({ id: jobs.id });
  return renewed.length > 0;
}

/** Puts a claimed job back in line, not before `runAfter`, without spending an attempt (the engine was busy). */
export async function releaseJob(ctx: ServiceContext<'db' | 'clock'>, jobId: string, runId: string, runAfter: Date) {
  const released = await ctx.db
    .update(jobs)
    .set({ startedAt: null, leaseUntil: null, runId: null, runAfter, updatedAt: ctx.clock.now() })
    .where(and(eq(jobs.id, jobId), eq(jobs.runId, runId), eq(jobs.status, 'PROCESSING')))
    .returning({ id: jobs.id });
  return released.length > 0;
}

/** Records a failed run of a claimed job; returns the attempts used so far, or undefined when the claim was lost. */
export async function recordFailedAttempt(ctx: ServiceContext<'db' | 'clock'>, jobId: string, runId: string) {
  const [row] = await ctx.db
    .update(jobs)
    .set({ attempt: sql`${jobs.attempt} + 1`, updatedAt: ctx.clock.now() })
    .where(and(eq(jobs.id, jobId), eq(jobs.runId, runId), eq(jobs.status, 'PROCESSING')))
    .returning({ attempt: jobs.attempt });
  return row?.attempt;
}

/** Seconds a run may take before the sweeper fails and refunds its job: the job's estimate with a margin, bounded. */
export function deadlineSeconds(estimate: Estimate, job: { kind: string; input: unknown }): number {
  return Math.min(MAX_DEADLINE_SECONDS, Math.max(MIN_DEADLINE_SECONDS, Math.ceil(estimate(job) * DEADLINE_MARGIN)));
}

const runTimeCache = new WeakMap<Db, { at: number; perMp: Map<string, number> }>();

/** A job's expected run time: the kind's measured seconds per output megapixel times the job's megapixels. */
export type Estimate = (job: { kind: string; input: unknown }) => number;

/**
 * Seconds per output megapixel per kind over each kind's last 50 completed runs, cached for 15 s per
 * database, as an estimate of any job's run time: an 8× upscale of 256² (4.2 MP out) counts 64 times
 * a 2× upscale of 128².
 */
export async function runEstimate(db: Db, now: Date): Promise<Estimate> {
  let cached = runTimeCache.get(db);
  if (!cached || now.getTime() - cached.at > 15_000 || now.getTime() < cached.at) {
    const result = await db.execute(sql`
      select kind, avg(extract(epoch from finished_at - started_at) / mp) as seconds from (
        select kind, finished_at, started_at, ${outputMegapixelsSql} as mp,
          row_number() over (partition by kind order by finished_at desc) as n
        from ${jobs} where status = 'COMPLETED' and started_at is not null and finished_at is not null
      ) recent where n <= 50 group by kind`);
    const list = (result as unknown as { rows: { kind: string; seconds: number | string | null }[] }).rows;
    cached = { at: now.getTime(), perMp: new Map(list.map((r) => [r.kind, Math.max(0.1, Number(r.seconds ?? 0))])) };
    runTimeCache.set(db, cached);
  }
  const perMp = cached.perMp;
  return (job) => (perMp.get(job.kind) ?? MEASURED_SECONDS_PER_MP[job.kind] ?? FALLBACK_SECONDS_PER_MP) * outputMegapixels(job.input);
}

interface RunningJob {
  userId: string;
  kind: string;
  input: unknown;
  startedAt: Date | null;
}
const readRunning = (db: Db, now: Date): Promise<RunningJob[]> =>
  db.select({ userId: jobs.userId, kind: jobs.kind, input: jobs.input, startedAt: jobs.startedAt }).from(jobs).where(runningNow(now));

/**
 * Seconds of queued work ahead of a job, over the slots: each job ahead's estimated run time, plus
 * what the running jobs still need when every slot is taken (their estimate less the time they ran,
 * at least a second: a run past its estimate is not about to end).
 */
function queuedSeconds(
  estimate: Estimate,
  running: readonly RunningJob[],
  slots: number,
  ahead: readonly { kind: string; input: unknown }[],
  now: Date,
) {
  const remaining = (r: RunningJob) => Math.max(1, estimate(r) - (now.getTime() - (r.startedAt?.getTime() ?? now.getTime())) / 1000);
  const busy = running.length >= slots ? running.reduce((sum, r) => sum + remaining(r), 0) : 0;
  return (ahead.reduce((sum, job) => sum + estimate(job), 0) + busy) / Math.max(1, slots);
}

/**
 * Admission, before any credit moves. Refused with Retry-After:
 * - 429: a user with MAX_ACTIVE_PER_USER jobs in line, or whose line would hold more than
 *   USER_SHARE_SECONDS of estimated work, waits for their own work to finish;
 * - 503 ENGINE_BUSY: the newcomer would wait longer than MAX_QUEUE_WAIT_SECONDS at its place in fair
 *   order. The dispatcher serves users in turn, so a newcomer whose own line is empty waits behind
 *   one turn of each waiting user, never behind another user's whole backlog.
 * A batch of `count` jobs is admitted whole or not at all: its last job must start within the limit.
 */
export async function admitJob(
  ctx: ServiceContext<'db' | 'clock' | 'images'>,
  userId: string,
  batch: { count?: number; kind?: string; input?: unknown } = {},
) {
  const count = batch.count ?? 1;
  const kind = batch.kind ?? 'tool';
  const now = ctx.clock.now();
  const estimate = await runEstimate(ctx.db, now);
  const [waiting, running] = await Promise.all([readWaiting(ctx.db, now, false), readRunning(ctx.db, now)]);
  const ownWaiting = waiting.filter((w) => w.userId === userId);
  const ownRunning = running.filter((r) => r.userId === userId);
  const newJob = { kind, input: batch.input };
  if (ownWaiting.length + ownRunning.length + count > MAX_ACTIVE_PER_USER)
    throw new ServiceError('RATE_LIMITED', say('tooManyJobsInProgress', { max: MAX_ACTIVE_PER_USER }), {
      retryAfter: Math.ceil(estimate({ kind: 'tool', input: {} })),
    });
  const ownWork = [...ownWaiting, ...ownRunning].reduce((sum, job) => sum + estimate(job), 0);
  // A single job larger than the share is still admitted into an empty line (the deadline bounds it).
  if (ownWaiting.length + ownRunning.length > 0 && ownWork + count * estimate(newJob) > USER_SHARE_SECONDS)
    throw new ServiceError('RATE_LIMITED', 'workShareFull', {
      retryAfter: Math.min(300, Math.max(5, Math.ceil(ownWork + count * estimate(newJob) - USER_SHARE_SECONDS))),
    });
  // The newcomer's place: its jobs join the line now, and fair order says who goes before the last of them.
  const loads = await readLoads(ctx.db, [...new Set([...waiting.map((w) => w.userId), userId])], now);
  const newcomers = Array.from({ length: count }, (_, index) => ({
    id: `new_${index}`,
    userId,
    kind,
    input: batch.input,
    createdAt: now,
    batchIndex: index,
  }));
  const order = fairOrder([...waiting, ...newcomers], loads) as (WaitingJob & { input: unknown })[];
  const last = order.findIndex((job) => job.id === `new_${count - 1}` && job.userId === userId);
  const wait = queuedSeconds(estimate, running, ctx.images.slots, order.slice(0, last), now);
  if (wait > MAX_QUEUE_WAIT_SECONDS)
    throw new ServiceError('ENGINE_BUSY', 'engineBusy', {
      retryAfter: Math.min(300, Math.max(5, Math.ceil(wait - MAX_QUEUE_WAIT_SECONDS))),
    });
}

/** Where a waiting job stands: jobs that start before it in fair order, and when it should start. Null once it runs. */
export async function queuePlace(
  ctx: ServiceContext<'db' | 'clock' | 'images'>,
  job: Pick<JobRow, 'id' | 'status' | 'startedAt' | 'leaseUntil'>,
): Promise<QueuePlace | null> {
  const now = ctx.clock.now();
  const runs = job.startedAt && job.leaseUntil && job.leaseUntil >= now;
  if (job.status !== 'PROCESSING' || runs) return null;
  // Jobs put back for a busy engine still hold their place in line.
  const [waiting, running, estimate] = await Promise.all([
    readWaiting(ctx.db, now, false),
    readRunning(ctx.db, now),
    runEstimate(ctx.db, now),
  ]);
  const loads = await readLoads(ctx.db, [...new Set(waiting.map((w) => w.userId))], now);
  const order = fairOrder(waiting, loads) as (WaitingJob & { input: unknown })[];
  const index = order.findIndex((w) => w.id === job.id);
  const ahead = index < 0 ? order.length : index;
  return { ahead, estimatedStartSeconds: Math.ceil(queuedSeconds(estimate, running, ctx.images.slots, order.slice(0, ahead), now)) };
}
