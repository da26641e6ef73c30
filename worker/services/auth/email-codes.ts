import type { EmailCodePurpose } from '../../contract/email-code-purposes';
import { and, desc, eq, gt, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { schema, type Tx } from '@db/client';
import { LOGIN_CODE } from '../../contract/auth';
import { ServiceError } from '../../contract/errors';
import { DEFAULT_LOCALE, type Locale } from '../../contract/locales';
import { renderMail } from '../../i18n/mail';
import { newId } from '../../lib/ids';
import type { ServiceContext } from '../context';
import { countAttempt } from './attempt-limits';
import { generateLoginCode, hashLoginCode, sameDigest } from './code-hash';
import { refuseUnmailableAddress } from './deleted-accounts';
import { say } from '../../contract/messages';

/**
 * Six-digit codes mailed to an address, for every use of "prove you read this mailbox": signing in by
 * code, verifying a password account's e-mail, resetting the password, changing the e-mail and
 * deleting the account. One table and one set of rules for all (CSPRNG, HMAC peppered with
 * AUTH_SECRET, 10-minute expiry, attempts counted before comparing, 60 s resend wait per purpose, hourly caps), so
 * no use can be weaker than another. A code only works for the purpose its mail named: someone asked
 * to read out "the code we just sent" for a verification cannot hand over a deletion.
 *
 * The limits are per client (worker/http/client-ip.ts) wherever a shared counter would let another
 * client lock the owner out (decision 008): the resend wait and the hourly cap are per e-mail and
 * client, under a higher ceiling per e-mail against mail-bombing; a code answers the client that
 * asked for it (its newest code) and the newest code mailed to the address, and the guesses on a code
 * are counted per client, with the other clients sharing one small budget.
 */
type Ctx = ServiceContext<'db' | 'config' | 'clock' | 'mailer' | 'limits'>;
type CodeRow = typeof schema.loginCodes.$inferSelect;

const HOUR = 3600;
/** Guesses per client IP across all e-mails, so one client cannot spray codes over many accounts. */
const VERIFY_PER_IP_HOUR = 60;

export const EMAIL_CODE_LIMITS = {
  /**
   * Codes mailed to one address per hour, all clients together: the mail-bombing ceiling. One client
   * may ask LOGIN_CODE_MAX_PER_EMAIL_HOUR (6) times; this is higher, so a client that spends its own
   * cap leaves the owner room (it takes four clients to fill it), and a victim gets at most 20 mails an hour.
   */
  sendsPerEmailHour: 20,
  /**
   * Guesses on one code by all clients other than the one that asked for it, together (5 each, as the
   * asker). The asker's 5 stay its own, so a code takes at most 5 + 10 guesses: odds 15 in a million.
   */
  otherClientsAttempts: 10,
} as const;

const perHour = (limit: number) => ({ limit, windowSeconds: HOUR });

/**
 * Seconds until `ip` may have another code for `purpose` sent to this e-mail (0 when one may be sent
 * now). The wait is per client, so another client's request never holds back the owner's, and per
 * purpose, so the sign-in code just used does not hold back the deletion code asked for next (the
 * hourly caps, shared by every purpose, still bound the mails). Without `ip` (a status hint for the
 * screen), it is the wait after the newest code for `purpose` sent by anyone.
 */
export async function resendWaitSeconds(
  ctx: Pick<Ctx, 'db' | 'clock'>,
  email: string,
  purpose: EmailCodePurpose,
  ip?: string,
): Promise<number> {
  const t = schema.loginCodes;
  const same = and(eq(t.email, email), eq(t.purpose, purpose));
  const [latest] = await ctx.db
    .select({ createdAt: t.createdAt })
    .from(t)
    .where(ip === undefined ? same : and(same, eq(t.requestIp, ip)))
    .orderBy(desc(t.createdAt))
    .limit(1);
  const waited = latest ? (ctx.clock.now().getTime() - latest.createdAt.getTime()) / 1000 : Infinity;
  return waited < LOGIN_CODE.resendWaitSeconds ? Math.ceil(LOGIN_CODE.resendWaitSeconds - waited) : 0;
}

/**
 * The language a mail to `email` is written in: the account's, when the address has one (the
 * recipient's language, kept from the pages they use); else the language of the request that asked
 * for it (`fallback`), e.g. a first sign-in or a new address being confirmed.
 */
export async function mailLocaleFor(db: Pick<Tx, 'select'>, email: string, fallback: Locale): Promise<Locale> {
  const [account] = await db
    .select({ locale: schema.users.locale })
    .from(schema.users)
    .where(and(eq(schema.users.email, email), isNull(schema.users.deletedAt)))
    .limit(1);
  return account?.locale ?? fallback;
}

/**
 * Creates a code for `email` and `purpose` (only its HMAC is stored) and mails it, after the resend
 * wait and the hourly caps: per client, per e-mail and client, then per e-mail (all clients).
 *
 * `mail: false` takes the same path (waits, caps, a stored code that then counts guesses like any
 * other) without sending anything, and stores a hash no code matches: a password reset for an address
 * without an account looks, to its requester, exactly like one for an account. `mail: 'later'` hands
 * the sending to `later` instead of waiting for the mail API, so the reply does not take longer
 * because a mail went out.
 */
export async function issueEmailCode(
  ctx: Ctx,
  input: {
    email: string;
    ip: string;
    purpose: EmailCodePurpose;
    /** The requesting page's language, for an address without an account (see mailLocaleFor). */
    locale?: Locale;
    referralCode?: string | null;
    mail?: true | false | { later: (sending: Promise<unknown>) => void };
    /** A password-reset code for an account without a password: the mail says it sets a first one. */
    firstPassword?: boolean;
  },
): Promise<void> {
  refuseUnmailableAddress(input.email);
  const retryAfter = await resendWaitSeconds(ctx, input.email, input.purpose, input.ip);
  if (retryAfter > 0) throw new ServiceError('RESEND_TOO_SOON', say('resendTooSoon', { seconds: retryAfter }), { retryAfter });
  // Per IP first: a client flooding new addresses is stopped before it creates a counter per address.
  await countAttempt(ctx, `login-code:ip:${input.ip}`, perHour(ctx.config.LOGIN_CODE_MAX_PER_IP_HOUR), 'tooManyRequests');
  // Then this client's own cap for the address, before the address-wide ceiling: a client refused at
  // its cap no longer counts against the ceiling the owner needs.
  const tooMany = 'tooManyCodesForEmail';
  await countAttempt(ctx, `login-code:email-ip:${input.email}:${input.ip}`, perHour(ctx.config.LOGIN_CODE_MAX_PER_EMAIL_HOUR), tooMany);
  await countAttempt(ctx, `login-code:email:${input.email}`, perHour(EMAIL_CODE_LIMITS.sendsPerEmailHour), tooMany);

  const now = ctx.clock.now();
  const code = generateLoginCode();
  const codeHash = await hashLoginCode(ctx.config.AUTH_SECRET, input.email, code);
  await ctx.db.insert(schema.loginCodes).values({
    id: newId('lc'),
    email: input.email,
    purpose: input.purpose,
    // Not a hex digest, so no typed code ever matches it (see sameDigest).
    codeHash: input.mail === false ? `unsent:${codeHash}` : codeHash,
    expiresAt: new Date(now.getTime() + LOGIN_CODE.ttlSeconds * 1000),
    requestIp: input.ip,
    referralCode: input.referralCode || null,
    createdAt: now,
  });
  if (input.mail === false) return;
  const locale = await mailLocaleFor(ctx.db, input.email, input.locale ?? DEFAULT_LOCALE);
  const mail = renderMail(
    { kind: 'code', purpose: input.purpose, code, minutes: LOGIN_CODE.ttlSeconds / 60, firstPassword: input.firstPassword },
    locale,
  );
  const sending = ctx.mailer.send({ to: input.email, ...mail });
  if (input.mail === undefined || input.mail === true) return sending;
  input.mail.later(sending);
}

/**
 * Counts one guess by `ip` on `code`, before it is compared, in one conditional UPDATE (parallel
 * guesses cannot pass the limits). The client that asked for the code has LOGIN_CODE.maxAttempts of
 * its own; every other client has as many, out of a budget all of them share. Returns the guesses
 * this client has left on the code after this one, or null when it has none.
 */
async function countGuess(ctx: Ctx, code: CodeRow, ip: string): Promise<number | null> {
  const t = schema.loginCodes;
  if (code.requestIp === ip) {
    const [row] = await ctx.db
      .update(t)
      .set({ attempts: sql`${t.attempts} + 1` })
      .where(and(eq(t.id, code.id), lt(t.attempts, LOGIN_CODE.maxAttempts), isNull(t.consumedAt)))
      .returning({ used: t.attempts });
    return row ? LOGIN_CODE.maxAttempts - row.used : null;
  }
  const mine = sql<number>`coalesce((${t.otherAttemptsByIp} ->> ${ip})::int, 0)`;
  const [row] = await ctx.db
    .update(t)
    .set({
      otherAttempts: sql`${t.otherAttempts} + 1`,
      otherAttemptsByIp: sql`jsonb_set(${t.otherAttemptsByIp}, array[${ip}::text], to_jsonb(${mine} + 1))`,
    })
    .where(
      and(
        eq(t.id, code.id),
        isNull(t.consumedAt),
        lt(t.otherAttempts, EMAIL_CODE_LIMITS.otherClientsAttempts),
        sql`${mine} < ${LOGIN_CODE.maxAttempts}`,
      ),
    )
    .returning({ used: mine, shared: t.otherAttempts });
  return row ? Math.min(LOGIN_CODE.maxAttempts - Number(row.used), EMAIL_CODE_LIMITS.otherClientsAttempts - row.shared) : null;
}

/**
 * Checks a typed code and returns the code row it matches; the caller then consumes it with
 * {@link consumeEmailCode} in the transaction that acts on it. Two codes can match: the newest code
 * this client asked for (asking again retires the older ones; someone else asking does not), and the
 * newest code mailed to the address (the mail the owner sees on top, whoever asked for it).
 */
export async function checkEmailCode(
  ctx: Ctx,
  input: { email: string; code: string; ip: string; purpose: EmailCodePurpose },
): Promise<CodeRow> {
  await countAttempt(ctx, `login-verify:ip:${input.ip}`, perHour(VERIFY_PER_IP_HOUR), 'tooManyAttempts');
  const now = ctx.clock.now();
  const t = schema.loginCodes;
  const newest = async (where: SQL | undefined) => (await ctx.db.select().from(t).where(where).orderBy(desc(t.createdAt)).limit(1))[0];
  // Only codes mailed for this purpose take part: a code for anything else is not a candidate at all.
  const mine = and(eq(t.email, input.email), eq(t.purpose, input.purpose));
  const latest = await newest(mine);
  const own =
    latest?.requestIp === input.ip
      ? latest
      : await newest(and(mine, eq(t.requestIp, input.ip), isNull(t.consumedAt), gt(t.expiresAt, now)));
  const live = [own, latest].filter((c, i, all): c is CodeRow => !!c && all.indexOf(c) === i && !c.consumedAt && c.expiresAt > now);
  if (live.length === 0) {
    throw new ServiceError('CODE_EXPIRED', 'codeExpired', { field: 'verificationCode' });
  }

  const expected = await hashLoginCode(ctx.config.AUTH_SECRET, input.email, input.code);
  let left: number | null = null;
  for (const code of live) {
    const remaining = await countGuess(ctx, code, input.ip);
    if (remaining === null) continue;
    if (sameDigest(expected, code.codeHash)) return code;
    left = Math.max(left ?? 0, remaining);
  }
  throw left
    ? new ServiceError('INVALID_CODE', say('codeAttemptsLeft', { left }), {
        field: 'verificationCode',
      })
    : new ServiceError('CODE_ATTEMPTS_EXCEEDED', 'codeAttemptsExceeded', { field: 'verificationCode' });
}

/** Marks a checked code used, in the caller's transaction: a code acts at most once, even for two parallel requests. */
export async function consumeEmailCode(tx: Tx, codeId: string, now: Date): Promise<void> {
  const [consumed] = await tx
    .update(schema.loginCodes)
    .set({ consumedAt: now })
    .where(and(eq(schema.loginCodes.id, codeId), isNull(schema.loginCodes.consumedAt), gt(schema.loginCodes.expiresAt, now)))
    .returning({ id: schema.loginCodes.id });
  if (!consumed)
    throw new ServiceError('CODE_EXPIRED', 'codeUsed', {
      field: 'verificationCode',
    });
}
