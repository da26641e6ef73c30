/** Success bodies of `/api/credits/*` (spec §3 Credit balance / Transaction, §7 Credits) and the pricing items. */
import * as z from 'zod';
import { ledgerReasonSchema, REFERENCE_TYPES, TRANSACTION_TYPES } from '../credits';
import { ORDER_STATUSES } from '../payments';
import { pageOf } from './common';

const int = z.number().int();

const balanceFields = {
  available: int.describe('What can be spent now (all buckets)'),
  used: int.describe('Spent over the account’s life, less refunds of spends'),
  total: int.describe('Earned over the account’s life, less refunded purchases'),
  free: int,
  paid: int,
  subscription: int,
  remaining: int,
  totalCredits: int,
};
export const creditBalance = z.object(balanceFields).meta({ id: 'CreditBalance' });
export type CreditBalance = z.infer<typeof creditBalance>;

export const balanceBody = z.object({ success: z.literal(true), ...balanceFields }).meta({ id: 'CreditBalanceResponse' });

export const creditTransaction = z
  .object({
    id: z.string(),
    publicId: z.string(),
    type: z.enum(TRANSACTION_TYPES),
    amount: int.describe('Signed: negative for a spend'),
    credits: int.describe('Balance after this movement (spec name)'),
    balanceAfter: int,
    referenceType: z.enum(REFERENCE_TYPES),
    referenceId: z.string().nullable(),
    createdAt: z.string(),
    transactionTime: z.string(),
  })
  .and(ledgerReasonSchema)
  .meta({ id: 'CreditTransaction' });
/**
 * One movement of the credit history. Why it happened is `reason` + `reasonParams`
 * (worker/contract/ledger-reasons.ts), said in the reader's language by the SPA.
 */
export type CreditTransaction = z.infer<typeof creditTransaction>;

export const transactionsBody = pageOf(creditTransaction, 'CreditTransactions');

const purchase = z
  .object({
    id: z.string(),
    orderNumber: z.string(),
    packageName: z.string(),
    amount: z.number().describe('In currency units (dollars)'),
    currency: z.string(),
    credits: int,
    creditsAdded: int,
    status: z.enum(ORDER_STATUSES),
    createdAt: z.string(),
    completedAt: z.string().nullable(),
  })
  .meta({ id: 'CreditPurchase' });

export const purchasesBody = pageOf(purchase, 'CreditPurchases');

export const consumeBody = z
  .object({
    success: z.literal(true),
    transactionId: z.string(),
    duplicate: z.boolean().describe('True when this referenceType + referenceId was already spent: nothing moved'),
    balance: creditBalance,
  })
  .meta({ id: 'CreditsConsumed' });

export const dailyUsageBody = z
  .object({
    success: z.literal(true),
    startDate: z.string(),
    endDate: z.string(),
    days: z.array(z.object({ date: z.string().describe('YYYY-MM-DD (UTC)'), spent: int, earned: int })),
  })
  .meta({ id: 'DailyUsage' });

export const pricingItem = z
  .object({
    id: z.string(),
    packageType: z.enum(['monthly', 'yearly', 'credits']),
    name: z.string(),
    subtitle: z.string(),
    price: z.number().describe('In currency units (dollars)'),
    originalPrice: z.number().nullable(),
    currency: z.string(),
    credits: int,
    isRecommended: z.boolean(),
    features: z.array(z.string()),
  })
  .meta({ id: 'PricingItem' });
/** A pricing item with spec §3 field names, in the caller's language. Money is in dollars for display. */
export type PricingItem = z.infer<typeof pricingItem>;

export const packagesBody = z.object({ success: z.literal(true), packages: z.array(pricingItem) }).meta({ id: 'CreditPackages' });
