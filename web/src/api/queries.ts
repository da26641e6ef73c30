import { queryOptions } from '@tanstack/react-query';
import { accountApi, accountsApi, emailVerificationApi } from './accounts';
import { api, type RecordsQuery, type TransactionType } from './endpoints';
import { firstLoadQueries } from './first-load-queries';
import { paymentsApi } from './payments';
import { invalidateCredits, keys } from './query-client';
import { upscaleApi } from './upscale';

export { invalidateCredits, keys, queryClient } from './query-client';

/** Every query's options: the header's and the home page's (first-load-queries.ts), then the other pages'. */
export const queries = {
  ...firstLoadQueries,
  transactions: (page: number, size: number, type: TransactionType | '') =>
    queryOptions({ queryKey: keys.transactions(page, size, type), queryFn: ({ signal }) => api.transactions(page, size, type, signal) }),
  models: () => queryOptions({ queryKey: keys.models, queryFn: ({ signal }) => api.models(signal), staleTime: 60_000 }),
  records: (filter: RecordsQuery) =>
    queryOptions({
      // The filter is part of the key: a late answer for an old filter lands in the old entry, never on screen.
      queryKey: keys.recordsPage(filter),
      queryFn: ({ signal }) => api.records(filter, signal),
    }),
  recordStats: () => queryOptions({ queryKey: keys.recordStats, queryFn: ({ signal }) => api.recordStats(signal) }),
  referralLink: () => queryOptions({ queryKey: [...keys.referral, 'link'], queryFn: ({ signal }) => api.referralLink(signal) }),
  referralStats: () => queryOptions({ queryKey: [...keys.referral, 'stats'], queryFn: ({ signal }) => api.referralStats(signal) }),
  referredUsers: (page: number) =>
    queryOptions({ queryKey: keys.referredUsers(page), queryFn: ({ signal }) => api.referredUsers(page, undefined, signal) }),
  referralInfo: (code: string) =>
    queryOptions({ queryKey: keys.referralInfo(code), queryFn: () => api.referralInfo(code), staleTime: Number.POSITIVE_INFINITY }),
  orders: (page: number, size: number) =>
    queryOptions({ queryKey: keys.ordersPage(page), queryFn: ({ signal }) => paymentsApi.orders(page, size, signal) }),
  refundCheck: (orderId: string) =>
    queryOptions({ queryKey: keys.refundCheck(orderId), queryFn: ({ signal }) => paymentsApi.refundCheck(orderId, signal) }),
  subscription: () => queryOptions({ queryKey: keys.subscription, queryFn: ({ signal }) => paymentsApi.currentSubscription(signal) }),
  /** One upscale job's status; a failed job was refunded on the server, so the balance is refetched. */
  upscaleStatus: (id: string) =>
    queryOptions({
      queryKey: keys.upscaleStatus(id),
      queryFn: async ({ signal }) => {
        const status = await upscaleApi.status(id, signal);
        if (status.status === 'FAILED') void invalidateCredits();
        return status;
      },
    }),
  /** One generation's status; a failed job was refunded on the server, so the balance is refetched. */
  generationStatus: (id: string) =>
    queryOptions({
      queryKey: keys.generationStatus(id),
      queryFn: async ({ signal }) => {
        const status = await api.generationStatus(id, signal);
        if (status.status === 'FAILED') void invalidateCredits();
        return status;
      },
    }),
  upscaleOptions: () =>
    queryOptions({ queryKey: keys.upscaleOptions, queryFn: ({ signal }) => upscaleApi.options(signal), staleTime: 60_000 }),
  /** Asked once per page load: it only changes with a deploy. */
  googleConfig: () =>
    queryOptions({ queryKey: keys.googleConfig, queryFn: () => accountsApi.googleConfig(), staleTime: Number.POSITIVE_INFINITY }),
  emailVerification: () => queryOptions({ queryKey: keys.emailVerification, queryFn: ({ signal }) => emailVerificationApi.status(signal) }),
  account: () => queryOptions({ queryKey: keys.account, queryFn: ({ signal }) => accountApi.overview(signal) }),
  accountExport: () => queryOptions({ queryKey: keys.accountExport, queryFn: ({ signal }) => accountApi.latestExport(signal) }),
  deletionPreview: () => queryOptions({ queryKey: keys.deletionPreview, queryFn: ({ signal }) => accountApi.deletionPreview(signal) }),
};
