import { QueryClient } from '@tanstack/react-query';
import { i18n } from '../i18n';
import { keys } from './query-keys';

/**
 * Server state lives in TanStack Query (docs/decisions/027). No retries and no refetch on focus: a
 * failed request shows its error at once, as before; polling queries set their own retry rules.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
    mutations: { retry: false },
  },
});

// Server texts (plan and product names, messages) follow the app's language: refetch them when it changes.
i18n.on('change', () => void queryClient.invalidateQueries());

export { keys } from './query-keys';

/**
 * Credits moved (a job was charged or refunded, a purchase or refund went through): every balance and
 * ledger view refetches. A read already in flight may have started before the move, and TanStack Query
 * joins an invalidation to a query's first fetch instead of restarting it, so the header could keep the
 * old balance (seen right after sign-in, when the balance's first read races the charge of the job the
 * sign-in unblocked). Cancelling first makes the refetch a fresh read.
 */
export const invalidateCredits = async () => {
  await queryClient.cancelQueries({ queryKey: keys.credits });
  await queryClient.invalidateQueries({ queryKey: keys.credits });
};
