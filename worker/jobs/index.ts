/** The job pipeline and its kinds (docs/decisions/009-engine-platform.md). */
export { JOB_KINDS, jobKinds } from './registry';
export type { JobContext, JobKind } from './kind';
export { createJobDispatcher, dispatchingQueue, type JobDispatcher } from './dispatcher';
export { queuePlace } from '../services/generation/job-queue';
export { batchJobIds, failJob, getJob } from '../services/generation/jobs';
export {
  JOB_CALLBACK_PATH,
  JOB_CALLBACK_PATHS,
  jobCallbackPayload,
  MAX_ATTEMPTS,
  runJob,
  startJob,
  startJobs,
  sweepExpiredJobs,
} from './pipeline';
