import { downloadName } from '../lib/download-name';
import { fetchFile } from '../api/files';
/** Saves a blob under `fileName` through a temporary link (the browser's own download). */
export function saveBlob(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * A name for an image whose page gave none: `image-`, the end of the stored file's name (its job id,
 * so each image has its own) and today's date, never one `generated-image.png` for every download.
 */
export function nameFromUrl(url: string, date = new Date()): string {
  const stem = (url.split(/[?#]/)[0]!.split('/').pop() ?? '').replace(/\.[a-z0-9]+$/i, '');
  const short = stem
    .replace(/[^a-z0-9]/gi, '')
    .slice(-6)
    .toLowerCase();
  return downloadName(short ? `image-${short}` : 'image', { date });
}

/**
 * Spec §7 Downloads: fetch the image as a blob and save it; if fetching fails, open the link in a
 * new tab so the user still gets the file.
 */
export async function downloadImage(url: string, filename = nameFromUrl(url), convert?: (blob: Blob) => Promise<Blob>) {
  try {
    const fetched = await fetchFile(url);
    saveBlob(convert ? await convert(fetched) : fetched, filename);
  } catch (error) {
    window.open(url, '_blank', 'noopener');
    throw error;
  }
}
