import { lt } from 'drizzle-orm';
import { schema } from '../../../db/client';
import { deleteEndedRateLimitWindows } from '../../adapters/limits/postgres';
import type { ServiceContext } from '../context';

/** How long a sign-in (or reset, change, deletion) code is kept after it expired: support can still see it was sent. */
export const LOGIN_CODE_KEEP_AFTER_EXPIRY_MS = 24 * 3600 * 1000;

/**
 * Personal data that outlives its use unless someone removes it (decision 018): Postgres rate-limit
 * counters past their window (keys hold addresses and IPs), and e-mail codes a day after they expired
 * (an address and the IP that asked). Codes sent to an address the account no longer has (before an
 * e-mail change, or one tried during it) are not found by an account's deletion: this reaches them.
 * Part of every maintenance run; idempotent.
 */
export async function sweepStalePersonalData(ctx: ServiceContext<'db' | 'clock'>) {
  const now = ctx.clock.now();
  const staleLimiterRows = await deleteEndedRateLimitWindows(ctx.db, now);
  const codes = await ctx.db
    .delete(schema.loginCodes)
    .where(lt(schema.loginCodes.expiresAt, new Date(now.getTime() - LOGIN_CODE_KEEP_AFTER_EXPIRY_MS)))
    .returning({ id: schema.loginCodes.id });
  return { staleLimiterRows, staleLoginCodes: codes.length };
}
