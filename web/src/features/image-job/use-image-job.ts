import { type QueryKey, type UseQueryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { invalidateCredits } from '../../api/queries';
import { placeToShow, queuePlaceOf } from '../../ui/queue-wait';
import { type JobOutcome, type JobPace, type JobStatus, nextFakeProgress, queryEnd, statusEnd } from './job-status';
import { useOnline } from './use-online';

/**
 * One kind of paid image job, as the page runs it: `start` sends it (the answer names the job),
 * `statusQuery` is its status endpoint (the query options of api/queries.ts, so other views share
 * its cache), `retry`/`retryDelay` say which failed status calls are asked again and when, `pace`
 * how often and how the bar moves. `statusOf` reads the start answer
 * as the job's first status where it is one: a generation's answer may already carry its image,
 * so the bar moves from the moment the request leaves; without it the bar waits for the first
 * status that shows the job running (an upload's answer does not say whether the job waits).
 */
export type JobKind<TVars, TStarted extends { id: string }, TStatus extends JobStatus, TKey extends QueryKey> = {
  start: (vars: TVars) => Promise<TStarted>;
  statusOf?: (started: TStarted) => TStatus;
  statusQuery: (id: string) => UseQueryOptions<TStatus, Error, TStatus, TKey>;
  retry: (failures: number, error: unknown) => boolean;
  retryDelay: (failures: number, error: unknown) => number;
  pace: JobPace;
};

export type JobPhase = 'idle' | 'working' | 'done';

/** How the run ended: its start refused or naming no job, its status unreadable, or the job's own end; null while it goes on. */
function runOutcome<TStatus extends JobStatus>(
  started: { isError: boolean; isSuccess: boolean; error: unknown },
  jobId: string | null,
  status: { isError: boolean; error: unknown },
  latest: TStatus | null,
): JobOutcome<TStatus> | null {
  if (started.isError) return { kind: 'start-failed', error: started.error };
  if (jobId === null) return started.isSuccess ? { kind: 'no-job' } : null;
  if (status.isError) return { kind: 'query-failed', error: status.error };
  return latest && statusEnd(latest);
}

/** The start call (charged, or refused without a charge) and the status of the job it named, polled until it ends. */
function useFollowedJob<TVars, TStarted extends { id: string }, TStatus extends JobStatus, TKey extends QueryKey>(
  kind: JobKind<TVars, TStarted, TStatus, TKey>,
) {
  const started = useMutation({
    mutationFn: kind.start,
    // Charged on submission, or refused: the header's balance catches up either way.
    onSettled: () => void invalidateCredits(),
  });
  const first = started.data && kind.statusOf ? kind.statusOf(started.data) : null;
  const jobId = started.data?.id || null;
  const status = useQuery({
    ...kind.statusQuery(jobId ?? ''),
    // A start answer that already ended the job needs no polling.
    enabled: jobId !== null && (first === null || statusEnd(first) === null),
    // Every `intervalMs` until the job ends, then no more (spec §9).
    refetchInterval: (query) => (queryEnd(query.state) ? false : kind.pace.intervalMs),
    retry: kind.retry,
    retryDelay: kind.retryDelay,
  });
  const latest = status.data ?? first;
  const outcome = runOutcome(started, jobId, status, latest);
  const following = jobId !== null && !outcome;
  const place = following ? queuePlaceOf(latest) : null;
  // Drawing (as far as the page knows): sent and not known to wait in the queue, or seen running.
  const running = (started.isPending || following) && place === null && (latest !== null || kind.statusOf !== undefined);
  return {
    ...{ started, outcome, following, place, running },
    queue: placeToShow(place, { polled: status.data !== undefined }),
    // A status call has failed and is being asked again: the server is out of reach for now.
    reconnecting: following && status.failureCount > 0,
  };
}

/**
 * The fake bar while the job runs (an animation, not server state): held at 0 while the job waits
 * in the queue, and (where the pace says so) where it is while the browser is offline.
 */
function useFakeProgress(pace: JobPace, running: boolean, waiting: boolean) {
  const [progress, setProgress] = useState(0);
  const active = useOnline() || !pace.holdOffline ? running : false;
  useEffect(() => {
    if (waiting) return setProgress(0);
    if (!active) return;
    const ticker = setInterval(() => setProgress((p) => nextFakeProgress(pace, p)), pace.tickMs);
    return () => clearInterval(ticker);
  }, [active, waiting, pace]);
  return { progress, setProgress };
}

/** Calls `act` once `on` has held for `ms`. */
function useAfter(on: boolean, ms: number, act: () => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `act` is new each render; the wait is what matters
  useEffect(() => {
    if (!on) return;
    const timer = setTimeout(act, ms);
    return () => clearTimeout(timer);
  }, [on, ms]);
}

/**
 * Whether run `run` has outlasted the page's patience (counted from when its job was named, or from
 * when it was first seen drawing where the pace says so): a note, never an end (the job is paid for
 * and goes on).
 */
function useSlow(pace: JobPace, run: number, following: boolean, running: boolean) {
  const [slowRun, setSlowRun] = useState<number | null>(null);
  const markSlow = () => setSlowRun(run);
  useAfter(following, pace.patienceMs, markSlow);
  useAfter(running && pace.slowAfterRunningMs !== undefined, pace.slowAfterRunningMs ?? 0, markSlow);
  return following && slowRun === run;
}

/**
 * One paid image job on the page, whatever its kind: start it, follow its status with TanStack
 * Query until it ends (the job lives on the server, so the page never gives up: past its patience
 * it says the job is `slow`, while status calls fail it says it is `reconnecting`), a fake bar up to
 * the cap, then 100 % for a moment before the result (spec §9). While the job waits in the engine's
 * queue, `queue` says where (see placeToShow). `failure` says how a run ended without an image, for
 * the page to put into words. `clear` forgets the run; the status query of a job no longer followed
 * (or of a page left) is cancelled by TanStack Query.
 */
export function useImageJob<TVars, TStarted extends { id: string }, TStatus extends JobStatus, TKey extends QueryKey>(
  kind: JobKind<TVars, TStarted, TStatus, TKey>,
) {
  const job = useFollowedJob(kind);
  const { started, outcome, following, running } = job;
  // Which run this is: a new start forgets the last one's slowness.
  const [run, setRun] = useState(0);
  // Whether this run's result is on screen, after its moment at 100 % (spec §9).
  const [shown, setShown] = useState(false);
  const { progress, setProgress } = useFakeProgress(kind.pace, running, job.place !== null);
  const slow = useSlow(kind.pace, run, following, running);
  const done = outcome?.kind === 'done' ? outcome.status : null;
  useEffect(() => {
    if (done) setProgress(100);
  }, [done, setProgress]);
  useAfter(done !== null && !shown, kind.pace.showDelayMs, () => setShown(true));

  const start = useCallback(
    (vars: TVars, options?: { onError?: (error: unknown) => void }) => {
      setRun((r) => r + 1);
      setShown(false);
      setProgress(0);
      started.mutate(vars, options);
    },
    [started.mutate, setProgress],
  );
  const clear = useCallback(() => {
    started.reset();
    setShown(false);
    setProgress(0);
  }, [started.reset, setProgress]);

  const working = started.isPending || following || (done !== null && !shown);
  const phase: JobPhase = done && shown ? 'done' : working ? 'working' : 'idle';
  return {
    phase,
    progress: phase === 'idle' ? 0 : progress,
    result: phase === 'done' ? done : null,
    failure: phase === 'idle' && outcome && outcome.kind !== 'done' ? outcome : null,
    queue: job.queue,
    slow,
    reconnecting: job.reconnecting,
    /** Drawing, as far as the page knows (not waiting in the queue, not ended). */
    running,
    start,
    clear,
  };
}
