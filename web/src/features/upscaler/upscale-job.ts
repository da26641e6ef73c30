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
  | { kind: 'query-failed'; error: unknown }
  | { kind: 'cancelled' };

export interface PollDeps {
  status: (id: string) => Promise<UpscaleStatus>;
  sleep: (ms: number) => Promise<void>;
  /** False once the user started another upscale or left the page. */
  alive: () => boolean;
  /** Each answer of a job still in progress (its place in the queue while it waits). */
  onStatus?: (status: UpscaleStatus) => void;
}

/**
 * Waits for job `id`: a status query every 2 s, at most 30. COMPLETED needs an image URL; an
 * unknown status counts as processing until the tries run out (spec §4). A 401 or 404 ends at
 * once (the session is gone, or the job is); other failed queries are retried a few times.
 */
export async function pollUpscale(id: string, deps: PollDeps): Promise<UpscaleOutcome> {
  let errors = 0;
  for (let attempt = 0; attempt < UPSCALE_POLL.tries; attempt++) {
    await deps.sleep(UPSCALE_POLL.intervalMs);
    if (!deps.alive()) return { kind: 'cancelled' };
    try {
      const status = await deps.status(id);
      errors = 0;
      const state = String(status.status).toUpperCase();
      if (state === 'COMPLETED' && status.imageUrl) return { kind: 'done', status };
      if (state === 'FAILED') return { kind: 'job-failed', message: status.errorMessage };
      deps.onStatus?.(status);
    } catch (error) {
      if (!deps.alive()) return { kind: 'cancelled' };
      if (error instanceof ApiError && (error.status === 401 || error.status === 404)) return { kind: 'query-failed', error };
      if (++errors >= UPSCALE_POLL.maxConsecutiveErrors) return { kind: 'query-failed', error };
    }
  }
  return deps.alive() ? { kind: 'timeout' } : { kind: 'cancelled' };
}

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
