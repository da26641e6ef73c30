import { UPLOAD } from '@worker/contract/uploads';

/** Spec §5 upload rules for the upscaler: png, jpg, jpeg or webp, at most 10 MB, one file. */
export const UPSCALE_TYPES: readonly string[] = UPLOAD.types;
const EXTENSIONS = /\.(png|jpe?g|webp)$/i;

export type UploadProblem = 'empty' | 'many' | 'type' | 'size';

/** Which of the shared upload checks a chosen file list fails, or null when it passes. */
export function uploadProblem(files: readonly Pick<File, 'name' | 'type' | 'size'>[]): UploadProblem | null {
  if (files.length === 0) return 'empty';
  if (files.length > 1) return 'many';
  const [file] = files;
  // Some systems hand over an empty type for dropped files: the extension decides then.
  const typeOk = file!.type ? UPSCALE_TYPES.includes(file!.type) : EXTENSIONS.test(file!.name);
  if (!typeOk) return 'type';
  if (file!.size > UPLOAD.maxBytes) return 'size';
  return null;
}

/**
 * The `imageUrl` query parameter comes from the address bar, so it is not trusted: only a
 * same-origin `/api/files/public|users/…` URL is fetched (an absolute URL to elsewhere would make the
 * page fetch arbitrary hosts with the user's token, and `..` could walk to other API paths).
 * Returns the path plus query to fetch, or null.
 */
export function acceptedImageUrl(raw: string | undefined, origin: string): string | null {
  if (!raw || raw.length > 2000) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.username || url.password) return null;
  // Checked on the raw text too: URL() resolves "/api/files/../x" to "/api/x" before we see it.
  if (/\.\.|%2e%2e|%2f|\\/i.test(raw)) return null;
  if (!/^\/api\/files\/(public|users)\/[A-Za-z0-9_\-./]+$/.test(url.pathname)) return null;
  return url.pathname + url.search;
}

/** A file name for an image fetched by URL, from its content type. */
export function nameForBlob(type: string, base = 'image'): string {
  const extension = type === 'image/jpeg' ? 'jpg' : type === 'image/webp' ? 'webp' : 'png';
  return `${base}.${extension}`;
}
