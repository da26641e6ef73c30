import { downloadImage } from '../../ui/download';

/** Re-encodes an image blob as PNG in the browser (the download is promised as PNG whatever the engine wrote). */
async function toPng(blob: Blob): Promise<Blob> {
  if (blob.type === 'image/png') return blob;
  const bitmap = await createImageBitmap(blob);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob((png) => (png ? resolve(png) : reject(new Error('PNG encoding failed'))), 'image/png'),
  );
}

/** Spec §7 Downloads for the upscaler: the shared download, saved as a PNG (`upscaled-4x-2026-11-28.png`: factor and day, web/src/lib/download-name.ts). */
export function downloadPng(url: string, filename: string) {
  return downloadImage(url, filename, toPng);
}
