import { http, multipart, unwrap } from './client';
import type { components, paths } from './schema.gen';

type GenerateBody = paths['/api/generate-image']['post']['requestBody']['content']['application/json'];
/** The credit history's type filter; '' is every type. */
export type TransactionType = NonNullable<NonNullable<paths['/api/credits/transactions']['get']['parameters']['query']>['type']>;

/** Typed calls per endpoint, on the client generated from the OpenAPI document; fields follow spec §7. */
export const api = {
  sendCode: (email: string, referralCode?: string) => unwrap(http.POST('/api/auth/login/send-code', { body: { email, referralCode } })),
  verifyCode: (email: string, verificationCode: string, referralCode?: string) =>
    unwrap(http.POST('/api/auth/login/verify-code', { body: { email, verificationCode, referralCode } })),
  me: (signal?: AbortSignal) => unwrap(http.GET('/api/users/me', { signal })),
  updateMe: (name: string) => unwrap(http.PUT('/api/users/me', { body: { name } })),
  showcase: (page: number, limit = 12, signal?: AbortSignal) =>
    unwrap(http.GET('/api/showcase/images', { params: { query: { page, limit } }, signal })),
  balance: (signal?: AbortSignal) => unwrap(http.GET('/api/credits/balance', { signal })),
  transactions: (page: number, size: number, type?: TransactionType | '', signal?: AbortSignal) =>
    unwrap(http.GET('/api/credits/transactions', { params: { query: { page, size, type: type || undefined } }, signal })),
  pricing: (lang: string, signal?: AbortSignal) => unwrap(http.GET('/api/public/pricing/all', { params: { query: { lang } }, signal })),
  registrationBonus: (signal?: AbortSignal) => unwrap(http.GET('/api/system/config/registration-bonus', { signal })),
  models: (signal?: AbortSignal) => unwrap(http.GET('/api/generate-image/models', { signal })),
  generate: (body: GenerateBody) => unwrap(http.POST('/api/generate-image', { body })),
  /** Multipart: the caller's form carries the images and fields of POST /generate-image/edit. */
  edit: (form: FormData) => unwrap(http.POST('/api/generate-image/edit', multipart(form))),
  generationStatus: (id: string, signal?: AbortSignal) =>
    unwrap(http.GET('/api/generate-image/status/{id}', { params: { path: { id } }, signal })),
  records: (query: RecordsQuery, signal?: AbortSignal) => unwrap(http.GET('/api/creation-records', { params: { query }, signal })),
  recordStats: (signal?: AbortSignal) => unwrap(http.GET('/api/creation-records/stats', { signal })),
  deleteRecord: (id: string) => unwrap(http.DELETE('/api/creation-records/{id}', { params: { path: { id } } })),
  referralLink: (signal?: AbortSignal) => unwrap(http.GET('/api/referral/link', { signal })),
  referralStats: (signal?: AbortSignal) => unwrap(http.GET('/api/referral/stats', { signal })),
  referredUsers: (page: number, size = 20, signal?: AbortSignal) =>
    unwrap(http.GET('/api/referral/referred-users', { params: { query: { page, size } }, signal })),
  referralInfo: (code: string) => unwrap(http.GET('/api/referral/info/{code}', { params: { path: { code } } })),
};

type Schemas = components['schemas'];
/** My creations' page and filters: status or kind, words, and when (instants; the page sends local days). */
export type RecordsQuery = NonNullable<paths['/api/creation-records']['get']['parameters']['query']>;
/** One row of My creations, as the OpenAPI document describes it. */
export type CreationRecord = Schemas['CreationRecord'];
export type RecordsPage = Schemas['CreationRecordsPage'];
export type ReferredUser = Schemas['ReferredUser'];
export type PricingItem = Schemas['PricingItem'];
