import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react';
import type { GenerationStatus } from '@web/api/types';
import type { JobFailure } from '@worker/contract/job-failures';
import { ApiError } from '../../api/client';
import { useErrorText } from '../../api/error-text';
import { invalidateCredits, queries } from '../../api/queries';
import { placeToShow, queuePlaceOf } from '../../ui/queue-wait';
import { useToast } from '../../ui/toast';
import { useOnline } from '../image-job/use-online';
import { useJobFailureText } from './failure-text';
import { useStartErrorText } from './input-error';

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
  slowAfterRunningMs: 60_000,
  showDelayMs: 500,
  maxWaitMs: 15_000,
};

export type Phase = 'idle' | 'generating' | 'done';

/** Why the last run ended without an image; `refunded` when the server failed a charged job (spec §8 refund). */
export interface GenerationFailure {
  message: string;
  refunded: boolean;
}

/** How the polled job ended; null while it is still waiting or running (however long that takes). */
export type GenerationOutcome =
  | { kind: 'done'; status: GenerationStatus }
  | { kind: 'failed'; message: string | null; failureCode: JobFailure | null }
  | { kind: 'query-failed'; error: unknown };

export function generationOutcome(state: {
  status: 'pending' | 'error' | 'success';
  data?: GenerationStatus;
  error: unknown;
}): GenerationOutcome | null {
  if (state.status === 'error') return { kind: 'query-failed', error: state.error };
  const status = state.data;
  if (!status) return null;
  if (status.status === 'COMPLETED' && status.imageUrl) return { kind: 'done', status };
  if (status.status === 'FAILED') return { kind: 'failed', message: status.message ?? null, failureCode: status.failureCode ?? null };
  return null;
}

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

/** How the polled job ended, acted on once: toasts and the result are effects of the answer. */
function useActOnOutcome(
  outcome: ReturnType<typeof generationOutcome> | null,
  setFinished: (status: GenerationStatus) => void,
  fail: (message: string, cause?: unknown, refunded?: boolean) => void,
) {
  const { t } = useLingui();
  const failureText = useJobFailureText();
  const errorText = useErrorText();
  const outcomeKind = outcome?.kind;
  // biome-ignore lint/correctness/useExhaustiveDependencies: acts once per outcome, not on every render that still shows it
  useEffect(() => {
    if (!outcome) return;
    switch (outcome.kind) {
      case 'done':
        return setFinished(outcome.status);
      // A job the server failed was charged at submission and refunded when it failed.
      case 'failed':
        return fail(failureText(outcome.failureCode, outcome.message) ?? t`Generation failed, please try again`, undefined, true);
      case 'query-failed': {
        const error = outcome.error;
        if (error instanceof ApiError && (error.status === 404 || error.status === 401))
          return fail(error.status === 404 ? t`Task not found` : t`Authentication failed, please log in again`);
        return fail(errorText(error));
      }
    }
  }, [outcomeKind]);
}

/**
 * Fake progress while a job runs, counted from when it stops waiting in the queue (held at 0 while
 * it waits); a minute of drawing is "taking a while" too. Returns when drawing started, which a new
 * run clears. Offline nothing is heard from the server, so the bar stops where it is until the
 * network is back rather than climbing towards a result nobody has seen.
 */
function useFakeProgress(
  running: boolean,
  waiting: boolean,
  setProgress: Dispatch<SetStateAction<number>>,
  setOverBudget: (over: boolean) => void,
) {
  const runningSince = useRef<number | null>(null);
  const online = useOnline();
  const active = running && online;
  useEffect(() => {
    if (!active) return;
    if (waiting) {
      runningSince.current = null;
      setProgress(0);
      return;
    }
    runningSince.current ??= Date.now();
    const ticker = setInterval(() => {
      setProgress((p) => Math.min(POLL.fakeProgressCap, p + Math.max(0.5, (POLL.fakeProgressCap - p) * 0.06)));
      if (runningSince.current !== null && Date.now() - runningSince.current > POLL.slowAfterRunningMs) setOverBudget(true);
    }, POLL.tickMs);
    return () => clearInterval(ticker);
  }, [active, waiting, setProgress, setOverBudget]);
  return runningSince;
}

/**
 * The job's status, polled while it runs: what it came to (`outcome`), its place in the engine's queue,
 * and whether the page should say the server is out of reach (`reconnecting`) or the job is slow.
 */
function useJobPolling(phase: Phase, job: GenerationStatus | null, finished: GenerationStatus | null, overBudget: boolean) {
  const polling = phase === 'generating' && job !== null && finished === null;
  const status = useQuery({
    ...queries.generationStatus(job?.id ?? ''),
    enabled: polling,
    refetchInterval: (query) => (generationOutcome(query.state) ? false : POLL.intervalMs),
    retry: retryGenerationStatus,
    retryDelay: generationRetryDelay,
  });
  const dataUpdateCount = useQueryClient().getQueryState(queries.generationStatus(job?.id ?? '').queryKey)?.dataUpdateCount ?? 0;
  const outcome = polling ? generationOutcome(status) : null;
  const latest = status.data ?? job;
  const place = phase === 'generating' && finished === null ? queuePlaceOf(latest) : null;
  const queue = placeToShow(place, { polled: status.data !== undefined });
  // The last status call failed and is being asked again: the server is out of reach for now.
  const reconnecting = polling && status.failureCount > 0 && isPassingTrouble(status.failureReason);
  const slow = polling && (overBudget || dataUpdateCount >= POLL.attempts);
  return { polling, outcome, place, queue, reconnecting, slow };
}

/**
 * One generation's life on the client: start, fake progress up to 90 %, the job's status polled by
 * TanStack Query with spec §8's back-off, and the 0.5 s pause before the image shows. The page
 * follows the job until it ends: past the polling budget it says the job is taking a while (`slow`)
 * and keeps asking; while the server cannot be reached it says so (`reconnecting`) and keeps asking
 * with back-off, so a job that outlives a server restart still ends on its result or its failure.
 * While the job waits in the engine's queue, `queue` says where it stands (see placeToShow) and the
 * fake progress holds at 0: nothing is being drawn yet.
 */
export function useGeneration({ startErrorText: pageStartErrorText }: { startErrorText?: (error: unknown) => string | null } = {}) {
  const { t } = useLingui();
  const toast = useToast();
  const startErrorText = useStartErrorText();
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<GenerationStatus | null>(null);
  // The submit answer of the job being polled.
  const [job, setJob] = useState<GenerationStatus | null>(null);
  // Kept after the reset to idle so the result panel can say what happened, not only a 6 s toast.
  const [failure, setFailure] = useState<GenerationFailure | null>(null);
  const [finished, setFinished] = useState<GenerationStatus | null>(null);
  // Past the polling budget, or drawing for over a minute: said on the page, the polling goes on.
  const [overBudget, setOverBudget] = useState(false);

  const submit = useMutation({
    mutationFn: (send: () => Promise<GenerationStatus>) => send(),
    // Charged on submission, or refused: the header's balance catches up either way.
    onSettled: () => void invalidateCredits(),
  });
  const { polling, outcome, place, queue, reconnecting, slow } = useJobPolling(phase, job, finished, overBudget);

  const reset = useCallback(() => {
    setPhase('idle');
    setProgress(0);
    setJob(null);
    setFinished(null);
    setOverBudget(false);
  }, []);

  const fail = useCallback(
    (message: string, cause?: unknown, refunded = false) => {
      reset();
      setFailure({ message, refunded });
      // Out of credits: the toast offers the way to buy more (spec §8 "please recharge").
      const outOfCredits = cause instanceof ApiError && cause.code === 'INSUFFICIENT_CREDITS';
      toast.error(message, outOfCredits ? { action: { label: t`See pricing`, to: '/pricing' } } : undefined);
    },
    [reset, t, toast],
  );

  useActOnOutcome(outcome, setFinished, fail);

  // Spec §9: the finished bar shows 100 % for a moment before the image.
  useEffect(() => {
    if (!finished) return;
    setProgress(100);
    const timer = setTimeout(() => {
      setResult(finished);
      setPhase('done');
      setJob(null);
      setFinished(null);
      setOverBudget(false);
    }, POLL.showDelayMs);
    return () => clearTimeout(timer);
  }, [finished]);

  // The polling budget in time as well as in answers, so a job whose status calls keep failing is also said to be slow.
  useEffect(() => {
    if (!polling) return;
    const timer = setTimeout(() => setOverBudget(true), POLL.attempts * POLL.intervalMs);
    return () => clearTimeout(timer);
  }, [polling]);

  const runningSince = useFakeProgress(phase === 'generating' && !finished, place !== null, setProgress, setOverBudget);

  const start = useCallback(
    async (send: () => Promise<GenerationStatus>) => {
      runningSince.current = null;
      setPhase('generating');
      setProgress(0);
      setResult(null);
      setFailure(null);
      setJob(null);
      setFinished(null);
      setOverBudget(false);
      submit.mutate(send, {
        onSuccess: (answer) => {
          if (answer.status === 'COMPLETED' && answer.imageUrl) setFinished(answer);
          else setJob(answer);
        },
        // The page may say a refusal its own way first (face swap: what the offline engine can apply).
        onError: (error) => fail(pageStartErrorText?.(error) ?? startErrorText(error), error),
      });
    },
    [pageStartErrorText, startErrorText, fail, submit.mutate, runningSince],
  );

  return { phase, progress, result, failure, queue, slow, reconnecting, start, reset };
}
