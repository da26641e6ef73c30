import { and, desc, eq, lt, ne, sql } from 'drizzle-orm';
import * as z from 'zod';
import { schema } from '@db/client';
import { DATA_EXPORT, dataExportFileName } from '../contract/account';
import type { DataExportInfo, DataExportResponse } from '../contract/responses/account';
import { ServiceError } from '../contract/errors';
import { newId } from '../lib/ids';
import type { AppDeps } from '../ports';
import { planExport, writeExportZip } from '../services/account/export-contents';
import { insertDataExportWithinCap } from '../services/account/export-quota';
import { fileUrl, presentFileUrl } from '../services/files/files';
import { MAX_ATTEMPTS } from './pipeline';
import { DEFAULT_LOCALE, type Locale } from '../contract/locales';
import { isMessageId, renderMessage, say } from '../contract/messages';

/**
 * "My data" export as a job on the queue: the request only records it and publishes it;
 * the signed callback builds the zip, reporting progress on the row, which the personal center polls.
 * It follows the pipeline's rules (docs/decisions/009): publish after commit (a failed publish fails
 * it at once), at-least-once delivery with every transition a conditional UPDATE on `PROCESSING`,
 * a machine failure answered 503 so the queue retries up to MAX_ATTEMPTS, a deadline after which it
 * is failed. It is not a `JobKind` of the image registry: that contract charges credits, fills a
 * My Creations card and stores an image, and an export does none of these (decision 018).
 */
export const DATA_EXPORT_JOB = {
  id: 'data-export',
  callbackPath: '/api/jobs/data-export',
  payload: z.object({ exportId: z.string().regex(/^exp_[a-z0-9]+$/) }),
  deadlineSeconds: 10 * 60,
} as const;

type Ctx = Pick<AppDeps, 'db' | 'blobs' | 'queue' | 'clock' | 'log' | 'config' | 'limits'>;
type ExportRow = typeof schema.dataExports.$inferSelect;

const DAY_MS = 24 * 3600 * 1000;
const e = schema.dataExports;
const exportKey = (userId: string, id: string) => `users/${userId}/exports/${id}.zip`;

/** Why an export failed, stored as a message id and said in the reader's language when read. */
type ExportFailure = 'exportTimedOut' | 'exportServiceUnavailable' | 'exportBuildFailed';

/** The stored failure in `locale`; a row failed before failures were ids keeps its English text. */
const failureText = (stored: string | null, locale: Locale) =>
  stored && isMessageId(stored) ? renderMessage(say(stored as ExportFailure), locale) : stored;

async function present(ctx: Pick<Ctx, 'config' | 'clock'>, row: ExportRow, locale: Locale): Promise<DataExportInfo> {
  const ready = row.status === 'COMPLETED' && row.blobKey;
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes,
    fileCount: row.fileCount,
    downloadUrl: ready ? await presentFileUrl(ctx.config.AUTH_SECRET, fileUrl(row.blobKey!), ctx.clock.now()) : null,
    fileName: ready ? dataExportFileName(row.createdAt) : null,
    error: failureText(row.errorMessage, locale),
  };
}

/** Fails a running export (once: only a row still PROCESSING changes). */
async function failExport(ctx: Pick<Ctx, 'db' | 'clock'>, id: string, failure: ExportFailure) {
  const now = ctx.clock.now();
  await ctx.db
    .update(e)
    .set({ status: 'FAILED', errorMessage: failure, finishedAt: now, updatedAt: now })
    .where(and(eq(e.id, id), eq(e.status, 'PROCESSING')));
}

/** Removes a finished zip and marks its row EXPIRED: past its keep time, or replaced by a newer export. */
async function expireExport(ctx: Pick<Ctx, 'db' | 'blobs' | 'clock' | 'log'>, row: ExportRow) {
  if (row.blobKey)
    await ctx.blobs
      .delete(row.blobKey)
      .catch((error) => ctx.log.warn('data export: zip not removed', { exportId: row.id, error: String(error) }));
  await ctx.db
    .update(e)
    .set({ status: 'EXPIRED', updatedAt: ctx.clock.now() })
    .where(and(eq(e.id, row.id), eq(e.status, 'COMPLETED')));
}

/**
 * The newest export of the user, tidied as it is read: a run past its deadline is failed and a zip past
 * its keep time removed. (Exports are read far more often than they age, so no sweeper is needed.)
 */
export async function latestDataExport(ctx: Ctx, userId: string, locale: Locale = DEFAULT_LOCALE): Promise<DataExportResponse> {
  const now = ctx.clock.now();
  let [row] = await ctx.db.select().from(e).where(eq(e.userId, userId)).orderBy(desc(e.createdAt), desc(e.id)).limit(1);
  if (row?.status === 'PROCESSING' && row.deadlineAt <= now) {
    await failExport(ctx, row.id, 'exportTimedOut');
    [row] = await ctx.db.select().from(e).where(eq(e.id, row.id));
  } else if (row?.status === 'COMPLETED' && row.expiresAt && row.expiresAt <= now) {
    await expireExport(ctx, row);
    [row] = await ctx.db.select().from(e).where(eq(e.id, row.id));
  }
  return { success: true, export: row ? await present(ctx, row, locale) : null };
}

/**
 * Starts an export, or returns the one already running (one at a time per user: a partial unique
 * index decides between two clicks). Older zips are removed: only the newest is kept.
 */
export async function startDataExport(ctx: Ctx, userId: string, locale: Locale = DEFAULT_LOCALE): Promise<DataExportResponse> {
  const now = ctx.clock.now();
  const running = await latestDataExport(ctx, userId, locale);
  if (running.export?.status === 'PROCESSING') return running;
  const id = newId('exp');
  const deadlineAt = new Date(now.getTime() + DATA_EXPORT_JOB.deadlineSeconds * 1000);
  // The daily cap counts exports that exist, so parallel clicks on one export spend one start.
  const created = await insertDataExportWithinCap(ctx.db, { id, userId, now, deadlineAt });
  if (!created) return latestDataExport(ctx, userId, locale);
  const older = await ctx.db
    .select()
    .from(e)
    .where(and(eq(e.userId, userId), eq(e.status, 'COMPLETED'), ne(e.id, id)));
  for (const row of older) await expireExport(ctx, row);
  try {
    await ctx.queue.publish({ path: DATA_EXPORT_JOB.callbackPath, body: { exportId: id }, retries: MAX_ATTEMPTS - 1 });
  } catch (error) {
    ctx.log.error('data export publish failed', { exportId: id, error: String(error) });
    await failExport(ctx, id, 'exportServiceUnavailable');
  }
  const [row] = await ctx.db.select().from(e).where(eq(e.id, id));
  return { success: true, export: await present(ctx, row!, locale) };
}

async function setProgress(ctx: Pick<Ctx, 'db' | 'clock'>, id: string, progress: number) {
  await ctx.db
    .update(e)
    .set({ progress: Math.min(99, Math.max(0, Math.round(progress))), updatedAt: ctx.clock.now() })
    .where(and(eq(e.id, id), eq(e.status, 'PROCESSING'), lt(e.progress, Math.round(progress))));
}

/**
 * The callback's work. Delivery is at least once: a finished export is left alone, and only one of
 * two racing deliveries can mark it COMPLETED (the loser's zip, written under the same key, is the
 * same data). Progress: 5 % once the records are read, up to 95 % as images are added, 100 % stored.
 */
export async function runDataExport(ctx: Ctx, body: unknown): Promise<{ outcome: 'completed' | 'failed' | 'skipped' }> {
  const parsed = DATA_EXPORT_JOB.payload.safeParse(body);
  if (!parsed.success) throw new ServiceError('VALIDATION_FAILED', say('fieldRequired', { field: 'exportId' }), { field: 'exportId' });

  const { exportId } = parsed.data;
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(e)
    .set({ attempt: sql`${e.attempt} + 1`, updatedAt: now })
    .where(and(eq(e.id, exportId), eq(e.status, 'PROCESSING')))
    .returning();
  if (!row) return { outcome: 'skipped' };
  if (row.deadlineAt <= now) {
    await failExport(ctx, row.id, 'exportTimedOut');
    return { outcome: 'failed' };
  }
  try {
    const uploads = (await ctx.blobs.list(`users/${row.userId}/uploads/`)).map((b) => b.key);
    const plan = await planExport(ctx.db, row.userId, now, { uploads });
    await setProgress(ctx, row.id, 5);
    // Images past EXPORT_IMAGE_BYTES_MAX are left out and named in the zip (decision 018).
    const zip = await writeExportZip(plan, (key) => ctx.blobs.get(key), {
      mtime: now,
      onFile: async (done, total) => {
        // A write per image is cheap next to reading the image; keeps the bar moving on big exports.
        await setProgress(ctx, row.id, 5 + (90 * done) / total);
      },
    });
    const key = exportKey(row.userId, row.id);
    await ctx.blobs.put(key, zip.bytes, { contentType: 'application/zip' });
    const done = ctx.clock.now();
    const [won] = await ctx.db
      .update(e)
      .set({
        status: 'COMPLETED',
        progress: 100,
        blobKey: key,
        sizeBytes: zip.bytes.length,
        fileCount: zip.fileCount,
        finishedAt: done,
        expiresAt: new Date(done.getTime() + DATA_EXPORT.keepDays * DAY_MS),
        updatedAt: done,
      })
      .where(and(eq(e.id, row.id), eq(e.status, 'PROCESSING')))
      .returning({ id: e.id });
    ctx.log.info('data export completed', {
      exportId: row.id,
      bytes: zip.bytes.length,
      files: zip.fileCount,
      notIncluded: zip.notIncluded,
    });
    return { outcome: won ? 'completed' : 'skipped' };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (row.attempt < MAX_ATTEMPTS) {
      ctx.log.warn('data export attempt failed, will retry', { exportId: row.id, attempt: row.attempt, error: message });
      throw new ServiceError('SERVICE_UNAVAILABLE', 'exportRetrying');
    }
    ctx.log.warn('data export failed', { exportId: row.id, error: message });
    await failExport(ctx, row.id, 'exportBuildFailed');
    return { outcome: 'failed' };
  }
}
