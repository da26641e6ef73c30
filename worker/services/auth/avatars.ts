import { eq } from 'drizzle-orm';
import { schema } from '@db/client';
import { AVATAR } from '../../contract/auth';
import type { AvatarResponse } from '../../contract/responses/auth';
import { ServiceError } from '../../contract/errors';
import { newId } from '../../lib/ids';
import { checkImageUpload } from '../../lib/images/check-upload';
import { EXTENSION } from '../../lib/images/inspect';
import { AVATAR_INPUT_LIMITS, AvatarDecodeError } from '../../adapters/images/avatar-port';
import type { ServiceContext } from '../context';
import { blobKeys, fileUrl } from '../files/files';
import { claimFiles, releaseFileClaims } from '../files/file-claims';
import { accountGone } from './deleted-accounts';
import { toUserProfile } from './users';
import { say } from '../../contract/messages';

type Ctx = ServiceContext<'db' | 'blobs' | 'avatarImages' | 'limits' | 'log' | 'clock'>;

const UPLOADS_PER_HOUR = 30;

/** Spec §5 avatar texts. */
const MESSAGES = {
  tooLarge: say('fileTooLarge', { megabytes: AVATAR.maxBytes / 1024 / 1024 }),
  unsupported: say('selectValidImage', { formats: 'JPG, PNG, GIF, WebP' }),
};

const unsupported = () => new ServiceError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.unsupported, { field: 'avatar' });

/** Spec §5 avatar rules, judged by the bytes (the same check as every image upload). */
export const checkAvatarFile = (file: unknown) =>
  checkImageUpload(file, {
    field: 'avatar',
    maxBytes: AVATAR.maxBytes,
    types: AVATAR.types,
    ...AVATAR_INPUT_LIMITS,
    messages: MESSAGES,
  });

const ownAvatarPrefix = (userId: string) => fileUrl(blobKeys.publicAvatar(userId, ''));
const keyOfUrl = (url: string) => url.slice('/api/files/'.length);

/**
 * `POST /users/me/avatar`: checks the upload, re-encodes it server-side (port `avatarImages`), stores
 * it under a new random public key, points the profile at it, then deletes the previous file. A new
 * key per upload means browsers and CDNs never serve a stale avatar from the immutable cache.
 */
export async function uploadAvatar(ctx: Ctx, userId: string, file: unknown): Promise<AvatarResponse> {
  const limited = await ctx.limits.hit(`avatar:user:${userId}`, { limit: UPLOADS_PER_HOUR, windowSeconds: 3600 });
  if (!limited.allowed) throw new ServiceError('RATE_LIMITED', 'tooManyAvatarUploads', { retryAfter: limited.retryAfterSeconds });

  const checked = await checkAvatarFile(file);
  let image: Awaited<ReturnType<Ctx['avatarImages']['toAvatar']>>;
  try {
    image = await ctx.avatarImages.toAvatar(checked.bytes, checked.type);
  } catch (error) {
    if (error instanceof AvatarDecodeError) throw unsupported();
    throw error;
  }

  const key = blobKeys.publicAvatar(userId, `${newId('av')}.${EXTENSION[image.contentType]}`);
  // Claimed before it is stored: a process killed before the profile names it leaves a claim the sweep settles.
  await claimFiles(ctx, userId, [key]);
  await ctx.blobs.put(key, image.bytes, { contentType: image.contentType });
  const url = fileUrl(key);

  const swapped = ctx.db.transaction(async (tx) => {
    // Locked so two parallel uploads each see the other's file as "previous" and nothing is orphaned.
    const [current] = await tx
      .select({ avatarUrl: schema.users.avatarUrl, deletedAt: schema.users.deletedAt })
      .from(schema.users)
      .where(eq(schema.users.id, userId))
      .for('update');
    // Deleted while this upload ran (another session confirmed the deletion): the file goes below.
    if (!current || current.deletedAt) throw accountGone();
    const [user] = await tx
      .update(schema.users)
      .set({ avatarUrl: url, updatedAt: new Date() })
      .where(eq(schema.users.id, userId))
      .returning();
    // The previous file is claimed with the swap, so a process killed before deleting it leaves it to the sweep.
    const previous = current.avatarUrl?.startsWith(ownAvatarPrefix(userId)) ? current.avatarUrl : null;
    if (previous && previous !== url) await claimFiles({ db: tx, clock: ctx.clock }, userId, [keyOfUrl(previous)]);
    return { user: user!, previous };
  });
  const { user, previous } = await swapped.catch(async (error: unknown) => {
    await ctx.blobs.delete(key).catch(() => undefined);
    await releaseFileClaims(ctx, [key]).catch(() => undefined);
    throw error;
  });
  await releaseFileClaims(ctx, [key]).catch(() => undefined);

  // Only files this app stored for this user are deleted (never a URL from elsewhere).
  if (previous && previous !== url) {
    try {
      await ctx.blobs.delete(keyOfUrl(previous));
      await releaseFileClaims(ctx, [keyOfUrl(previous)]);
    } catch (error) {
      ctx.log.warn('old avatar not deleted', { key: previous, error: String(error) });
    }
  }
  return { success: true, avatar: url, user: toUserProfile(user) };
}
