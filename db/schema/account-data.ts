import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './_columns';
import { users } from './users';

/** One image an export left out: where it would be in the zip, its blob and its size. */
export interface ExportLeftOut {
  path: string;
  blobKey: string;
  bytes: number;
}

export const dataExportStatus = pgEnum('data_export_status', ['PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED']);

/**
 * One "My data" export: a zip of the profile, orders, ledger, creation records and the
 * user's own images, built by a job on the queue (worker/jobs/data-export.ts). `progress` (0–100) is
 * what the personal center shows while it runs; the zip lives at `blobKey` until `expiresAt`.
 * An export holds a bounded amount of images: the ones it left out are kept in `notIncluded`, and a
 * next part (`continuesId` naming this one, `part` one more) can be made of them (decision 066).
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: dataExportStatus('status').notNull().default('PROCESSING'),
    progress: integer('progress').notNull().default(0),
    /** Deliveries of the job so far (the queue retries a failed attempt). */
    attempt: integer('attempt').notNull().default(0),
    deadlineAt: tstz('deadline_at').notNull(),
    blobKey: text('blob_key'),
    sizeBytes: integer('size_bytes'),
    fileCount: integer('file_count'),
    errorMessage: text('error_message'),
    /** 1 for an export of everything; 2, 3, … for a part made of what the part before left out. */
    part: integer('part').notNull().default(1),
    /** The part this one continues (null for part 1). One next part per part: a double click makes one. */
    continuesId: text('continues_id').references((): AnyPgColumn => dataExports.id, { onDelete: 'set null' }),
    /** Images the size bound left out of this zip (COMPLETED only): what a next part holds. */
    notIncluded: jsonb('not_included').$type<ExportLeftOut[]>(),
    expiresAt: tstz('expires_at'),
    finishedAt: tstz('finished_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('data_exports_user_created_idx').on(t.userId, t.createdAt),
    // One export at a time per user: a second click while one runs finds the first.
    uniqueIndex('data_exports_continues_uq').on(t.continuesId),
    uniqueIndex('data_exports_one_running_uq').on(t.userId).where(sql`${t.status} = 'PROCESSING'`),
  ],
);
