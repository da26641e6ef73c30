import { and, asc, count, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@db/client';
import type { CreationType } from '../../contract/creation-types';
import { ServiceError } from '../../contract/errors';
import { newId } from '../../lib/ids';
import { jobFailureText } from '../../i18n/job-failures';
import { LINEAGE_DEPTH, LINEAGE_DERIVED_MAX } from '../../contract/shares';
import { paged } from '../../contract/pages';
import { matchesSearch } from './record-search';
import type { BlobStore } from '../../ports';

type RecordRow = typeof schema.creationRecords.$inferSelect;

/** A My Creations card (spec §3 Creation record). */
export function toCreationRecord(row: RecordRow) {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    date: row.createdAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    thumbnail: row.thumbnailUrl,
    imageUrl: row.imageUrl,
    prompt: row.prompt,
    userWords: row.userWords,
    style: row.style,
    model: row.model,
    width: row.width,
    height: row.height,
    toolId: row.toolId,
    toolSettings: row.toolSettings ?? null,
    credits: row.credits,
    imageCount: row.imageCount,
    sourceImageUrls: row.sourceImageUrls ?? [],
    originalImageUrl: row.sourceImageUrls?.[0] ?? null,
    processedImageUrl: row.imageUrl,
    errorCategory: row.errorCategory,
    errorMessage: row.failureCode ? jobFailureText(row.failureCode, 'en') : null,
    failureCode: row.failureCode,
    seed: row.seed,
    options: {
      negativePrompt: row.negativePrompt,
      steps: row.steps,
      cfgScale: row.cfgScale,
      strength: row.strength,
      sampler: row.sampler,
    },
    batchId: row.batchId,
  };
}

const mine = (userId: string) => and(eq(schema.creationRecords.userId, userId), isNull(schema.creationRecords.deletedAt));

/** Private image URLs in a record, signed for `<img>` use (see presentFileUrl). */
async function presentRecord(row: RecordRow, sign: (url: string | null) => Promise<string | null>) {
  const record = toCreationRecord(row);
  const [imageUrl, thumbnail, sources] = await Promise.all([
    sign(record.imageUrl),
    sign(record.thumbnail),
    Promise.all(record.sourceImageUrls.map(sign)),
  ]);
  const sourceImageUrls = sources.filter((u): u is string => Boolean(u));
  return { ...record, imageUrl, thumbnail, processedImageUrl: imageUrl, sourceImageUrls, originalImageUrl: sourceImageUrls[0] ?? null };
}

export async function listRecords(
  db: Db,
  userId: string,
  query: {
    page: number;
    size: number;
    status?: RecordRow['status'];
    type?: RecordRow['type'];
    q?: string;
    createdFrom?: string;
    createdBefore?: string;
  },
  sign: (url: string | null) => Promise<string | null> = async (u) => u,
) {
  const where = and(
    mine(userId),
    query.status ? eq(schema.creationRecords.status, query.status) : undefined,
    query.type ? eq(schema.creationRecords.type, query.type) : undefined,
    query.q ? matchesSearch(query.q) : undefined,
    query.createdFrom ? gte(schema.creationRecords.createdAt, new Date(query.createdFrom)) : undefined,
    query.createdBefore ? lt(schema.creationRecords.createdAt, new Date(query.createdBefore)) : undefined,
  );
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(schema.creationRecords)
      .where(where)
      .orderBy(desc(schema.creationRecords.createdAt), desc(schema.creationRecords.id))
      .limit(query.size)
      .offset(query.page * query.size),
    db.select({ total: count() }).from(schema.creationRecords).where(where),
  ]);
  return paged(await Promise.all(rows.map((row) => presentRecord(row, sign))), query, total);
}

/** Counts by status; `type` narrows them to one kind of creation (e.g. the upscaler's). */
export async function recordStats(db: Db, userId: string, type?: RecordRow['type']) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      completed: sql<number>`count(*) filter (where ${schema.creationRecords.status} = 'COMPLETED')::int`,
      processing: sql<number>`count(*) filter (where ${schema.creationRecords.status} = 'PROCESSING')::int`,
      failed: sql<number>`count(*) filter (where ${schema.creationRecords.status} = 'FAILED')::int`,
    })
    .from(schema.creationRecords)
    .where(and(mine(userId), type ? eq(schema.creationRecords.type, type) : undefined));
  return {
    success: true as const,
    total: Number(row?.total ?? 0),
    completed: Number(row?.completed ?? 0),
    processing: Number(row?.processing ?? 0),
    failed: Number(row?.failed ?? 0),
  };
}

/**
 * Hides the record (soft delete keeps the ledger's references meaningful) and removes its files.
 * A record still processing cannot be deleted: its job would write into it.
 */
export async function deleteRecord(db: Db, blobs: BlobStore, userId: string, id: string, now: Date) {
  const [row] = await db
    .select()
    .from(schema.creationRecords)
    .where(and(eq(schema.creationRecords.id, id), mine(userId)));
  if (!row) throw new ServiceError('NOT_FOUND', 'resourceNotFound');
  if (row.status === 'PROCESSING') throw new ServiceError('CONFLICT', 'creationInProgress');
  await db.update(schema.creationRecords).set({ deletedAt: now, updatedAt: now }).where(eq(schema.creationRecords.id, id));
  // Its public link goes with it (the page already reads a deleted record as 404; no token is kept for nothing).
  await db.delete(schema.creationShares).where(eq(schema.creationShares.recordId, id));
  const keys = [row.imageUrl, ...(row.sourceImageUrls ?? [])].filter((u): u is string => !!u?.startsWith('/api/files/users/'));
  await Promise.all(keys.map((url) => blobs.delete(url.replace('/api/files/', '')).catch(() => undefined)));
  return { success: true as const, id };
}

/**
 * Lineage: an input that came from one of the user's creations names it (`sourceRecordId`). Checked
 * before anything is stored or charged: another user's record, a deleted one or an unknown id are
 * the same 404 naming the field, so nobody learns which ids exist.
 */
export async function checkSourceRecord(db: Db, userId: string, sourceRecordId: string | undefined) {
  if (sourceRecordId === undefined) return;
  const [row] = await db
    .select({ id: schema.creationRecords.id })
    .from(schema.creationRecords)
    .where(and(eq(schema.creationRecords.id, sourceRecordId), mine(userId)));
  if (!row) throw new ServiceError('NOT_FOUND', 'resourceNotFound', { field: 'sourceRecordId' });
}

/**
 * Records the source of the record a just-started job fills (after {@link checkSourceRecord}). A
 * regenerated record keeps one source, the latest. Lineage is a note, not money: it is written after
 * the job's own transaction, and a record never names itself.
 */
export async function linkJobSource(db: Db, jobId: string, sourceRecordId: string | undefined) {
  if (sourceRecordId === undefined) return;
  const [job] = await db
    .select({ recordId: schema.generationJobs.recordId })
    .from(schema.generationJobs)
    .where(eq(schema.generationJobs.id, jobId));
  if (!job || job.recordId === sourceRecordId) return;
  await db
    .insert(schema.creationSources)
    .values({ recordId: job.recordId, sourceRecordId })
    .onConflictDoUpdate({ target: schema.creationSources.recordId, set: { sourceRecordId } });
}

/** The My Creations card a job fills while it runs (spec §3 Creation record). */
export interface RecordFields {
  type: CreationType;
  /** A photo tool's chosen size and background colour, when it has them. */
  toolSettings?: { size?: string; backgroundColor?: string } | null;
  prompt?: string | null;
  style?: string | null;
  model?: string | null;
  width?: number | null;
  height?: number | null;
  toolId?: string | null;
  /** The advanced options the job runs with (contract/generation-options.ts). */
  negativePrompt?: string | null;
  seed?: number | null;
  steps?: number | null;
  cfgScale?: number | null;
  strength?: number | null;
  sampler?: string | null;
}

/**
 * Writes a job's creation record and answers its id: regenerating overwrites the user's own,
 * finished record (its type stays); otherwise a new record is inserted.
 */
export async function writeRecord(
  tx: Tx,
  userId: string,
  type: RecordFields['type'],
  fields: Omit<typeof schema.creationRecords.$inferInsert, 'id' | 'userId' | 'type' | 'createdAt'>,
  now: Date,
  updateRecordId: string | undefined,
): Promise<string> {
  let recordId = updateRecordId;
  if (recordId) {
    // Regenerating overwrites the user's own, finished record only (its type stays).
    const [updated] = await tx
      .update(schema.creationRecords)
      .set(fields)
      .where(
        and(
          eq(schema.creationRecords.id, recordId),
          eq(schema.creationRecords.userId, userId),
          sql`${schema.creationRecords.deletedAt} is null`,
          inArray(schema.creationRecords.status, ['COMPLETED', 'FAILED']),
        ),
      )
      .returning({ id: schema.creationRecords.id });
    if (!updated) throw new ServiceError('NOT_FOUND', 'resourceNotFound', { field: 'updateRecordId' });
  } else {
    recordId = newId('rec');
    await tx.insert(schema.creationRecords).values({ id: recordId, userId, type, ...fields, createdAt: now });
  }
  return recordId;
}

/** A failed job's record: the failure's code and category, never a sentence. */
export async function markRecordFailed(
  tx: Tx,
  recordId: string,
  fields: Pick<RecordRow, 'failureCode' | 'errorCategory'>,
  now: Date,
): Promise<void> {
  await tx
    .update(schema.creationRecords)
    .set({ status: 'FAILED', ...fields, updatedAt: now })
    .where(eq(schema.creationRecords.id, recordId));
}

/** A completed job's record: its image (also the thumbnail) and, when the job knows it, the output size. */
export async function markRecordCompleted(
  tx: Tx,
  recordId: string,
  image: { imageUrl: string; width?: number; height?: number },
  now: Date,
): Promise<void> {
  const { imageUrl } = image;
  const size = image.width && image.height ? { width: image.width, height: image.height } : {};
  await tx
    .update(schema.creationRecords)
    .set({ status: 'COMPLETED', imageUrl, thumbnailUrl: imageUrl, ...size, updatedAt: now })
    .where(eq(schema.creationRecords.id, recordId));
}

/** The latest job that filled one of the user's completed, live records (its kind and input), if any. */
export async function jobOfCompletedRecord(db: Db, userId: string, recordId: string) {
  const [job] = await db
    .select({ kind: schema.generationJobs.kind, input: schema.generationJobs.input })
    .from(schema.creationRecords)
    .innerJoin(schema.generationJobs, eq(schema.generationJobs.recordId, schema.creationRecords.id))
    .where(
      and(
        eq(schema.creationRecords.id, recordId),
        eq(schema.creationRecords.userId, userId),
        isNull(schema.creationRecords.deletedAt),
        eq(schema.creationRecords.status, 'COMPLETED'),
      ),
    )
    .orderBy(desc(schema.generationJobs.createdAt))
    .limit(1);
  return job;
}

/** A creation in a lineage chain (contract/shares.ts LineageItem). */
async function lineageItem(row: RecordRow, sign: (url: string | null) => Promise<string | null>) {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    thumbnail: await sign(row.thumbnailUrl),
    style: row.style,
    width: row.width,
    height: row.height,
  };
}

/**
 * One of the user's creations with its lineage: the chain of sources it was made from (nearest
 * first, up to `LINEAGE_DEPTH`, stopping at a deleted one) and the creations made from it. Only the
 * user's own live records are ever read; another user's id is a 404 like an unknown one.
 */
export async function getRecordWithLineage(
  db: Db,
  userId: string,
  id: string,
  sign: (url: string | null) => Promise<string | null> = async (u) => u,
) {
  const [row] = await db
    .select()
    .from(schema.creationRecords)
    .where(and(eq(schema.creationRecords.id, id), mine(userId)));
  if (!row) throw new ServiceError('NOT_FOUND', 'resourceNotFound');
  const sources: RecordRow[] = [];
  const seen = new Set([row.id]);
  let current = row.id;
  for (let depth = 0; depth < LINEAGE_DEPTH; depth++) {
    const [source] = await db
      .select({ record: schema.creationRecords })
      .from(schema.creationSources)
      .innerJoin(schema.creationRecords, eq(schema.creationRecords.id, schema.creationSources.sourceRecordId))
      .where(and(eq(schema.creationSources.recordId, current), mine(userId)));
    if (!source || seen.has(source.record.id)) break;
    seen.add(source.record.id);
    sources.push(source.record);
    current = source.record.id;
  }
  const derived = await db
    .select({ record: schema.creationRecords })
    .from(schema.creationSources)
    .innerJoin(schema.creationRecords, eq(schema.creationRecords.id, schema.creationSources.recordId))
    .where(and(eq(schema.creationSources.sourceRecordId, row.id), mine(userId)))
    .orderBy(asc(schema.creationRecords.createdAt), asc(schema.creationRecords.id))
    .limit(LINEAGE_DERIVED_MAX);
  return {
    success: true as const,
    record: await presentRecord(row, sign),
    sources: await Promise.all(sources.map((r) => lineageItem(r, sign))),
    derived: await Promise.all(derived.map(({ record }) => lineageItem(record, sign))),
  };
}
