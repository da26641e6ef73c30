import { UPLOAD } from '../../contract/generation';
import { ServiceError } from '../../contract/errors';
import { EXTENSION, inspectImage, type ImageType } from '../../lib/images/inspect';
import { stripMetadata } from '../../lib/images/strip-metadata';
import { newId } from '../../lib/ids';
import type { BlobStore } from '../../ports';
import { blobKeys, fileUrl } from '../files/files';

export interface CheckedImage {
  bytes: Uint8Array;
  type: ImageType;
  width: number;
  height: number;
  name: string;
}

const NAME_EXTENSIONS: Record<string, ImageType> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };

/**
 * Accepts an uploaded image only if its name, declared type and actual bytes agree and are allowed,
 * its header dimensions are sane (checked before anything decodes it), then strips its metadata.
 * Messages are spec §5's.
 */
export async function checkUploadedImage(file: unknown, options: { allowGif?: boolean; field?: string } = {}): Promise<CheckedImage> {
  const field = options.field ?? 'image';
  if (!(file instanceof File) || file.size === 0) throw new ServiceError('VALIDATION_FAILED', 'Please select an image file', { field });
  if (file.size > UPLOAD.maxBytes) throw new ServiceError('PAYLOAD_TOO_LARGE', 'Image size cannot exceed 10MB', { field });
  const allowed: readonly string[] = options.allowGif ? UPLOAD.typesWithGif : UPLOAD.types;
  const unsupported = new ServiceError('UNSUPPORTED_MEDIA_TYPE', 'Only JPG, PNG, WebP formats are supported', { field });

  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const byName = NAME_EXTENSIONS[extension];
  const bytes = new Uint8Array(await file.arrayBuffer());
  const info = inspectImage(bytes);
  if (!info || !allowed.includes(info.type)) throw unsupported;
  // A declared type or name that disagrees with the bytes is a disguised file.
  if ((byName && byName !== info.type) || (file.type && file.type !== 'application/octet-stream' && file.type !== info.type && !(file.type === 'image/jpg' && info.type === 'image/jpeg'))) {
    throw unsupported;
  }
  if (info.width > UPLOAD.maxSide || info.height > UPLOAD.maxSide || info.width * info.height > UPLOAD.maxPixels) {
    throw new ServiceError('PAYLOAD_TOO_LARGE', 'Image dimensions are too large', { field });
  }
  return { bytes: stripMetadata(bytes, info.type), type: info.type, width: info.width, height: info.height, name: file.name };
}

/** Stores a checked image in the user's private uploads and returns its key and URL. */
export async function storeUpload(blobs: BlobStore, userId: string, image: CheckedImage): Promise<{ id: string; key: string; url: string }> {
  const id = newId('upl');
  const key = blobKeys.userFile(userId, 'uploads', `${id}.${EXTENSION[image.type]}`);
  await blobs.put(key, image.bytes, { contentType: image.type });
  return { id, key, url: fileUrl(key) };
}
