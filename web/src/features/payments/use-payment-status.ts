import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { paymentsApi } from '../../api/payments';
import { invalidateCredits } from '../../api/queries';
import { useSession } from '../auth/session';

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

/** What the poller reads; loose on purpose, as it must survive malformed answers (spec §8 invalid data). */
type StatusResponse = Partial<Awaited<ReturnType<typeof paymentsApi.orderStatus>>> | null;

/** Spec §9 poller constants for the callback screen. */
export const PAYMENT_POLL = {
  attempts: 15,
  intervalMs: 3000,
  quickSuccessMs: 8000,
  absoluteTimeoutMs: 10_000,
  notFoundLimit: 3,
  serverErrorLimit: 5,
  invalidLimit: 3,
  consecutiveLimit: 10,
};

/**
 * Polls the order status after a gateway redirect and maps it to the callback screen's states
 * (spec §4 payment polling mapping, §8 poller errors).
 */
export function usePaymentStatus(orderId: string | undefined, mode: 'success' | 'cancel') {
  const { t } = useLingui();
  const { user, initialising } = useSession();
  // Only this user's orders can be read: signed out, the screen asks to sign in instead of polling into a 401.
  const signedIn = Boolean(user);
  const [state, setState] = useState<CallbackState>(mode === 'cancel' ? 'cancelled' : orderId ? 'processing' : 'success');
  const [message, setMessage] = useState<string>();
  const [credits, setCredits] = useState<number>();
  const started = useRef(false);

  useEffect(() => {
    if (!orderId || started.current || initialising) return;
    if (!signedIn) {
      if (mode === 'success') setState('signed_out');
      return;
    }
    if (mode === 'success') setState((s) => (s === 'signed_out' ? 'processing' : s));
    // One poller per screen even under StrictMode's double effects (spec §4 double-processing flag).
    started.current = true;
    if (mode === 'cancel') {
      void paymentsApi.cancelOrder(orderId).catch(() => undefined);
      return;
    }
    let stopped = false;
    const begin = Date.now();
    const counts = { notFound: 0, server: 0, invalid: 0, consecutive: 0, unsuccessful: 0 };
    const quick = setTimeout(() => !stopped && setState((s) => (s === 'processing' ? 'quick_success' : s)), PAYMENT_POLL.quickSuccessMs);
    const stop = (final: CallbackState, text?: string) => {
      stopped = true;
      clearTimeout(quick);
      setState(final);
      if (text) setMessage(text);
    };
    (async () => {
      for (let attempt = 0; attempt < PAYMENT_POLL.attempts && !stopped; attempt++) {
        if (!navigator.onLine) setMessage(t`Network connection lost`);
        try {
          const res: StatusResponse = await paymentsApi.orderStatus(orderId);
          counts.consecutive = 0;
          if (!res || typeof res !== 'object' || !('success' in res)) {
            if (++counts.invalid >= PAYMENT_POLL.invalidLimit) return stop('error', t`Invalid response data`);
          } else if (!res.success) {
            setMessage(res.message);
            if (++counts.unsuccessful >= PAYMENT_POLL.serverErrorLimit) return stop('error', res.message);
          } else {
            const status = (res.status ?? '').toUpperCase();
            if (res.needsSupport) return stop('held', res.message);
            if ((status === 'PAID' || status === 'COMPLETED') && (res.creditsAdded ?? 0) > 0) {
              setCredits(res.creditsAdded);
              void invalidateCredits();
              return stop('success');
            }
            if (status === 'PAID' || status === 'COMPLETED') setMessage(t`Payment confirmed, processing credits…`);
            // The heading already says "Payment Failed"; no second line repeating it.
            if (status === 'FAILED' || status === 'CANCELLED') return stop('error');
            if (status === 'EXPIRED') return stop('expired');
            // E.g. a second subscription's payment, sent back at once; the server says why.
            if (status === 'REFUNDED') return stop('refunded', res.message);
          }
        } catch (error) {
          counts.consecutive++;
          if (error instanceof ApiError) {
            if (error.status === 401) {
              // Signed out meanwhile: ask to sign in; the poll starts again once signed in.
              started.current = false;
              stopped = true;
              clearTimeout(quick);
              setState('signed_out');
              return;
            }
            if (error.status === 404 && ++counts.notFound >= PAYMENT_POLL.notFoundLimit) return stop('error', t`Order not found`);
            if (error.status >= 500) {
              setMessage(t`Server error, retrying...`);
              if (++counts.server >= PAYMENT_POLL.serverErrorLimit) return stop('error', t`Server error, please try again later`);
            }
          }
          if (counts.consecutive >= PAYMENT_POLL.consecutiveLimit) return stop('error', t`Too many consecutive errors`);
        }
        if (Date.now() - begin > PAYMENT_POLL.absoluteTimeoutMs + PAYMENT_POLL.attempts * PAYMENT_POLL.intervalMs) break;
        await new Promise((r) => setTimeout(r, PAYMENT_POLL.intervalMs));
      }
      if (!stopped) stop('processing_timeout', t`Payment is still being processed. Please check your account later.`);
    })();
    return () => {
      stopped = true;
      clearTimeout(quick);
    };
  }, [orderId, mode, t, signedIn, initialising]);

  return { state, message, credits };
}
