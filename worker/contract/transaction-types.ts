/**
 * Credit history row types and what a row refers to (spec §3 Credit transaction): one list each,
 * behind the DB enums (db/schema/credits.ts), the API's filter and the SPA's type filter and labels.
 * Zod-free data. Why a row happened is its ledger reason (ledger-reasons.ts), not its type.
 */
export const TRANSACTION_TYPES = ['EARNED', 'SPENT', 'REFUNDED', 'new_user', 'IMAGE_GENERATION', 'IMAGE_EDIT', 'IMAGE_UPSCALE'] as const;
export const REFERENCE_TYPES = ['IMAGE_GENERATION', 'SUBSCRIPTION', 'REFUND', 'BONUS', 'PURCHASE', 'REFERRAL'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export type ReferenceType = (typeof REFERENCE_TYPES)[number];
