import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { schema } from '@db/client';
import { pngBytes, pngFile, scriptedEngines } from '@tests/fixtures/images';
import { createTestApp, type TestApp } from '@tests/setup/test-app';
import { createImageEngines } from '../adapters/images/engines';
import { FACE_SWAP_PREFIX } from '../contract/face-swap';
import type { EngineOperation } from '../contract/engine-operations';

/** face swap's prompt is validated against the option catalogue and compiled on the server. */
let t: TestApp;
let engine: ReturnType<typeof scriptedEngines>;
let token: string;

beforeEach(async () => {
  engine = scriptedEngines();
  t = await createTestApp({ images: engine.images });
  ({ token } = await t.signIn('avatar@example.com'));
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
const textMode = (body: Record<string, unknown>) =>
  t.request('/api/generate-image', { method: 'POST', token, json: { toolId: 'face-swap', model: 'nano', style: 'realistic', ...body } });
const recordOf = async (res: Response) => {
  const { recordId } = await res.json();
  const [record] = await t.deps.db.select().from(schema.creationRecords).where(eq(schema.creationRecords.id, recordId));
  return record!;
};
const balance = async () => (await (await t.request('/api/credits/balance', { token })).json()).available as number;

describe('face swap requests', () => {
  it('compiles an image-mode prompt from the text and the options (multipart JSON), with the edit prefix', async () => {
    const res = await imageMode({
      extra: 'for my profile',
      options: JSON.stringify({ hair_color: 'platinum', background: 'beach', eye_color: '' }),
    });
    expect(res.status).toBe(200);
    const record = await recordOf(res);
    expect(record).toMatchObject({ type: 'FACE_SWAP', toolId: 'face-swap', style: 'realistic' });
    expect(record.prompt).toBe(
      `${FACE_SWAP_PREFIX.edit}\n\nfor my profile. Character features: platinum blonde hair. Environmental characteristics: a sunny beach.`,
    );
    await t.drainJobs();
    expect(engine.calls).toEqual([record.prompt]);
  });

  it('compiles a text-mode prompt with the generate prefix, keeping the description approved in the Preview modal', async () => {
    const res = await textMode({
      prompt: 'Character features: a woman, green eyes, a small scar.',
      extra: '',
      options: { gender: 'female', eye_color: 'green' },
    });
    expect(res.status).toBe(200);
    expect((await recordOf(res)).prompt).toBe(`${FACE_SWAP_PREFIX.generate}\n\nCharacter features: a woman, green eyes, a small scar.`);
  });

  it('refuses a value outside the catalogue, or an unknown option, with a 400 naming it, before any credit moves', async () => {
    const before = await balance();
    for (const [send, field] of [
      [() => imageMode({ options: JSON.stringify({ hair_color: 'plaid' }) }), 'options.hair_color'],
      [() => imageMode({ options: JSON.stringify({ wings: 'feathered' }) }), 'options'],
      [() => imageMode({ options: 'not json' }), 'options'],
      [() => textMode({ prompt: 'x', options: { head_accessories: 'tiara' } }), 'options.head_accessories'],
    ] as const) {
      const res = await send();
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatchObject({ code: 'VALIDATION_FAILED', field });
    }
    expect(await balance()).toBe(before);
  });

  it('needs a description or at least one option (spec §5), and the upload in image mode', async () => {
    const empty = await imageMode({ extra: '  ', options: JSON.stringify({ hair_color: '' }) });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error).toMatchObject({ field: 'prompt', message: 'Describe the look or choose at least one option' });
    const form = new FormData();
    form.append('toolId', 'face-swap');
    form.append('options', JSON.stringify({ hair_color: 'red' }));
    const noPhoto = await t.request('/api/generate-image/edit', { method: 'POST', token, body: form });
    expect(noPhoto.status).toBe(400);
    expect((await noPhoto.json()).error).toMatchObject({ field: 'images' });
  });

  it("runs on the offline engine where nano is the local engine, with the options as the face swap tool's parameters", async () => {
    const operations: EngineOperation[] = [];
    const offline = {
      run: async (op: EngineOperation) => {
        operations.push(op);
        return { bytes: await pngBytes(300, 400), contentType: 'image/png' as const, width: 300, height: 400 };
      },
    };
    await t.close();
    t = await createTestApp({ images: createImageEngines({ nano: { ...engine.images.forModel('nano')!, name: 'local' } }, offline) });
    ({ token } = await t.signIn('offline@example.com'));
    expect((await imageMode({ options: JSON.stringify({ hair_color: 'red', head_accessories: 'crown' }) })).status).toBe(200);
    await t.drainJobs();
    expect(operations).toHaveLength(1);
    // The engine gets the choices as typed parameters and nothing else: no prompt to read them back from.
    expect(operations[0]).toMatchObject({ op: 'tool', toolId: 'face-swap' });
    expect((operations[0] as { params: Record<string, unknown> }).params).toEqual({ hair_color: 'red', head_accessories: 'crown' });
  });
});
