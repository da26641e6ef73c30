/**
 * Response bodies the OpenAPI document describes in full. The contracts keep responses as
 * TypeScript interfaces (worker/contract/*); these zod mirrors are checked against them at compile
 * time (`satisfies`), so the document cannot drift from what the routes return.
 */
import * as z from 'zod';
import type { CreditBalance, CreditTransaction } from '../contract/credits';
import { ledgerReasonSchema, REFERENCE_TYPES, TRANSACTION_TYPES } from '../contract/credits';
import { ERROR_STATUS } from '../contract/errors';

const int = z.number().int();

const balance = z.object({
  available: int.describe('What can be spent now (all buckets)'),
  used: int.describe('Spent over the account’s life, less refunds of spends'),
  total: int.describe('Earned over the account’s life, less refunded purchases'),
  free: int,
  paid: int,
  subscription: int,
  remaining: int,
  totalCredits: int,
});
balance satisfies z.ZodType<CreditBalance>;

export const balanceResponse = balance.extend({ success: z.literal(true) });

const transaction = z
  .object({
    id: z.string(),
    publicId: z.string(),
    type: z.enum(TRANSACTION_TYPES),
    amount: int,
    credits: int,
    balanceAfter: int,
    referenceType: z.enum(REFERENCE_TYPES),
    referenceId: z.string().nullable(),
    createdAt: z.string(),
    transactionTime: z.string(),
  })
  .and(ledgerReasonSchema);
transaction satisfies z.ZodType<CreditTransaction>;

export const transactionsResponse = z.object({
  success: z.literal(true),
  items: z.array(transaction),
  transactions: z.array(transaction),
  page: int,
  size: int,
  total: int,
  totalPages: int,
});

export const consumeResponse = z.object({ success: z.literal(true), transactionId: z.string(), duplicate: z.boolean(), balance });

export const signInResponse = z
  .object({ success: z.literal(true), token: z.string(), user: z.object({ id: z.string(), email: z.string(), name: z.string() }).loose() })
  .loose();

export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['ok', 'unreachable']),
  dbLatencyMs: int.optional(),
  version: z.string().optional(),
  commit: z.string().optional(),
  migrations: z.object({ current: z.boolean(), applied: int, expected: int }).optional(),
});

/** DESIGN.md §3.2: every error body. */
export const errorResponse = z.object({
  success: z.literal(false),
  error: z
    .object({
      code: z.enum(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...(keyof typeof ERROR_STATUS)[]]),
      message: z.string(),
      field: z.string().optional(),
    })
    .loose(),
  requestId: z.string(),
});
