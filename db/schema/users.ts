import { boolean, index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { EMAIL_CODE_PURPOSES } from '../../worker/contract/email-code-purposes';
import { LOCALES } from '../../worker/contract/locales';
import { createdAt, tstz, updatedAt } from './_columns';

export const userLocale = pgEnum('user_locale', LOCALES);
export const userRole = pgEnum('user_role', ['user', 'admin']);
export const authProvider = pgEnum('auth_provider', ['email', 'google', 'password']);

export { EMAIL_CODE_PURPOSES };
export const emailCodePurpose = pgEnum('email_code_purpose', EMAIL_CODE_PURPOSES);

/** A person with an account. `id` is a prefixed public id (`usr_…`) because it appears in URLs and tokens. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    avatarUrl: text('avatar_url'),
    role: userRole('role').notNull().default('user'),
    /** How the account was first created; shown as `authProvider` in the profile. */
    authProvider: authProvider('auth_provider').notNull(),
    passwordHash: text('password_hash'),
    /**
     * Access tokens issued before this instant are refused (a password reset ends every other session).
     * Null: no reset yet, every unexpired token stands.
     */
    sessionsValidFrom: tstz('sessions_valid_from'),
    /** The language the owner last used the app in: the one their e-mails are written in. */
    locale: userLocale('locale').notNull().default('en'),
    /**
     * Set when the owner deleted the account (docs/decisions/018): the row stays, anonymised, because
     * the ledger, orders and refunds keep pointing at it; its e-mail is freed for a new account.
     */
    deletedAt: tstz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email)],
);

/** One row per way a user can sign in (e-mail code, Google subject, password). Accounts link by verified e-mail. */
export const authIdentities = pgTable(
  'auth_identities',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: authProvider('provider').notNull(),
    /** The provider's stable subject: the e-mail for `email`, Google's `sub` for `google`. */
    subject: text('subject').notNull(),
    createdAt: createdAt(),
    lastUsedAt: tstz('last_used_at'),
  },
  (t) => [uniqueIndex('auth_identities_provider_subject_uq').on(t.provider, t.subject), index('auth_identities_user_idx').on(t.userId)],
);

/**
 * A six-digit sign-in code. Only an HMAC of the code is stored; attempts are bumped *before* a guess
 * is compared so that parallel guesses cannot exceed the limit. `attempts` counts the guesses of the
 * client that asked for the code (`requestIp`); `otherAttempts` those of every other client together,
 * and `otherAttemptsByIp` each other client's share, so another client cannot spend the requester's
 * guesses (services/auth/email-codes.ts, decision 008).
 */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    purpose: emailCodePurpose('purpose').notNull().default('sign-in'),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    otherAttempts: integer('other_attempts').notNull().default(0),
    otherAttemptsByIp: jsonb('other_attempts_by_ip').$type<Record<string, number>>().notNull().default({}),
    expiresAt: tstz('expires_at').notNull(),
    consumedAt: tstz('consumed_at'),
    requestIp: text('request_ip'),
    referralCode: text('referral_code'),
    createdAt: createdAt(),
  },
  (t) => [index('login_codes_email_created_idx').on(t.email, t.createdAt)],
);

/**
 * One Google sign-in in progress (authorization code + PKCE). The row is found by `state`, must be
 * finished by the browser that started it (the HttpOnly cookie's secret hashes to `browserHash`),
 * expires after 10 minutes and is consumed by one conditional UPDATE, so a state, verifier or code
 * can be used once.
 */
export const oauthFlows = pgTable(
  'oauth_flows',
  {
    state: text('state').primaryKey(),
    codeVerifier: text('code_verifier').notNull(),
    browserHash: text('browser_hash').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    referralCode: text('referral_code'),
    expiresAt: tstz('expires_at').notNull(),
    consumedAt: tstz('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_flows_expires_idx').on(t.expiresAt)],
);
