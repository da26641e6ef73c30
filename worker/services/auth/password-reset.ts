import { and, eq, isNull } from 'drizzle-orm';
import { schema } from '@db/client';
import { LOGIN_CODE, type PasswordResetConfirm } from '../../contract/auth';
import type { PasswordResetRequestResponse, SignInResponse } from '../../contract/responses/auth';
import { ServiceError } from '../../contract/errors';
import type { Locale } from '../../contract/locales';
import { renderMail } from '../../i18n/mail';
import { newId } from '../../lib/ids';
import type { RateLimitRule } from '../../ports';
import type { ServiceContext } from '../context';
import { countAttempt } from './attempt-limits';
import { checkEmailCode, consumeEmailCode, issueEmailCode } from './email-codes';
import { hashPassword, passwordKdf } from './passwords';
import { isUnmailableAddress } from './deleted-accounts';
import { issueSessionToken, nextSessionsValidFrom } from './session-tokens';
import { grantVerifiedEmailRewards, toUserProfile } from './users';

/**
 * "Forgot password?": a six-digit code mailed to the account's address, then the code with
 * a new password. The code is an ordinary e-mail code (services/auth/email-codes: CSPRNG, HMAC with
 * AUTH_SECRET, 10-minute expiry, 5 attempts counted before comparing), so a reset cannot be weaker
 * than signing in by code, which proves the same mailbox.
 */
type Ctx = ServiceContext<'db' | 'config' | 'clock' | 'mailer' | 'limits' | 'log'>;

/**
 * Counted for every address, known or not, so hitting a cap says nothing about whether an account
 * exists. Per IP first: one client cannot open a counter per address it sprays.
 */
export const PASSWORD_RESET_LIMITS = {
  requestPerIp: { limit: 20, windowSeconds: 3600 },
  requestPerEmail: { limit: 5, windowSeconds: 3600 },
} satisfies Record<string, RateLimitRule>;

/** One answer for every address: the form cannot be used to learn which addresses have accounts. */
const SENT: PasswordResetRequestResponse = {
  success: true,
  message: 'If an account uses this address, a password reset code is on its way.',
  resendAfterSeconds: LOGIN_CODE.resendWaitSeconds,
};

/**
 * Every address takes the same path, with or without an account: the same limits, the same resend
 * wait, a stored code that counts guesses the same way, the same answer. Only an account's address is
 * mailed (we never write to strangers), and that mail is sent after the answer (`later`: the Worker's
 * waitUntil), so neither the answer nor its timing says whether an account exists. The address of a
 * deleted account (and any other `.invalid` one) is never mailed and never matches an account.
 */
export async function requestPasswordReset(
  ctx: Ctx,
  input: { email: string; ip: string; locale?: Locale; later?: (work: Promise<unknown>) => void },
): Promise<PasswordResetRequestResponse> {
  await countAttempt(ctx, `password-reset:ip:${input.ip}`, PASSWORD_RESET_LIMITS.requestPerIp, 'tooManyPasswordResets');
  await countAttempt(ctx, `password-reset:email:${input.email}`, PASSWORD_RESET_LIMITS.requestPerEmail, 'tooManyPasswordResets');
  const user = isUnmailableAddress(input.email) ? undefined : await activeUserByEmail(ctx, input.email);
  const later = input.later ?? ((work: Promise<unknown>) => void work);
  const unsent = (error: unknown) =>
    ctx.log.warn('password reset code not mailed', { userId: user?.id, reason: error instanceof Error ? error.name : 'unknown' });
  try {
    await issueEmailCode(ctx, {
      email: input.email,
      ip: input.ip,
      purpose: 'password-reset',
      locale: input.locale,
      mail: user ? { later: (sending) => later(sending.catch(unsent)) } : false,
      firstPassword: user ? user.passwordHash === null : false,
    });
  } catch (error) {
    // The resend wait and the caps apply to every address alike, but telling the client about them
    // would still say a code was recently asked for. The code already issued stays valid.
    if (!(error instanceof ServiceError)) throw error;
    ctx.log.info('password reset code not sent', { userId: user?.id ?? null, reason: error.code });
  }
  return SENT;
}

async function activeUserByEmail(ctx: Pick<Ctx, 'db'>, email: string) {
  const [user] = await ctx.db
    .select({ id: schema.users.id, passwordHash: schema.users.passwordHash })
    .from(schema.users)
    .where(and(eq(schema.users.email, email), isNull(schema.users.deletedAt)));
  return user;
}

/**
 * Checks the code (attempt counted before comparing), then in one transaction consumes it and
 * replaces the password. Moving `sessionsValidFrom` (strictly forward) makes the auth middleware
 * refuse every token issued before, so whoever held the old password loses their sessions; the answer
 * carries a token of the new session version. The mailbox is proven now, so an unverified account
 * becomes verified and receives what it was waiting for (docs/decisions/008); an account without a
 * password (code or Google) gains one, as proving the mailbox already lets its holder sign in by code.
 */
export async function confirmPasswordReset(ctx: Ctx, input: PasswordResetConfirm & { ip: string }): Promise<SignInResponse> {
  const code = await checkEmailCode(ctx, { email: input.email, code: input.verificationCode, ip: input.ip, purpose: 'password-reset' });
  // Hashing (~0.1 s of CPU) happens before the transaction, so no row lock is held while it runs.
  const passwordHash = await hashPassword(input.password, passwordKdf(ctx.config));
  const now = ctx.clock.now();
  const user = await ctx.db.transaction(async (tx) => {
    await consumeEmailCode(tx, code.id, now);
    const [current] = await tx
      .select()
      .from(schema.users)
      .where(and(eq(schema.users.email, input.email), isNull(schema.users.deletedAt)))
      .for('update');
    // Codes are only mailed to accounts' addresses: without one (deleted meanwhile), nothing to reset.
    if (!current) throw new ServiceError('CODE_EXPIRED', 'codeExpired', { field: 'verificationCode' });
    const [updated] = await tx
      .update(schema.users)
      .set({ passwordHash, emailVerified: true, sessionsValidFrom: nextSessionsValidFrom(now), updatedAt: now })
      .where(eq(schema.users.id, current.id))
      .returning();
    await tx
      .insert(schema.authIdentities)
      .values({ id: newId('aid'), userId: current.id, provider: 'password', subject: input.email, lastUsedAt: now })
      .onConflictDoUpdate({ target: [schema.authIdentities.provider, schema.authIdentities.subject], set: { lastUsedAt: now } });
    if (!current.emailVerified) await grantVerifiedEmailRewards(tx, current.id);
    return { ...updated!, first: current.passwordHash === null };
  });
  ctx.log.info('password reset', { userId: user.id, first: user.first });
  await announce(ctx, user.email, user.locale, user.first);
  return { success: true, token: await issueSessionToken(ctx.config, user, now), user: toUserProfile(user), isReferralLogin: false };
}

/**
 * Tells the owner, so a reset they did not make is noticed. The password is already replaced: a mail
 * API failure is logged, not turned into a failed reset the user would retry with a used code.
 */
async function announce(ctx: Ctx, email: string, locale: Locale, first: boolean) {
  try {
    await ctx.mailer.send({ to: email, ...renderMail({ kind: 'password-changed', how: first ? 'first-password' : 'reset' }, locale) });
  } catch (error) {
    ctx.log.warn('password change notice not sent', { reason: error instanceof Error ? error.name : 'unknown' });
  }
}
