import { ServiceError } from '../../contract/errors';
import { UPLOAD } from '../../contract/generation';
import { uploadTypeNames } from '../../contract/uploads';
import { checkImageUpload, type CheckedUpload, type ImageDecodeCheck } from '../../lib/images/check-upload';
import { EXTENSION } from '../../lib/images/inspect';
import { stripMetadata } from '../../lib/images/strip-metadata';
import { sql } from 'drizzle-orm';
import { schema } from '@db/client';
import { newId } from '../../lib/ids';
import type { BlobStore } from '../../ports';
import type { ServiceContext } from '../context';
import { blobKeys, fileUrl } from '../files/files';
import { claimFiles, releaseFileClaims } from '../files/file-claims';
import { say } from '../../contract/messages';

export type CheckedImage = CheckedUpload;

/**
 * Images one user may send in ten minutes: a creator's busy session (each edit takes up to five)
 * stays far below it, while a script that sends decompression-heavy files in a loop is stopped
 * before it takes the decoders from everyone else.
 */
export const UPLOADS_PER_USER = { limit: 60, windowSeconds: 600 };

/**
 * Spec §5 upload rules for generation inputs, proved to decode by the `avatarImages` port's full
 * decode; the metadata is stripped from what is accepted. Each image counts against the user's
 * upload limit before any decoding starts.
 */
export async function checkUploadedImage(
  ctx: ServiceContext<'limits' | 'avatarImages'>,
  userId: string,
  file: unknown,
  options: { allowGif?: boolean; field?: string } = {},
): Promise<CheckedImage> {
  const field = options.field ?? 'image';
  const allowed = await ctx.limits.hit(`upload:user:${userId}`, UPLOADS_PER_USER);
  if (!allowed.allowed)
    throw new ServiceError('RATE_LIMITED', 'tooManyUploads', {
      field,
      retryAfter: allowed.retryAfterSeconds,
    });
  return checkGenerationImage(file, { ...options, field, decoder: ctx.avatarImages });
}

async function checkGenerationImage(
  file: unknown,
  options: { allowGif?: boolean; field: string; decoder: ImageDecodeCheck },
): Promise<CheckedImage> {
  const image = await checkImageUpload(
    file,
    {
      field: options.field,
      maxBytes: UPLOAD.maxBytes,
      types: options.allowGif ? UPLOAD.typesWithGif : UPLOAD.types,
      maxSide: UPLOAD.maxSide,
      maxPixels: UPLOAD.maxPixels,
      // The refusal names exactly the list this field accepts (GIF only where it is accepted).
      messages: {
        tooLarge: say('imageTooLarge', { megabytes: UPLOAD.maxBytes / 1024 / 1024 }),
        unsupported: say('onlyFormats', { formats: uploadTypeNames(options.allowGif ?? false).join(', ') }),
      },
    },
    options.decoder,
  );
  return { ...image, bytes: stripMetadata(image.bytes, image.type) };
}

/** Where a checked image of the user's private uploads is stored: its key and URL. */
function uploadPlace(userId: string, image: CheckedImage): { id: string; key: string; url: string } {
  const id = newId('upl');
  const key = blobKeys.userFile(userId, 'uploads', `${id}.${EXTENSION[image.type]}`);
  return { id, key, url: fileUrl(key) };
}

/**
 * Stores a checked image in the user's private uploads and returns its key and URL. Nothing names
 * it: sweepOrphanUploads removes it an hour on unless a record does by then.
 */
export async function storeUpload(
  blobs: BlobStore,
  userId: string,
  image: CheckedImage,
): Promise<{ id: string; key: string; url: string }> {
  const place = uploadPlace(userId, image);
  await blobs.put(place.key, image.bytes, { contentType: image.type });
  return place;
}

/**
 * Stores a job's uploads, then starts the job with them; `start` must be the step that writes the
 * record naming them, and nothing after it. The files are claimed before they are stored and the
 * claims dropped once the record names them (file-claims.ts), so a process killed at any moment
 * leaves only claimed files the claim sweep removes. A start that is refused (the queue is full,
 * the credits fall short, a check fails) throws before any record names the files, so they and
 * their claims are deleted again: refused work leaves nothing behind.
 */
export async function startWithUploads<T>(
  ctx: ServiceContext<'db' | 'blobs' | 'clock'>,
  userId: string,
  images: readonly CheckedImage[],
  start: (stored: { id: string; key: string; url: string }[]) => Promise<T>,
): Promise<T> {
  const places = images.map((image) => uploadPlace(userId, image));
  const keys = places.map((place) => place.key);
  await claimFiles(ctx, userId, keys);
  let started: T;
  try {
    await Promise.all(images.map((image, i) => ctx.blobs.put(keys[i]!, image.bytes, { contentType: image.type })));
    started = await start(places);
  } catch (error) {
    await Promise.all(keys.map((key) => ctx.blobs.delete(key).catch(() => undefined)));
    await releaseFileClaims(ctx, keys).catch(() => undefined);
    throw error;
  }
  // A claim left by a failure here is dropped by the sweep, which sees the record naming its file.
  await releaseFileClaims(ctx, keys).catch(() => undefined);
  return started;
}

/** How long an upload sent on its own may stay without a record naming it. */
export const ORPHAN_UPLOAD_SECONDS = 3600;
const UPLOAD_KEY = /^users\/[^/]+\/uploads\/[^/]+$/;

/**
 * Deletes uploads older than {@link ORPHAN_UPLOAD_SECONDS} that no creation record names as a source
 * (an upload sent on its own and never used, or one stored before uploads were claimed). Answers
 * how many it deleted.
 */
export async function sweepOrphanUploads(ctx: ServiceContext<'db' | 'blobs'>, now: Date): Promise<number> {
  const cutoff = now.getTime() - ORPHAN_UPLOAD_SECONDS * 1000;
  const old = (await ctx.blobs.list('users/')).filter(
    (blob) => UPLOAD_KEY.test(blob.key) && blob.writtenAt !== undefined && blob.writtenAt.getTime() < cutoff,
  );
  let deleted = 0;
  for (let i = 0; i < old.length; i += 500) {
    const keys = old.slice(i, i + 500).map((blob) => blob.key);
    const urls = keys.map(fileUrl);
    const rows = await ctx.db
      .select({ urls: schema.creationRecords.sourceImageUrls })
      .from(schema.creationRecords)
      .where(
        sql`${schema.creationRecords.sourceImageUrls} ?| array[${sql.join(
          urls.map((url) => sql`${url}`),
          sql`, `,
        )}]::text[]`,
      );
    const named = new Set(rows.flatMap((row) => row.urls ?? []));
    for (const key of keys) {
      if (named.has(fileUrl(key))) continue;
      await ctx.blobs.delete(key);
      deleted++;
    }
  }
  return deleted;
}
