import type { z } from 'zod';
import type { JobKindId } from '../contract/job-kinds';
import type { JobLedgerReason } from '../contract/ledger-reasons';
import type { AppDeps } from '../ports';
import type { LedgerType } from '../services/generation/jobs';
import type { RecordFields } from '../services/generation/records';
import type { GenerationOption } from '../contract/generation-options';
import type { Message } from '../contract/messages';

/** Ports a job kind may use when it runs (the callback route's deps). */
export type JobContext = Pick<AppDeps, 'db' | 'blobs' | 'queue' | 'clock' | 'log' | 'config' | 'images' | 'provenance'>;

export type { CreationType } from '../contract/creation-types';

/** The key in a completed job's input under which the engine's own ignored options are kept. */
export const ENGINE_IGNORED_OPTIONS = 'engineIgnoredOptions';

export interface JobResult {
  bytes: Uint8Array;
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
  /** Known output size; the record shows it (an upscale's card says how big the result is). */
  width?: number;
  height?: number;
  /** Options the engine found to change nothing in this run; stored on the job for its status. */
  ignoredOptions?: GenerationOption[];
}

/**
 * One kind of paid image job. Everything else — the debit with the record and the job in
 * one transaction, publishing, the signed callback, retries, failure classification, the single
 * refund and the sweeper — is written once in pipeline.ts for every kind (its rows through
 * services/generation/jobs.ts).
 */
export interface JobKind<P = unknown> {
  readonly id: JobKindId;
  /** The stored input; parsed again when the job runs, so a stale row fails cleanly instead of misbehaving. */
  readonly payload: z.ZodType<P>;
  /** Credits charged, read from the credit config (system_config) when the job starts. */
  cost(db: AppDeps['db'], payload: P): Promise<number>;
  /** How the debit reads in the credit history. */
  readonly ledger: { type: LedgerType; reason: JobLedgerReason };
  record(payload: P): RecordFields;
  /** Engine label stored with the job (a model name, or `offline`). */
  engine(payload: P): string;
  /** Null when this deployment can run the payload, else the request field to blame and why. */
  unavailable?(ctx: Pick<JobContext, 'images'>, payload: P): { field: string; message: Message } | null;

  /** Its deadline follows its size: services/generation/job-queue.ts `deadlineSeconds` (output MP × measured seconds per MP × margin). */
  run(ctx: JobContext, payload: P): Promise<JobResult>;
}

/** Declares a kind with its payload type inferred from the schema. */
export const defineJobKind = <P, Id extends JobKindId>(kind: JobKind<P> & { readonly id: Id }): JobKind<P> & { readonly id: Id } => kind;
