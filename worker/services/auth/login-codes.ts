import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { schema } from '../../../db/client';
import { LOGIN_CODE, type AuthResponse, type SendCodeRequest, type SendCodeResponse, type VerifyCodeRequest } from '../../contract/auth';
import { ServiceError } from '../../contract/errors';
import { newId } from '../../lib/ids';
import type { AppDeps } from '../../ports';
import { applyRegistrationReferral } from '../referrals/referrals';
import { generateLoginCode, hashLoginCode, sameDigest } from './code-hash';
import { issueAccessToken } from './tokens';
import { findOrCreateVerifiedUser, toUserProfile } from './users';

type Ctx = Pick<AppDeps, 'db' | 'config' | 'clock' | 'mailer' | 'limits' | 'log'>;

const HOUR = 3600;
/** Guesses per client IP across all e-mails, so one client cannot spray codes over many accounts. */
const VERIFY_PER_IP_HOUR = 60;

/** The same answer whether or not the e-mail has an account, so the form cannot be used to probe for users. */
const SENT: SendCodeResponse = { success: true, message: 'If the address can receive mail, a verification code is on its way.' };

async function limit(ctx: Ctx, key: string, max: number, message: string) {
  const result = await ctx.limits.hit(key, { limit: max, windowSeconds: HOUR });
  if (!result.allowed) throw new ServiceError('RATE_LIMITED', message, { retryAfter: result.retryAfterSeconds });
}

export async function sendLoginCode(ctx: Ctx, input: SendCodeRequest & { ip: string }): Promise<SendCodeResponse> {
  const now = ctx.clock.now();
  const [latest] = await ctx.db
    .select({ createdAt: schema.loginCodes.createdAt })
    .from(schema.loginCodes)
    .where(eq(schema.loginCodes.email, input.email))
    .orderBy(desc(schema.loginCodes.createdAt))
    .limit(1);
  const waited = latest ? (now.getTime() - latest.createdAt.getTime()) / 1000 : Infinity;
  if (waited < LOGIN_CODE.resendWaitSeconds) {
    const retryAfter = Math.ceil(LOGIN_CODE.resendWaitSeconds - waited);
    throw new ServiceError('RESEND_TOO_SOON', `Please wait ${retryAfter} seconds before requesting a new code`, { retryAfter });
  }
  await limit(ctx, `login-code:email:${input.email}`, ctx.config.LOGIN_CODE_MAX_PER_EMAIL_HOUR, 'Too many codes requested for this e-mail, please try again later');
  await limit(ctx, `login-code:ip:${input.ip}`, ctx.config.LOGIN_CODE_MAX_PER_IP_HOUR, 'Too many requests, please try again later');

  const code = generateLoginCode();
  await ctx.db.insert(schema.loginCodes).values({
    id: newId('lc'),
    email: input.email,
    codeHash: await hashLoginCode(ctx.config.AUTH_SECRET, input.email, code),
    expiresAt: new Date(now.getTime() + LOGIN_CODE.ttlSeconds * 1000),
    requestIp: input.ip,
    referralCode: input.referralCode || null,
    createdAt: now,
  });
  const minutes = LOGIN_CODE.ttlSeconds / 60;
  await ctx.mailer.send({
    to: input.email,
    subject: `Your Image Studio sign-in code: ${code}`,
    text: `Your verification code is ${code}. It expires in ${minutes} minutes.\n\nIf you did not ask for it, ignore this e-mail.`,
    html: `<p>Your verification code is</p><p style="font-size:28px;font-weight:700;letter-spacing:6px">${code}</p><p>It expires in ${minutes} minutes. If you did not ask for it, ignore this e-mail.</p>`,
  });
  return SENT;
}

export async function verifyLoginCode(ctx: Ctx, input: VerifyCodeRequest & { ip: string }): Promise<AuthResponse> {
  await limit(ctx, `login-verify:ip:${input.ip}`, VERIFY_PER_IP_HOUR, 'Too many attempts, please try again later');
  const now = ctx.clock.now();
  // Only the newest code of an e-mail counts: asking for a new code retires the older ones.
  const [code] = await ctx.db
    .select()
    .from(schema.loginCodes)
    .where(eq(schema.loginCodes.email, input.email))
    .orderBy(desc(schema.loginCodes.createdAt))
    .limit(1);
  if (!code || code.consumedAt || code.expiresAt <= now) {
    throw new ServiceError('CODE_EXPIRED', 'The verification code has expired, please request a new one', { field: 'verificationCode' });
  }

  // Count the attempt before comparing, in one conditional UPDATE: parallel guesses cannot exceed the limit.
  const [counted] = await ctx.db
    .update(schema.loginCodes)
    .set({ attempts: sql`${schema.loginCodes.attempts} + 1` })
    .where(and(eq(schema.loginCodes.id, code.id), lt(schema.loginCodes.attempts, LOGIN_CODE.maxAttempts), isNull(schema.loginCodes.consumedAt)))
    .returning({ attempts: schema.loginCodes.attempts });
  if (!counted) {
    throw new ServiceError('CODE_ATTEMPTS_EXCEEDED', 'Too many wrong attempts, please request a new code', { field: 'verificationCode' });
  }

  const expected = await hashLoginCode(ctx.config.AUTH_SECRET, input.email, input.verificationCode);
  if (!sameDigest(expected, code.codeHash)) {
    const left = LOGIN_CODE.maxAttempts - counted.attempts;
    throw left > 0
      ? new ServiceError('INVALID_CODE', `Login failed, please check the verification code (${left} attempts left)`, { field: 'verificationCode' })
      : new ServiceError('CODE_ATTEMPTS_EXCEEDED', 'Too many wrong attempts, please request a new code', { field: 'verificationCode' });
  }

  const { user, isReferralLogin } = await ctx.db.transaction(async (tx) => {
    // Consuming and signing in are one transaction: a code is used at most once, even by two parallel requests.
    const [consumed] = await tx
      .update(schema.loginCodes)
      .set({ consumedAt: now })
      .where(and(eq(schema.loginCodes.id, code.id), isNull(schema.loginCodes.consumedAt), gt(schema.loginCodes.expiresAt, now)))
      .returning({ id: schema.loginCodes.id });
    if (!consumed) throw new ServiceError('CODE_EXPIRED', 'The verification code has already been used, please request a new one', { field: 'verificationCode' });
    const { user, created } = await findOrCreateVerifiedUser(tx, { email: input.email, provider: 'email', subject: input.email });
    // The code may arrive with the verify call or have been stored when the code was sent (?ref= link).
    const isReferralLogin = created && (await applyRegistrationReferral(tx, { invitedUserId: user.id, code: input.referralCode || code.referralCode, now }));
    return { user, isReferralLogin };
  });

  return {
    token: await issueAccessToken(ctx.config, user.id, now),
    user: toUserProfile(user),
    isReferralLogin,
  };
}
