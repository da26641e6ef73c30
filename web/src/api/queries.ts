import { infiniteQueryOptions, QueryClient, queryOptions } from '@tanstack/react-query';
import { i18n } from '../i18n';
import { accountApi, accountsApi, emailVerificationApi } from './accounts';
import { api } from './endpoints';
import { paymentsApi } from './payments';
import { upscaleApi } from './upscale';

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

/** Every query key, in one place: invalidating a prefix (`keys.credits`) refreshes everything under it. */
export const keys = {
  me: ['me'] as const,
  sessionCheck: ['session-check'] as const,
  credits: ['credits'] as const,
  balance: ['credits', 'balance'] as const,
  transactions: (page: number, size: number, type: string) => ['credits', 'transactions', { page, size, type }] as const,
  pricing: (lang: string) => ['pricing', lang] as const,
  registrationBonus: ['registration-bonus'] as const,
  models: ['generate-image', 'models'] as const,
  generationStatus: (id: string) => ['generate-image', 'status', id] as const,
  showcase: (size: number) => ['showcase', { size }] as const,
  records: ['creation-records'] as const,
  recordsPage: (filter: { page: number; size: number; status?: string; type?: string }) => ['creation-records', 'list', filter] as const,
  recordStats: ['creation-records', 'stats'] as const,
  referral: ['referral'] as const,
  referralInfo: (code: string) => ['referral', 'info', code] as const,
  referredUsers: (page: number) => ['referral', 'users', page] as const,
  orders: ['orders'] as const,
  ordersPage: (page: number) => ['orders', page] as const,
  orderStatus: (orderId: string) => ['payment', 'order', orderId] as const,
  refundCheck: (orderId: string) => ['orders', 'refund-check', orderId] as const,
  subscription: ['subscription'] as const,
  upscaleOptions: ['image-upscale', 'options'] as const,
  upscaleStatus: (id: string) => ['image-upscale', 'status', id] as const,
  googleConfig: ['google-config'] as const,
  emailVerification: ['email-verification'] as const,
  account: ['account'] as const,
  accountExport: ['account', 'export'] as const,
  deletionPreview: ['account', 'deletion'] as const,
};

export const queries = {
  balance: () => queryOptions({ queryKey: keys.balance, queryFn: ({ signal }) => api.balance(signal) }),
  transactions: (page: number, size: number, type: string) =>
    queryOptions({ queryKey: keys.transactions(page, size, type), queryFn: ({ signal }) => api.transactions(page, size, type, signal) }),
  pricing: (lang: string) =>
    queryOptions({ queryKey: keys.pricing(lang), queryFn: ({ signal }) => api.pricing(lang, signal), staleTime: 5 * 60_000 }),
  registrationBonus: () =>
    queryOptions({ queryKey: keys.registrationBonus, queryFn: ({ signal }) => api.registrationBonus(signal), staleTime: 5 * 60_000 }),
  models: () => queryOptions({ queryKey: keys.models, queryFn: ({ signal }) => api.models(signal), staleTime: 60_000 }),
  /** The gallery, a page at a time (Load more). */
  showcaseFeed: (size: number) =>
    infiniteQueryOptions({
      queryKey: keys.showcase(size),
      queryFn: ({ pageParam, signal }) => api.showcase(pageParam, size, signal),
      initialPageParam: 0,
      getNextPageParam: (last, all) => (all.length < last.totalPages ? all.length : undefined),
      staleTime: 5 * 60_000,
    }),
  records: (filter: { page: number; size: number; status?: string; type?: string }) =>
    queryOptions({
      // The filter is part of the key: a late answer for an old filter lands in the old entry, never on screen.
      queryKey: keys.recordsPage(filter),
      queryFn: ({ signal }) => api.records(filter.page, filter.size, filter.status, filter.type, signal),
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

/** Credits moved (a job was charged or refunded, a purchase or refund went through): every balance and ledger view refetches. */
export const invalidateCredits = () => queryClient.invalidateQueries({ queryKey: keys.credits });
