/**
 * The file name a download is saved under: what made it and the day it was saved, e.g.
 * `id-photo-2026-11-28.png`, so a folder of downloads says which tool each came from and when
 * (every tool used to save `generated-image.png`). Where the spec fixes a name (the face-swap result
 * is `face-swap-result.png`) the page passes that name as it is and does not call this.
 *
 * `what` is a short slug such as `workbench`, `id-photo` or `upscaled-4x`: it is lower-cased and
 * anything other than letters, digits and single dashes becomes a dash, so a tool id from the server
 * can never put a path or a space into the name. The date is the local calendar day, the one the
 * user sees on their clock.
 */
export function downloadName(what: string, { date = new Date(), extension = 'png' }: { date?: Date; extension?: string } = {}): string {
  const slug =
    what
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'image';
  const day = [date.getFullYear(), date.getMonth() + 1, date.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
  const ext = extension.replace(/^\.+/, '').toLowerCase() || 'png';
  return `${slug}-${day}.${ext}`;
}
