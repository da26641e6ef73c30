import { asc, count } from 'drizzle-orm';
import { schema, type Db } from '@db/client';
import { pageFields } from '../../contract/pages';
import type { ShowcasePage } from '../../contract/responses/public';

export async function listShowcase(db: Db, query: { page: number; limit: number }): Promise<ShowcasePage> {
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(schema.showcaseImages)
      .orderBy(asc(schema.showcaseImages.sortOrder), asc(schema.showcaseImages.id))
      .limit(query.limit)
      .offset(query.page * query.limit),
    db.select({ total: count() }).from(schema.showcaseImages),
  ]);
  const images = rows.map((row) => ({
    id: row.id,
    imageUrl: row.imageUrl,
    // Spec §5: the title falls back to the first 50 characters of the prompt.
    title: row.title || row.prompt.slice(0, 50),
    prompt: row.prompt,
    description: row.description ?? '',
    style: row.style,
    width: row.width,
    height: row.height,
    featured: row.featured,
  }));
  return { ...pageFields({ page: query.page, size: query.limit }, total), images };
}
