import { ServiceError } from '../../contract/errors';
import { inspectImage, type ImageType } from './inspect';

/** What one kind of upload accepts (generation inputs, avatars), with the spec's texts for it. */
export interface ImageUploadRules {
  field: string;
  maxBytes: number;
  types: readonly ImageType[];
  /** Header dimensions refused before any decoder runs (decompression bombs). */
  maxSide: number;
  maxPixels: number;
  messages: { tooLarge: string; unsupported: string };
}

export interface CheckedUpload {
  bytes: Uint8Array;
  type: ImageType;
  width: number;
  height: number;
  name: string;
}

const NAME_TYPES: Record<string, ImageType> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };

/**
 * Accepts an uploaded image only if its bytes are an allowed type (magic numbers, not the name), the
 * name's image extension and the declared type agree with them (a PNG named .jpg, or text named
 * .png, is a disguised file: 415), and its header dimensions are sane — all before anything decodes
 * it. Pure code: runs on Workers and Node alike.
 */
export async function checkImageUpload(file: unknown, rules: ImageUploadRules): Promise<CheckedUpload> {
  const { field } = rules;
  if (!(file instanceof File) || file.size === 0) throw new ServiceError('VALIDATION_FAILED', 'Please select an image file', { field });
  if (file.size > rules.maxBytes) throw new ServiceError('PAYLOAD_TOO_LARGE', rules.messages.tooLarge, { field });
  const unsupported = new ServiceError('UNSUPPORTED_MEDIA_TYPE', rules.messages.unsupported, { field });

  const byName = NAME_TYPES[file.name.split('.').pop()?.toLowerCase() ?? ''];
  const declared = file.type === 'image/jpg' ? 'image/jpeg' : file.type;
  const bytes = new Uint8Array(await file.arrayBuffer());
  const info = inspectImage(bytes);
  if (!info || !rules.types.includes(info.type)) throw unsupported;
  if ((byName && byName !== info.type) || (declared && declared !== 'application/octet-stream' && declared !== info.type)) throw unsupported;
  if (info.width > rules.maxSide || info.height > rules.maxSide || info.width * info.height > rules.maxPixels) {
    throw new ServiceError('PAYLOAD_TOO_LARGE', 'Image dimensions are too large', { field });
  }
  return { bytes, type: info.type, width: info.width, height: info.height, name: file.name };
}
