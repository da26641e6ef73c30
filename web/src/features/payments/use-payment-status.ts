import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { paymentsApi } from '../../api/payments';
import { invalidateCredits, keys } from '../../api/queries';
import { useSession } from '../auth/session';
import {
  type CallbackState,
  FIRST_POLL,
  nextPaymentPoll,
  PAYMENT_POLL,
  type PaymentPoll,
  type PollAnswer,
  type PollMessage,
} from './payment-poll';

export { type CallbackState, PAYMENT_POLL } from './payment-poll';

/**
 * Polls the order status after a gateway redirect with TanStack Query (every 3 s until an ending,
 * spec §9) and maps it to the callback screen's states (spec §4 payment polling mapping, §8 poller
 * errors). Each poll folds its answer into the query's data, so counters survive between polls.
 */
export function usePaymentStatus(orderId: string | undefined, mode: 'success' | 'cancel') {
  const { t } = useLingui();
  const { user, initialising } = useSession();
  const queryClient = useQueryClient();
  // Only this user's orders can be read: signed out, the screen asks to sign in instead of polling into a 401.
  const signedIn = Boolean(user);
  const polling = mode === 'success' && Boolean(orderId) && signedIn && !initialising;
  // The user is part of the key: signing in again after a 401 starts a fresh poll.
  const queryKey = [...keys.orderStatus(orderId ?? ''), user?.id ?? null] as const;
  const poll = useQuery({
    queryKey,
    queryFn: async ({ signal }): Promise<PaymentPoll> => {
      let answer: PollAnswer;
      try {
        answer = { ok: await paymentsApi.orderStatus(orderId!, signal) };
      } catch (error) {
        if (signal.aborted) throw error;
        answer = { failed: error };
      }
      const next = nextPaymentPoll(queryClient.getQueryData<PaymentPoll>(queryKey) ?? FIRST_POLL, answer);
      if (next.ending === 'success') void invalidateCredits();
      return next;
    },
    enabled: polling,
    refetchInterval: (query) => (query.state.data?.ending ? false : PAYMENT_POLL.intervalMs),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  // The cancel callback tells the server the customer gave up (spec §4), once per screen.
  useQuery({
    queryKey: ['payment', 'cancel', orderId ?? ''],
    queryFn: () => paymentsApi.cancelOrder(orderId!).catch(() => null),
    enabled: mode === 'cancel' && Boolean(orderId) && signedIn && !initialising,
    staleTime: Number.POSITIVE_INFINITY,
  });

  // Spec §4: still processing after 8 s reads as a quick success.
  const [quick, setQuick] = useState(false);
  useEffect(() => {
    if (!polling) return;
    const timer = setTimeout(() => setQuick(true), PAYMENT_POLL.quickSuccessMs);
    return () => clearTimeout(timer);
  }, [polling]);

  const data = poll.data;
  let state: CallbackState;
  if (mode === 'cancel') state = 'cancelled';
  else if (!orderId) state = 'success';
  else if (!initialising && !signedIn) state = 'signed_out';
  else if (data?.ending) state = data.ending;
  else state = quick ? 'quick_success' : 'processing';

  const text = (m: PollMessage | undefined): string | undefined => {
    if (!m) return undefined;
    if ('server' in m) return m.server;
    switch (m.code) {
      case 'invalid':
        return t`Invalid response data`;
      case 'confirmed':
        return t`Payment confirmed, processing credits…`;
      case 'server-retrying':
        return t`Server error, retrying...`;
      case 'server-error':
        return t`Server error, please try again later`;
      case 'not-found':
        return t`Order not found`;
      case 'too-many-errors':
        return t`Too many consecutive errors`;
      case 'timeout':
        return t`Payment is still being processed. Please check your account later.`;
    }
  };
  const offline = polling && !data?.ending && typeof navigator !== 'undefined' && !navigator.onLine;
  return { state, message: offline ? t`Network connection lost` : text(data?.message), credits: data?.credits };
}
