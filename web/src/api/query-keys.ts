/**
 * Every query key, in one place: invalidating a prefix (`keys.credits`) refreshes everything under it.
 * A module of its own, without TanStack Query: the home page's first paint names keys before the query
 * client has loaded (web/src/lib/lazy-query-client.tsx).
 */
export const keys = {
  me: ['me'] as const,
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
