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
 * Spec §7 Downloads: fetch the image as a blob and save it; if fetching fails, open the link in a
 * new tab so the user still gets the file.
 */
export async function downloadImage(url: string, filename = 'generated-image.png', convert?: (blob: Blob) => Promise<Blob>) {
  try {
    const fetched = await fetchFile(url);
    saveBlob(convert ? await convert(fetched) : fetched, filename);
  } catch (error) {
    window.open(url, '_blank', 'noopener');
    throw error;
  }
}
