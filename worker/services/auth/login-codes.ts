import type { SendCodeRequest, VerifyCodeRequest } from '../../contract/auth';
import type { AuthResponse, SendCodeResponse } from '../../contract/responses/auth';
import type { Locale } from '../../contract/locales';
import type { ServiceContext } from '../context';
import { applyRegistrationReferral } from '../referrals/referrals';
import { checkEmailCode, consumeEmailCode, issueEmailCode } from './email-codes';
import { issueSessionToken } from './session-tokens';
import { findOrCreateVerifiedUser, toUserProfile } from './users';

type Ctx = ServiceContext<'db' | 'config' | 'clock' | 'mailer' | 'limits' | 'log'>;

/** The same answer whether or not the e-mail has an account, so the form cannot be used to probe for users. */
const SENT: SendCodeResponse = { success: true, message: 'If the address can receive mail, a verification code is on its way.' };

/** `locale`: the page's language, used when the address has no account yet (see mailLocaleFor). */
export async function sendLoginCode(ctx: Ctx, input: SendCodeRequest & { ip: string; locale?: Locale }): Promise<SendCodeResponse> {
  await issueEmailCode(ctx, {
    email: input.email,
    ip: input.ip,
    purpose: 'sign-in',
    locale: input.locale,
    referralCode: input.referralCode,
  });
  return SENT;
}

/** `locale`: the page's language, kept on the account as the language of its e-mails. */
export async function verifyLoginCode(ctx: Ctx, input: VerifyCodeRequest & { ip: string; locale?: Locale }): Promise<AuthResponse> {
  const code = await checkEmailCode(ctx, { email: input.email, code: input.verificationCode, ip: input.ip, purpose: 'sign-in' });
  const now = ctx.clock.now();
  const { user, isReferralLogin } = await ctx.db.transaction(async (tx) => {
    // Consuming and signing in are one transaction: a code is used at most once, even by two parallel requests.
    await consumeEmailCode(tx, code.id, now);
    const { user, created } = await findOrCreateVerifiedUser(tx, {
      email: input.email,
      provider: 'email',
      subject: input.email,
      locale: input.locale,
    });
    // The code may arrive with the verify call or have been stored when the code was sent (?ref= link).
    const isReferralLogin =
      created && (await applyRegistrationReferral(tx, { invitedUserId: user.id, code: input.referralCode || code.referralCode, now }));
    return { user, isReferralLogin };
  });

  return {
    token: await issueSessionToken(ctx.config, user, now),
    user: toUserProfile(user),
    isReferralLogin,
  };
}
