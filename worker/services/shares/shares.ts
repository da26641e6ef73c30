import { and, eq, isNull } from 'drizzle-orm';
import { schema, type Db } from '@db/client';
import { ServiceError } from '../../contract/errors';
import { SHARE_TOKEN_BYTES, SHARED_VIEWS_PER_IP, type CreationShare, type ShareRequest } from '../../contract/shares';
import type { CreationType } from '../../contract/creation-types';
import { toBase64Url } from '../../lib/bytes';
import type { BlobStore, RateLimiter, StoredBlob } from '../../ports';

type ShareRow = typeof schema.creationShares.$inferSelect;

/** The public page's address and its image's, absolute (chat apps and crawlers need whole URLs). */
export const sharedPageUrl = (origin: string, token: string) => `${origin}/s/${token}`;
export const sharedImageUrl = (origin: string, token: string) => `${origin}/s/${token}/image`;

const presentShare = (row: ShareRow, origin: string): CreationShare => ({
  token: row.token,
  url: sharedPageUrl(origin, row.token),
  imageUrl: sharedImageUrl(origin, row.token),
  includePrompt: row.includePrompt,
  createdAt: row.createdAt.toISOString(),
});

const notFound = () => new ServiceError('NOT_FOUND', 'resourceNotFound');

/** The user's own live record, or the same 404 for someone else's, a deleted or an unknown one. */
async function ownRecord(db: Db, userId: string, recordId: string) {
  const [row] = await db
    .select({ id: schema.creationRecords.id, status: schema.creationRecords.status, imageUrl: schema.creationRecords.imageUrl })
    .from(schema.creationRecords)
    .where(
      and(eq(schema.creationRecords.id, recordId), eq(schema.creationRecords.userId, userId), isNull(schema.creationRecords.deletedAt)),
    );
  if (!row) throw notFound();
  return row;
}

/** GET /api/creation-records/{id}/share: the link, or null when the creation is not shared. */
export async function readShare(db: Db, userId: string, recordId: string, origin: string) {
  await ownRecord(db, userId, recordId);
  const [row] = await db.select().from(schema.creationShares).where(eq(schema.creationShares.recordId, recordId));
  return { success: true as const, share: row ? presentShare(row, origin) : null };
}

/**
 * PUT /api/creation-records/{id}/share: shares a finished creation, or changes whether its page
 * shows the prompt. Sharing again keeps the link (one row per record, unique): a link already sent
 * keeps working until the owner revokes it.
 */
export async function shareCreation(db: Db, userId: string, recordId: string, input: ShareRequest, origin: string, now: Date) {
  const record = await ownRecord(db, userId, recordId);
  // Only a finished image can be shared: one still being made is a 409, a failed one has no image (404).
  if (record.status === 'PROCESSING') throw new ServiceError('CONFLICT', 'creationInProgress', { field: 'id' });
  if (record.status !== 'COMPLETED' || !record.imageUrl) throw notFound();
  const token = toBase64Url(crypto.getRandomValues(new Uint8Array(SHARE_TOKEN_BYTES)));
  const [row] = await db
    .insert(schema.creationShares)
    .values({ token, recordId, userId, includePrompt: input.includePrompt, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: schema.creationShares.recordId, set: { includePrompt: input.includePrompt, updatedAt: now } })
    .returning();
  return { success: true as const, share: presentShare(row!, origin) };
}

/** DELETE /api/creation-records/{id}/share: the link stops working at once (page and image 404). */
export async function revokeShare(db: Db, userId: string, recordId: string) {
  await ownRecord(db, userId, recordId);
  const deleted = await db
    .delete(schema.creationShares)
    .where(and(eq(schema.creationShares.recordId, recordId), eq(schema.creationShares.userId, userId)))
    .returning({ token: schema.creationShares.token });
  return { success: true as const, revoked: deleted.length > 0 };
}

/** What a shared page may show: the creation's kind, image and (when the owner chose) prompt. Nothing of the account. */
export interface SharedCreation {
  type: CreationType;
  prompt: string | null;
  width: number | null;
  height: number | null;
  createdAt: Date;
  /** Blob key of the image; used to stream it, never written into the page. */
  imageKey: string;
}

/** Counts one view against the caller's network (SHARED_VIEWS_PER_IP), before any token is looked up. */
export async function admitSharedView(limits: RateLimiter, network: string) {
  const result = await limits.hit(`share-view:ip:${network}`, SHARED_VIEWS_PER_IP);
  if (!result.allowed) throw new ServiceError('RATE_LIMITED', 'tooManyRequests', { retryAfter: result.retryAfterSeconds });
}

/**
 * The creation behind a share token, or null: a revoked link, a deleted creation, a deleted account
 * and an unfinished or failed record all read as "no such page".
 */
export async function readSharedCreation(db: Db, token: string): Promise<SharedCreation | null> {
  const [row] = await db
    .select({ share: schema.creationShares, record: schema.creationRecords })
    .from(schema.creationShares)
    .innerJoin(schema.creationRecords, eq(schema.creationRecords.id, schema.creationShares.recordId))
    .innerJoin(schema.users, eq(schema.users.id, schema.creationRecords.userId))
    .where(
      and(
        eq(schema.creationShares.token, token),
        isNull(schema.creationRecords.deletedAt),
        isNull(schema.users.deletedAt),
        eq(schema.creationRecords.status, 'COMPLETED'),
      ),
    );
  const imageUrl = row?.record.imageUrl;
  if (!row || !imageUrl?.startsWith('/api/files/')) return null;
  const { record, share } = row;
  // The words the user wrote: a text-to-image or edit prompt, or a tool's own text (its prompt is compiled).
  const words = record.type === 'TEXT_TO_IMAGE' || record.type === 'IMAGE_TO_IMAGE' ? record.prompt : record.userWords;
  return {
    type: record.type,
    prompt: share.includePrompt ? words?.trim() || null : null,
    width: record.width,
    height: record.height,
    createdAt: record.createdAt,
    imageKey: imageUrl.slice('/api/files/'.length).split('?')[0]!,
  };
}

/** The shared image's bytes, or null when the blob is gone. */
export async function readSharedImage(blobs: BlobStore, creation: SharedCreation): Promise<StoredBlob | null> {
  return blobs.get(creation.imageKey);
}
