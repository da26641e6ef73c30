/**
 * Upload types and size limits (spec §9): the one list the API checks uploads against and every
 * upload page (workbench, tools, face swap, upscaler) draws its file picker, its hint and its
 * refusal from. Zod-free data, so the SPA imports it without the schemas.
 *
 * GIF: spec §9 accepts it for the generic tool template and ID photo/restoration (the engine decodes
 * its first frame), so catalogue tools whose upload says `acceptsGif` take it and everything else
 * (workbench edits, face swap, upscaler) does not. Whichever list applies, the accept attribute, the
 * hint and the "Only … formats are supported" refusal all name exactly that list.
 */
export const UPLOAD = {
  maxBytes: 10 * 1024 * 1024,
  maxImagesPerEdit: 5,
  /** Refuse before decoding: a tiny file can claim a gigapixel canvas. */
  maxSide: 12_000,
  maxPixels: 50_000_000,
  types: ['image/jpeg', 'image/png', 'image/webp'] as const,
  /** Catalogue tools whose upload accepts a GIF (its first frame). */
  typesWithGif: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const,
} as const;
export type UploadType = (typeof UPLOAD.typesWithGif)[number];

/** How people know each type, as the spec's messages write them ("Only JPG, PNG, WebP …"). */
export const UPLOAD_TYPE_NAMES = {
  'image/jpeg': 'JPG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
} as const satisfies Record<UploadType, string>;

/** The types an upload field accepts. */
export const uploadTypes = (acceptsGif: boolean): readonly string[] => (acceptsGif ? UPLOAD.typesWithGif : UPLOAD.types);

/** The names of the types an upload field accepts, in the list's order: ["JPG", "PNG", "WebP"(, "GIF")]. */
export const uploadTypeNames = (acceptsGif: boolean): string[] =>
  uploadTypes(acceptsGif).map((type) => UPLOAD_TYPE_NAMES[type as UploadType]);

/** The file picker's `accept` attribute for the same list. */
export const uploadAccept = (acceptsGif: boolean): string => uploadTypes(acceptsGif).join(',');
