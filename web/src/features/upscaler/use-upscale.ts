import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { UpscaleFactor } from '@worker/contract/upscale';
import { ApiError } from '../../api/client';
import { useErrorText } from '../../api/error-text';
import { upscaleApi } from '../../api/upscale';
import { invalidateCredits, queries } from '../../api/queries';
import { queuePlaceOf } from '../../ui/queue-wait';
import {
  classifyUpscaleFailure,
  nextFakeProgress,
  retryStatusQuery,
  statusRetryDelay,
  UPSCALE_PATIENCE_MS,
  UPSCALE_POLL,
  type UpscaleOutcome,
  upscaleOutcome,
  upscaleRefetchInterval,
} from './upscale-job';

export type UpscalePhase = 'idle' | 'working' | 'done';

/** What went wrong, in words; `toPricing` offers the way to buy credits (spec §8 INSUFFICIENT_CREDITS). */
export interface UpscaleProblem {
  message: string;
  toPricing?: boolean;
  /** Credits that came back because the job failed (shown under the message). */
  refunded?: number;
}

interface Upload {
  image: File;
  factor: UpscaleFactor;
  faceEnhancement: boolean;
  fitToBudget: boolean;
  sourceRecordId?: string;
}

/** What a refused upload and a job that did not finish are called, in the reader's language (spec §8). */
function useUpscaleProblemText() {
  const { t } = useLingui();
  const errorText = useErrorText();
  const describeRequestError = useCallback(
    (error: unknown): UpscaleProblem => {
      const failure = classifyUpscaleFailure(error);
      switch (failure.kind) {
        // The client has already cleared the session and is on its way to /login (spec §8).
        case 'session':
          return { message: t`Login session expired, please sign in again` };
        case 'credits':
          return { message: errorText(error), toPricing: true };
        case 'network':
          return { message: t`Network connection failed, please check your network and try again` };
        case 'busy':
          return { message: errorText(error) };
        case 'said':
          return { message: errorText(error) };
        case 'generic':
          return { message: t`Upscale failed, please try again` };
      }
    },
    [errorText, t],
  );

  const describeOutcome = useCallback(
    (outcome: Exclude<UpscaleOutcome, { kind: 'done' }>): UpscaleProblem => {
      switch (outcome.kind) {
        case 'job-failed':
          // The server returns a failed job's credits; the page says so, so nobody wonders.
          return { message: outcome.message || t`Upscale failed, please try again`, refunded: outcome.credits };
        case 'query-failed': {
          const error = outcome.error;
          if (error instanceof ApiError && error.status === 401) return { message: t`Login session expired, please sign in again` };
          if (error instanceof ApiError && error.status === 404)
            return { message: t`This upscale can no longer be found. If it finished, it is in My creations.` };
          return { message: t`Could not check the upscale status, please try again` };
        }
      }
    },
    [t],
  );

  return { describeRequestError, describeOutcome };
}

/**
 * When the server first reported `runningJobId` running (not waiting), as this page saw it: the
 * "still running" note counts from it. Null while no job runs.
 */
function useRunningSince(runningJobId: string | null): number | null {
  const [since, setSince] = useState<{ jobId: string; at: number } | null>(null);
  useEffect(() => {
    if (runningJobId) setSince((seen) => (seen?.jobId === runningJobId ? seen : { jobId: runningJobId, at: Date.now() }));
  }, [runningJobId]);
  return runningJobId && since?.jobId === runningJobId ? since.at : null;
}

/**
 * One upscale on the client: upload, fake progress to 90 %, the job's status polled by TanStack
 * Query (spec §9: every 2 s, until the job ends or the page is left), then the result or a spec §8
 * message. The job is paid for, so the page never gives up on it: past the spec's 30 tries `slow`
 * says it is taking a while, and while the status cannot be read (network, server restarting)
 * `reconnecting` says so and the query retries with growing waits. The upload's answer does not say whether the job waits in the engine's
 * queue, so the fake progress starts with the first status that shows it running; while it waits,
 * `queue` says where.
 */
export function useUpscale() {
  const { t } = useLingui();
  const { describeRequestError, describeOutcome } = useUpscaleProblemText();
  const [progress, setProgress] = useState(0);
  // The job whose result is on screen, after the 0.5 s at 100 % (spec §9).
  const [shown, setShown] = useState<string | null>(null);

  const upload = useMutation({
    mutationFn: ({ image, factor, faceEnhancement, fitToBudget, sourceRecordId }: Upload) =>
      upscaleApi.upload(image, factor, faceEnhancement, { fitToBudget, sourceRecordId }),
    // Charged on upload (or refused without a charge): the header's balance catches up either way.
    onSettled: () => void invalidateCredits(),
  });
  const jobId = upload.data?.id ?? null;
  const status = useQuery({
    ...queries.upscaleStatus(jobId ?? ''),
    enabled: jobId !== null,
    refetchInterval: (query) => upscaleRefetchInterval(query.state),
    retry: retryStatusQuery,
    retryDelay: statusRetryDelay,
  });
  const outcome = jobId ? upscaleOutcome(status) : null;
  // The job whose wait has outlasted the polling window (it goes on being followed).
  const [slowJob, setSlowJob] = useState<string | null>(null);
  const following = jobId !== null && !outcome;
  useEffect(() => {
    if (!following || !jobId) return;
    const timer = setTimeout(() => setSlowJob(jobId), UPSCALE_PATIENCE_MS);
    return () => clearTimeout(timer);
  }, [following, jobId]);
  const slow = following && slowJob === jobId;
  // A status query has failed and is being retried: the server may be restarting.
  const reconnecting = following && status.failureCount > 0;
  const queue = jobId && !outcome ? queuePlaceOf(status.data) : null;
  const running = jobId !== null && !outcome && status.data !== undefined && queue === null;
  const done = outcome?.kind === 'done' ? outcome.status : null;

  const problem: UpscaleProblem | null = upload.isError
    ? describeRequestError(upload.error)
    : upload.isSuccess && !jobId
      ? { message: t`Invalid response format` }
      : outcome && outcome.kind !== 'done'
        ? describeOutcome(outcome)
        : null;
  const working = upload.isPending || (jobId !== null && (!outcome || (done !== null && shown !== jobId)));
  const phase: UpscalePhase = done && shown === jobId ? 'done' : working ? 'working' : 'idle';

  const runningSince = useRunningSince(running ? jobId : null);
  // Fake progress while the job runs: an animation, not server state.
  useEffect(() => {
    if (!running) return;
    const ticker = setInterval(() => setProgress(nextFakeProgress), UPSCALE_POLL.tickMs);
    return () => clearInterval(ticker);
  }, [running]);
  // Spec §9: the finished bar shows 100 % for a moment before the result.
  useEffect(() => {
    if (!done || !jobId) return;
    setProgress(100);
    const timer = setTimeout(() => setShown(jobId), UPSCALE_POLL.showDelayMs);
    return () => clearTimeout(timer);
  }, [done, jobId]);

  /** Forgets the current result or problem (a new image was chosen). */
  const clear = useCallback(() => {
    upload.reset();
    setShown(null);
    setProgress(0);
  }, [upload.reset]);

  const start = useCallback(
    (image: File, factor: UpscaleFactor, faceEnhancement: boolean, fitToBudget = false, sourceRecordId?: string) => {
      setShown(null);
      setProgress(0);
      upload.mutate({ image, factor, faceEnhancement, fitToBudget, sourceRecordId });
    },
    [upload.mutate],
  );

  return {
    phase,
    progress: phase === 'idle' ? 0 : progress,
    result: phase === 'done' ? done : null,
    problem: phase === 'idle' ? problem : null,
    queue,
    slow: phase === 'working' && slow,
    reconnecting: phase === 'working' && reconnecting,
    /** While the server reports the job running: since when (ms), as first seen by this page. */
    runningSince,
    start,
    clear,
  };
}
