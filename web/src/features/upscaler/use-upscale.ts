import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import type { UpscaleStatus } from '@web/api/types';
import type { UpscaleFactor } from '@worker/contract/upscale';
import { ApiError } from '../../api/client';
import { useErrorText } from '../../api/error-text';
import type { JobFailure } from '../image-job/job-status';
import { useImageJob } from '../image-job/use-image-job';
import { classifyUpscaleFailure, UPSCALE } from './upscale-job';

/**
 * What went wrong, in words; `toPricing` offers the way to buy credits (spec §8 INSUFFICIENT_CREDITS);
 * `refunded`: the credits that came back because the job failed (shown under the message).
 */
export type UpscaleProblem = { message: string; toPricing?: boolean; refunded?: number };

/** What a refused upload and a job that did not finish are called, in the reader's language (spec §8). */
function useUpscaleProblemText() {
  const { t } = useLingui();
  const errorText = useErrorText();
  const describeRequestError = (error: unknown): UpscaleProblem => {
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
  };

  return (failure: JobFailure<UpscaleStatus>): UpscaleProblem => {
    switch (failure.kind) {
      case 'start-failed':
        return describeRequestError(failure.error);
      case 'no-job':
        return { message: t`Invalid response format` };
      case 'job-failed':
        // The server returns a failed job's credits; the page says so, so nobody wonders.
        return { message: failure.status.errorMessage || t`Upscale failed, please try again`, refunded: failure.status.credits };
      case 'query-failed': {
        const error = failure.error;
        if (error instanceof ApiError && error.status === 401) return { message: t`Login session expired, please sign in again` };
        if (error instanceof ApiError && error.status === 404)
          return { message: t`This upscale can no longer be found. If it finished, it is in My creations.` };
        return { message: t`Could not check the upscale status, please try again` };
      }
    }
  };
}

/**
 * One upscale on the client (useImageJob with the upscaler's pace, spec §9: polled every 2 s until
 * the job ends or the page is left, patience of 30 tries). The job is paid for, so the page never
 * gives up on it; a run that ended without an image leaves its `problem` in words until the next
 * start or `clear`.
 */
export function useUpscale() {
  const job = useImageJob(UPSCALE);
  const describe = useUpscaleProblemText();
  const { start: send } = job;
  const start = useCallback(
    (image: File, factor: UpscaleFactor, faceEnhancement: boolean, fitToBudget = false, sourceRecordId?: string) =>
      send({ image, factor, faceEnhancement, fitToBudget, sourceRecordId }),
    [send],
  );
  // When this page first saw the job drawing: the "still running" note counts from it.
  const [runningSince, setRunningSince] = useState<number | null>(null);
  useEffect(() => setRunningSince(job.running ? Date.now() : null), [job.running]);
  return { ...job, problem: job.failure && describe(job.failure), runningSince: job.running ? runningSince : null, start };
}
