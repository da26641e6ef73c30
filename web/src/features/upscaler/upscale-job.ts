import type { UpscaleStatus } from '../../../../worker/contract/upscale';
import { ApiError } from '../../api/client';

/** Spec §9: upscale polling every 2 s, up to 30 tries; fake progress rises to at most 90 % meanwhile. */
export const UPSCALE_POLL = {
  intervalMs: 2000,
  tries: 30,
  tickMs: 400,
  fakeProgressCap: 90,
  /** A few failed status queries in a row end the wait with the query-failure message. */
  maxConsecutiveErrors: 3,
  /** Spec §9 completion display delay. */
  showDelayMs: 500,
} as const;

/** How one upscale ended, before it is turned into words (spec §8 Upscaler). */
export type UpscaleOutcome =
  | { kind: 'done'; status: UpscaleStatus }
  | { kind: 'job-failed'; message: string | null }
  | { kind: 'timeout' }
  | { kind: 'query-failed'; error: unknown };

/** What the status query knows so far (TanStack Query's state, narrowed to what matters here). */
export interface StatusQueryState {
  status: 'pending' | 'error' | 'success';
  data?: UpscaleStatus;
  error: unknown;
  /** Successful answers so far: one per poll. */
  dataUpdateCount: number;
}

/**
 * How the job ended, or null while it is still going. COMPLETED needs an image URL; an unknown
 * status counts as processing until the 30 tries run out (spec §4). A query that failed past its
 * retries (see {@link retryStatusQuery}) ends the wait.
 */
export function upscaleOutcome(state: StatusQueryState): UpscaleOutcome | null {
  if (state.status === 'error') return { kind: 'query-failed', error: state.error };
  const status = state.data;
  if (!status) return null;
  const phase = String(status.status).toUpperCase();
  if (phase === 'COMPLETED' && status.imageUrl) return { kind: 'done', status };
  if (phase === 'FAILED') return { kind: 'job-failed', message: status.errorMessage };
  if (state.dataUpdateCount >= UPSCALE_POLL.tries) return { kind: 'timeout' };
  return null;
}

/** The next poll in 2 s, or none once the job has ended (spec §9). */
export const upscaleRefetchInterval = (state: StatusQueryState): number | false =>
  upscaleOutcome(state) ? false : UPSCALE_POLL.intervalMs;

/**
 * Whether a failed status query is tried again (`failures` before this one): a 401 or 404 ends at
 * once (the session is gone, or the job is); other failures a few times in a row.
 */
export const retryStatusQuery = (failures: number, error: unknown): boolean =>
  !(error instanceof ApiError && (error.status === 401 || error.status === 404)) && failures < UPSCALE_POLL.maxConsecutiveErrors - 1;

/** The next fake-progress value: quick at first, slowing as it nears the 90 % cap. */
export const nextFakeProgress = (p: number) =>
  Math.min(UPSCALE_POLL.fakeProgressCap, p + Math.max(0.4, (UPSCALE_POLL.fakeProgressCap - p) * 0.05));

/** What a failed upload call means for the page (spec §8 Upscaler), before it is put into words. */
export type UpscaleRequestFailure =
  | { kind: 'session' }
  | { kind: 'credits'; serverText: string }
  | { kind: 'network' }
  /** The engine's queue is full: refused before any credit moved (retry after the server's seconds). */
  | { kind: 'busy'; retryAfter: number | undefined }
  | { kind: 'generic' }
  | { kind: 'server-text'; serverText: string };

/**
 * Spec §8: 401 means the session is gone (the client has cleared it); INSUFFICIENT_CREDITS shows
 * the server's own text; otherwise the server's text, or the generic failure when there is none
 * worth showing (an internal error, or something that is not an API error at all).
 */
export function classifyUpscaleFailure(error: unknown): UpscaleRequestFailure {
  if (!(error instanceof ApiError)) return { kind: 'generic' };
  if (error.status === 401) return { kind: 'session' };
  if (error.code === 'INSUFFICIENT_CREDITS') return { kind: 'credits', serverText: error.message };
  if (error.code === 'NETWORK_ERROR') return { kind: 'network' };
  if (error.code === 'ENGINE_BUSY') return { kind: 'busy', retryAfter: error.retryAfter };
  if (error.code === 'INTERNAL' || !error.message) return { kind: 'generic' };
  return { kind: 'server-text', serverText: error.message };
}
