import { afterEach, beforeEach, expect, it } from 'vitest';
import { schema } from '@db/client';
import { createTestApp, type TestApp } from '@tests/setup/test-app';
import { searchWords } from '@worker/services/generation/record-search';

/**
 * My creations' search: every word of the query, in any order, in the prompt, the user's words or the
 * card's name (in either language); Chinese split into words. A reversed date range is refused by name.
 */
let t: TestApp;
let token: string;
let userId: string;
beforeEach(async () => {
  t = await createTestApp();
  ({
    token,
    user: { id: userId },
  } = await t.signIn('searcher@example.com'));
  const at = new Date('2026-12-01T10:00:00Z');
  const row = (id: string, type: (typeof schema.creationRecords.$inferInsert)['type'], prompt: string | null) => ({
    id,
    userId,
    type,
    status: 'COMPLETED' as const,
    prompt,
    credits: 4,
    createdAt: at,
    updatedAt: at,
  });
  await t.deps.db
    .insert(schema.creationRecords)
    .values([
      row('rec_fox', 'TEXT_TO_IMAGE', 'A red fox in a snowy forest, cinematic lighting'),
      row('rec_zh', 'TEXT_TO_IMAGE', '一隻紅狐狸站在雪林裡'),
      row('rec_sketch', 'SKETCH_STYLE', 'Turn the photo into a pencil drawing with hatching'),
      row('rec_other', 'TEXT_TO_IMAGE', 'A blue whale'),
    ]);
});
afterEach(() => t.close());

async function search(q: string) {
  const res = await t.request(`/api/creation-records?page=0&size=20&q=${encodeURIComponent(q)}`, { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: { id: string }[] }).items.map((r) => r.id).sort();
}

it('splits a query into words, Chinese by Intl.Segmenter', () => {
  expect(searchWords('fox  Cinematic')).toEqual(['fox', 'cinematic']);
  expect(searchWords('紅狐狸 雪林')).toEqual(expect.arrayContaining(['紅', '狐狸']));
  expect(searchWords('紅狐狸 雪林').join('')).toBe('紅狐狸雪林');
});

it('finds every word in any order, Chinese words too, and a tool by its card name in either language', async () => {
  expect(await search('fox cinematic')).toEqual(['rec_fox']);
  expect(await search('cinematic fox')).toEqual(['rec_fox']);
  expect(await search('紅狐狸 雪林')).toEqual(['rec_zh']);
  expect(await search('sketch')).toEqual(['rec_sketch']);
  expect(await search('素描')).toEqual(['rec_sketch']);
  expect(await search('fox whale')).toEqual([]);
});

it('refuses a reversed date range, naming it', async () => {
  const res = await t.request('/api/creation-records?page=0&size=20&createdFrom=2026-12-05T00:00:00Z&createdBefore=2026-12-01T00:00:00Z', {
    token,
  });
  expect(res.status).toBe(400);
  expect(((await res.json()) as { error: { field: string } }).error.field).toBe('createdFrom');
});
