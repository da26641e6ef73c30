import { and, desc, eq, lt, ne, sql } from 'drizzle-orm';
import { schema, type Db } from '@db/client';

/**
 * The data_exports rows of "My data" (worker/jobs/data-export.ts): every read and conditional
 * write the export job makes. Each change of state is a conditional UPDATE on `PROCESSING` (or
 * `COMPLETED` for an expiry), so a late or repeated delivery changes nothing.
 */
const e = schema.dataExports;
export type ExportRow = typeof e.$inferSelect;
/** One image an export left out: its path in the zip, its blob and its size. */
export type ExportLeftOut = NonNullable<ExportRow['notIncluded']>[number];

export async function newestExport(db: Db, userId: string): Promise<ExportRow | undefined> {
  const [row] = await db.select().from(e).where(eq(e.userId, userId)).orderBy(desc(e.createdAt), desc(e.part), desc(e.id)).limit(1);
  return row;
}

export async function exportById(db: Db, id: string): Promise<ExportRow | undefined> {
  const [row] = await db.select().from(e).where(eq(e.id, id));
  return row;
}

/** The finished zips of the user other than `exceptId` (replaced when a new export starts). */
export function otherCompletedExports(db: Db, userId: string, exceptId: string): Promise<ExportRow[]> {
  return db
    .select()
    .from(e)
    .where(and(eq(e.userId, userId), eq(e.status, 'COMPLETED'), ne(e.id, exceptId)));
}

/** The parts `row` continues, nearest first (part N-1, N-2, … 1). */
export async function earlierParts(db: Db, row: ExportRow): Promise<ExportRow[]> {
  const parts: ExportRow[] = [];
  let next = row.continuesId;
  // A chain is as long as the parts made; each holds up to the size bound, so it stays short.
  while (next) {
    const part = await exportById(db, next);
    if (!part || part.userId !== row.userId) break;
    parts.push(part);
    next = part.continuesId;
  }
  return parts;
}

export async function failExportRow(db: Db, id: string, errorMessage: string, now: Date): Promise<void> {
  await db
    .update(e)
    .set({ status: 'FAILED', errorMessage, finishedAt: now, updatedAt: now })
    .where(and(eq(e.id, id), eq(e.status, 'PROCESSING')));
}

export async function expireExportRow(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(e)
    .set({ status: 'EXPIRED', updatedAt: now })
    .where(and(eq(e.id, id), eq(e.status, 'COMPLETED')));
}

/** Counts a delivery of a running export; undefined when it is no longer running. */
export async function beginExportAttempt(db: Db, id: string, now: Date): Promise<ExportRow | undefined> {
  const [row] = await db
    .update(e)
    .set({ attempt: sql`${e.attempt} + 1`, updatedAt: now })
    .where(and(eq(e.id, id), eq(e.status, 'PROCESSING')))
    .returning();
  return row;
}

/** Moves the bar forward only (0–99: 100 is set with the zip). */
export async function setExportProgress(db: Db, id: string, progress: number, now: Date): Promise<void> {
  const value = Math.min(99, Math.max(0, Math.round(progress)));
  await db
    .update(e)
    .set({ progress: value, updatedAt: now })
    .where(and(eq(e.id, id), eq(e.status, 'PROCESSING'), lt(e.progress, value)));
}

/** Marks a running export finished with its zip; false when another delivery finished it first. */
export async function completeExportRow(
  db: Db,
  id: string,
  done: { blobKey: string; sizeBytes: number; fileCount: number; notIncluded: ExportLeftOut[]; now: Date; expiresAt: Date },
): Promise<boolean> {
  const [won] = await db
    .update(e)
    .set({
      status: 'COMPLETED',
      progress: 100,
      blobKey: done.blobKey,
      sizeBytes: done.sizeBytes,
      fileCount: done.fileCount,
      notIncluded: done.notIncluded.length ? done.notIncluded : null,
      finishedAt: done.now,
      expiresAt: done.expiresAt,
      updatedAt: done.now,
    })
    .where(and(eq(e.id, id), eq(e.status, 'PROCESSING')))
    .returning({ id: e.id });
  return Boolean(won);
}

/**
 * Records the next part of `previous` (the images it left out). No daily cap: a part reads only what
 * the part before could not hold, so a series ends. Undefined when that part exists already (a
 * double click: one part per part, by a unique index) or another export is running.
 */
export async function insertNextPart(
  db: Db,
  input: { id: string; previous: ExportRow; now: Date; deadlineAt: Date },
): Promise<ExportRow | undefined> {
  const [created] = await db
    .insert(e)
    .values({
      id: input.id,
      userId: input.previous.userId,
      part: input.previous.part + 1,
      continuesId: input.previous.id,
      deadlineAt: input.deadlineAt,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoNothing()
    .returning();
  return created;
}
