import type { QueuePlace } from '@web/api/types';

/**
 * When a waiting job should start, in the rough words a person reads: "a few seconds", "about
 * 20 seconds" (steps of 5), "about 2 minutes". The server's figure is a measured average, so
 * anything finer would promise a precision it does not have.
 */
export type StartEstimate = { unit: 'soon' } | { unit: 'seconds'; value: number } | { unit: 'minutes'; value: number };

export function startEstimate(seconds: number): StartEstimate {
  const s = Number.isFinite(seconds) ? Math.max(0, seconds) : 0;
  const fives = Math.round(s / 5) * 5;
  if (fives < 10) return { unit: 'soon' };
  if (fives < 60) return { unit: 'seconds', value: fives };
  return { unit: 'minutes', value: Math.max(1, Math.round(s / 60)) };
}

/**
 * The queue place of a job status, or null when the job is not waiting: an older server sends no
 * `queue` at all, and a malformed place is not worth a waiting screen that never moves.
 */
export function queuePlaceOf(status: { queue?: QueuePlace | null } | null | undefined): QueuePlace | null {
  const place = status?.queue;
  if (!place || typeof place !== 'object') return null;
  const { ahead, estimatedStartSeconds } = place;
  if (typeof ahead !== 'number' || !Number.isFinite(ahead)) return null;
  return {
    ahead: Math.max(0, Math.floor(ahead)),
    estimatedStartSeconds:
      typeof estimatedStartSeconds === 'number' && Number.isFinite(estimatedStartSeconds) ? Math.max(0, estimatedStartSeconds) : 0,
  };
}

/**
 * Whether a waiting place is worth a waiting screen yet. A job is a queued row for a moment even on
 * an idle engine (the dispatcher claims it just after the start answer was written), so the start
 * answer's "next in line" is not yet news: it is shown once a status poll still finds the job
 * waiting, or at once when others are ahead of it.
 */
export function placeToShow(place: QueuePlace | null, { polled }: { polled: boolean }): QueuePlace | null {
  if (!place) return null;
  return polled || place.ahead > 0 ? place : null;
}
