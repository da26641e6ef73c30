import type { UpscaleFactor } from '@worker/contract/upscale';
import type { UpscaleStatus } from '@web/api/types';
import { ApiError } from '../../api/client';
import { type keys, queries } from '../../api/queries';
import { upscaleApi } from '../../api/upscale';
import type { JobKind } from '../image-job/use-image-job';

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
  rise: 0.05,
  least: 0.4,
  /** After this long without an end the page says the job is taking a while (30 polls × 2 s). */
  patienceMs: 30 * 2000,
  holdOffline: false,
  /** A status query that fails (network, 5xx: the server restarting) is retried after this, growing 1.5× per failure… */
  retryBaseMs: 2000,
  /** …up to this (spec §8 generation polling: wait grows 1.5×, at most 15 s). */
  retryCapMs: 15_000,
  /** Spec §9 completion display delay. */
  showDelayMs: 500,
};

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

/** What one upscale is sent with. */
export type UpscaleRequest = {
  image: File;
  factor: UpscaleFactor;
  faceEnhancement: boolean;
  fitToBudget: boolean;
  sourceRecordId?: string;
};

/** An upscale: the upload names the job, whose status is then polled (useImageJob). */
export const UPSCALE: JobKind<
  UpscaleRequest,
  Awaited<ReturnType<typeof upscaleApi.upload>>,
  UpscaleStatus,
  ReturnType<typeof keys.upscaleStatus>
> = {
  start: ({ image, factor, faceEnhancement, fitToBudget, sourceRecordId }) =>
    upscaleApi.upload(image, factor, faceEnhancement, { fitToBudget, sourceRecordId }),
  statusQuery: queries.upscaleStatus,
  retry: retryStatusQuery,
  retryDelay: statusRetryDelay,
  pace: UPSCALE_POLL,
};

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
