/**
 * Spec §3 Creation record types, plus the upscaler's: the one list behind the `creation_type` DB
 * enum (db/schema/creations.ts), the records filter and each tool's `recordType`. Zod-free data.
 */
export const CREATION_TYPES = [
  'TEXT_TO_IMAGE',
  'IMAGE_TO_IMAGE',
  'FACE_SWAP',
  'LOGO_GENERATION',
  'ID_PHOTO_GENERATION',
  'PROFESSIONAL_PORTRAIT',
  'POP_ART_PORTRAIT',
  'ANIME_STYLE',
  'OIL_PAINTING',
  'WATERCOLOR',
  'SKETCH_STYLE',
  'CYBERPUNK',
  'RESTORED_IMAGE',
  'UPSCALED_IMAGE',
] as const;
export type CreationType = (typeof CREATION_TYPES)[number];
