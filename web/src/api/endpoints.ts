import type { AuthResponse, SendCodeResponse, UserProfile } from '../../../worker/contract/auth';
import type { CreditBalance, CreditTransaction, Paged } from '../../../worker/contract/credits';
import type { GenerationStatus } from '../../../worker/contract/generation';
import type { PricingItem } from '../../../worker/contract/pricing';
import type { ShowcasePage } from '../../../worker/contract/showcase';
import { request } from './client';

/** Typed calls per endpoint; field names follow spec §7 via the shared contract types. */
export const api = {
  sendCode: (email: string, referralCode?: string) => request<SendCodeResponse>('/auth/login/send-code', { json: { email, referralCode } }),
  verifyCode: (email: string, verificationCode: string, referralCode?: string) =>
    request<AuthResponse>('/auth/login/verify-code', { json: { email, verificationCode, referralCode } }),
  me: () => request<UserProfile>('/users/me'),
  updateMe: (name: string) => request<UserProfile>('/users/me', { method: 'PUT', json: { name } }),
  showcase: (page: number, limit = 12) => request<ShowcasePage>('/showcase/images', { query: { page, limit } }),
  balance: () => request<CreditBalance & { success: true }>('/credits/balance'),
  transactions: (page: number, size: number, type?: string) =>
    request<Paged<CreditTransaction> & { transactions: CreditTransaction[] }>('/credits/transactions', { query: { page, size, type } }),
  pricing: (lang: string) => request<PricingItem[]>('/public/pricing/all', { query: { lang } }),
  registrationBonus: () => request<{ success: true; data: number }>('/system/config/registration-bonus'),
  models: () =>
    request<{
      success: true;
      models: Record<string, { name: string; description: string; available: boolean }>;
      costs: { costByResolution: Record<string, number>; defaultCost: number };
    }>('/generate-image/models'),
  generate: (body: {
    prompt: string;
    style: string;
    width: number;
    height: number;
    model: string;
    updateRecordId?: string;
    toolId?: string;
    extra?: string;
  }) => request<GenerationStatus>('/generate-image', { json: body }),
  edit: (form: FormData) => request<GenerationStatus>('/generate-image/edit', { form }),
  generationStatus: (id: string) => request<GenerationStatus>(`/generate-image/status/${id}`),
  records: (page: number, size: number, status?: string, type?: string) =>
    request<RecordsPage>('/creation-records', { query: { page, size, status, type } }),
  recordStats: () => request<{ total: number; completed: number; processing: number; failed: number }>('/creation-records/stats'),
  deleteRecord: (id: string) => request<{ success: true }>(`/creation-records/${id}`, { method: 'DELETE' }),
  referralLink: () => request<{ referralCode: string; link: string }>('/referral/link'),
  referralStats: () =>
    request<{
      totalReferrals: number;
      registrationRewards: number;
      totalPurchaseRewards: number;
      totalPaidCount: number;
      rewardBalance: number;
    }>('/referral/stats'),
  referredUsers: (page: number, size = 20) =>
    request<{ users: ReferredUser[]; totalPages: number; total: number }>('/referral/referred-users', { query: { page, size } }),
  referralInfo: (code: string) => request<{ referrerName: string }>(`/referral/info/${encodeURIComponent(code)}`),
};

export interface CreationRecord {
  id: string;
  type: string;
  status: 'PROCESSING' | 'COMPLETED' | 'FAILED';
  date: string;
  thumbnail: string | null;
  imageUrl: string | null;
  prompt: string | null;
  credits: number;
  errorMessage: string | null;
  /** Upscales record their factor here ("2x") and the output size in width/height. */
  style?: string | null;
  /** The catalogue tool that made it (worker/contract/tools.ts), when one did. */
  toolId?: string | null;
  width?: number | null;
  height?: number | null;
}

export interface RecordsPage {
  records: CreationRecord[];
  total: number;
  totalPages: number;
}

export interface ReferredUser {
  id: string;
  invitationTime: string;
  invitedUser: string;
  status: 'pending' | 'completed';
  rewardAmount: number;
}

export type { PricingItem };
