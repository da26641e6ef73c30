import { and, eq } from 'drizzle-orm';
import { schema, type Db } from '@db/client';
import { dataExportFileName } from '../../contract/account';

/**
 * `Content-Disposition` (RFC 6266) naming a file for "Save as". The plain `filename` is an ASCII
 * fallback (anything else becomes `_`); a name with other characters adds `filename*=UTF-8''…`
 * (RFC 8187), which every current browser prefers.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  if (ascii === name) return `${disposition}; filename="${ascii}"`;
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The name a stored file is saved under: a creation by its type, day and id
 * (`anime-style-2026-12-06-k3x9a0qe.png`), a data export by the name its answer gives
 * (`image-studio-data-2026-12-06.zip`), an upload as `upload-<day>-<id>`. Results and exports cost
 * one lookup by primary key; a row gone (deleted meanwhile) falls back to the blob's own date.
 */
export async function downloadName(db: Db, key: string, writtenAt = new Date(0)): Promise<string> {
  const [area, owner, kind, file = ''] = key.split('/');
  const [id = '', extension = ''] = file.split('.');
  // The random part of the id (`job_k3…` → `k3…`), 8 characters: tells two files of one day apart.
  const tail = `-${id.slice(id.indexOf('_') + 1, id.indexOf('_') + 9)}.${extension}`;
  if (area !== 'users') return file || key;
  if (kind === 'exports') {
    const e = schema.dataExports;
    const [found] = await db
      .select({ at: e.createdAt, part: e.part })
      .from(e)
      .where(and(eq(e.id, id), eq(e.userId, owner!)));
    return dataExportFileName(found?.at ?? writtenAt, found?.part);
  }
  if (kind !== 'results') return `upload-${day(writtenAt)}${tail}`;
  const r = schema.creationRecords;
  const j = schema.generationJobs;
  const [found] = await db
    .select({ type: r.type, at: r.createdAt })
    .from(j)
    .innerJoin(r, eq(r.id, j.recordId))
    .where(and(eq(j.id, id), eq(j.userId, owner!)));
  // `ANIME_STYLE` → `anime-style`.
  return `${found ? found.type.toLowerCase().replace(/_/g, '-') : 'image'}-${day(found?.at ?? writtenAt)}${tail}`;
}
