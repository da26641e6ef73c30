import type { AuthResponse, SendCodeResponse, UserProfile } from '../../../worker/contract/auth';
import type { CreditBalance, CreditTransaction, Paged } from '../../../worker/contract/credits';
import type { GenerationStatus } from '../../../worker/contract/generation';
import type { JobFailure } from '../../../worker/contract/job-failures';
import type { PricingItem } from '../../../worker/contract/pricing';
import type { ShowcasePage } from '../../../worker/contract/showcase';
import { http, multipart, unwrapAs } from './client';
import type { paths } from './schema.gen';

type GenerateBody = paths['/api/generate-image']['post']['requestBody']['content']['application/json'];
type TransactionType = NonNullable<NonNullable<paths['/api/credits/transactions']['get']['parameters']['query']>['type']>;

/** Typed calls per endpoint, on the client generated from the OpenAPI document; fields follow spec §7. */
export const api = {
  sendCode: (email: string, referralCode?: string) =>
    unwrapAs<SendCodeResponse>(http.POST('/api/auth/login/send-code', { body: { email, referralCode } })),
  verifyCode: (email: string, verificationCode: string, referralCode?: string) =>
    unwrapAs<AuthResponse>(http.POST('/api/auth/login/verify-code', { body: { email, verificationCode, referralCode } })),
  me: (signal?: AbortSignal) => unwrapAs<UserProfile>(http.GET('/api/users/me', { signal })),
  updateMe: (name: string) => unwrapAs<UserProfile>(http.PUT('/api/users/me', { body: { name } })),
  showcase: (page: number, limit = 12, signal?: AbortSignal) =>
    unwrapAs<ShowcasePage>(http.GET('/api/showcase/images', { params: { query: { page, limit } }, signal })),
  balance: (signal?: AbortSignal) => unwrapAs<CreditBalance & { success: true }>(http.GET('/api/credits/balance', { signal })),
  transactions: (page: number, size: number, type?: string, signal?: AbortSignal) =>
    unwrapAs<Paged<CreditTransaction> & { transactions: CreditTransaction[] }>(
      http.GET('/api/credits/transactions', {
        params: { query: { page, size, type: (type || undefined) as TransactionType | undefined } },
        signal,
      }),
    ),
  pricing: (lang: string, signal?: AbortSignal) =>
    unwrapAs<PricingItem[]>(http.GET('/api/public/pricing/all', { params: { query: { lang } }, signal })),
  registrationBonus: (signal?: AbortSignal) =>
    unwrapAs<{ success: true; data: number }>(http.GET('/api/system/config/registration-bonus', { signal })),
  models: (signal?: AbortSignal) =>
    unwrapAs<{
      success: true;
      models: Record<string, { name: string; description: string; available: boolean }>;
      costs: { costByResolution: Record<string, number>; defaultCost: number };
    }>(http.GET('/api/generate-image/models', { signal })),
  generate: (body: GenerateBody) => unwrapAs<GenerationStatus>(http.POST('/api/generate-image', { body })),
  /** Multipart: the caller's form carries the images and fields of POST /generate-image/edit. */
  edit: (form: FormData) => unwrapAs<GenerationStatus>(http.POST('/api/generate-image/edit', multipart(form))),
  generationStatus: (id: string, signal?: AbortSignal) =>
    unwrapAs<GenerationStatus>(http.GET('/api/generate-image/status/{id}', { params: { path: { id } }, signal })),
  records: (page: number, size: number, status?: string, type?: string, signal?: AbortSignal) =>
    unwrapAs<RecordsPage>(http.GET('/api/creation-records', { params: { query: { page, size, status, type } }, signal })),
  recordStats: (signal?: AbortSignal) =>
    unwrapAs<{ total: number; completed: number; processing: number; failed: number }>(http.GET('/api/creation-records/stats', { signal })),
  deleteRecord: (id: string) => unwrapAs<{ success: true }>(http.DELETE('/api/creation-records/{id}', { params: { path: { id } } })),
  referralLink: (signal?: AbortSignal) => unwrapAs<{ referralCode: string; link: string }>(http.GET('/api/referral/link', { signal })),
  referralStats: (signal?: AbortSignal) =>
    unwrapAs<{
      totalReferrals: number;
      registrationRewards: number;
      totalPurchaseRewards: number;
      totalPaidCount: number;
      rewardBalance: number;
    }>(http.GET('/api/referral/stats', { signal })),
  referredUsers: (page: number, size = 20, signal?: AbortSignal) =>
    unwrapAs<{ users: ReferredUser[]; totalPages: number; total: number }>(
      http.GET('/api/referral/referred-users', { params: { query: { page, size } }, signal }),
    ),
  referralInfo: (code: string) => unwrapAs<{ referrerName: string }>(http.GET('/api/referral/info/{code}', { params: { path: { code } } })),
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
  /** Why a FAILED record failed, as a code (worker/contract/job-failures.ts). */
  failureCode?: JobFailure | null;
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
