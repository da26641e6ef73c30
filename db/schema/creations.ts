import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { CREATION_TYPES } from '../../worker/contract/generation';
import { JOB_FAILURES } from '../../worker/contract/job-failures';
import { createdAt, tstz, updatedAt } from './_columns';
import { users } from './users';

/** One list (worker/contract/generation.ts) feeds the API, the tool catalogue's record types and this enum. */
export const creationType = pgEnum('creation_type', CREATION_TYPES);
export const jobStatus = pgEnum('job_status', ['PROCESSING', 'COMPLETED', 'FAILED']);
/** Why a job failed, as a code (worker/contract/job-failures.ts); the text is rendered where it is read. */
export const jobFailure = pgEnum('job_failure', JOB_FAILURES);

/** What the user sees in My Creations: one card per generated (or regenerated) image. */
export const creationRecords = pgTable(
  'creation_records',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: creationType('type').notNull(),
    status: jobStatus('status').notNull().default('PROCESSING'),
    prompt: text('prompt'),
    /** The words the user typed (a tool's own text, a face swap's description), for Re-edit; the prompt may be compiled from them. */
    userWords: text('user_words'),
    style: text('style'),
    model: text('model'),
    width: integer('width'),
    height: integer('height'),
    toolId: text('tool_id'),
    /** A photo tool's chosen size and background colour (ID photo), shown on the creation's page. */
    toolSettings: jsonb('tool_settings').$type<{ size?: string; backgroundColor?: string }>(),
    credits: integer('credits').notNull(),
    imageCount: integer('image_count').notNull().default(1),
    imageUrl: text('image_url'),
    thumbnailUrl: text('thumbnail_url'),
    sourceImageUrls: jsonb('source_image_urls').$type<string[]>(),
    errorCategory: text('error_category'),
    failureCode: jobFailure('failure_code'),
    /** The workbench's advanced options the image was made with (null: not sent, or a record from before them). */
    negativePrompt: text('negative_prompt'),
    seed: integer('seed'),
    steps: integer('steps'),
    cfgScale: doublePrecision('cfg_scale'),
    strength: doublePrecision('strength'),
    sampler: text('sampler'),
    /** Variations made in one run share this id (and one debit); null for a single image. */
    batchId: text('batch_id'),
    deletedAt: tstz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('creation_records_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * The unit of work behind a record, for every job kind (worker/jobs: text-to-image, edit, tool,
 * upscale; `kind` + `input` hold the kind's payload). Exactly one debit per job (`job:<id>:debit`,
 * or its share of its batch's one debit) and at most one refund of it in the ledger.
 *
 * The row is also the job's place in the queue (docs/decisions/022-job-queue.md): a PROCESSING job
 * with no `startedAt` waits (from `runAfter` on); a runner claims it by setting `startedAt`,
 * `runId` (its fencing token), `leaseUntil` (renewed while it runs) and `deadlineAt` (counted from
 * the start, not from the submission). A lapsed lease means the runner died: the job is claimed
 * again. `attempt` counts runs that ended in an engine failure or a crash, never a busy engine.
 */
export const generationJobs = pgTable(
  'generation_jobs',
  {
    id: text('id').primaryKey(),
    recordId: text('record_id')
      .notNull()
      .references(() => creationRecords.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    engine: text('engine').notNull(),
    status: jobStatus('status').notNull().default('PROCESSING'),
    input: jsonb('input').notNull(),
    cost: integer('cost').notNull(),
    attempt: integer('attempt').notNull().default(0),
    deadlineAt: tstz('deadline_at').notNull(),
    runAfter: tstz('run_after').notNull().defaultNow(),
    startedAt: tstz('started_at'),
    leaseUntil: tstz('lease_until'),
    runId: text('run_id'),
    imageUrl: text('image_url'),
    errorCategory: text('error_category'),
    failureCode: jobFailure('failure_code'),
    /**
     * A job of a batch (variations): the batch's one debit is `batch:<batchId>:debit`, and this job's
     * share of it is the `batchIndex`-th `cost` credits of that debit (worker/jobs/pipeline.ts).
     */
    batchId: text('batch_id'),
    batchIndex: integer('batch_index'),
    finishedAt: tstz('finished_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('generation_jobs_status_deadline_idx').on(t.status, t.deadlineAt),
    index('generation_jobs_record_idx').on(t.recordId),
    index('generation_jobs_waiting_idx').on(t.createdAt).where(sql`${t.status} = 'PROCESSING' and ${t.startedAt} is null`),
    index('generation_jobs_user_started_idx').on(t.userId, t.startedAt),
  ],
);

/**
 * A file stored ahead of the row that will name it (worker/services/files/file-claims.ts): a job's
 * upload, an avatar, a job's result. The claim is written before the file and deleted once a row
 * names the file (or with the file, when the work is refused). A claim left behind means the
 * process died in between: the claim sweep deletes its file unless a row names it, then the claim.
 */
export const fileClaims = pgTable(
  'file_claims',
  {
    key: text('key').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('file_claims_created_idx').on(t.createdAt)],
);

/** Public gallery items; `imageUrl` points at a static asset or a blob. */
export const showcaseImages = pgTable(
  'showcase_images',
  {
    id: text('id').primaryKey(),
    imageUrl: text('image_url').notNull(),
    title: text('title'),
    prompt: text('prompt').notNull(),
    description: text('description'),
    style: text('style'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    featured: boolean('featured').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('showcase_images_order_idx').on(t.sortOrder)],
);
