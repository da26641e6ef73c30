import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { schema } from '@db/client';
import type { ChangePasswordRequest, EmailChangeCodeRequest, EmailChangeConfirm } from '../../contract/account';
import type { AccountOverview, CredentialsChangedResponse, EmailChangeCodeResponse } from '../../contract/responses/account';
import { LOGIN_CODE } from '../../contract/auth';
import { ServiceError } from '../../contract/errors';
import type { Locale } from '../../contract/locales';
import { type Mail, renderMail } from '../../i18n/mail';
import { newId } from '../../lib/ids';
import type { RateLimitRule } from '../../ports';
import type { ServiceContext } from '../context';
import { countAttempt } from './attempt-limits';
import { checkEmailCode, consumeEmailCode, issueEmailCode } from './email-codes';
import { hashPassword, passwordKdf, verifyPassword } from './passwords';
import { accountGone, refuseUnmailableAddress } from './deleted-accounts';
import { issueSessionToken, nextSessionsValidFrom } from './session-tokens';
import { grantVerifiedEmailRewards, toUserProfile } from './users';
import { say } from '../../contract/messages';

/**
 * Change password and change e-mail from the personal center. A session alone cannot do
 * either: the current password is typed again (or, for an account without one, a code mailed to its
 * current address), so a stolen token cannot lock the owner out. Both changes end every other
 * session (a new session version, like a password reset) and are announced to the address that held
 * the account before. The new e-mail is proven by a code mailed to it (services/auth/email-codes).
 */
type Ctx = ServiceContext<'db' | 'config' | 'clock' | 'mailer' | 'limits' | 'log'>;
type UserRow = typeof schema.users.$inferSelect;

/**
 * Guesses of the current password, keyed like password sign-in (PASSWORD_LIMITS): per account and
 * client, per client, and a higher ceiling per account. Someone holding a stolen session can spend
 * their own client's tries, not the owner's: the owner, elsewhere, can still change the password or
 * the e-mail and so end the thief's session.
 */
export const CURRENT_PASSWORD_LIMITS = {
  perAccountAndClient: { limit: 10, windowSeconds: 15 * 60 },
  perClient: { limit: 50, windowSeconds: 15 * 60 },
  perAccount: { limit: 50, windowSeconds: 3600 },
} satisfies Record<string, RateLimitRule>;

async function loadUser(ctx: Pick<Ctx, 'db'>, userId: string): Promise<UserRow> {
  const [user] = await ctx.db.select().from(schema.users).where(eq(schema.users.id, userId));
  if (!user || user.deletedAt) throw accountGone();
  return user;
}

export async function accountOverview(ctx: Pick<Ctx, 'db'>, userId: string): Promise<AccountOverview> {
  const user = await loadUser(ctx, userId);
  const identities = await ctx.db
    .select({ provider: schema.authIdentities.provider })
    .from(schema.authIdentities)
    .where(eq(schema.authIdentities.userId, userId));
  const methods = new Set(identities.map((i) => i.provider));
  // Anyone who proves the mailbox can sign in by code, whatever the account was created with.
  if (user.emailVerified) methods.add('email');
  if (user.passwordHash) methods.add('password');
  return {
    success: true,
    email: user.email,
    emailVerified: user.emailVerified,
    hasPassword: Boolean(user.passwordHash),
    signInMethods: (['email', 'google', 'password'] as const).filter((m) => methods.has(m)),
  };
}

/** Re-checks the current password (counted before the check, so parallel guesses cannot exceed the limits). */
async function checkCurrentPassword(ctx: Ctx, user: UserRow, typed: string | undefined, ip: string) {
  if (!user.passwordHash) {
    throw new ServiceError('CONFLICT', 'noPasswordYet', {
      field: 'currentPassword',
    });
  }
  if (!typed) throw new ServiceError('VALIDATION_FAILED', 'currentPasswordRequired', { field: 'currentPassword' });
  // Per client first, as for sign-in: a client already throttled adds nothing to the account-wide count.
  await countAttempt(ctx, `current-password:ip:${ip}`, CURRENT_PASSWORD_LIMITS.perClient, 'tooManyAttempts');
  await countAttempt(ctx, `current-password:account-ip:${user.id}|${ip}`, CURRENT_PASSWORD_LIMITS.perAccountAndClient, 'tooManyAttempts');
  await countAttempt(ctx, `current-password:account:${user.id}`, CURRENT_PASSWORD_LIMITS.perAccount, 'tooManyAttempts');
  if (!(await verifyPassword(typed, user.passwordHash))) {
    throw new ServiceError('WRONG_PASSWORD', 'currentPasswordWrong', { field: 'currentPassword' });
  }
}

/**
 * Replaces the password after the current one is re-checked; every other session ends. An account
 * without a password sets its first one through the reset code instead (it proves the mailbox).
 */
export async function changePassword(
  ctx: Ctx,
  userId: string,
  input: ChangePasswordRequest & { ip: string },
): Promise<CredentialsChangedResponse> {
  const user = await loadUser(ctx, userId);
  await checkCurrentPassword(ctx, user, input.currentPassword, input.ip);
  if (input.newPassword === input.currentPassword) throw new ServiceError('NO_CHANGES', 'samePassword', { field: 'newPassword' });
  const passwordHash = await hashPassword(input.newPassword, passwordKdf(ctx.config));
  const now = ctx.clock.now();
  // Conditional on the hash just checked: a reset or change racing this one is not overwritten.
  const [updated] = await ctx.db
    .update(schema.users)
    .set({ passwordHash, sessionsValidFrom: nextSessionsValidFrom(now), updatedAt: now })
    .where(and(eq(schema.users.id, user.id), eq(schema.users.passwordHash, user.passwordHash!), isNull(schema.users.deletedAt)))
    .returning();
  if (!updated) throw new ServiceError('CONFLICT', 'passwordChangedMeanwhile', { field: 'currentPassword' });
  ctx.log.info('password changed', { userId: user.id });
  await notify(ctx, updated.email, updated.locale, { kind: 'password-changed', how: 'personal-center' });
  return { success: true, token: await issueSessionToken(ctx.config, updated, now), user: toUserProfile(updated) };
}

async function ensureAddressFree(ctx: Pick<Ctx, 'db'>, user: UserRow, newEmail: string) {
  if (newEmail === user.email) throw new ServiceError('NO_CHANGES', 'sameEmail', { field: 'newEmail' });
  refuseUnmailableAddress(newEmail, 'newEmail');
  const [taken] = await ctx.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(and(eq(schema.users.email, newEmail), ne(schema.users.id, user.id)));
  // The same answer register gives for a used address: it reveals nothing register does not.
  if (taken) throw new ServiceError('CONFLICT', 'emailTaken', { field: 'newEmail' });
}

/**
 * Mails a code to the new address. An account without a password also gets a code at its current
 * address: that code, not the session, is then what proves the owner asked for the move.
 */
export async function sendEmailChangeCode(
  ctx: Ctx,
  userId: string,
  input: EmailChangeCodeRequest & { ip: string },
): Promise<EmailChangeCodeResponse> {
  const user = await loadUser(ctx, userId);
  await ensureAddressFree(ctx, user, input.newEmail);
  const currentEmailCodeSent = !user.passwordHash;
  if (currentEmailCodeSent) await issueEmailCode(ctx, { email: user.email, ip: input.ip, purpose: 'confirm-email-change' });
  await issueEmailCode(ctx, { email: input.newEmail, ip: input.ip, purpose: 'change-email', locale: user.locale });
  return {
    success: true,
    message: currentEmailCodeSent ? `Codes were sent to ${input.newEmail} and to ${user.email}.` : `A code was sent to ${input.newEmail}.`,
    currentEmailCodeSent,
    resendAfterSeconds: LOGIN_CODE.resendWaitSeconds,
  };
}

/**
 * Moves the account to the new address: the new mailbox is proven by its code, the owner by the
 * current password (or the code sent to the current address). One transaction consumes the codes,
 * changes the e-mail (the unique index decides a race for the address), moves the e-mail and password
 * sign-in identities to it and ends every other session. Google stays linked by its own subject.
 */
export async function confirmEmailChange(
  ctx: Ctx,
  userId: string,
  input: EmailChangeConfirm & { ip: string },
): Promise<CredentialsChangedResponse> {
  const user = await loadUser(ctx, userId);
  await ensureAddressFree(ctx, user, input.newEmail);
  let ownerCode: { id: string } | null = null;
  if (user.passwordHash) await checkCurrentPassword(ctx, user, input.currentPassword, input.ip);
  else {
    if (!input.currentEmailCode)
      throw new ServiceError('VALIDATION_FAILED', say('enterCodeSentTo', { email: user.email }), { field: 'currentEmailCode' });
    ownerCode = await checkEmailCode(ctx, {
      email: user.email,
      code: input.currentEmailCode,
      ip: input.ip,
      purpose: 'confirm-email-change',
    }).catch((error: unknown) => {
      throw error instanceof ServiceError ? error.forField('currentEmailCode') : error;
    });
  }
  const newCode = await checkEmailCode(ctx, { email: input.newEmail, code: input.verificationCode, ip: input.ip, purpose: 'change-email' });
  const now = ctx.clock.now();
  const updated = await ctx.db
    .transaction(async (tx) => {
      await consumeEmailCode(tx, newCode.id, now);
      if (ownerCode) await consumeEmailCode(tx, ownerCode.id, now);
      const [changed] = await tx
        .update(schema.users)
        .set({ email: input.newEmail, emailVerified: true, sessionsValidFrom: nextSessionsValidFrom(now), updatedAt: now })
        .where(and(eq(schema.users.id, user.id), eq(schema.users.email, user.email), isNull(schema.users.deletedAt)))
        .returning();
      if (!changed) throw new ServiceError('CONFLICT', 'emailChangedMeanwhile', { field: 'newEmail' });
      const ids = schema.authIdentities;
      await tx.delete(ids).where(and(eq(ids.userId, user.id), inArray(ids.provider, ['email', 'password'])));
      await tx
        .insert(ids)
        .values({ id: newId('aid'), userId: user.id, provider: 'email', subject: input.newEmail, lastUsedAt: now })
        .onConflictDoNothing();
      if (changed.passwordHash)
        await tx
          .insert(ids)
          .values({ id: newId('aid'), userId: user.id, provider: 'password', subject: input.newEmail, lastUsedAt: now })
          .onConflictDoNothing();
      // The new mailbox is proven: an account that never verified its first address gets what it waited for.
      if (!user.emailVerified) await grantVerifiedEmailRewards(tx, user.id);
      return changed;
    })
    .catch((error: unknown) => {
      if (
        (error as { code?: string; cause?: { code?: string } })?.code === '23505' ||
        (error as { cause?: { code?: string } })?.cause?.code === '23505'
      ) {
        throw new ServiceError('CONFLICT', 'emailTaken', { field: 'newEmail' });
      }
      throw error;
    });
  ctx.log.info('email changed', { userId: user.id });
  await notify(ctx, user.email, user.locale, { kind: 'email-changed', newEmail: maskEmail(input.newEmail) });
  return { success: true, token: await issueSessionToken(ctx.config, updated, now), user: toUserProfile(updated) };
}

/** `jane.doe@example.com` → `ja…@example.com`: enough for the owner to recognise, little for anyone else. */
export function maskEmail(address: string) {
  const [local = '', domain = ''] = address.split('@');
  return `${local.slice(0, 2)}…@${domain}`;
}

/**
 * Tells the previous holder of the account's address, so a change they did not make is noticed. The
 * change has happened: a mail API failure is logged, not turned into a failed change.
 */
async function notify(ctx: Ctx, to: string, locale: Locale, mail: Mail) {
  try {
    await ctx.mailer.send({ to, ...renderMail(mail, locale) });
  } catch (error) {
    ctx.log.warn('account change notice not sent', { reason: error instanceof Error ? error.name : 'unknown' });
  }
}
