import * as z from 'zod';
import { LEDGER_REASONS, type LedgerEntryReason, type LedgerReason } from './ledger-reasons';
import { wholeNumber } from './numbers';

import { REFERENCE_TYPES, TRANSACTION_TYPES } from './transaction-types';
import { encodeMessage, say } from './messages';

// Zod-free lists (the DB enums and the SPA import them); re-exported for this module's importers.
export { REFERENCE_TYPES, TRANSACTION_TYPES, type ReferenceType, type TransactionType } from './transaction-types';

/**
 * The order a spend draws from buckets (docs/decisions/003-credit-buckets.md): subscription credits
 * first (they lapse when the subscription ends), then free, then paid packs (never expire, and what a
 * refund claws back).
 */
export const SPEND_ORDER = ['subscription', 'free', 'paid'] as const;

const page = wholeNumber('page', 0, 100_000).default(0);
const size = (fallback: number) => wholeNumber('size', 1, 100).default(fallback);

export const transactionsQuery = z.object({
  page,
  size: size(10),
  type: z.enum(TRANSACTION_TYPES).optional(),
});

export const purchasesQuery = z.object({ page, size: size(10) });

export const consumeQuery = z.object({
  amount: wholeNumber('amount', 1, 100_000),
  description: z.string().trim().max(200).optional(),
  referenceType: z.enum(REFERENCE_TYPES).default('IMAGE_GENERATION'),
  referenceId: z.string().trim().min(1).max(100),
});

// A real calendar date: 2020-13-45 matches the shape but is no date (it made the service throw a RangeError).
// Years are bounded too: 9999-12-31 plus the exclusive end day is year 10000, which Postgres reads as
// a time-zone offset and refuses with a 500 (found by the route fuzzer).
const isoDate = z.iso
  .date({ error: encodeMessage(say('dateFormat', { field: '' })) })
  .refine((d) => d >= '1970-01-01' && d <= '2999-12-31', { message: encodeMessage(say('dateOutOfRange', { field: '' })) });
export const dailyUsageQuery = z
  .object({ startDate: isoDate.optional(), endDate: isoDate.optional() })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: encodeMessage(say('dateRangeReversed')),
    path: ['startDate'],
  });

const noParams = z.object({}).strict();
const planName = z.object({ en: z.string(), 'zh-Hant': z.string() });
const orderParams = z.object({ orderNumber: z.string() });
const planParams = orderParams.extend({ planId: z.string().optional(), planName: planName.optional() });
const reasonParams = {
  SIGN_UP_BONUS: noParams,
  REFERRAL_SIGN_UP: noParams,
  REFERRAL_PURCHASE: z.object({ percent: z.number() }),
  PACK_PURCHASE: planParams,
  SUBSCRIPTION_CREDITS: planParams.extend({ cycle: z.enum(['monthly', 'yearly']) }),
  SUBSCRIPTION_MONTH: orderParams.extend({ month: z.number().int() }),
  SUBSCRIPTION_LAPSED: noParams,
  ORDER_REFUND: orderParams,
  ORDER_REFUND_REVERSED: orderParams,
  PAYMENT_HELD: orderParams,
  TEXT_TO_IMAGE: noParams,
  IMAGE_EDIT: noParams,
  PHOTO_TOOL: z.object({ toolId: z.string().optional() }),
  IMAGE_UPSCALE: noParams,
  GENERATION_REFUND: noParams,
  SPEND_REFUND: noParams,
  API_CONSUME: z.object({ note: z.string().optional() }),
  LEGACY: z.object({ text: z.string() }),
} satisfies Record<LedgerReason, z.ZodType>;

/** A ledger movement's reason and its parameters, for response schemas (one branch per reason). */
export const ledgerReasonSchema = z.discriminatedUnion(
  'reason',
  LEDGER_REASONS.map((reason) => z.object({ reason: z.literal(reason), reasonParams: reasonParams[reason] })) as unknown as [
    z.ZodObject<{ reason: z.ZodLiteral<LedgerReason>; reasonParams: z.ZodType }>,
  ],
) as unknown as z.ZodType<LedgerEntryReason>;
