import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { schema, type Tx } from '@db/client';
import type { DeleteAccountRequest } from '../../contract/account';
import type { DeleteAccountResponse, DeletionPreview } from '../../contract/responses/account';
import { ServiceError } from '../../contract/errors';
import { renderMail } from '../../i18n/mail';
import type { ServiceContext } from '../context';
import { blobKeyOf } from '../account/export-contents';
import { settleHeldDuplicates } from '../payments/duplicates';
import { lapseSubscriptionCredits } from '../payments/effects/subscription-credits';
import { accountGone, deletedEmail } from './deleted-accounts';
import { checkEmailCode, consumeEmailCode, issueEmailCode, resendWaitSeconds } from './email-codes';
import { say } from '../../contract/messages';

/**
 * Self-serve account deletion (docs/decisions/018-account-data.md). Confirmed by a code
 * mailed to the account's address. Billing stops at the gateway first; then, in one transaction, the
 * personal data goes (profile, sign-in identities, creations, exports, codes, the free text of refund
 * reasons) while the ledger, orders, refunds and subscriptions stay as the accounting record, pointing
 * at the same user id on a row that no longer says who it was. The files go after the commit. The
 * address is free again: signing in with it starts a new account.
 */
type Ctx = ServiceContext<'db' | 'config' | 'clock' | 'mailer' | 'limits' | 'log' | 'blobs' | 'payments'>;

/** No token is valid for a deleted account, whenever it was issued. */
const NEVER = new Date('9999-12-31T23:59:59Z');
export const DELETED_NAME = 'Deleted user';
export const REDACTED_REASON = 'Removed when the account was deleted';
export const CHECKOUT_CLOSED_REASON = 'The account was deleted before this checkout was paid';

async function loadUser(ctx: Pick<Ctx, 'db'>, userId: string) {
  const [user] = await ctx.db.select().from(schema.users).where(eq(schema.users.id, userId));
  if (!user || user.deletedAt) throw accountGone();
  return user;
}

const s = schema.subscriptions;
/** Subscriptions still billed at the gateway: these are cancelled there before anything is deleted. */
const billedWhere = (userId: string) => and(eq(s.userId, userId), inArray(s.status, ['active', 'suspended']));

export async function deletionPreview(ctx: Ctx, userId: string): Promise<DeletionPreview> {
  const user = await loadUser(ctx, userId);
  const [[account], [live], [{ creations } = { creations: 0 }], resendAfterSeconds] = await Promise.all([
    ctx.db.select().from(schema.creditAccounts).where(eq(schema.creditAccounts.userId, userId)),
    ctx.db
      .select({ status: s.status, planName: schema.pricingPlans.name })
      .from(s)
      .innerJoin(schema.pricingPlans, eq(schema.pricingPlans.id, s.planId))
      .where(and(eq(s.userId, userId), ne(s.status, 'expired')))
      .limit(1),
    ctx.db
      .select({ creations: sql<number>`count(*)::int` })
      .from(schema.creationRecords)
      .where(and(eq(schema.creationRecords.userId, userId), sql`${schema.creationRecords.deletedAt} is null`)),
    resendWaitSeconds(ctx, user.email, 'delete-account'),
  ]);
  return {
    success: true,
    email: user.email,
    creditsForfeited: account ? account.freeBalance + account.paidBalance + account.subscriptionBalance : 0,
    subscription: live ? { planName: live.planName, status: live.status } : null,
    creations: Number(creations),
    resendAfterSeconds,
  };
}

export async function sendDeletionCode(ctx: Ctx, input: { userId: string; ip: string }) {
  const user = await loadUser(ctx, input.userId);
  await issueEmailCode(ctx, { email: user.email, ip: input.ip, purpose: 'delete-account' });
  return { success: true as const, message: `A code was sent to ${user.email}.` };
}

/** The blob prefixes only this account writes under (services/files/files.ts `blobKeys`). */
export const ownPrefixes = (userId: string) => [`users/${userId}/`, `public/avatars/${userId}/`];

/** Every blob the account owns that the database knows of: avatar, results, uploads, exports. */
async function ownedBlobKeys(ctx: Pick<Ctx, 'db'>, userId: string, avatarUrl: string | null) {
  const [records, jobs, exports] = await Promise.all([
    ctx.db.select().from(schema.creationRecords).where(eq(schema.creationRecords.userId, userId)),
    ctx.db
      .select({ imageUrl: schema.generationJobs.imageUrl, input: schema.generationJobs.input })
      .from(schema.generationJobs)
      .where(eq(schema.generationJobs.userId, userId)),
    ctx.db.select({ blobKey: schema.dataExports.blobKey }).from(schema.dataExports).where(eq(schema.dataExports.userId, userId)),
  ]);
  const keys = new Set<string>();
  const add = (key: string | null | undefined) => {
    // Only keys under this user's own prefixes: a record can point at a shared asset, which stays.
    if (key && ownPrefixes(userId).some((prefix) => key.startsWith(prefix))) keys.add(key);
  };
  add(blobKeyOf(avatarUrl));
  for (const r of records) {
    for (const url of [r.imageUrl, r.thumbnailUrl, ...(r.sourceImageUrls ?? [])]) add(blobKeyOf(url));
  }
  for (const j of jobs) {
    add(blobKeyOf(j.imageUrl));
    const input = j.input as { sourceKey?: unknown; sourceKeys?: unknown };
    if (typeof input?.sourceKey === 'string') add(input.sourceKey);
    if (Array.isArray(input?.sourceKeys)) {
      for (const k of input.sourceKeys) if (typeof k === 'string') add(k);
    }
  }
  for (const x of exports) add(x.blobKey);
  return [...keys];
}

/**
 * Work still running would write files after the deletion: let it finish first (a few minutes at
 * most). Work past its deadline can no longer finish (and is failed by the sweeper or on read).
 */
async function assertNoWorkRunning(ctx: Ctx, userId: string): Promise<void> {
  const started = ctx.clock.now();
  const [running] = await ctx.db
    .select({ id: schema.generationJobs.id })
    .from(schema.generationJobs)
    .where(
      and(
        eq(schema.generationJobs.userId, userId),
        eq(schema.generationJobs.status, 'PROCESSING'),
        gt(schema.generationJobs.deadlineAt, started),
      ),
    )
    .limit(1);
  const [exporting] = await ctx.db
    .select({ id: schema.dataExports.id })
    .from(schema.dataExports)
    .where(
      and(eq(schema.dataExports.userId, userId), eq(schema.dataExports.status, 'PROCESSING'), gt(schema.dataExports.deadlineAt, started)),
    )
    .limit(1);
  if (running || exporting) {
    throw new ServiceError('CONFLICT', 'workStillRunning');
  }
}

/**
 * Billing stops at the gateway before anything is deleted: a refusal leaves the account as it was,
 * and the same code can be used again.
 * Answers the ids of the subscriptions whose billing stopped (or had none at a gateway).
 */
async function cancelBilling(ctx: Ctx, userId: string): Promise<Set<string>> {
  const cancelled = new Set<string>();
  for (const sub of await ctx.db.select().from(s).where(billedWhere(userId))) {
    if (!sub.gatewaySubscriptionId) {
      cancelled.add(sub.id);
      continue;
    }
    const gateway = ctx.payments.byName(sub.gateway);
    if (!gateway) throw new ServiceError('NOT_CONFIGURED', say('gatewayNotConfiguredCancel', { gateway: sub.gateway }));
    try {
      await gateway.cancelSubscription(sub.gatewaySubscriptionId);
      cancelled.add(sub.id);
    } catch (error) {
      ctx.log.warn('account deletion: gateway refused to cancel a subscription', {
        subscriptionId: sub.id,
        error: error instanceof Error ? error.message : String(error),
      });
      throw new ServiceError('PAYMENT_PROVIDER_ERROR', 'cancelBeforeDeletionFailed');
    }
  }
  return cancelled;
}

/** Ends the account's live subscriptions now and lapses their credits; `cancelled` stopped billing already. */
async function endSubscriptions(tx: Tx, userId: string, cancelled: Set<string>, now: Date): Promise<void> {
  const live = await tx
    .select()
    .from(s)
    .where(and(eq(s.userId, userId), ne(s.status, 'expired')))
    .for('update');
  for (const sub of live) {
    const ended = {
      status: 'expired' as const,
      cancelledAt: sub.cancelledAt ?? now,
      endsAt: now,
      cancelAtPeriodEnd: false,
      // One that started while the gateway was being asked above is stopped after the commit.
      gatewayCancelDue: sub.gatewayCancelDue || ((sub.status === 'active' || sub.status === 'suspended') && !cancelled.has(sub.id)),
      updatedAt: now,
    };
    await tx.update(s).set(ended).where(eq(s.id, sub.id));
    await lapseSubscriptionCredits(tx, { ...sub, ...ended }, now);
  }
}

/**
 * Files go after the commit (a rolled-back deletion must not lose them): the ones records point
 * at, and everything under the account's own prefixes, which includes uploads no record uses. A
 * failure leaves an unreachable file under an id nobody owns, and is logged for cleanup.
 */
async function removeAccountFiles(ctx: Ctx, userId: string, keys: string[]): Promise<void> {
  const all = new Set(keys);
  for (const prefix of ownPrefixes(userId)) {
    try {
      for (const listed of await ctx.blobs.list(prefix)) all.add(listed.key);
    } catch (error) {
      ctx.log.warn('account deletion: could not list files', { userId, prefix, error: String(error) });
    }
  }
  const results = await Promise.allSettled([...all].map((key) => ctx.blobs.delete(key)));
  const failed = results.filter((r) => r.status === 'rejected').length;
  if (failed) ctx.log.warn('account deletion: some files were not removed', { userId, failed });
  ctx.log.info('account deletion: files removed', { userId, files: all.size - failed });
}

export async function deleteAccount(
  ctx: Ctx,
  input: DeleteAccountRequest & { userId: string; ip: string },
): Promise<DeleteAccountResponse> {
  const user = await loadUser(ctx, input.userId);
  const code = await checkEmailCode(ctx, { email: user.email, code: input.verificationCode, ip: input.ip, purpose: 'delete-account' });

  await assertNoWorkRunning(ctx, user.id);

  const cancelled = await cancelBilling(ctx, user.id);

  const keys = await ownedBlobKeys(ctx, user.id, user.avatarUrl);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await consumeEmailCode(tx, code.id, now);
    const [locked] = await tx
      .select()
      .from(schema.users)
      .where(and(eq(schema.users.id, user.id), sql`${schema.users.deletedAt} is null`))
      .for('update');
    if (!locked) throw accountGone();
    // Checkouts still open can no longer be paid for this account: they expire now (the sandbox page
    // then refuses Pay). A gateway may still report one paid (a session paid in the same minute, or a
    // gateway whose session outlives ours): the payment effects refund such a payment and stop its
    // billing, because the account is deleted (services/payments/effects/). This statement waits for
    // a payment being applied to one of these orders right now, so what it commits is seen below.
    await tx
      .update(schema.orders)
      .set({ status: 'EXPIRED', failureReason: CHECKOUT_CLOSED_REASON, updatedAt: now })
      .where(and(eq(schema.orders.userId, user.id), eq(schema.orders.status, 'PENDING')));
    // Subscriptions end now; what is left of their credits lapses like at any end (decision 003).
    await endSubscriptions(tx, user.id, cancelled, now);
    // The accounting record stays, without the customer's own words.
    await tx
      .update(schema.refunds)
      .set({ reason: REDACTED_REASON, updatedAt: now })
      .where(and(eq(schema.refunds.userId, user.id), eq(schema.refunds.origin, 'CUSTOMER')));
    await tx.delete(schema.creationRecords).where(eq(schema.creationRecords.userId, user.id));
    await tx.delete(schema.generationJobs).where(eq(schema.generationJobs.userId, user.id));
    await tx.delete(schema.dataExports).where(eq(schema.dataExports.userId, user.id));
    await tx.delete(schema.idempotencyKeys).where(eq(schema.idempotencyKeys.userId, user.id));
    await tx.delete(schema.authIdentities).where(eq(schema.authIdentities.userId, user.id));
    await tx.delete(schema.referralCodes).where(eq(schema.referralCodes.userId, user.id));
    await tx.delete(schema.loginCodes).where(eq(schema.loginCodes.email, user.email));
    await tx
      .update(schema.users)
      .set({
        email: deletedEmail(user.id),
        name: DELETED_NAME,
        avatarUrl: null,
        passwordHash: null,
        emailVerified: false,
        sessionsValidFrom: NEVER,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(schema.users.id, user.id));
  });
  ctx.log.info('account deleted', { userId: user.id });
  // Rate-limit counters keyed by the address, after the commit (a rolled-back deletion keeps its
  // limits). Former addresses go with the maintenance sweep of ended windows.
  await ctx.limits.forget(user.email);
  // Billing still to stop (gatewayCancelDue, set by endSubscriptions); maintenance retries what fails here.
  await settleHeldDuplicates(ctx, new Set([user.id]));

  await removeAccountFiles(ctx, user.id, keys);
  try {
    await ctx.mailer.send({ to: user.email, ...renderMail({ kind: 'account-deleted' }, user.locale) });
  } catch (error) {
    ctx.log.warn('account deletion notice not sent', { reason: error instanceof Error ? error.name : 'unknown' });
  }
  return { success: true, message: 'Your account was deleted.' };
}
