import { UPLOAD } from '../../contract/generation';
import { checkImageUpload, type CheckedUpload, type ImageDecodeCheck } from '../../lib/images/check-upload';
import { EXTENSION } from '../../lib/images/inspect';
import { stripMetadata } from '../../lib/images/strip-metadata';
import { newId } from '../../lib/ids';
import type { BlobStore } from '../../ports';
import { blobKeys, fileUrl } from '../files/files';

export type CheckedImage = CheckedUpload;

/** Spec §5 upload rules for generation inputs, proved to decode by `decoder`; the metadata is stripped from what is accepted. */
export async function checkUploadedImage(
  file: unknown,
  options: { allowGif?: boolean; field?: string; decoder: ImageDecodeCheck },
): Promise<CheckedImage> {
  const image = await checkImageUpload(
    file,
    {
      field: options.field ?? 'image',
      maxBytes: UPLOAD.maxBytes,
      types: options.allowGif ? UPLOAD.typesWithGif : UPLOAD.types,
      maxSide: UPLOAD.maxSide,
      maxPixels: UPLOAD.maxPixels,
      messages: { tooLarge: 'Image size cannot exceed 10MB', unsupported: 'Only JPG, PNG, WebP formats are supported' },
    },
    options.decoder,
  );
  return { ...image, bytes: stripMetadata(image.bytes, image.type) };
}

/** Stores a checked image in the user's private uploads and returns its key and URL. */
export async function storeUpload(
  blobs: BlobStore,
  userId: string,
  image: CheckedImage,
): Promise<{ id: string; key: string; url: string }> {
  const id = newId('upl');
  const key = blobKeys.userFile(userId, 'uploads', `${id}.${EXTENSION[image.type]}`);
  await blobs.put(key, image.bytes, { contentType: image.type });
  return { id, key, url: fileUrl(key) };
}
