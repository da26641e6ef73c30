import { editJob } from './edit';
import type { JobKindId } from '../contract/job-kinds';
import type { JobKind } from './kind';
import { textToImageJob } from './text-to-image';
import { toolJob } from './tool';
import { upscaleJob } from './upscale';

/**
 * Every job kind, by id (DESIGN.md §3.11: one list per concept, contract/job-kinds.ts). Adding a
 * kind = its id in that list, its definition here (the table fails to compile without it), its
 * engine operation (worker/engine) and its UI; debit, dispatch, retries, refund and the sweeper
 * come from pipeline.ts.
 */
const KINDS = {
  'text-to-image': textToImageJob,
  edit: editJob,
  tool: toolJob,
  upscale: upscaleJob,
} as const satisfies { [Id in JobKindId]: { readonly id: Id } };

/** By the `kind` stored with a job (a string from the table; a kind this build does not know reads undefined). */
export const JOB_KINDS = KINDS as unknown as Record<string, JobKind<unknown>>;

export const jobKinds = { textToImage: textToImageJob, edit: editJob, tool: toolJob, upscale: upscaleJob } as const;
