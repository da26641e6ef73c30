import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { QueuePlace } from '../../../../worker/contract/generation';
import type { UpscaleFactor, UpscaleStatus } from '../../../../worker/contract/upscale';
import { ApiError } from '../../api/client';
import { useErrorText } from '../../api/error-text';
import { upscaleApi } from '../../api/upscale';
import { invalidateCredits } from '../../api/queries';
import { queuePlaceOf } from '../../ui/queue-wait';
import { classifyUpscaleFailure, nextFakeProgress, pollUpscale, UPSCALE_POLL, type UpscaleOutcome } from './upscale-job';

export type UpscalePhase = 'idle' | 'working' | 'done';

/** What went wrong, in words; `toPricing` offers the way to buy credits (spec §8 INSUFFICIENT_CREDITS). */
export interface UpscaleProblem {
  message: string;
  toPricing?: boolean;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One upscale on the client: upload, fake progress to 90 %, polling (spec §9), the result or a spec §8
 * message. The upload's answer does not say whether the job waits in the engine's queue, so the fake
 * progress starts with the first status that shows it running; while it waits, `queue` says where.
 */
export function useUpscale() {
  const { t } = useLingui();
  const errorText = useErrorText();
  const [phase, setPhase] = useState<UpscalePhase>('idle');
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<UpscaleStatus | null>(null);
  const [problem, setProblem] = useState<UpscaleProblem | null>(null);
  const [queue, setQueue] = useState<QueuePlace | null>(null);
  const run = useRef(0);

  useEffect(() => () => void run.current++, []);

  /** Forgets the current result or problem (a new image was chosen). */
  const clear = useCallback(() => {
    run.current++;
    setPhase('idle');
    setProgress(0);
    setResult(null);
    setProblem(null);
    setQueue(null);
  }, []);

  const describeRequestError = useCallback(
    (error: unknown): UpscaleProblem => {
      const failure = classifyUpscaleFailure(error);
      switch (failure.kind) {
        // The client has already cleared the session and is on its way to /login (spec §8).
        case 'session':
          return { message: t`Login session expired, please sign in again` };
        case 'credits':
          return { message: failure.serverText || t`Insufficient credits, please recharge and try again`, toPricing: true };
        case 'network':
          return { message: t`Network connection failed, please check your network and try again` };
        case 'busy':
          return { message: errorText(error) };
        case 'server-text':
          return { message: failure.serverText };
        case 'generic':
          return { message: t`Upscale failed, please try again` };
      }
    },
    [errorText, t],
  );

  const describeOutcome = useCallback(
    (outcome: Exclude<UpscaleOutcome, { kind: 'done' } | { kind: 'cancelled' }>): UpscaleProblem => {
      switch (outcome.kind) {
        case 'job-failed':
          return { message: outcome.message || t`Upscale failed, please try again` };
        case 'timeout':
          return { message: t`Upscaling is taking longer than expected. It will appear in My creations when it finishes.` };
        case 'query-failed': {
          const error = outcome.error;
          if (error instanceof ApiError && error.status === 401) return { message: t`Login session expired, please sign in again` };
          if (error instanceof ApiError && error.code === 'NETWORK_ERROR')
            return { message: t`Network connection failed, please check your network and try again` };
          return { message: t`Could not check the upscale status, please try again` };
        }
      }
    },
    [t],
  );

  const start = useCallback(
    async (image: File, factor: UpscaleFactor, faceEnhancement: boolean) => {
      const id = ++run.current;
      const alive = () => run.current === id;
      setPhase('working');
      setProgress(0);
      setResult(null);
      setProblem(null);
      setQueue(null);
      let running = false;
      const ticker = setInterval(() => {
        if (!alive()) clearInterval(ticker);
        else if (running) setProgress(nextFakeProgress);
      }, UPSCALE_POLL.tickMs);
      const observe = (status: UpscaleStatus) => {
        if (!alive()) return;
        const place = queuePlaceOf(status);
        running = place === null;
        setQueue(place);
      };
      const fail = (p: UpscaleProblem) => {
        clearInterval(ticker);
        if (!alive()) return;
        setPhase('idle');
        setProgress(0);
        setQueue(null);
        setProblem(p);
        // A failed job is refunded on the server: the header's balance catches up.
        void invalidateCredits();
      };
      const finish = (status: UpscaleStatus) => {
        clearInterval(ticker);
        if (!alive()) return;
        setQueue(null);
        setProgress(100);
        setTimeout(() => {
          if (!alive()) return;
          setResult(status);
          setPhase('done');
        }, UPSCALE_POLL.showDelayMs);
      };

      let started: Awaited<ReturnType<typeof upscaleApi.upload>>;
      try {
        started = await upscaleApi.upload(image, factor, faceEnhancement);
      } catch (error) {
        return fail(describeRequestError(error));
      }
      void invalidateCredits();
      if (!started?.id) return fail({ message: t`Invalid response format` });
      const outcome = await pollUpscale(started.id, { status: (jobId) => upscaleApi.status(jobId), sleep, alive, onStatus: observe });
      if (outcome.kind === 'cancelled') return clearInterval(ticker);
      if (outcome.kind === 'done') return finish(outcome.status);
      fail(describeOutcome(outcome));
    },
    [describeOutcome, describeRequestError, t],
  );

  return { phase, progress, result, problem, queue, start, clear };
}
