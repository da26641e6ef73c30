import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import type { GenerationStatus } from '@web/api/types';
import { ApiError } from '../../api/client';
import { useErrorText } from '../../api/error-text';
import { type keys, queries } from '../../api/queries';
import { useToast } from '../../ui/toast';
import { useJobFailureText } from '../workbench/failure-text';
import { useStartErrorText } from '../workbench/input-error';
import type { JobFailure } from './job-status';
import { type JobKind, useImageJob } from './use-image-job';

/**
 * Spec §9 workbench polling constants. The page follows a job it started until the job ends: the
 * polling budget (`attempts` × `intervalMs`, and `slowAfterRunningMs` of drawing) only decides when
 * the page says "this is taking a while" — the job lives on the server and may still finish.
 */
export const POLL = {
  attempts: 60,
  intervalMs: 2000,
  tickMs: 500,
  fakeProgressCap: 90,
  rise: 0.06,
  least: 0.5,
  slowAfterRunningMs: 60_000,
  patienceMs: 60 * 2000,
  showDelayMs: 500,
  maxWaitMs: 15_000,
  // Offline nothing is heard from the server: the bar stops rather than climb towards a result nobody has seen.
  holdOffline: true,
};

/**
 * A status call that failed for a while only — no connection, the server restarting (5xx), a proxy
 * timeout, too many requests — is asked again; the job goes on on the server meanwhile.
 */
export function isPassingTrouble(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/**
 * Spec §8, with no give-up: a 401, a 404 or another answer that will not change ends at once; a
 * passing trouble is retried for as long as the page is open, with the back-off below.
 */
export const retryGenerationStatus = (_failures: number, error: unknown) => isPassingTrouble(error);

/** Spec §8 back-off: a 429 doubles the wait, repeated failures stretch it by half, never past 15 s. */
export function generationRetryDelay(failures: number, error: unknown): number {
  if (error instanceof ApiError && error.status === 429) return Math.min(POLL.intervalMs * 2 ** (failures + 1), POLL.maxWaitMs);
  const errors = failures + 1;
  return errors > 2 ? Math.min(POLL.intervalMs * 1.5 ** (errors - 2), POLL.maxWaitMs) : POLL.intervalMs;
}

/** A generation: the page's own request (workbench, tool, face swap), answered with the job's first status. */
const GENERATION: JobKind<() => Promise<GenerationStatus>, GenerationStatus, GenerationStatus, ReturnType<typeof keys.generationStatus>> = {
  start: (send) => send(),
  statusOf: (answer) => answer,
  statusQuery: queries.generationStatus,
  retry: retryGenerationStatus,
  retryDelay: generationRetryDelay,
  pace: POLL,
};

export type Phase = 'idle' | 'generating' | 'done';

/** Why the last run ended without an image; `refunded` when the server failed a charged job (spec §8 refund). */
export type GenerationFailure = { message: string; refunded: boolean };

/** How a job that was sent ended without an image, in the reader's language; a job the server failed was refunded. */
function useEndText() {
  const { t } = useLingui();
  const failureText = useJobFailureText();
  const errorText = useErrorText();
  return (failure: Exclude<JobFailure<GenerationStatus>, { kind: 'start-failed' }>): GenerationFailure => {
    switch (failure.kind) {
      case 'job-failed': {
        const { failureCode, message } = failure.status;
        return { message: failureText(failureCode, message) ?? t`Generation failed, please try again`, refunded: true };
      }
      case 'no-job':
        return { message: t`Invalid response format`, refunded: false };
      case 'query-failed': {
        const error = failure.error;
        if (error instanceof ApiError && (error.status === 404 || error.status === 401))
          return { message: error.status === 404 ? t`Task not found` : t`Authentication failed, please log in again`, refunded: false };
        return { message: errorText(error), refunded: false };
      }
    }
  };
}

/** The failure toast; out of credits, it offers the way to buy more (spec §8 "please recharge"). */
function useFailureToast() {
  const { t } = useLingui();
  const toast = useToast();
  return useCallback(
    (message: string, cause?: unknown) => {
      const outOfCredits = cause instanceof ApiError && cause.code === 'INSUFFICIENT_CREDITS';
      toast.error(message, outOfCredits ? { action: { label: t`See pricing`, to: '/pricing' } } : undefined);
    },
    [t, toast],
  );
}

/**
 * One generation's life on the client (useImageJob with spec §8's back-off and §9's pace): start,
 * fake progress up to 90 %, the job followed until it ends, and the 0.5 s pause before the image.
 * A failure stays in the result panel (`failure`) after its toast, until the next start.
 * `startErrorText` lets the page say a refusal its own way first (face swap: what the offline
 * engine can apply).
 */
export function useGeneration({ startErrorText: pageStartErrorText }: { startErrorText?: (error: unknown) => string | null } = {}) {
  const job = useImageJob(GENERATION);
  const startErrorText = useStartErrorText();
  const endText = useEndText();
  const toastFailure = useFailureToast();
  // A refused start in words: said once, when the refusal arrives (the page's own wording may note it).
  const [refusal, setRefusal] = useState<GenerationFailure | null>(null);
  const ended = job.failure;
  const failure = ended === null ? null : ended.kind === 'start-failed' ? refusal : endText(ended);
  const toastOnce = ended && ended.kind !== 'start-failed' ? failure?.message : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one toast per ending, not one per render that still shows it
  useEffect(() => {
    if (toastOnce) toastFailure(toastOnce);
  }, [ended?.kind]);

  const start = useCallback(
    (send: () => Promise<GenerationStatus>) => {
      setRefusal(null);
      job.start(send, {
        onError: (error) => {
          const message = pageStartErrorText?.(error) ?? startErrorText(error);
          setRefusal({ message, refunded: false });
          toastFailure(message, error);
        },
      });
    },
    [job.start, pageStartErrorText, startErrorText, toastFailure],
  );

  const phase: Phase = job.phase === 'working' ? 'generating' : job.phase;
  return { ...job, phase, failure, start };
}
