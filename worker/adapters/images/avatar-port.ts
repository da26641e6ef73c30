import type { ImageType } from '../../lib/images/inspect';

/**
 * Turns an uploaded avatar (type and header dimensions already checked) into the stored image: a
 * 256×256 WebP, cover-cropped, decoded and re-encoded so no metadata or crafted bytes survive.
 * sharp on Node, the Cloudflare Images binding on Workers (worker/adapters/images/avatar-*.ts).
 * Rejects with `AvatarDecodeError` when the bytes do not decode.
 */
export interface AvatarImages {
  toAvatar(bytes: Uint8Array, type: ImageType): Promise<{ bytes: Uint8Array; contentType: ImageType }>;
  /** Whether the bytes fully decode (not only their header): uploads are proved before they are accepted or charged. */
  decodes(bytes: Uint8Array, type: ImageType): Promise<boolean>;
}

/** Thrown by an AvatarImages adapter when the bytes behind a valid-looking header do not decode. */
export class AvatarDecodeError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AvatarDecodeError';
  }
}

/**
 * Header dimensions refused before any decoder runs: a few-KB PNG can claim 30000×30000 and make a
 * decoder allocate gigabytes (decompression bomb). Real photos are far below these.
 */
export const AVATAR_INPUT_LIMITS = { maxSide: 8000, maxPixels: 40_000_000 } as const;
