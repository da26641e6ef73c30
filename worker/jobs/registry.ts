import { editJob } from './edit';
import type { JobKind } from './kind';
import { textToImageJob } from './text-to-image';
import { toolJob } from './tool';
import { upscaleJob } from './upscale';

/**
 * Every job kind, by id (DESIGN.md §3.11: one list per concept). Adding a kind = its definition
 * here + its engine operation (worker/engine) + its UI; debit, dispatch, retries, refund and the
 * sweeper come from pipeline.ts.
 */
export const JOB_KINDS = {
  [textToImageJob.id]: textToImageJob,
  [editJob.id]: editJob,
  [toolJob.id]: toolJob,
  [upscaleJob.id]: upscaleJob,
} as Record<string, JobKind<unknown>>;

export const jobKinds = { textToImage: textToImageJob, edit: editJob, tool: toolJob, upscale: upscaleJob } as const;
