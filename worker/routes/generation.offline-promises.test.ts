import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@db/client';
import { scriptedEngines } from '@tests/fixtures/images';
import { createTestApp, type TestApp } from '@tests/setup/test-app';
import { PHOTO_TOOL_IDS } from '../contract/tools';
import { applyMovement } from '../services/credits/ledger';

/**
 * The promises of paid photo work on the offline engine (the default `local` engine behind `nano`,
 * run for real in its worker threads), proved through the API:
 *
 * (a) no paid job returns an output whose pixels equal its input's — edit, face swap and every photo tool;
 * (b) a prompt the offline engine cannot carry out is refused with a 4xx before any credit moves:
 *     balance and ledger unchanged, no job, no record, no upload left in storage;
 * (c) a background change replaces the background: the wall behind her changes far more than the
 *     ≈ 28/255 colour grade the old fallback gave, while her face stays as it was.
 *
 * One app for the file: the engine threads load their models (face detector, person segmenter) once.
 */
let t: TestApp;
let token: string;
let userId: string;
const astronaut = readFileSync(new URL('../../tests/fixtures/photos/astronaut.png', import.meta.url));
const cameraman = await sharp(readFileSync(new URL('../../docs/gallery/photos/old-photo.jpg', import.meta.url)))
  .resize(256)
  .png()
  .toBuffer();

beforeAll(async () => {
  t = await createTestApp({ env: { ENGINE_PARALLELISM: '1' } });
  ({
    token,
    user: { id: userId },
  } = await t.signIn('promises@example.com'));
  // Enough for every job below (a new account has 20 credits, five jobs).
  await t.deps.db.transaction((tx) =>
    applyMovement(tx, {
      userId,
      movementKey: 'test:promises-credits',
      type: 'EARNED',
      referenceType: 'PURCHASE',
      reason: 'SIGN_UP_BONUS',
      reasonParams: {},
      parts: { paid: 200 },
    }),
  );
});
afterAll(() => t.close());

const balance = async () => (await (await t.request('/api/credits/balance', { token })).json()).available as number;
const ledger = () => t.deps.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.userId, userId));

async function edit(fields: Record<string, string>, images: Buffer[] = [astronaut], language = 'en') {
  const form = new FormData();
  form.append('model', 'nano');
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [i, bytes] of images.entries())
    form.append('images', new File([new Uint8Array(bytes)], `photo-${i}.png`, { type: 'image/png' }));
  return t.request('/api/generate-image/edit', { method: 'POST', token, body: form, headers: { 'accept-language': language } });
}

/** Runs the job to its end and answers its output's bytes. */
async function output(res: Response): Promise<Uint8Array> {
  expect(res.status).toBe(200);
  const { id } = await res.json();
  await t.drainJobs();
  const done = await (await t.request(`/api/generate-image/status/${id}`, { token })).json();
  expect(done, JSON.stringify(done)).toMatchObject({ status: 'COMPLETED' });
  return new Uint8Array(await (await t.request(done.imageUrl)).arrayBuffer());
}

interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Mean absolute difference (0..255) from the 256 × 256 input, the output drawn at that size. */
async function differenceFromInput(out: Uint8Array, region: Region = { x: 0, y: 0, width: 256, height: 256 }) {
  const raw = (bytes: Uint8Array) => sharp(bytes).resize(256, 256, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const [a, b] = await Promise.all([raw(astronaut), raw(out)]);
  let sum = 0;
  for (let y = region.y; y < region.y + region.height; y++)
    for (let x = region.x; x < region.x + region.width; x++)
      for (let c = 0; c < 3; c++) sum += Math.abs(a[(y * 256 + x) * 3 + c]! - b[(y * 256 + x) * 3 + c]!);
  return sum / (region.width * region.height * 3);
}

// In the astronaut fixture: the wall and the rocket right of her head, and her face (checked by eye).
const WALL: Region = { x: 180, y: 10, width: 70, height: 150 };
const FACE: Region = { x: 55, y: 70, width: 70, height: 70 };
const ENGINE = { timeout: 180_000 };

describe('(a) a paid job on the offline engine never returns its input', () => {
  const tools = PHOTO_TOOL_IDS.map((toolId): [string, Record<string, string>] => [
    toolId,
    toolId === 'face-swap' ? { options: JSON.stringify({ hair_color: 'blue' }) } : {},
  ]);
  it.each(tools)('%s changes the photo', ENGINE, async (toolId, fields) => {
    expect(await differenceFromInput(await output(await edit({ toolId, ...fields })))).toBeGreaterThan(3);
  });

  it.each([['black and white'], ['watercolour'], ['把背景換成海灘'], ['make it warmer and brighter']])(
    'the edit “%s” changes the photo',
    ENGINE,
    async (prompt) => {
      expect(await differenceFromInput(await output(await edit({ prompt })))).toBeGreaterThan(3);
    },
  );

  it('two uploads are composed into one picture', ENGINE, async () => {
    expect(await differenceFromInput(await output(await edit({ prompt: 'put them together' }, [astronaut, cameraman])))).toBeGreaterThan(3);
  });
});

describe('(b) a prompt the offline engine cannot carry out is refused before any credit moves', () => {
  it.each([
    ['make her smile', 'en', /cannot do “make her smile”: it changes backgrounds, styles, colour and light, not people/],
    ['remove the rocket', 'en', /cannot do “remove the rocket”/],
    ['add a dragon', 'en', /cannot do “add a dragon”/],
    ['put her in front of a night city skyline and make her smile', 'en', /cannot do “make her smile”/],
    ['讓她微笑', 'zh-Hant', /無法執行「讓她微笑」/],
    ['please', 'en', /edits only what it recognises: the background/],
    ['請', 'zh-Hant', /只能執行可辨識的編輯：背景/],
  ])('“%s” (%s)', async (prompt, language, message) => {
    const [before, rows] = [await balance(), (await ledger()).length];
    const jobs = (await t.deps.db.select().from(schema.generationJobs).where(eq(schema.generationJobs.userId, userId))).length;
    const res = await edit({ prompt }, [astronaut], language);
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'prompt' });
    expect(error.message).toMatch(message);
    expect(await balance()).toBe(before);
    expect(await ledger()).toHaveLength(rows);
    expect(await t.deps.db.select().from(schema.generationJobs).where(eq(schema.generationJobs.userId, userId))).toHaveLength(jobs);
    // No upload of the refused request stays in storage: every stored upload belongs to a job.
    const uploads = (await t.deps.blobs.list(`users/${userId}/uploads/`)).length;
    const sources = (await t.deps.db.select().from(schema.generationJobs).where(eq(schema.generationJobs.userId, userId))).flatMap(
      (job) => (job.input as { sourceKeys?: string[] }).sourceKeys ?? [],
    );
    expect(uploads).toBe(sources.length);
  });

  it('a generative model takes the same words as free text', async () => {
    const generative = await createTestApp({ images: scriptedEngines().images });
    try {
      const { token: other } = await generative.signIn('free-text@example.com');
      const form = new FormData();
      form.append('prompt', 'make her smile');
      form.append('images', new File([new Uint8Array(astronaut)], 'me.png', { type: 'image/png' }));
      expect((await generative.request('/api/generate-image/edit', { method: 'POST', token: other, body: form })).status).toBe(200);
    } finally {
      await generative.close();
    }
  });
});

describe('(c) a background change replaces the background', () => {
  it('puts her in front of a night city skyline: the wall changes far beyond a colour grade, her face stays', ENGINE, async () => {
    const out = await output(await edit({ prompt: 'Put her in front of a night city skyline' }));
    // The old fallback graded the whole photo: ≈ 28–38 everywhere, the wall included.
    expect(await differenceFromInput(out, WALL)).toBeGreaterThan(90);
    expect(await differenceFromInput(out, FACE)).toBeLessThan(20);
  });

  it('a plain colour replaces the wall and leaves the face', ENGINE, async () => {
    const out = await output(await edit({ prompt: '背景換成白色' }));
    expect(await differenceFromInput(out, WALL)).toBeGreaterThan(25);
    expect(await differenceFromInput(out, FACE)).toBeLessThan(12);
    const { data } = await sharp(out).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let light = 0;
    for (let y = WALL.y; y < WALL.y + WALL.height; y++)
      for (let x = WALL.x; x < WALL.x + WALL.width; x++) if (data[(y * 256 + x) * 3]! > 235) light++;
    expect(light / (WALL.width * WALL.height)).toBeGreaterThan(0.95);
  });
});
