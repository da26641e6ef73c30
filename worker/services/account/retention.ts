import { and, gt, inArray, isNotNull, lt } from 'drizzle-orm';
import { schema } from '@db/client';
import type { ServiceContext } from '../context';
import { ownPrefixes } from '../auth/account-deletion';

/** How long a sign-in (or reset, change, deletion) code is kept after it expired: support can still see it was sent. */
export const LOGIN_CODE_KEEP_AFTER_EXPIRY_MS = 24 * 3600 * 1000;

/**
 * Personal data that outlives its use unless someone removes it (decision 018): Postgres rate-limit
 * counters past their window (keys hold addresses and IPs), and e-mail codes a day after they expired
 * (an address and the IP that asked). Codes sent to an address the account no longer has (before an
 * e-mail change, or one tried during it) are not found by an account's deletion: this reaches them.
 * Part of every maintenance run; idempotent.
 */
export async function sweepStalePersonalData(ctx: ServiceContext<'db' | 'clock' | 'limits'>) {
  const now = ctx.clock.now();
  const staleLimiterRows = await ctx.limits.sweepEnded();
  const codes = await ctx.db
    .delete(schema.loginCodes)
    .where(lt(schema.loginCodes.expiresAt, new Date(now.getTime() - LOGIN_CODE_KEEP_AFTER_EXPIRY_MS)))
    .returning({ id: schema.loginCodes.id });
  return { staleLimiterRows, staleLoginCodes: codes.length };
}

/**
 * How long after a deletion the account's prefixes are swept again. Work accepted just before the
 * deletion committed (an upload from another session, a job that had already been debited) can still
 * write a file or a row afterwards, and the deletion's own sweep has already run: a job's deadline is
 * minutes, so a day covers every late write with a wide margin.
 */
export const DELETED_ACCOUNT_SWEEP_MS = 24 * 3600 * 1000;

/**
 * Removes what recently deleted accounts still own: rows that work in flight wrote after the deletion
 * (creations, jobs, exports) and every file under the accounts' own blob prefixes. A deleted account
 * owns nothing, whenever its last write landed. Part of every maintenance run; idempotent.
 */
export async function sweepDeletedAccounts(ctx: ServiceContext<'db' | 'clock' | 'blobs' | 'log'>) {
  const since = new Date(ctx.clock.now().getTime() - DELETED_ACCOUNT_SWEEP_MS);
  const u = schema.users;
  const deleted = (
    await ctx.db
      .select({ id: u.id })
      .from(u)
      .where(and(isNotNull(u.deletedAt), gt(u.deletedAt, since)))
  ).map((row) => row.id);
  if (deleted.length === 0) return { deletedAccountFiles: 0 };
  await ctx.db.transaction(async (tx) => {
    await tx.delete(schema.creationRecords).where(inArray(schema.creationRecords.userId, deleted));
    await tx.delete(schema.generationJobs).where(inArray(schema.generationJobs.userId, deleted));
    await tx.delete(schema.dataExports).where(inArray(schema.dataExports.userId, deleted));
  });
  let files = 0;
  for (const userId of deleted) {
    for (const prefix of ownPrefixes(userId)) {
      try {
        const listed = await ctx.blobs.list(prefix);
        await Promise.all(listed.map((blob) => ctx.blobs.delete(blob.key)));
        files += listed.length;
      } catch (error) {
        ctx.log.warn('deleted account sweep: files not removed', { userId, prefix, error: String(error) });
      }
    }
  }
  if (files) ctx.log.info('deleted account sweep: files removed', { files });
  return { deletedAccountFiles: files };
}
