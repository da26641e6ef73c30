/**
 * Upload types and size limits (spec §9): the one list the API checks uploads against and every
 * upload page (workbench, tools, face swap, upscaler) draws its file picker and its checks from.
 * Zod-free data, so the SPA imports it without the schemas.
 */
export const UPLOAD = {
  maxBytes: 10 * 1024 * 1024,
  maxImagesPerEdit: 5,
  /** Refuse before decoding: a tiny file can claim a gigapixel canvas. */
  maxSide: 12_000,
  maxPixels: 50_000_000,
  types: ['image/png', 'image/jpeg', 'image/webp'] as const,
  /** Catalogue tools whose upload accepts a GIF (its first frame). */
  typesWithGif: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const,
} as const;
export type UploadType = (typeof UPLOAD.typesWithGif)[number];

/** The types an upload field accepts. */
export const uploadTypes = (acceptsGif: boolean): readonly string[] => (acceptsGif ? UPLOAD.typesWithGif : UPLOAD.types);
