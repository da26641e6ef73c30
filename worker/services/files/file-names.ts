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
/** The random part of an id (`job_k3…` → `k3…`), 8 characters: tells two files of one day apart. */
const shortId = (id: string) => id.slice(id.lastIndexOf('_') + 1, id.lastIndexOf('_') + 9);
/** `ANIME_STYLE` → `anime-style`. */
const kebab = (type: string) => type.toLowerCase().replace(/_/g, '-');

/**
 * The name a stored file is saved under: a creation by its type and day
 * (`anime-style-2026-12-06-k3x9a0qe.png`), an upload or avatar by what it is, a data export by the
 * name its answer gives (`image-studio-data-2026-12-06.zip`). Results and exports cost one lookup
 * by primary key; a row gone (deleted meanwhile) falls back to the blob's own date.
 */
export async function downloadName(db: Db, key: string, writtenAt: Date | undefined): Promise<string> {
  const parts = key.split('/');
  const file = parts.at(-1)!;
  const dot = file.lastIndexOf('.');
  const id = dot > 0 ? file.slice(0, dot) : file;
  const extension = dot > 0 ? file.slice(dot) : '';
  const written = day(writtenAt ?? new Date(0));
  if (parts[0] === 'users' && parts[2] === 'results') {
    const [found] = await db
      .select({ type: schema.creationRecords.type, createdAt: schema.creationRecords.createdAt })
      .from(schema.generationJobs)
      .innerJoin(schema.creationRecords, eq(schema.creationRecords.id, schema.generationJobs.recordId))
      .where(and(eq(schema.generationJobs.id, id), eq(schema.generationJobs.userId, parts[1]!)))
      .limit(1);
    return found
      ? `${kebab(found.type)}-${day(found.createdAt)}-${shortId(id)}${extension}`
      : `image-${written}-${shortId(id)}${extension}`;
  }
  if (parts[0] === 'users' && parts[2] === 'exports') {
    const [found] = await db
      .select({ createdAt: schema.dataExports.createdAt })
      .from(schema.dataExports)
      .where(and(eq(schema.dataExports.id, id), eq(schema.dataExports.userId, parts[1]!)))
      .limit(1);
    return dataExportFileName(found?.createdAt ?? writtenAt ?? new Date(0));
  }
  if (parts[0] === 'users' && parts[2] === 'uploads') return `upload-${written}-${shortId(id)}${extension}`;
  if (parts[1] === 'avatars') return `avatar-${shortId(id)}${extension}`;
  return file;
}
