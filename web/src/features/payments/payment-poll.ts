import type { PaymentStatusResponse } from '@web/api/types';
import { ApiError } from '../../api/client';

/**
 * The spec's states, plus `signed_out` (the buyer came back signed out, e.g. on another origin: asked
 * to sign in, then polling continues), `expired` (the checkout was abandoned past its lifetime) and
 * `refunded` (e.g. a second subscription's payment, sent back) and `held` (the payment did not match
 * the order: nothing was added and support settles it, so there is nothing left to wait for).
 */
export type CallbackState =
  | 'processing'
  | 'quick_success'
  | 'processing_timeout'
  | 'success'
  | 'cancelled'
  | 'error'
  | 'signed_out'
  | 'expired'
  | 'refunded'
  | 'held';

/** Spec §9 poller constants for the callback screen. */
export const PAYMENT_POLL = {
  attempts: 15,
  intervalMs: 3000,
  quickSuccessMs: 8000,
  notFoundLimit: 3,
  serverErrorLimit: 5,
  invalidLimit: 3,
  consecutiveLimit: 10,
};

/** The line under the heading: the server's own words, or one of ours (rendered from the catalogue). */
export type PollMessage =
  | { server: string | undefined }
  | { code: 'invalid' | 'confirmed' | 'server-retrying' | 'server-error' | 'not-found' | 'too-many-errors' | 'timeout' };

/** Everything the poller has learnt so far: each poll folds its answer in (see {@link nextPaymentPoll}). */
export interface PaymentPoll {
  /** Null while the order is still being processed. */
  ending: Exclude<CallbackState, 'processing' | 'quick_success' | 'cancelled'> | null;
  message?: PollMessage;
  credits?: number;
  polls: number;
  counts: { notFound: number; server: number; invalid: number; consecutive: number; unsuccessful: number };
}

export const FIRST_POLL: PaymentPoll = {
  ending: null,
  polls: 0,
  counts: { notFound: 0, server: 0, invalid: 0, consecutive: 0, unsuccessful: 0 },
};

/** What one poll brought back; loose on purpose, as it must survive malformed answers (spec §8 invalid data). */
export type PollAnswer = { ok: Partial<PaymentStatusResponse> | null } | { failed: unknown };

/** Folds one answer into the poll (spec §4 payment polling mapping, §8 poller errors). */
export function nextPaymentPoll(previous: PaymentPoll, answer: PollAnswer): PaymentPoll {
  const counts = { ...previous.counts };
  const poll: PaymentPoll = { ...previous, counts, polls: previous.polls + 1 };
  const end = (ending: NonNullable<PaymentPoll['ending']>, message?: PollMessage): PaymentPoll => ({
    ...poll,
    ending,
    message: message ?? poll.message,
  });
  if ('ok' in answer) {
    const res = answer.ok;
    counts.consecutive = 0;
    if (!res || typeof res !== 'object' || !('success' in res)) {
      if (++counts.invalid >= PAYMENT_POLL.invalidLimit) return end('error', { code: 'invalid' });
    } else if (!res.success) {
      poll.message = { server: res.message };
      if (++counts.unsuccessful >= PAYMENT_POLL.serverErrorLimit) return end('error', { server: res.message });
    } else {
      const status = (res.status ?? '').toUpperCase();
      if (res.needsSupport) return end('held', { server: res.message });
      if ((status === 'PAID' || status === 'COMPLETED') && (res.creditsAdded ?? 0) > 0)
        return { ...end('success'), credits: res.creditsAdded };
      if (status === 'PAID' || status === 'COMPLETED') poll.message = { code: 'confirmed' };
      // The heading already says "Payment Failed"; no second line repeating it.
      if (status === 'FAILED' || status === 'CANCELLED') return end('error');
      if (status === 'EXPIRED') return end('expired');
      // E.g. a second subscription's payment, sent back at once; the server says why.
      if (status === 'REFUNDED') return end('refunded', { server: res.message });
    }
  } else {
    const error = answer.failed;
    counts.consecutive++;
    if (error instanceof ApiError) {
      // Signed out meanwhile: ask to sign in; the poll starts again once signed in.
      if (error.status === 401) return end('signed_out');
      if (error.status === 404 && ++counts.notFound >= PAYMENT_POLL.notFoundLimit) return end('error', { code: 'not-found' });
      if (error.status >= 500) {
        poll.message = { code: 'server-retrying' };
        if (++counts.server >= PAYMENT_POLL.serverErrorLimit) return end('error', { code: 'server-error' });
      }
    }
    if (counts.consecutive >= PAYMENT_POLL.consecutiveLimit) return end('error', { code: 'too-many-errors' });
  }
  if (poll.polls >= PAYMENT_POLL.attempts) return end('processing_timeout', { code: 'timeout' });
  return poll;
}
