import type { AppDeps } from '../ports';
import { sweepExpiredJobs } from '../jobs';
import { runPaymentMaintenance } from './payments/subscriptions';
import { grantMaturedPurchaseBonuses } from './referrals/referrals';

/**
 * Periodic work: the Workers cron trigger and, in embedded mode, a 30 s timer. Each task is
 * idempotent, so overlapping or repeated runs are harmless.
 */
export async function runMaintenance(deps: Pick<AppDeps, 'db' | 'clock' | 'log' | 'payments'>) {
  const expiredJobs = await sweepExpiredJobs(deps);
  const referralBonuses = await grantMaturedPurchaseBonuses(deps.db, deps.clock.now());
  // Yearly plans' monthly credits, then subscriptions whose paid time is over (their credits lapse).
  const payments = await runPaymentMaintenance(deps);
  return { expiredJobs, referralBonuses, ...payments };
}
