import type { ImageType } from '../../lib/images/inspect';

/**
 * Turns an uploaded avatar (type and header dimensions already checked) into the stored image: a
 * 256×256 WebP, cover-cropped, decoded and re-encoded so no metadata or crafted bytes survive.
 * sharp on Node, the Cloudflare Images binding on Workers (worker/adapters/images/avatar-*.ts).
 * Rejects with `AvatarDecodeError` (services/auth/avatars.ts) when the bytes do not decode.
 */
export interface AvatarImages {
  toAvatar(bytes: Uint8Array, type: ImageType): Promise<{ bytes: Uint8Array; contentType: ImageType }>;
  /** Whether the bytes fully decode (not only their header): uploads are proved before they are accepted or charged. */
  decodes(bytes: Uint8Array, type: ImageType): Promise<boolean>;
}
