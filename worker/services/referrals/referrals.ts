import { and, count, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@db/client';
import { ServiceError } from '../../contract/errors';
import { maskEmail } from '../../contract/referrals';
import { paged } from '../../contract/pages';
import { newId } from '../../lib/ids';
import { retry } from '../../lib/retry';
import { readSystemConfig } from '../config/system-config';
import { applyMovement } from '../credits/ledger';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Purchase bonuses are paid only once a purchase can no longer be refunded (spec §9: 3 days). */
export const REFUND_WINDOW_MS = 3 * 24 * 3600 * 1000;
/** "Never for an existing account": a referral can only attach to an account this young. */
export const NEW_ACCOUNT_MS = 24 * 3600 * 1000;

function randomCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return [...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

/** The user's code, if one was made. */
async function codeOf(db: Db | Tx, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ code: schema.referralCodes.code })
    .from(schema.referralCodes)
    .where(eq(schema.referralCodes.userId, userId));
  return row?.code;
}

/** Every user has one code, created on first need; a collision just retries with a new random code. */
export async function ensureReferralCode(db: Db | Tx, userId: string): Promise<string> {
  const existing = await codeOf(db, userId);
  if (existing) return existing;
  // Another user's code (or a concurrent call's) makes the insert do nothing: read back whose code stands.
  return retry(
    async () => {
      await db.insert(schema.referralCodes).values({ code: randomCode(), userId }).onConflictDoNothing();
      const code = await codeOf(db, userId);
      if (!code) throw new Error('could not allocate a referral code');
      return code;
    },
    { retries: 3, delayMs: 0 },
  );
}

async function referrerOf(db: Db | Tx, code: string) {
  const [row] = await db
    .select({ userId: schema.users.id, name: schema.users.name })
    .from(schema.referralCodes)
    .innerJoin(schema.users, eq(schema.users.id, schema.referralCodes.userId))
    .where(eq(schema.referralCodes.code, code.trim().toUpperCase()));
  return row;
}

export async function referrerInfo(db: Db, code: string) {
  const referrer = await referrerOf(db, code);
  if (!referrer) throw new ServiceError('NOT_FOUND', 'referralCodeInvalid', { field: 'code' });
  return { success: true as const, valid: true, referrerName: referrer.name };
}

export async function validateCode(db: Db, code: string) {
  const referrer = await referrerOf(db, code);
  return { success: true as const, valid: Boolean(referrer), referrerName: referrer?.name ?? null };
}

/**
 * Links a freshly created account to its inviter, in the caller's transaction, and pays the inviter's
 * registration reward at once if the invitee has already proven the mailbox (code or Google sign-in);
 * a password account's link waits for its e-mail verification ({@link payRegistrationReward}).
 * Refused silently (returns false) for unknown codes, self-referral and accounts that already
 * existed; the unique index on invitedUserId makes it one inviter per invitee, also under
 * concurrent sign-ins.
 */
export async function applyRegistrationReferral(
  tx: Tx,
  input: { invitedUserId: string; code: string | null | undefined; now: Date },
): Promise<boolean> {
  if (!input.code) return false;
  const referrer = await referrerOf(tx, input.code);
  if (!referrer || referrer.userId === input.invitedUserId) return false;
  const [invited] = await tx
    .select({ createdAt: schema.users.createdAt, emailVerified: schema.users.emailVerified })
    .from(schema.users)
    .where(eq(schema.users.id, input.invitedUserId));
  if (!invited || input.now.getTime() - invited.createdAt.getTime() > NEW_ACCOUNT_MS) return false;

  const [referral] = await tx
    .insert(schema.referrals)
    .values({ id: newId('ref'), referrerId: referrer.userId, invitedUserId: input.invitedUserId, code: input.code.trim().toUpperCase() })
    .onConflictDoNothing({ target: schema.referrals.invitedUserId })
    .returning();
  if (!referral) return false;
  if (invited.emailVerified) await payRegistrationReward(tx, input.invitedUserId);
  return true;
}

/**
 * Pays the inviter of `invitedUserId` the registration reward, in the caller's transaction, once
 * the invitee has proven the mailbox: an unproven address costs nothing to make, so rewarding it
 * would mint credits (docs/decisions/008). The ledger key makes it once per invitee however often
 * verification is replayed. Returns the amount paid now (0 when nothing is due or it was paid before).
 */
export async function payRegistrationReward(tx: Tx, invitedUserId: string): Promise<number> {
  const [row] = await tx
    .select({ referral: schema.referrals, emailVerified: schema.users.emailVerified })
    .from(schema.referrals)
    .innerJoin(schema.users, eq(schema.users.id, schema.referrals.invitedUserId))
    .where(eq(schema.referrals.invitedUserId, invitedUserId));
  if (!row?.emailVerified) return 0;
  const { registrationReward } = await readSystemConfig(tx, 'referral');
  if (registrationReward <= 0) return 0;
  const result = await applyMovement(tx, {
    userId: row.referral.referrerId,
    movementKey: `referral:registration:${invitedUserId}`,
    type: 'EARNED',
    referenceType: 'REFERRAL',
    referenceId: row.referral.id,
    reason: 'REFERRAL_SIGN_UP',
    reasonParams: {},
    parts: { free: registrationReward },
  });
  if (!result.applied) return 0;
  await tx
    .update(schema.referrals)
    .set({ registrationReward, status: 'completed', completedAt: sql`now()` })
    .where(eq(schema.referrals.id, row.referral.id));
  return registrationReward;
}

/** The reward an inviter is still waiting for because `invitedUserId` has not verified the e-mail (null if none). */
export async function pendingInviterReward(db: Db, invitedUserId: string): Promise<number | null> {
  const [row] = await db
    .select({ id: schema.referrals.id })
    .from(schema.referrals)
    .leftJoin(
      schema.creditLedger,
      and(
        eq(schema.creditLedger.userId, schema.referrals.referrerId),
        eq(schema.creditLedger.movementKey, sql`'referral:registration:' || ${schema.referrals.invitedUserId}`),
      ),
    )
    .where(and(eq(schema.referrals.invitedUserId, invitedUserId), isNull(schema.creditLedger.id)));
  if (!row) return null;
  const { registrationReward } = await readSystemConfig(db, 'referral');
  return registrationReward > 0 ? registrationReward : null;
}

/** `POST /referral/process-registration`: for sign-ups that did not carry the code (e.g. added after Google sign-in). */
export async function processRegistration(db: Db, userId: string, code: string, now: Date) {
  const applied = await db.transaction((tx) => applyRegistrationReferral(tx, { invitedUserId: userId, code, now }));
  if (!applied) {
    const referrer = await referrerOf(db, code);
    if (!referrer) throw new ServiceError('NOT_FOUND', 'referralCodeInvalid', { field: 'referralCode' });
    if (referrer.userId === userId) throw new ServiceError('VALIDATION_FAILED', 'referralOwnCode', { field: 'referralCode' });
    throw new ServiceError('CONFLICT', 'referralOnlyNewAccounts', { field: 'referralCode' });
  }
  return { success: true as const, applied };
}

/**
 * Pays inviters their purchase bonus for invitees' orders that are paid and past the refund window
 * (so a refund can never race the bonus). Idempotent per order; run by the sweeper.
 */
export async function grantMaturedPurchaseBonuses(db: Db, now: Date): Promise<number> {
  const matured = await db
    .select({ order: schema.orders, referral: schema.referrals })
    .from(schema.orders)
    .innerJoin(schema.referrals, eq(schema.referrals.invitedUserId, schema.orders.userId))
    .leftJoin(
      schema.creditLedger,
      and(
        eq(schema.creditLedger.userId, schema.referrals.referrerId),
        eq(schema.creditLedger.movementKey, sql`'referral:purchase:' || ${schema.orders.id}`),
      ),
    )
    .where(
      and(
        eq(schema.orders.status, 'PAID'),
        // A PAID order with a reason is held for support (its payment did not match; payments/effects/support-holds.ts): it earns nothing.
        isNull(schema.orders.failureReason),
        lt(schema.orders.paidAt, new Date(now.getTime() - REFUND_WINDOW_MS)),
        isNull(schema.creditLedger.id),
      ),
    )
    .limit(200);
  let granted = 0;
  const { purchaseBonusPercent } = await readSystemConfig(db, 'referral');
  for (const { order, referral } of matured) {
    const bonus = Math.floor((order.credits * purchaseBonusPercent) / 100);
    if (bonus <= 0) continue;
    await db.transaction(async (tx) => {
      const result = await applyMovement(tx, {
        userId: referral.referrerId,
        movementKey: `referral:purchase:${order.id}`,
        type: 'EARNED',
        referenceType: 'REFERRAL',
        referenceId: referral.id,
        reason: 'REFERRAL_PURCHASE',
        reasonParams: { percent: purchaseBonusPercent },
        parts: { free: bonus },
      });
      if (!result.applied) return;
      await tx
        .update(schema.referrals)
        .set({ purchaseReward: sql`${schema.referrals.purchaseReward} + ${bonus}`, status: 'completed', completedAt: now })
        .where(eq(schema.referrals.id, referral.id));
      granted++;
    });
  }
  return granted;
}

/** Spec §9: `{origin}/login?ref={code}`, with the origin the route resolved (worker/http/public-origin.ts). */
export async function referralLink(db: Db, userId: string, origin: string) {
  const code = await ensureReferralCode(db, userId);
  return { success: true as const, referralCode: code, code, link: new URL(`/login?ref=${code}`, origin).toString() };
}

export async function referralStats(db: Db, userId: string) {
  const [row] = await db
    .select({
      totalReferrals: sql<number>`count(*)::int`,
      registrationRewards: sql<number>`coalesce(sum(${schema.referrals.registrationReward}), 0)::int`,
      totalPurchaseRewards: sql<number>`coalesce(sum(${schema.referrals.purchaseReward}), 0)::int`,
      // Friends whose purchase earned a bonus (spec "total paid count"), not friends merely rewarded for signing up.
      totalPaidCount: sql<number>`count(*) filter (where ${schema.referrals.purchaseReward} > 0)::int`,
    })
    .from(schema.referrals)
    .where(eq(schema.referrals.referrerId, userId));
  const registrationRewards = Number(row?.registrationRewards ?? 0);
  const totalPurchaseRewards = Number(row?.totalPurchaseRewards ?? 0);
  return {
    success: true as const,
    totalReferrals: Number(row?.totalReferrals ?? 0),
    registrationRewards,
    totalPurchaseRewards,
    totalPaidCount: Number(row?.totalPaidCount ?? 0),
    rewardBalance: registrationRewards + totalPurchaseRewards,
  };
}

/**
 * An invitation is completed once it has earned the inviter a reward (the sign-up reward after the
 * friend proved the mailbox, or a purchase bonus), pending until then. Read from the rewards, so rows
 * written before the sign-up reward set the status also show what was paid.
 */
export function referralStatusOf(referral: {
  status: 'pending' | 'completed';
  registrationReward: number;
  purchaseReward: number;
}): 'pending' | 'completed' {
  return referral.status === 'completed' || referral.registrationReward + referral.purchaseReward > 0 ? 'completed' : 'pending';
}

export async function referredUsers(db: Db, userId: string, query: { page: number; size: number }) {
  const where = eq(schema.referrals.referrerId, userId);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ referral: schema.referrals, email: schema.users.email })
      .from(schema.referrals)
      .innerJoin(schema.users, eq(schema.users.id, schema.referrals.invitedUserId))
      .where(where)
      .orderBy(desc(schema.referrals.createdAt))
      .limit(query.size)
      .offset(query.page * query.size),
    db.select({ total: count() }).from(schema.referrals).where(where),
  ]);
  const users = rows.map(({ referral, email }) => ({
    id: referral.id,
    invitationTime: referral.createdAt.toISOString(),
    createdAt: referral.createdAt.toISOString(),
    invitedUser: maskEmail(email),
    email: maskEmail(email),
    status: referralStatusOf(referral),
    rewardAmount: referral.registrationReward + referral.purchaseReward,
  }));
  return paged(users, query, total);
}
