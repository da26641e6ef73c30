import { and, eq } from 'drizzle-orm';
import { schema } from '../../../db/client';
import type { LoginRequest, RegisterRequest, SignInResponse } from '../../contract/auth';
import { ServiceError } from '../../contract/errors';
import type { AppDeps, RateLimitRule } from '../../ports';
import { applyRegistrationReferral } from '../referrals/referrals';
import { DUMMY_PASSWORD_HASH, hashPassword, needsRehash, verifyPassword } from './passwords';
import { issueAccessToken } from './tokens';
import { createPasswordUser, toUserProfile } from './users';

type Ctx = Pick<AppDeps, 'db' | 'config' | 'clock' | 'limits' | 'log'>;

/**
 * Attempt limits. Per account: online guessing of one password is capped at 40/hour whatever the
 * number of IPs; per IP: one client cannot spray a common password over many accounts. Registration
 * per IP caps bulk account creation (each account gets the new-user bonus).
 */
export const PASSWORD_LIMITS = {
  loginPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  loginPerIp: { limit: 50, windowSeconds: 15 * 60 },
  registerPerIp: { limit: 10, windowSeconds: 3600 },
} satisfies Record<string, RateLimitRule>;

async function limit(ctx: Ctx, key: string, rule: RateLimitRule, message: string) {
  const result = await ctx.limits.hit(key, rule);
  if (!result.allowed) throw new ServiceError('RATE_LIMITED', message, { retryAfter: result.retryAfterSeconds });
}

export async function registerWithPassword(ctx: Ctx, input: RegisterRequest & { ip: string }): Promise<SignInResponse> {
  await limit(ctx, `register:ip:${input.ip}`, PASSWORD_LIMITS.registerPerIp, 'Too many accounts created from this network, please try again later');
  // Hashing (~0.1 s of CPU) happens before the transaction, so no row lock is held while it runs.
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  const { user, isReferralLogin } = await ctx.db.transaction(async (tx) => {
    const user = await createPasswordUser(tx, { email: input.email, name: input.name, passwordHash });
    const isReferralLogin = await applyRegistrationReferral(tx, { invitedUserId: user.id, code: input.referralCode, now });
    return { user, isReferralLogin };
  });
  return {
    success: true,
    token: await issueAccessToken(ctx.config, user.id, now, { unverifiedEmail: !user.emailVerified }),
    user: toUserProfile(user),
    isReferralLogin,
  };
}

const INVALID = () => new ServiceError('INVALID_CREDENTIALS', 'Incorrect e-mail or password');

/**
 * One answer for an unknown e-mail, an account without a password and a wrong password; each costs
 * one scrypt run (against a dummy hash when there is nothing to check), so timing does not tell them
 * apart either. Attempts are counted before the check, so parallel guesses cannot exceed the limits.
 */
export async function loginWithPassword(ctx: Ctx, input: LoginRequest & { ip: string }): Promise<SignInResponse> {
  await limit(ctx, `login:ip:${input.ip}`, PASSWORD_LIMITS.loginPerIp, 'Too many sign-in attempts, please try again later');
  await limit(ctx, `login:account:${input.email}`, PASSWORD_LIMITS.loginPerAccount, 'Too many sign-in attempts for this account, please try again later');

  const [user] = await ctx.db.select().from(schema.users).where(eq(schema.users.email, input.email));
  const stored = user?.passwordHash ?? null;
  const matches = await verifyPassword(input.password, stored ?? DUMMY_PASSWORD_HASH);
  if (!user || !stored || !matches) throw INVALID();

  if (needsRehash(stored)) {
    // Conditional on the old hash, so it cannot bring back a password the takeover defence just removed.
    const rehashed = await hashPassword(input.password);
    await ctx.db.update(schema.users).set({ passwordHash: rehashed }).where(and(eq(schema.users.id, user.id), eq(schema.users.passwordHash, stored)));
  }
  const now = ctx.clock.now();
  return {
    success: true,
    token: await issueAccessToken(ctx.config, user.id, now, { unverifiedEmail: !user.emailVerified }),
    user: toUserProfile(user),
    isReferralLogin: false,
  };
}
