import type { UpscaleStatus } from '@web/api/types';
import { ApiError } from '../../api/client';

/**
 * Spec §9: upscale polling every 2 s; fake progress rises to at most 90 % meanwhile. The spec's
 * 30 tries (about 60 s) are the page's patience, not a deadline: the job is paid for and keeps
 * running on the server (a busy machine can take longer), so the page follows it until it ends and
 * only adds a calm "this is taking a while" note once the window has passed.
 */
export const UPSCALE_POLL = {
  intervalMs: 2000,
  tries: 30,
  tickMs: 400,
  fakeProgressCap: 90,
  /** A status query that fails (network, 5xx: the server restarting) is retried after this, growing 1.5× per failure… */
  retryBaseMs: 2000,
  /** …up to this (spec §8 generation polling: wait grows 1.5×, at most 15 s). */
  retryCapMs: 15_000,
  /** Spec §9 completion display delay. */
  showDelayMs: 500,
} as const;

/** After this long without an end the page says the job is taking a while (30 polls × 2 s). */
export const UPSCALE_PATIENCE_MS = UPSCALE_POLL.tries * UPSCALE_POLL.intervalMs;

/** How one upscale ended, before it is turned into words (spec §8 Upscaler). */
export type UpscaleOutcome =
  | { kind: 'done'; status: UpscaleStatus }
  /** The job failed on the server, which returns its credits (`credits` of them). */
  | { kind: 'job-failed'; message: string | null; credits: number }
  /** The status cannot be read any more: the session is gone (401) or the job is (404). */
  | { kind: 'query-failed'; error: unknown };

/** What the status query knows so far (TanStack Query's state, narrowed to what matters here). */
export interface StatusQueryState {
  status: 'pending' | 'error' | 'success';
  data?: UpscaleStatus;
  error: unknown;
}

/**
 * How the job ended, or null while it is still going. COMPLETED needs an image URL; an unknown
 * status counts as processing (spec §4), however long it takes. A query only ends in an error when
 * retrying cannot help (see {@link retryStatusQuery}).
 */
export function upscaleOutcome(state: StatusQueryState): UpscaleOutcome | null {
  if (state.status === 'error') return { kind: 'query-failed', error: state.error };
  const status = state.data;
  if (!status) return null;
  const phase = String(status.status).toUpperCase();
  if (phase === 'COMPLETED' && status.imageUrl) return { kind: 'done', status };
  if (phase === 'FAILED') return { kind: 'job-failed', message: status.errorMessage, credits: status.credits };
  return null;
}

/** The next poll in 2 s, or none once the job has ended (spec §9). */
export const upscaleRefetchInterval = (state: StatusQueryState): number | false =>
  upscaleOutcome(state) ? false : UPSCALE_POLL.intervalMs;

/**
 * Whether a failed status query is tried again: a 401 or 404 ends at once (the session is gone, or
 * the job is); anything else (no network, a 5xx while the server restarts) is retried for as long
 * as the page is open, since the job goes on either way.
 */
export const retryStatusQuery = (_failures: number, error: unknown): boolean =>
  !(error instanceof ApiError && (error.status === 401 || error.status === 404));

/** The wait before retry number `failures` + 1: 2 s, 3 s, 4.5 s, … capped at 15 s. */
export const statusRetryDelay = (failures: number): number =>
  Math.min(UPSCALE_POLL.retryCapMs, Math.round(UPSCALE_POLL.retryBaseMs * 1.5 ** failures));

/** The next fake-progress value: quick at first, slowing as it nears the 90 % cap. */
export const nextFakeProgress = (p: number) =>
  Math.min(UPSCALE_POLL.fakeProgressCap, p + Math.max(0.4, (UPSCALE_POLL.fakeProgressCap - p) * 0.05));

/** What a failed upload call means for the page (spec §8 Upscaler), before it is put into words. */
export type UpscaleRequestFailure =
  | { kind: 'session' }
  | { kind: 'credits' }
  | { kind: 'network' }
  /** The engine's queue is full: refused before any credit moved (retry after the server's seconds). */
  | { kind: 'busy'; retryAfter: number | undefined }
  | { kind: 'generic' }
  /** Any other refusal: said from the error's message id (api/error-text.ts). */
  | { kind: 'said' };

/**
 * Spec §8: 401 means the session is gone (the client has cleared it); INSUFFICIENT_CREDITS shows
 * the server's own text; otherwise the server's text, or the generic failure when there is none
 * worth showing (an internal error, or something that is not an API error at all).
 */
export function classifyUpscaleFailure(error: unknown): UpscaleRequestFailure {
  if (!(error instanceof ApiError)) return { kind: 'generic' };
  if (error.status === 401) return { kind: 'session' };
  if (error.code === 'INSUFFICIENT_CREDITS') return { kind: 'credits' };
  if (error.code === 'NETWORK_ERROR') return { kind: 'network' };
  if (error.code === 'ENGINE_BUSY') return { kind: 'busy', retryAfter: error.retryAfter };
  if (error.code === 'INTERNAL') return { kind: 'generic' };
  return { kind: 'said' };
}
