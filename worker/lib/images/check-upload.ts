import { ServiceError } from '../../contract/errors';
import { structurallyComplete } from './complete';
import { swapsSides } from './exif';
import { inspectImage, type ImageType } from './inspect';
import { exifOrientation } from './strip-metadata';
import type { Message } from '../../contract/messages';

/** What one kind of upload accepts (generation inputs, avatars), with the spec's texts for it. */
export interface ImageUploadRules {
  field: string;
  maxBytes: number;
  types: readonly ImageType[];
  /** Header dimensions refused before any decoder runs (decompression bombs). */
  maxSide: number;
  maxPixels: number;
  messages: { tooLarge: Message; unsupported: Message };
}

export interface CheckedUpload {
  bytes: Uint8Array;
  type: ImageType;
  /** As displayed: a sideways-stored portrait photo (EXIF Orientation 5–8) reports its upright size. */
  width: number;
  height: number;
  name: string;
}

const NAME_TYPES: Record<string, ImageType> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** The decoding half of the image port (`AppDeps.avatarImages`): sharp on Node, the Images binding on Workers. */
export interface ImageDecodeCheck {
  decodes(bytes: Uint8Array, type: ImageType): Promise<boolean>;
}

/**
 * Accepts an uploaded image only if its bytes are an allowed type (magic numbers, not the name), the
 * name's image extension and the declared type agree with them (a PNG named .jpg, or text named
 * .png, is a disguised file: 415), and its header dimensions are sane — all before anything decodes
 * it. With a `decoder`, it must then also be whole (every chunk and the end marker present) and
 * fully decode — so a truncated or corrupt upload is a 422 before it is stored or charged for.
 */
export async function checkImageUpload(file: unknown, rules: ImageUploadRules, decoder?: ImageDecodeCheck): Promise<CheckedUpload> {
  const { field } = rules;
  if (!(file instanceof File) || file.size === 0) throw new ServiceError('VALIDATION_FAILED', 'selectImage', { field });
  if (file.size > rules.maxBytes) throw new ServiceError('PAYLOAD_TOO_LARGE', rules.messages.tooLarge, { field });
  const unsupported = new ServiceError('UNSUPPORTED_MEDIA_TYPE', rules.messages.unsupported, { field });

  const byName = NAME_TYPES[file.name.split('.').pop()?.toLowerCase() ?? ''];
  const declared = file.type === 'image/jpg' ? 'image/jpeg' : file.type;
  const bytes = new Uint8Array(await file.arrayBuffer());
  const info = inspectImage(bytes);
  if (!info || !rules.types.includes(info.type)) throw unsupported;
  if ((byName && byName !== info.type) || (declared && declared !== 'application/octet-stream' && declared !== info.type))
    throw unsupported;
  if (info.width > rules.maxSide || info.height > rules.maxSide || info.width * info.height > rules.maxPixels) {
    throw new ServiceError('PAYLOAD_TOO_LARGE', 'imageTooLargeDimensions', { field });
  }
  if (decoder && (!structurallyComplete(bytes, info.type) || !(await decoder.decodes(bytes, info.type)))) {
    throw new ServiceError('IMAGE_UNDECODABLE', 'imageUndecodable', { field });
  }
  const [width, height] = swapsSides(exifOrientation(bytes, info.type)) ? [info.height, info.width] : [info.width, info.height];
  return { bytes, type: info.type, width, height, name: file.name };
}
