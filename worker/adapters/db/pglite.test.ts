import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPglite } from './pglite';

type RawClient = {
  query: (text: string, params?: unknown[], options?: { parsers?: Record<number, unknown> }) => Promise<{ rows: unknown[] }>;
};

let opened: Awaited<ReturnType<typeof openPglite>>;
let client: RawClient;
beforeAll(async () => {
  opened = await openPglite();
  client = (opened.db as unknown as { $client: RawClient }).$client;
});
afterAll(() => opened.close());

describe('PGlite under drizzle: its text types installed once, not passed per query', () => {
  it('drizzle still reads timestamps, dates, intervals and their arrays as it expects', async () => {
    const result = await opened.db.execute(
      sql`select '2026-12-07 06:20:03.5+00'::timestamptz as at, '2026-12-07'::date as day, '90 minutes'::interval as gap,
          array['2026-12-07 06:20:03+00'::timestamptz] as ats`,
    );
    const [row] = (result as unknown as { rows: unknown[] }).rows;
    expect(row).toEqual({ at: '2026-12-07 06:20:03.5+00', day: '2026-12-07', gap: '01:30:00', ats: '{"2026-12-07 06:20:03+00"}' });
  });

  it("drops drizzle's parser set from the query options, and keeps any other caller's", async () => {
    const spy = vi.spyOn(PGlite.prototype, 'query');
    try {
      await opened.db.execute(sql`select now() as at`);
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy.mock.calls[0]![2]).toMatchObject({ rowMode: 'object', parsers: undefined });
    } finally {
      spy.mockRestore();
    }
    const { rows } = await client.query('select 7::int4 as n', [], { parsers: { 23: (value: string) => `int ${value}` } });
    expect(rows).toEqual([{ n: 'int 7' }]);
  });
});
