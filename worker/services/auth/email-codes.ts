import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { schema, type Tx } from '../../../db/client';
import { LOGIN_CODE } from '../../contract/auth';
import { ServiceError } from '../../contract/errors';
import { newId } from '../../lib/ids';
import type { ServiceContext } from '../context';
import { generateLoginCode, hashLoginCode, sameDigest } from './code-hash';

/**
 * Six-digit codes mailed to an address, for both uses of "prove you read this mailbox": signing in by
 * code and verifying a password account's e-mail. One table and one set of rules for both (CSPRNG,
 * HMAC peppered with AUTH_SECRET, 10-minute expiry, attempts counted before comparing, 60 s resend
 * wait, hourly caps per e-mail and per IP), so the second use cannot be weaker than the first.
 * Either code proves the same thing, so only the newest code of an e-mail counts, whatever it was for.
 */
type Ctx = ServiceContext<'db' | 'config' | 'clock' | 'mailer' | 'limits'>;
export type EmailCodePurpose = 'sign-in' | 'verify-email' | 'password-reset' | 'change-email' | 'confirm-email-change' | 'delete-account';
type CodeRow = typeof schema.loginCodes.$inferSelect;

const HOUR = 3600;
/** Guesses per client IP across all e-mails, so one client cannot spray codes over many accounts. */
const VERIFY_PER_IP_HOUR = 60;

async function limit(ctx: Ctx, key: string, max: number, message: string) {
  const result = await ctx.limits.hit(key, { limit: max, windowSeconds: HOUR });
  if (!result.allowed) throw new ServiceError('RATE_LIMITED', message, { retryAfter: result.retryAfterSeconds });
}

/** Seconds until another code may be sent to this e-mail (0 when one may be sent now). */
export async function resendWaitSeconds(ctx: Pick<Ctx, 'db' | 'clock'>, email: string): Promise<number> {
  const [latest] = await ctx.db
    .select({ createdAt: schema.loginCodes.createdAt })
    .from(schema.loginCodes)
    .where(eq(schema.loginCodes.email, email))
    .orderBy(desc(schema.loginCodes.createdAt))
    .limit(1);
  const waited = latest ? (ctx.clock.now().getTime() - latest.createdAt.getTime()) / 1000 : Infinity;
  return waited < LOGIN_CODE.resendWaitSeconds ? Math.ceil(LOGIN_CODE.resendWaitSeconds - waited) : 0;
}

function mailFor(purpose: EmailCodePurpose, code: string) {
  const minutes = LOGIN_CODE.ttlSeconds / 60;
  const big = `<p style="font-size:28px;font-weight:700;letter-spacing:6px">${code}</p>`;
  if (purpose === 'password-reset') {
    return {
      subject: `Your Image Studio password reset code: ${code}`,
      text: `Your password reset code is ${code}. Enter it in Image Studio with your new password; it expires in ${minutes} minutes.\n\nIf you did not ask to reset your password, ignore this e-mail: your password stays as it is.`,
      html: `<p>Your password reset code is</p>${big}<p>Enter it in Image Studio with your new password; it expires in ${minutes} minutes. If you did not ask to reset your password, ignore this e-mail: your password stays as it is.</p>`,
    };
  }
  if (purpose === 'change-email') {
    return {
      subject: `Confirm your new Image Studio e-mail: ${code}`,
      text: `Your code is ${code}. Enter it in Image Studio to make this address your account's e-mail; it expires in ${minutes} minutes.\n\nIf you did not ask for this, ignore this e-mail: nothing changes.`,
      html: `<p>Your code is</p>${big}<p>Enter it in Image Studio to make this address your account's e-mail; it expires in ${minutes} minutes. If you did not ask for this, ignore this e-mail: nothing changes.</p>`,
    };
  }
  if (purpose === 'confirm-email-change') {
    return {
      subject: `Your Image Studio e-mail change code: ${code}`,
      text: `Someone signed in to your Image Studio account asked to move it to another e-mail address. Your code is ${code}; it expires in ${minutes} minutes.\n\nIf this was not you, do not share the code, and sign in to secure your account.`,
      html: `<p>Someone signed in to your Image Studio account asked to move it to another e-mail address. Your code is</p>${big}<p>It expires in ${minutes} minutes. If this was not you, do not share the code, and sign in to secure your account.</p>`,
    };
  }
  if (purpose === 'delete-account') {
    return {
      subject: `Your Image Studio account deletion code: ${code}`,
      text: `Your code is ${code}. Entering it in Image Studio deletes your account and its images for good; it expires in ${minutes} minutes.\n\nIf you did not ask for this, ignore this e-mail: your account stays as it is.`,
      html: `<p>Your code is</p>${big}<p>Entering it in Image Studio deletes your account and its images for good; it expires in ${minutes} minutes. If you did not ask for this, ignore this e-mail: your account stays as it is.</p>`,
    };
  }
  if (purpose === 'verify-email') {
    return {
      subject: `Verify your Image Studio e-mail: ${code}`,
      text: `Your verification code is ${code}. Enter it in Image Studio to verify your e-mail; it expires in ${minutes} minutes.\n\nIf you did not create an Image Studio account, ignore this e-mail.`,
      html: `<p>Your verification code is</p>${big}<p>Enter it in Image Studio to verify your e-mail; it expires in ${minutes} minutes. If you did not create an Image Studio account, ignore this e-mail.</p>`,
    };
  }
  return {
    subject: `Your Image Studio sign-in code: ${code}`,
    text: `Your verification code is ${code}. It expires in ${minutes} minutes.\n\nIf you did not ask for it, ignore this e-mail.`,
    html: `<p>Your verification code is</p>${big}<p>It expires in ${minutes} minutes. If you did not ask for it, ignore this e-mail.</p>`,
  };
}

/** Creates a code for `email` (only its HMAC is stored) and mails it, after the resend wait and the hourly caps. */
export async function issueEmailCode(
  ctx: Ctx,
  input: { email: string; ip: string; purpose: EmailCodePurpose; referralCode?: string | null },
): Promise<void> {
  const retryAfter = await resendWaitSeconds(ctx, input.email);
  if (retryAfter > 0)
    throw new ServiceError('RESEND_TOO_SOON', `Please wait ${retryAfter} seconds before requesting a new code`, { retryAfter });
  // Per IP first: a client flooding new addresses is stopped before it creates a counter per address.
  await limit(ctx, `login-code:ip:${input.ip}`, ctx.config.LOGIN_CODE_MAX_PER_IP_HOUR, 'Too many requests, please try again later');
  await limit(
    ctx,
    `login-code:email:${input.email}`,
    ctx.config.LOGIN_CODE_MAX_PER_EMAIL_HOUR,
    'Too many codes requested for this e-mail, please try again later',
  );

  const now = ctx.clock.now();
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
  await ctx.mailer.send({ to: input.email, ...mailFor(input.purpose, code) });
}

/**
 * Checks a typed code against the newest code of the e-mail and returns that row; the caller then
 * consumes it with {@link consumeEmailCode} in the transaction that acts on it.
 */
export async function checkEmailCode(ctx: Ctx, input: { email: string; code: string; ip: string }): Promise<CodeRow> {
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
    .where(
      and(eq(schema.loginCodes.id, code.id), lt(schema.loginCodes.attempts, LOGIN_CODE.maxAttempts), isNull(schema.loginCodes.consumedAt)),
    )
    .returning({ attempts: schema.loginCodes.attempts });
  if (!counted) {
    throw new ServiceError('CODE_ATTEMPTS_EXCEEDED', 'Too many wrong attempts, please request a new code', { field: 'verificationCode' });
  }

  const expected = await hashLoginCode(ctx.config.AUTH_SECRET, input.email, input.code);
  if (!sameDigest(expected, code.codeHash)) {
    const left = LOGIN_CODE.maxAttempts - counted.attempts;
    throw left > 0
      ? new ServiceError('INVALID_CODE', `Login failed, please check the verification code (${left} attempts left)`, {
          field: 'verificationCode',
        })
      : new ServiceError('CODE_ATTEMPTS_EXCEEDED', 'Too many wrong attempts, please request a new code', { field: 'verificationCode' });
  }
  return code;
}

/** Marks a checked code used, in the caller's transaction: a code acts at most once, even for two parallel requests. */
export async function consumeEmailCode(tx: Tx, codeId: string, now: Date): Promise<void> {
  const [consumed] = await tx
    .update(schema.loginCodes)
    .set({ consumedAt: now })
    .where(and(eq(schema.loginCodes.id, codeId), isNull(schema.loginCodes.consumedAt), gt(schema.loginCodes.expiresAt, now)))
    .returning({ id: schema.loginCodes.id });
  if (!consumed)
    throw new ServiceError('CODE_EXPIRED', 'The verification code has already been used, please request a new one', {
      field: 'verificationCode',
    });
}
