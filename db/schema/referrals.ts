import { index, integer, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './_columns';
import { users } from './users';

/** Each user has exactly one referral code, shared as `{origin}/login?ref={code}`. */
export const referralCodes = pgTable(
  'referral_codes',
  {
    code: text('code').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('referral_codes_user_uq').on(t.userId)],
);

export const referralStatus = pgEnum('referral_status', ['pending', 'completed']);

/** One row per invited user: the unique index on `invitedUserId` makes "rewarded once per invitee" structural. */
export const referrals = pgTable(
  'referrals',
  {
    id: text('id').primaryKey(),
    referrerId: text('referrer_id')
      .notNull()
      .references(() => users.id),
    invitedUserId: text('invited_user_id')
      .notNull()
      .references(() => users.id),
    code: text('code').notNull(),
    status: referralStatus('status').notNull().default('pending'),
    registrationReward: integer('registration_reward').notNull().default(0),
    purchaseReward: integer('purchase_reward').notNull().default(0),
    completedAt: tstz('completed_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('referrals_invited_uq').on(t.invitedUserId), index('referrals_referrer_idx').on(t.referrerId, t.createdAt)],
);
