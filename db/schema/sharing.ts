import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './_columns';
import { creationRecords } from './creations';
import { users } from './users';

/**
 * A creation shared as a public, read-only page (`/s/<token>`, docs/decisions/036). The token is the
 * only key a visitor has: random, 144 bits, never derived from ids. Revoking deletes the row, so a
 * revoked token never works again; sharing anew mints a new one. Deleting the account or the record
 * (hard) cascades; a soft-deleted record is filtered where the page is read.
 */
export const creationShares = pgTable(
  'creation_shares',
  {
    token: text('token').primaryKey(),
    recordId: text('record_id')
      .notNull()
      .unique()
      .references(() => creationRecords.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The owner's choice: the page shows the prompt only when this is true. */
    includePrompt: boolean('include_prompt').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('creation_shares_user_idx').on(t.userId)],
);

/**
 * Lineage: the creation this one was made from (an edit of an earlier result, a tool or an upscale
 * applied to it), when the input came from one of the same user's creations. A table of its own so
 * the record table stays as it is; the service checks both records belong to the same user.
 */
export const creationSources = pgTable(
  'creation_sources',
  {
    recordId: text('record_id')
      .primaryKey()
      .references(() => creationRecords.id, { onDelete: 'cascade' }),
    sourceRecordId: text('source_record_id')
      .notNull()
      .references(() => creationRecords.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('creation_sources_source_idx').on(t.sourceRecordId)],
);
