import * as z from 'zod';
import { DATA_EXPORT, dataExportFileName } from '../contract/account';
import type { DataExportInfo, DataExportResponse } from '../contract/responses/account';
import { ServiceError } from '../contract/errors';
import { newId } from '../lib/ids';
import type { AppDeps } from '../ports';
import { planExport, writeExportZip } from '../services/account/export-contents';
import { insertDataExportWithinCap } from '../services/account/export-quota';
import {
  beginExportAttempt,
  completeExportRow,
  earlierParts,
  exportById,
  expireExportRow,
  type ExportRow,
  failExportRow,
  insertNextPart,
  newestExport,
  otherCompletedExports,
  setExportProgress,
} from '../services/account/export-rows';
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
 * is failed. An export holds a bounded amount of images; what it leaves out can be asked for as a next
 * part, and the parts of the newest export stay downloadable together (decision 066). It is not a `JobKind` of the image registry: that contract charges credits, fills a
 * My Creations card and stores an image, and an export does none of these (decision 018).
 */
export const DATA_EXPORT_JOB = {
  id: 'data-export',
  callbackPath: '/api/jobs/data-export',
  payload: z.object({ exportId: z.string().regex(/^exp_[a-z0-9]+$/) }),
  deadlineSeconds: 10 * 60,
} as const;

type Ctx = Pick<AppDeps, 'db' | 'blobs' | 'queue' | 'clock' | 'log' | 'config' | 'limits'>;

const DAY_MS = 24 * 3600 * 1000;
const exportKey = (userId: string, id: string) => `users/${userId}/exports/${id}.zip`;

/** Why an export failed, stored as a message id and said in the reader's language when read. */
type ExportFailure = 'exportTimedOut' | 'exportServiceUnavailable' | 'exportBuildFailed';

/** The stored failure in `locale`; a row failed before failures were ids keeps its English text. */
const failureText = (stored: string | null, locale: Locale) =>
  stored && isMessageId(stored) ? renderMessage(say(stored as ExportFailure), locale) : stored;

async function present(ctx: Pick<Ctx, 'config' | 'clock'>, row: ExportRow, locale: Locale): Promise<DataExportInfo> {
  const ready = row.status === 'COMPLETED' && row.blobKey;
  const leftOut = ready ? (row.notIncluded ?? []) : [];
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes,
    fileCount: row.fileCount,
    part: row.part,
    notIncluded: leftOut.length ? { count: leftOut.length, bytes: leftOut.reduce((sum, f) => sum + f.bytes, 0) } : null,
    downloadUrl: ready ? await presentFileUrl(ctx.config.AUTH_SECRET, fileUrl(row.blobKey!), ctx.clock.now()) : null,
    fileName: ready ? dataExportFileName(row.createdAt, row.part) : null,
    error: failureText(row.errorMessage, locale),
  };
}

/** Fails a running export (once: only a row still PROCESSING changes). */
const failExport = (ctx: Pick<Ctx, 'db' | 'clock'>, id: string, failure: ExportFailure) =>
  failExportRow(ctx.db, id, failure, ctx.clock.now());

/** Removes a finished zip and marks its row EXPIRED: past its keep time, or replaced by a newer export. */
async function expireExport(ctx: Pick<Ctx, 'db' | 'blobs' | 'clock' | 'log'>, row: ExportRow) {
  if (row.blobKey)
    await ctx.blobs
      .delete(row.blobKey)
      .catch((error) => ctx.log.warn('data export: zip not removed', { exportId: row.id, error: String(error) }));
  await expireExportRow(ctx.db, row.id, ctx.clock.now());
}

/** `row` as it is read: a run past its deadline is failed and a zip past its keep time removed. */
async function tidied(ctx: Ctx, row: ExportRow): Promise<ExportRow> {
  const now = ctx.clock.now();
  if (row.status === 'PROCESSING' && row.deadlineAt <= now) await failExport(ctx, row.id, 'exportTimedOut');
  else if (row.status === 'COMPLETED' && row.expiresAt && row.expiresAt <= now) await expireExport(ctx, row);
  else return row;
  return (await exportById(ctx.db, row.id)) ?? row;
}

/**
 * The newest export of the user and the earlier parts of it still downloadable, tidied as they are
 * read. (Exports are read far more often than they age, so no sweeper is needed.)
 */
export async function latestDataExport(ctx: Ctx, userId: string, locale: Locale = DEFAULT_LOCALE): Promise<DataExportResponse> {
  const newest = await newestExport(ctx.db, userId);
  if (!newest) return { success: true, export: null, earlierParts: [] };
  const row = await tidied(ctx, newest);
  const earlier: DataExportInfo[] = [];
  for (const part of await earlierParts(ctx.db, row)) {
    const current = await tidied(ctx, part);
    if (current.status === 'COMPLETED') earlier.unshift(await present(ctx, current, locale));
  }
  return { success: true, export: await present(ctx, row, locale), earlierParts: earlier };
}

/** Queues the job of a recorded export; a publish that fails fails the export at once. */
async function publishExport(ctx: Ctx, id: string) {
  try {
    await ctx.queue.publish({ path: DATA_EXPORT_JOB.callbackPath, body: { exportId: id }, retries: MAX_ATTEMPTS - 1 });
  } catch (error) {
    ctx.log.error('data export publish failed', { exportId: id, error: String(error) });
    await failExport(ctx, id, 'exportServiceUnavailable');
  }
}

const deadlineFrom = (now: Date) => new Date(now.getTime() + DATA_EXPORT_JOB.deadlineSeconds * 1000);

/**
 * Starts an export, or returns the one already running (one at a time per user: a partial unique
 * index decides between two clicks). Older zips are removed: only the newest is kept.
 */
export async function startDataExport(ctx: Ctx, userId: string, locale: Locale = DEFAULT_LOCALE): Promise<DataExportResponse> {
  const now = ctx.clock.now();
  const running = await latestDataExport(ctx, userId, locale);
  if (running.export?.status === 'PROCESSING') return running;
  const id = newId('exp');
  // The daily cap counts exports that exist, so parallel clicks on one export spend one start.
  const created = await insertDataExportWithinCap(ctx.db, { id, userId, now, deadlineAt: deadlineFrom(now) });
  if (!created) return latestDataExport(ctx, userId, locale);
  for (const row of await otherCompletedExports(ctx.db, userId, id)) await expireExport(ctx, row);
  await publishExport(ctx, id);
  return latestDataExport(ctx, userId, locale);
}

/**
 * Starts the next part of the newest export: the images it left out. The parts before it are kept
 * (they are the rest of the same data). Answers the current state unchanged when the newest export is
 * not a finished one that left images out (already continued, running, or complete).
 */
export async function startNextExportPart(ctx: Ctx, userId: string, locale: Locale = DEFAULT_LOCALE): Promise<DataExportResponse> {
  const now = ctx.clock.now();
  const newest = await newestExport(ctx.db, userId);
  const previous = newest && (await tidied(ctx, newest));
  if (previous?.status !== 'COMPLETED' || !previous.notIncluded?.length) return latestDataExport(ctx, userId, locale);
  const id = newId('exp');
  const created = await insertNextPart(ctx.db, { id, previous, now, deadlineAt: deadlineFrom(now) });
  if (created) await publishExport(ctx, id);
  return latestDataExport(ctx, userId, locale);
}

/** Builds the zip of a running export and stores it; false when another delivery finished it first. */
async function buildExport(ctx: Ctx, row: ExportRow, now: Date): Promise<boolean> {
  const previous = row.continuesId ? await exportById(ctx.db, row.continuesId) : undefined;
  const only = previous ? new Set((previous.notIncluded ?? []).map((f) => f.blobKey)) : undefined;
  const uploads = (await ctx.blobs.list(`users/${row.userId}/uploads/`)).map((b) => b.key);
  const plan = await planExport(ctx.db, row.userId, now, { uploads, part: row.part, only });
  await setExportProgress(ctx.db, row.id, 5, ctx.clock.now());
  // Images past EXPORT_IMAGE_BYTES_MAX are left out, named in the zip and kept on the row for a next part (decision 018).
  const zip = await writeExportZip(plan, (key) => ctx.blobs.get(key), {
    mtime: now,
    onFile: async (done, total) => {
      // A write per image is cheap next to reading the image; keeps the bar moving on big exports.
      await setExportProgress(ctx.db, row.id, 5 + (90 * done) / total, ctx.clock.now());
    },
  });
  const key = exportKey(row.userId, row.id);
  await ctx.blobs.put(key, zip.bytes, { contentType: 'application/zip' });
  const done = ctx.clock.now();
  const won = await completeExportRow(ctx.db, row.id, {
    blobKey: key,
    sizeBytes: zip.bytes.length,
    fileCount: zip.fileCount,
    notIncluded: zip.notIncluded,
    now: done,
    expiresAt: new Date(done.getTime() + DATA_EXPORT.keepDays * DAY_MS),
  });
  ctx.log.info('data export completed', {
    exportId: row.id,
    part: row.part,
    bytes: zip.bytes.length,
    files: zip.fileCount,
    notIncluded: zip.notIncluded.length,
  });
  return won;
}

/**
 * The callback's work. Delivery is at least once: a finished export is left alone, and only one of
 * two racing deliveries can mark it COMPLETED (the loser's zip, written under the same key, is the
 * same data). Progress: 5 % once the records are read, up to 95 % as images are added, 100 % stored.
 */
export async function runDataExport(ctx: Ctx, body: unknown): Promise<{ outcome: 'completed' | 'failed' | 'skipped' }> {
  const parsed = DATA_EXPORT_JOB.payload.safeParse(body);
  if (!parsed.success) throw new ServiceError('VALIDATION_FAILED', say('fieldRequired', { field: 'exportId' }), { field: 'exportId' });

  const now = ctx.clock.now();
  const row = await beginExportAttempt(ctx.db, parsed.data.exportId, now);
  if (!row) return { outcome: 'skipped' };
  if (row.deadlineAt <= now) {
    await failExport(ctx, row.id, 'exportTimedOut');
    return { outcome: 'failed' };
  }
  try {
    return { outcome: (await buildExport(ctx, row, now)) ? 'completed' : 'skipped' };
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
