import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { schema } from '@db/client';
import { pngBytes, pngFile, scriptedEngines } from '@tests/fixtures/images';
import { createTestApp, type TestApp } from '@tests/setup/test-app';
import { createImageEngines } from '../adapters/images/engines';
import { EngineInputError, type EngineOperation } from '../contract/engine-operations';
import { optionsFromDescription } from '../contract/face-swap-words';

/**
 * Face swap's image mode on the offline engine: a hand-typed description becomes the options the
 * engine applies; a description it can do nothing with is refused before any charge; an engine
 * result identical to the photo fails as UNCHANGED_OUTPUT and is refunded.
 */
let t: TestApp;
let token: string;
let operations: EngineOperation[];
let answer: (op: EngineOperation) => Promise<{ bytes: Uint8Array; contentType: 'image/png'; width: number; height: number }>;

beforeEach(async () => {
  operations = [];
  answer = async () => ({ bytes: await pngBytes(300, 400), contentType: 'image/png', width: 300, height: 400 });
  const offline = {
    run: async (op: EngineOperation) => {
      operations.push(op);
      return answer(op);
    },
  };
  const engine = scriptedEngines();
  t = await createTestApp({ images: createImageEngines({ nano: { ...engine.images.forModel('nano')!, name: 'local' } }, offline) });
  ({ token } = await t.signIn('words@example.com'));
});
afterEach(() => t.close());

async function imageMode(fields: Record<string, string>) {
  const form = new FormData();
  form.append('toolId', 'face-swap');
  form.append('model', 'nano');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('images', await pngFile('me.png', 300, 400));
  return t.request('/api/generate-image/edit', { method: 'POST', token, body: form });
}
const balance = async () => (await (await t.request('/api/credits/balance', { token })).json()).available as number;
const paramsOf = (op: EngineOperation | undefined) => (op as { params: Record<string, unknown> }).params;

describe('optionsFromDescription', () => {
  it('reads accessories, colours, beards and backgrounds in English and Traditional Chinese', () => {
    expect(optionsFromDescription('wearing black sunglasses and a red baseball cap')).toEqual({
      selection: { head_accessories: 'sunglasses' },
      moreAccessories: ['baseball_cap'],
      accessoryColours: { sunglasses: '#1d1d1f', baseball_cap: '#c62828' },
    });
    expect(optionsFromDescription('戴著墨鏡和紅色棒球帽，藍色頭髮，站在海灘上')).toEqual({
      selection: { hair_color: 'blue', background: 'beach', head_accessories: 'sunglasses' },
      moreAccessories: ['baseball_cap'],
      accessoryColours: { baseball_cap: '#c62828' },
    });
    expect(optionsFromDescription('Green eyes, a goatee and round glasses, as an oil painting').selection).toEqual({
      eye_color: 'green',
      beard: 'goatee',
      artistic_style: 'oil_painting',
      head_accessories: 'round_glasses',
    });
    // A flower crown is not also a crown; plain "glasses" are glasses.
    expect(optionsFromDescription('a flower crown and glasses')).toEqual({
      selection: { head_accessories: 'flower_crown' },
      moreAccessories: ['square_glasses'],
      accessoryColours: {},
    });
    expect(optionsFromDescription('make me look like a movie star')).toEqual({ selection: {}, moreAccessories: [], accessoryColours: {} });
  });
});

describe('face swap image mode on the offline engine', () => {
  it('applies the accessories a hand-typed description names, without any catalogue option', async () => {
    const res = await imageMode({ extra: 'wearing black sunglasses and a red baseball cap' });
    expect(res.status).toBe(200);
    // The record says what the engine applies, read from the words.
    const { recordId } = await res.json();
    const [record] = await t.deps.db.select().from(schema.creationRecords).where(eq(schema.creationRecords.id, recordId));
    expect(record!.prompt).toMatch(/\n\nApplied offline: wearing dark sunglasses \(black\), wearing a baseball cap \(red\)\.$/);
    await t.drainJobs();
    // The status says it too, as options the page can name in its language.
    const status = await (await t.request(`/api/generate-image/status/${recordId}`, { token })).json();
    // Catalogue options only: the engine's extras (a second accessory, tints) have no name on the page.
    expect(status.appliedOptions).toEqual({ head_accessories: 'sunglasses' });
    expect(operations[0]).toMatchObject({ op: 'tool', toolId: 'face-swap' });
    expect(paramsOf(operations[0])).toEqual({
      head_accessories: 'sunglasses',
      more_head_accessories: 'baseball_cap',
      // Drawn in the colours the words give them.
      head_accessory_colours: 'sunglasses:#1d1d1f,baseball_cap:#c62828',
    });
  });

  it('lets chosen options win over the words and keeps the rest of what the words name', async () => {
    await imageMode({ extra: '藍色頭髮，戴墨鏡', options: JSON.stringify({ hair_color: 'red' }) });
    await t.drainJobs();
    expect(paramsOf(operations[0])).toEqual({ hair_color: 'red', head_accessories: 'sunglasses' });
  });

  it('reports as applied only options that change a photo: not an expression or a hairstyle', async () => {
    const options = { expression: 'laughing', hair_style: 'curly', hair_color: 'blue' };
    const res = await imageMode({ options: JSON.stringify(options) });
    expect(res.status).toBe(200);
    const { recordId } = await res.json();
    await t.drainJobs();
    const status = await (await t.request(`/api/generate-image/status/${recordId}`, { token })).json();
    expect(status.status).toBe('COMPLETED');
    expect(status.appliedOptions).toEqual({ hair_color: 'blue' });
    const [record] = await t.deps.db.select().from(schema.creationRecords).where(eq(schema.creationRecords.id, recordId));
    expect(record!.prompt).toMatch(/\n\nApplied offline: electric blue hair\.$/);
  });

  it('refuses a photo job whose options change nothing (expression and hairstyle only), before any credit moves', async () => {
    const before = await balance();
    const res = await imageMode({ options: JSON.stringify({ expression: 'laughing', hair_style: 'curly' }) });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'extra' });
    expect(await balance()).toBe(before);
    expect(await t.deps.db.select().from(schema.generationJobs)).toEqual([]);
    expect(operations).toEqual([]);
  });

  it('refuses a description it can apply nothing of, saying what it can do, before any credit moves', async () => {
    const before = await balance();
    const res = await imageMode({ extra: 'make me look like a movie star' });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'extra' });
    expect(error.message).toMatch(/hair and eye colour.*glasses, hats/);
    expect(await balance()).toBe(before);
    expect(await t.deps.db.select().from(schema.generationJobs)).toEqual([]);
    expect(operations).toEqual([]);
  });

  it('an engine result identical to the photo fails as UNCHANGED_OUTPUT and the credits come back', async () => {
    answer = async () => {
      throw new EngineInputError('UNCHANGED_OUTPUT', 'the result is identical to the input photo: nothing was applied');
    };
    const before = await balance();
    const res = await imageMode({ extra: 'sunglasses' });
    const { id } = await res.json();
    await t.drainJobs();
    const [job] = await t.deps.db.select().from(schema.generationJobs).where(eq(schema.generationJobs.id, id));
    expect(job).toMatchObject({ status: 'FAILED', failureCode: 'UNCHANGED_OUTPUT' });
    // Charged, then refunded: read from the ledger, since the job may have failed and been refunded
    // before a balance read right after the submission could see the charge.
    const movements = await t.deps.db
      .select({ amount: schema.creditLedger.amount })
      .from(schema.creditLedger)
      .where(eq(schema.creditLedger.referenceId, job!.recordId!));
    expect(Math.min(...movements.map((m) => m.amount))).toBeLessThan(0);
    expect(movements.reduce((sum, m) => sum + m.amount, 0)).toBe(0);
    expect(await balance()).toBe(before);
    const status = await (await t.request(`/api/generate-image/status/${id}`, { token })).json();
    expect(status).toMatchObject({
      status: 'FAILED',
      failureCode: 'UNCHANGED_OUTPUT',
      message: expect.stringContaining('credits have been returned'),
    });
  });
});
