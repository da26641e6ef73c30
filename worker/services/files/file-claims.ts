import { inArray, lte, sql } from 'drizzle-orm';
import { schema } from '@db/client';
import type { ServiceContext } from '../context';
import { fileUrl } from './files';

/**
 * Files stored ahead of the row that names them (docs/decisions/064-file-claims.md): a job's
 * uploads before its record, an avatar before the profile, a job's result before its completion.
 *
 * The blob store and the database cannot change together, so the process can die between the two
 * writes. Each such file is therefore claimed first: a row in `file_claims` is written before the
 * file, and deleted once a row names the file (or with the file, when the work is refused).
 * Whatever moment the process dies at, every stored file is named by a row or by a claim, and
 * {@link sweepFileClaims} removes the claimed files nothing names.
 */

/**
 * How long a claim stays before the sweep may remove its file: far longer than the few writes
 * between storing a file and naming it (a start's admission and transaction, a completion's
 * transaction), so work still running is never swept.
 */
export const FILE_CLAIM_SECONDS = 600;

/**
 * Claims `keys` for `userId`: before storing files, or in the transaction that stops naming a file
 * that is to be deleted next. A key claimed again (a job's result stored by its next run) is
 * claimed from now.
 */
export async function claimFiles(ctx: ServiceContext<'db' | 'clock'>, userId: string, keys: readonly string[]) {
  if (!keys.length) return;
  const createdAt = ctx.clock.now();
  await ctx.db
    .insert(schema.fileClaims)
    .values(keys.map((key) => ({ key, userId, createdAt })))
    .onConflictDoUpdate({ target: schema.fileClaims.key, set: { createdAt } });
}

/** Drops the claims on `keys`: a record names the files now, or they were deleted. */
export async function releaseFileClaims(ctx: ServiceContext<'db'>, keys: readonly string[]) {
  if (!keys.length) return;
  await ctx.db.delete(schema.fileClaims).where(inArray(schema.fileClaims.key, [...keys]));
}

/**
 * The URLs among `urls` that a row names: a creation record (as a source or its image), a job (its
 * result) or a profile (its avatar). Only stale claims are looked up, which a crash leaves.
 */
async function namedUrls(ctx: ServiceContext<'db'>, urls: string[]): Promise<Set<string>> {
  if (!urls.length) return new Set();
  const list = sql`array[${sql.join(
    urls.map((url) => sql`${url}`),
    sql`, `,
  )}]::text[]`;
  const records = schema.creationRecords;
  const sources = await ctx.db.select({ urls: records.sourceImageUrls }).from(records).where(sql`${records.sourceImageUrls} ?| ${list}`);
  const images = await ctx.db.select({ url: records.imageUrl }).from(records).where(sql`${records.imageUrl} = any(${list})`);
  const results = await ctx.db
    .select({ url: schema.generationJobs.imageUrl })
    .from(schema.generationJobs)
    .where(sql`${schema.generationJobs.imageUrl} = any(${list})`);
  const avatars = await ctx.db
    .select({ url: schema.users.avatarUrl })
    .from(schema.users)
    .where(sql`${schema.users.avatarUrl} = any(${list})`);
  return new Set([...sources.flatMap((row) => row.urls ?? []), ...[...images, ...results, ...avatars].map((row) => row.url ?? '')]);
}

/**
 * Settles the claims at least `olderThanSeconds` old (default {@link FILE_CLAIM_SECONDS}): a
 * claimed file no row names is deleted, then its claim. Answers how many files it deleted. The
 * file goes before the row, so a sweep cut short leaves the claim to the next one. Only an operator
 * tool with every server stopped may pass a shorter age (the soak passes 0).
 */
export async function sweepFileClaims(
  ctx: ServiceContext<'db' | 'blobs'>,
  now: Date,
  olderThanSeconds = FILE_CLAIM_SECONDS,
): Promise<number> {
  const cutoff = new Date(now.getTime() - olderThanSeconds * 1000);
  let deleted = 0;
  for (;;) {
    const claims = await ctx.db
      .select({ key: schema.fileClaims.key })
      .from(schema.fileClaims)
      .where(lte(schema.fileClaims.createdAt, cutoff))
      .limit(500);
    if (!claims.length) return deleted;
    const keys = claims.map((claim) => claim.key);
    const named = await namedUrls(ctx, keys.map(fileUrl));
    for (const key of keys) {
      if (named.has(fileUrl(key))) continue;
      await ctx.blobs.delete(key);
      deleted++;
    }
    await releaseFileClaims(ctx, keys);
  }
}
