import { and, asc, eq, gt, ne } from 'drizzle-orm';
import { schema, type Db } from '@db/client';
import { DATA_EXPORT } from '../../contract/account';
import { ServiceError } from '../../contract/errors';
import { accountGone } from '../auth/deleted-accounts';
import { say } from '../../contract/messages';

const DAY_MS = 24 * 3600 * 1000;
const e = schema.dataExports;

/**
 * Records a new export if the user has started fewer than DATA_EXPORT.maxPerDay in the last 24 hours.
 * The cap counts exports that exist (running, finished or since replaced), not requests: a counter
 * bumped per click let ten parallel clicks, which all end up with the same export, spend the day's
 * starts. A failed export is not counted (it produced nothing). The user row is locked, so two starts
 * cannot both pass the count, and a deleted account starts nothing. Returns undefined when an export
 * is already running or was started a moment ago (the caller returns that one).
 */
export async function insertDataExportWithinCap(
  db: Db,
  input: { id: string; userId: string; now: Date; deadlineAt: Date },
): Promise<typeof e.$inferSelect | undefined> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ deletedAt: schema.users.deletedAt })
      .from(schema.users)
      .where(eq(schema.users.id, input.userId))
      .for('update');
    if (!user || user.deletedAt) throw accountGone();
    const since = new Date(input.now.getTime() - DAY_MS);
    const recent = await tx
      .select({ status: e.status, createdAt: e.createdAt })
      .from(e)
      .where(and(eq(e.userId, input.userId), gt(e.createdAt, since), ne(e.status, 'FAILED')))
      .orderBy(asc(e.createdAt));
    // One running, or one that finished within a double click's time (a fast export can complete
    // before the last of a burst of clicks arrives): the caller answers with it, whatever the count.
    const repeatSince = input.now.getTime() - DATA_EXPORT.repeatClickSeconds * 1000;
    if (recent.some((row) => row.status === 'PROCESSING' || row.createdAt.getTime() > repeatSince)) return undefined;
    if (recent.length >= DATA_EXPORT.maxPerDay) {
      const retryAfter = Math.max(1, Math.ceil((recent[0]!.createdAt.getTime() + DAY_MS - input.now.getTime()) / 1000));
      throw new ServiceError('RATE_LIMITED', say('exportsPerDay', { max: DATA_EXPORT.maxPerDay }), { retryAfter });
    }
    const [created] = await tx
      .insert(e)
      .values({ id: input.id, userId: input.userId, deadlineAt: input.deadlineAt, createdAt: input.now, updatedAt: input.now })
      .onConflictDoNothing()
      .returning();
    return created;
  });
}
