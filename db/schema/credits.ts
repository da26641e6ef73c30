import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { LEDGER_REASONS, type LedgerReasonParams } from '../../worker/contract/ledger-reasons';
import { REFERENCE_TYPES, TRANSACTION_TYPES } from '../../worker/contract/transaction-types';
import { createdAt, updatedAt } from './_columns';
import { users } from './users';

/**
 * The cached balance of one user, split by bucket. It always equals the sum of that user's ledger
 * rows (DESIGN.md §5 invariant 2); CHECK constraints make a negative bucket impossible even if a
 * service has a bug.
 */
export const creditAccounts = pgTable(
  'credit_accounts',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    freeBalance: integer('free_balance').notNull().default(0),
    paidBalance: integer('paid_balance').notNull().default(0),
    subscriptionBalance: integer('subscription_balance').notNull().default(0),
    totalEarned: integer('total_earned').notNull().default(0),
    totalSpent: integer('total_spent').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('credit_accounts_free_nonneg', sql`${t.freeBalance} >= 0`),
    check('credit_accounts_paid_nonneg', sql`${t.paidBalance} >= 0`),
    check('credit_accounts_subscription_nonneg', sql`${t.subscriptionBalance} >= 0`),
  ],
);

export const creditTransactionType = pgEnum('credit_transaction_type', TRANSACTION_TYPES);
export const creditReferenceType = pgEnum('credit_reference_type', REFERENCE_TYPES);
/** Why a movement happened: one list (worker/contract/ledger-reasons.ts) feeds this enum and the web's texts. */
export const creditLedgerReason = pgEnum('credit_ledger_reason', LEDGER_REASONS);
export const creditBucket = pgEnum('credit_bucket', ['free', 'paid', 'subscription']);

/**
 * Append-only: a database trigger (migration 0001) refuses UPDATE and DELETE. One row per bucket
 * touched by a movement; `movementKey` is unique per user so a replayed webhook, job or idempotency key
 * moves credits at most once (DESIGN.md §5 invariant 5).
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: text('id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    type: creditTransactionType('type').notNull(),
    bucket: creditBucket('bucket').notNull(),
    /** Signed: positive grants, negative spends. */
    amount: integer('amount').notNull(),
    /** The user's total balance (all buckets) right after this row. */
    balanceAfter: integer('balance_after').notNull(),
    referenceType: creditReferenceType('reference_type').notNull(),
    referenceId: text('reference_id'),
    /** Why, as a code with typed parameters; the text is rendered where it is read (DESIGN.md §3 item 12). */
    reason: creditLedgerReason('reason').notNull(),
    reasonParams: jsonb('reason_params').$type<LedgerReasonParams[keyof LedgerReasonParams]>().notNull().default({}),
    /** Identifies the movement this row belongs to, with the bucket: `<reason>:<external id>`. */
    movementKey: text('movement_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_ledger_id_uq').on(t.id),
    uniqueIndex('credit_ledger_user_movement_bucket_uq').on(t.userId, t.movementKey, t.bucket),
    index('credit_ledger_user_created_idx').on(t.userId, t.createdAt),
    check('credit_ledger_amount_nonzero', sql`${t.amount} <> 0`),
    check('credit_ledger_balance_nonneg', sql`${t.balanceAfter} >= 0`),
  ],
);

/** Key/value configuration an admin can change at run time (newUserBonus, imageGeneration, …). */
export const systemConfig = pgTable('system_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

export const pricingPackageType = pgEnum('pricing_package_type', ['monthly', 'yearly', 'credits']);

/** A plan or credit pack on the pricing page. Prices are integer cents to keep money exact. */
export const pricingPlans = pgTable(
  'pricing_plans',
  {
    id: text('id').primaryKey(),
    packageType: pricingPackageType('package_type').notNull(),
    name: text('name').notNull(),
    nameZh: text('name_zh').notNull(),
    subtitle: text('subtitle').notNull(),
    subtitleZh: text('subtitle_zh').notNull(),
    priceCents: integer('price_cents').notNull(),
    originalPriceCents: integer('original_price_cents'),
    currency: text('currency').notNull().default('USD'),
    /** Credits granted per purchase (packs) or per billing month (subscriptions). */
    credits: integer('credits').notNull(),
    isRecommended: boolean('is_recommended').notNull().default(false),
    features: jsonb('features').$type<string[]>().notNull(),
    featuresZh: jsonb('features_zh').$type<string[]>().notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [check('pricing_plans_price_nonneg', sql`${t.priceCents} >= 0`), check('pricing_plans_credits_pos', sql`${t.credits} > 0`)],
);
