import { timestamp } from 'drizzle-orm/pg-core';

/** Every row records when it was written; timestamps are always UTC with time zone. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const tstz = (name: string) => timestamp(name, { withTimezone: true });
