import { QueryClient } from '@tanstack/react-query';
import { i18n } from '../i18n';

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
  recordsPage: (filter: object) => ['creation-records', 'list', filter] as const,
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
