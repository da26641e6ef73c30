/**
 * The kinds of paid image job (spec §4): the one list behind the job registry (worker/jobs/registry.ts,
 * typed `Record<JobKindId, …>`) and the `kind` stored with each job. Zod-free data.
 */
export const JOB_KIND_IDS = ['text-to-image', 'edit', 'tool', 'upscale'] as const;
export type JobKindId = (typeof JOB_KIND_IDS)[number];
