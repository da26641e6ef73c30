import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { GenerationStatus, QueuePlace } from '../../../../worker/contract/generation';
import { ApiError } from '../../api/client';
import { useErrorText } from '../../api/error-text';
import { api } from '../../api/endpoints';
import { invalidateCredits } from '../../api/queries';
import { placeToShow, queuePlaceOf } from '../../ui/queue-wait';
import { useToast } from '../../ui/toast';

/** Spec §9 workbench polling constants. */
export const POLL = {
  attempts: 60,
  intervalMs: 2000,
  initialDelayMs: 1000,
  tickMs: 500,
  maxConsecutiveErrors: 5,
  fakeProgressCap: 90,
  hardResetMs: 60_000,
  showDelayMs: 500,
  maxWaitMs: 15_000,
};

export type Phase = 'idle' | 'generating' | 'done';

/** Why the last run ended without an image; `refunded` when the server failed a charged job (spec §8 refund). */
export interface GenerationFailure {
  message: string;
  refunded: boolean;
}

/**
 * One generation's life on the client: start, fake progress up to 90 %, polling with spec §8's
 * back-off, the 60 s hard reset, and the 0.5 s pause before the image shows. While the job waits
 * in the engine's queue, `queue` says where it stands (see placeToShow) and the fake progress holds
 * at 0: nothing is being drawn yet, and the 60 s of the hard reset count from when it starts to run.
 */
export function useGeneration() {
  const { t } = useLingui();
  const toast = useToast();
  const errorText = useErrorText();
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<GenerationStatus | null>(null);
  const [queue, setQueue] = useState<QueuePlace | null>(null);
  // Kept after the reset to idle so the result panel can say what happened, not only a 6 s toast.
  const [failure, setFailure] = useState<GenerationFailure | null>(null);
  const run = useRef(0);

  const reset = useCallback(() => {
    run.current++;
    setPhase('idle');
    setProgress(0);
    setQueue(null);
  }, []);

  useEffect(() => () => void run.current++, []);

  const start = useCallback(
    async (submit: () => Promise<GenerationStatus>) => {
      const id = ++run.current;
      const alive = () => run.current === id;
      setPhase('generating');
      setProgress(0);
      setResult(null);
      setFailure(null);
      setQueue(null);
      // Null while the job waits in the queue: from the press until the server says so, it counts as running.
      let runningSince: number | null = Date.now();
      const observe = (status: GenerationStatus, polled: boolean) => {
        const place = queuePlaceOf(status);
        if (place) {
          runningSince = null;
          setProgress(0);
        } else runningSince ??= Date.now();
        setQueue(placeToShow(place, { polled }));
      };
      // The job lives on on the server (it may still be waiting, or finish later): point to My creations.
      const tooLong = () => {
        clearInterval(ticker);
        if (!alive()) return;
        reset();
        toast.warning(t`Generation is taking too long (over 5 minutes is unusual). Please check My creations later.`);
      };
      const ticker = setInterval(() => {
        if (!alive()) return clearInterval(ticker);
        if (runningSince === null) return;
        setProgress((p) => Math.min(POLL.fakeProgressCap, p + Math.max(0.5, (POLL.fakeProgressCap - p) * 0.06)));
        if (Date.now() - runningSince > POLL.hardResetMs) tooLong();
      }, POLL.tickMs);
      const finish = (status: GenerationStatus) => {
        clearInterval(ticker);
        setQueue(null);
        setProgress(100);
        setTimeout(() => {
          if (!alive()) return;
          setResult(status);
          setPhase('done');
        }, POLL.showDelayMs);
      };
      const fail = (message: string, cause?: unknown, refunded = false) => {
        clearInterval(ticker);
        if (!alive()) return;
        reset();
        setFailure({ message, refunded });
        // Out of credits: the toast offers the way to buy more (spec §8 "please recharge").
        const outOfCredits = cause instanceof ApiError && cause.code === 'INSUFFICIENT_CREDITS';
        toast.error(message, outOfCredits ? { action: { label: t`See pricing`, to: '/pricing' } } : undefined);
        void invalidateCredits();
      };

      let job: GenerationStatus;
      try {
        job = await submit();
        void invalidateCredits();
      } catch (error) {
        return fail(errorText(error), error);
      }
      if (!alive()) return clearInterval(ticker);
      if (job.status === 'COMPLETED' && job.imageUrl) return finish(job);
      observe(job, false);

      let wait = POLL.intervalMs;
      let errors = 0;
      await new Promise((r) => setTimeout(r, POLL.initialDelayMs));
      for (let attempt = 0; attempt < POLL.attempts && alive(); attempt++) {
        try {
          const status = await api.generationStatus(job.id);
          errors = 0;
          wait = POLL.intervalMs;
          if (!alive()) break;
          if (status.status === 'COMPLETED' && status.imageUrl) return finish(status);
          // A job the server failed was charged at submission and refunded when it failed.
          if (status.status === 'FAILED') return fail(status.message ?? t`Generation failed, please try again`, undefined, true);
          observe(status, true);
        } catch (error) {
          errors++;
          if (error instanceof ApiError && (error.status === 404 || error.status === 401)) {
            return fail(error.status === 404 ? t`Task not found` : t`Authentication failed, please log in again`);
          }
          if (errors >= POLL.maxConsecutiveErrors) return fail(errorText(error));
          if (error instanceof ApiError && error.status === 429) wait = Math.min(wait * 2, POLL.maxWaitMs);
          else if (errors > 2) wait = Math.min(wait * 1.5, POLL.maxWaitMs);
        }
        await new Promise((r) => setTimeout(r, wait));
      }
      // Out of polls with the job still waiting or running: it is not lost, only not finished yet.
      if (alive()) tooLong();
      else clearInterval(ticker);
    },
    [errorText, reset, t, toast],
  );

  return { phase, progress, result, failure, queue, start, reset };
}
