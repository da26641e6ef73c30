import { and, eq, isNull } from 'drizzle-orm';
import { schema } from '@db/client';
import type { VerifyEmailRequest } from '../../contract/auth';
import type { EmailVerificationStatus, SendCodeResponse, VerifyEmailResponse } from '../../contract/responses/auth';
import { ServiceError } from '../../contract/errors';
import type { ServiceContext } from '../context';
import { readSystemConfig } from '../config/system-config';
import { pendingInviterReward } from '../referrals/referrals';
import { checkEmailCode, consumeEmailCode, issueEmailCode, resendWaitSeconds } from './email-codes';
import { accountGone } from './deleted-accounts';
import { issueSessionToken } from './session-tokens';
import { grantVerifiedEmailRewards, toUserProfile } from './users';

/**
 * E-mail verification for password accounts (docs/decisions/008). Registering by password proves
 * nothing about the address, so the account's new-user bonus and its inviter's reward wait until the
 * signed-in owner types a code mailed to it. Same code rules as sign-in codes (services/auth/email-codes).
 */
type Ctx = ServiceContext<'db' | 'config' | 'clock' | 'mailer' | 'limits' | 'log'>;

async function loadUser(ctx: Pick<Ctx, 'db'>, userId: string) {
  const [user] = await ctx.db.select().from(schema.users).where(eq(schema.users.id, userId));
  if (!user || user.deletedAt) throw accountGone();
  return user;
}

const alreadyVerified = () => new ServiceError('CONFLICT', 'emailAlreadyVerified');

/** What the unverified account is waiting for, and when the next code may be sent. */
export async function emailVerificationStatus(ctx: Ctx, userId: string): Promise<EmailVerificationStatus> {
  const user = await loadUser(ctx, userId);
  if (user.emailVerified)
    return { success: true, emailVerified: true, email: user.email, newUserBonus: 0, inviterReward: null, resendAfterSeconds: 0 };
  const [newUserBonus, inviterReward, resendAfterSeconds] = await Promise.all([
    readSystemConfig(ctx.db, 'newUserBonus'),
    pendingInviterReward(ctx.db, user.id),
    resendWaitSeconds(ctx, user.email, 'verify-email'),
  ]);
  return { success: true, emailVerified: false, email: user.email, newUserBonus, inviterReward, resendAfterSeconds };
}

/** Mails a verification code to the signed-in account's own address (never to an address the client names). */
export async function sendEmailVerificationCode(ctx: Ctx, input: { userId: string; ip: string }): Promise<SendCodeResponse> {
  const user = await loadUser(ctx, input.userId);
  if (user.emailVerified) throw alreadyVerified();
  await issueEmailCode(ctx, { email: user.email, ip: input.ip, purpose: 'verify-email' });
  return { success: true, message: `A verification code was sent to ${user.email}.` };
}

/**
 * Marks the e-mail verified and pays the bonus and the invite reward, in one transaction with the
 * code's consumption; the conditional UPDATE on `emailVerified` lets exactly one of two parallel
 * verifications pay. The password stays: whoever typed the code holds both the password session
 * and the mailbox. The answer carries a fresh token, because sessions started before the mailbox
 * was proven (`uev`) end now (takeover defence, docs/decisions/007).
 */
export async function verifyEmail(ctx: Ctx, input: VerifyEmailRequest & { userId: string; ip: string }): Promise<VerifyEmailResponse> {
  const user = await loadUser(ctx, input.userId);
  if (user.emailVerified) throw alreadyVerified();
  const code = await checkEmailCode(ctx, { email: user.email, code: input.verificationCode, ip: input.ip, purpose: 'verify-email' });
  const now = ctx.clock.now();
  const { verified, rewards } = await ctx.db.transaction(async (tx) => {
    await consumeEmailCode(tx, code.id, now);
    const [verified] = await tx
      .update(schema.users)
      .set({ emailVerified: true, updatedAt: now })
      .where(
        and(
          eq(schema.users.id, user.id),
          eq(schema.users.email, user.email),
          eq(schema.users.emailVerified, false),
          isNull(schema.users.deletedAt),
        ),
      )
      .returning();
    if (!verified) throw alreadyVerified();
    return { verified, rewards: await grantVerifiedEmailRewards(tx, verified.id) };
  });
  ctx.log.info('email verified', { userId: verified.id, newUserBonus: rewards.newUserBonus, inviterRewarded: rewards.inviterReward > 0 });
  return {
    success: true,
    token: await issueSessionToken(ctx.config, verified, now),
    user: toUserProfile(verified),
    newUserBonus: rewards.newUserBonus,
    inviterRewarded: rewards.inviterReward > 0,
  };
}
