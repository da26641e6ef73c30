import { and, eq, isNull } from 'drizzle-orm';
import { schema } from '@db/client';
import type { LoginRequest, RegisterRequest } from '../../contract/auth';
import type { SignInResponse } from '../../contract/responses/auth';
import { ServiceError } from '../../contract/errors';
import type { Locale } from '../../contract/locales';
import type { RateLimitRule } from '../../ports';
import type { ServiceContext } from '../context';
import { applyRegistrationReferral } from '../referrals/referrals';
import { countAttempt } from './attempt-limits';
import { issueEmailCode } from './email-codes';
import { dummyPasswordHash, hashPassword, needsRehash, passwordKdf, verifyPassword } from './passwords';
import { issueSessionToken } from './session-tokens';
import { createPasswordUser, toUserProfile } from './users';

type Ctx = ServiceContext<'db' | 'config' | 'clock' | 'limits' | 'log' | 'mailer'>;

/**
 * Attempt limits. They throttle the guesser, not the owner: one client gets 10
 * tries per account and 50 over all accounts (password spraying) per 15 minutes, so wrong passwords
 * typed from one place never lock the owner out elsewhere. Only guessing spread over many clients
 * (5+ at their full rate) pauses password sign-in for the account itself, capping distributed
 * guessing at 50/hour; the owner is then told to sign in by e-mail code, which the pause does not
 * touch. Registration per IP caps bulk account creation.
 */
export const PASSWORD_LIMITS = {
  loginPerAccountAndIp: { limit: 10, windowSeconds: 15 * 60 },
  loginPerIp: { limit: 50, windowSeconds: 15 * 60 },
  loginPerAccount: { limit: 50, windowSeconds: 3600 },
  registerPerIp: { limit: 10, windowSeconds: 3600 },
} satisfies Record<string, RateLimitRule>;

/** `locale`: the page's language, kept on the account as the language of its e-mails. */
export async function registerWithPassword(ctx: Ctx, input: RegisterRequest & { ip: string; locale?: Locale }): Promise<SignInResponse> {
  await countAttempt(ctx, `register:ip:${input.ip}`, PASSWORD_LIMITS.registerPerIp, 'tooManyAccountsFromNetwork');
  // Hashing (~0.1 s of CPU) happens before the transaction, so no row lock is held while it runs.
  const passwordHash = await hashPassword(input.password, passwordKdf(ctx.config));
  const now = ctx.clock.now();
  const { user, isReferralLogin } = await ctx.db.transaction(async (tx) => {
    const user = await createPasswordUser(tx, { email: input.email, name: input.name, passwordHash, locale: input.locale });
    const isReferralLogin = await applyRegistrationReferral(tx, { invitedUserId: user.id, code: input.referralCode, now });
    return { user, isReferralLogin };
  });
  await mailFirstVerificationCode(ctx, user.email, input.ip);
  return {
    success: true,
    token: await issueSessionToken(ctx.config, user, now, { unverifiedEmail: !user.emailVerified }),
    user: toUserProfile(user),
    isReferralLogin,
  };
}

/**
 * The first verification code goes out with the registration, so the account can collect its bonus
 * at once. The account exists either way: a refused or failed send (caps, mail API down) is left to
 * the verification banner's Resend, not turned into a failed registration.
 */
async function mailFirstVerificationCode(ctx: Ctx, email: string, ip: string) {
  try {
    await issueEmailCode(ctx, { email, ip, purpose: 'verify-email' });
  } catch (error) {
    if (error instanceof ServiceError) return;
    ctx.log.warn('verification e-mail not sent at registration', { reason: error instanceof Error ? error.name : 'unknown' });
  }
}

const INVALID = () => new ServiceError('INVALID_CREDENTIALS', 'invalidCredentials');

/**
 * One answer for an unknown e-mail, an account without a password and a wrong password; each costs
 * one scrypt run (against a dummy hash when there is nothing to check), so timing does not tell them
 * apart either. Attempts are counted before the check, so parallel guesses cannot exceed the limits.
 */
export async function loginWithPassword(ctx: Ctx, input: LoginRequest & { ip: string; locale?: Locale }): Promise<SignInResponse> {
  // Per-client checks first: a client already throttled adds nothing to the account-wide count, so one
  // client alone can never pause the account for its owner.
  await countAttempt(ctx, `login:ip:${input.ip}`, PASSWORD_LIMITS.loginPerIp, 'tooManySignInAttempts');
  await countAttempt(ctx, `login:account-ip:${input.email}|${input.ip}`, PASSWORD_LIMITS.loginPerAccountAndIp, 'tooManySignInAttempts');
  await countAttempt(
    ctx,
    `login:account:${input.email}`,
    PASSWORD_LIMITS.loginPerAccount,
    'passwordSignInPaused',
    'PASSWORD_SIGN_IN_PAUSED',
  );

  // The row read here is the one the token's session version comes from: a password change that
  // commits after this read ends the session this sign-in is about to start.
  const [user] = await ctx.db
    .select()
    .from(schema.users)
    .where(and(eq(schema.users.email, input.email), isNull(schema.users.deletedAt)));
  const stored = user?.passwordHash ?? null;
  const kdf = passwordKdf(ctx.config);
  const matches = await verifyPassword(input.password, stored ?? dummyPasswordHash(kdf));
  if (!user || !stored || !matches) throw INVALID();

  if (needsRehash(stored, kdf)) {
    // Conditional on the old hash, so it cannot bring back a password the takeover defence just removed.
    const rehashed = await hashPassword(input.password, kdf);
    await ctx.db
      .update(schema.users)
      .set({ passwordHash: rehashed })
      .where(and(eq(schema.users.id, user.id), eq(schema.users.passwordHash, stored)));
  }
  // The page's language at sign-in is the account's language from now on (its e-mails are in it).
  if (input.locale && user.locale !== input.locale)
    await ctx.db.update(schema.users).set({ locale: input.locale }).where(eq(schema.users.id, user.id));
  const now = ctx.clock.now();
  return {
    success: true,
    token: await issueSessionToken(ctx.config, user, now, { unverifiedEmail: !user.emailVerified }),
    user: toUserProfile(user),
    isReferralLogin: false,
  };
}
