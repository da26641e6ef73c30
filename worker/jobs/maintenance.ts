import type { ServiceContext } from '../services/context';
import { sweepExpiredJobs } from '.';
import { runPaymentMaintenance } from '../services/payments/subscriptions';
import { grantMaturedPurchaseBonuses } from '../services/referrals/referrals';
import { sweepDeletedAccounts, sweepStalePersonalData } from '../services/account/retention';
import { sweepOrphanUploads } from '../services/generation/uploads';
import { sweepFileClaims } from '../services/files/file-claims';

/** The orphaned-upload sweep lists every user's files, so it runs at most every ten minutes per database. */
const UPLOAD_SWEEP_EVERY_MS = 10 * 60 * 1000;
const lastUploadSweep = new WeakMap<ServiceContext['db'], number>();

/**
 * Periodic work: the Workers cron trigger and, in embedded mode, a 30 s timer. Each task is
 * idempotent, so overlapping or repeated runs are harmless.
 */
export async function runMaintenance(ctx: ServiceContext<'db' | 'clock' | 'log' | 'payments' | 'blobs' | 'limits'>) {
  const expiredJobs = await sweepExpiredJobs(ctx);
  const referralBonuses = await grantMaturedPurchaseBonuses(ctx.db, ctx.clock.now());
  // Yearly plans' monthly credits, then subscriptions whose paid time is over (their credits lapse).
  const payments = await runPaymentMaintenance(ctx);
  // Limiter rows past their window and old e-mail codes hold addresses and IPs (decision 018).
  const personalData = await sweepStalePersonalData(ctx);
  // Files and rows that work in flight wrote for an account after its deletion.
  const deletedAccounts = await sweepDeletedAccounts(ctx);
  // Claimed files no row names ten minutes on (a process killed between storing and naming them).
  const now = ctx.clock.now();
  const claimedFiles = await sweepFileClaims(ctx, now);
  // Uploads no record names an hour on (an upload sent alone and never used).
  let orphanUploads = 0;
  const last = lastUploadSweep.get(ctx.db);
  if (last === undefined || Math.abs(now.getTime() - last) >= UPLOAD_SWEEP_EVERY_MS) {
    lastUploadSweep.set(ctx.db, now.getTime());
    orphanUploads = await sweepOrphanUploads(ctx, now);
  }
  return { expiredJobs, referralBonuses, ...payments, ...personalData, ...deletedAccounts, claimedFiles, orphanUploads };
}
