import type { QueryState } from '@tanstack/react-query';
import type { components } from '@web/api/schema.gen';

type Schemas = components['schemas'];

/**
 * What every polled job status has, whichever job it is (GenerationStatus, UpscaleStatus). `status`
 * is any string: a server newer or older than this page may send one the schema does not list, and
 * it counts as still processing (spec §4) rather than breaking the wait.
 */
export type JobStatus = Pick<Schemas['GenerationStatus'] & Schemas['UpscaleStatus'], 'imageUrl' | 'queue'> & { status: string };

/** A status that carries its finished image. */
export type Finished<TStatus extends JobStatus> = TStatus & { imageUrl: string };

/** How a run ended without an image, before the page puts it into words. */
export type JobFailure<TStatus extends JobStatus> =
  /** The start call was refused (nothing was charged, or the refusal says why). */
  | { kind: 'start-failed'; error: unknown }
  /** The start answer named no job to follow. */
  | { kind: 'no-job' }
  /** The job failed on the server, which returned its credits. */
  | { kind: 'job-failed'; status: TStatus }
  /** Its status cannot be read any more, and retrying cannot help (see each job's `retry`). */
  | { kind: 'query-failed'; error: unknown };

export type JobOutcome<TStatus extends JobStatus> = { kind: 'done'; status: Finished<TStatus> } | JobFailure<TStatus>;

const hasImage = <TStatus extends JobStatus>(status: TStatus): status is Finished<TStatus> => Boolean(status.imageUrl);

/** How a status ended: COMPLETED needs its image (spec §4), in any letter case; null while it goes on. */
export function statusEnd<TStatus extends JobStatus>(status: TStatus): JobOutcome<TStatus> | null {
  const phase = status.status.toUpperCase();
  if (phase === 'COMPLETED' && hasImage(status)) return { kind: 'done', status };
  if (phase === 'FAILED') return { kind: 'job-failed', status };
  return null;
}

/**
 * How the status query ended, or null while the job goes on (however long it takes). A query only
 * ends in an error when retrying cannot help.
 */
export function queryEnd<TStatus extends JobStatus>(
  state: Pick<QueryState<TStatus, unknown>, 'status' | 'data' | 'error'>,
): JobOutcome<TStatus> | null {
  if (state.status === 'error') return { kind: 'query-failed', error: state.error };
  return state.data ? statusEnd(state.data) : null;
}

/**
 * The pace of one kind of job on the page (spec §9): polled every `intervalMs`; a fake bar rising
 * every `tickMs` by `rise` of what is left below `fakeProgressCap` (at least `least`); 100 % held for
 * `showDelayMs` before the result. Past `patienceMs` of following (or `slowAfterRunningMs` of
 * running, where set) the page says the job is taking a while, and keeps following it.
 * `holdOffline`: the bar stops while the browser is offline (the page says why).
 */
export type JobPace = {
  intervalMs: number;
  tickMs: number;
  fakeProgressCap: number;
  rise: number;
  least: number;
  showDelayMs: number;
  patienceMs: number;
  slowAfterRunningMs?: number;
  holdOffline: boolean;
};

/** The next fake-progress value: quick at first, slowing as it nears the cap, never past it. */
export const nextFakeProgress = (pace: JobPace, p: number) =>
  Math.min(pace.fakeProgressCap, p + Math.max(pace.least, (pace.fakeProgressCap - p) * pace.rise));
