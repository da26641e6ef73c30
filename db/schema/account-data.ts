import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './_columns';
import { users } from './users';

export const dataExportStatus = pgEnum('data_export_status', ['PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED']);

/**
 * One "My data" export: a zip of the profile, orders, ledger, creation records and the
 * user's own images, built by a job on the queue (worker/jobs/data-export.ts). `progress` (0–100) is
 * what the personal center shows while it runs; the zip lives at `blobKey` until `expiresAt`.
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
    expiresAt: tstz('expires_at'),
    finishedAt: tstz('finished_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('data_exports_user_created_idx').on(t.userId, t.createdAt),
    // One export at a time per user: a second click while one runs finds the first.
    uniqueIndex('data_exports_one_running_uq').on(t.userId).where(sql`${t.status} = 'PROCESSING'`),
  ],
);
