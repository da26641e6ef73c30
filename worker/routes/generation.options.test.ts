import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { schema } from '@db/client';
import { pngBytes, pngFile } from '@tests/fixtures/images';
import { createTestApp, type TestApp } from '@tests/setup/test-app';
import { createImageEngines } from '../adapters/images/engines';
import { EngineError, type ImageEngine } from '../adapters/images/port';
import { MAX_QUEUE_WAIT_SECONDS } from '../services/generation/job-queue';

/**
 * The workbench's advanced options and variations through the API (decision 035): strict
 * validation naming the field, the spec's defaults stored on the job and its record, a batch paid
 * by one debit with a refund of exactly one share per failed image, admission of the whole batch
 * or none, and seeds that reproduce pixels (files differ in their signed Content Credentials).
 */
let t: TestApp;
afterEach(() => t?.close());

const ledgerOf = (userId: string) => t.deps.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.userId, userId));

async function pixelsOf(url: string, token: string) {
  const file = await t.request(url, { token });
  expect(file.headers.get('content-type')).toBe('image/png');
  return sharp(new Uint8Array(await file.arrayBuffer()))
    .raw()
    .toBuffer();
}

describe('advanced options: validation and storage', () => {
  it('refuses out-of-range or oddly written options with a 400 naming the field', async () => {
    t = await createTestApp();
    const { token } = await t.signIn('options@example.com');
    const base = { prompt: 'a lighthouse', width: 256, height: 256 };
    for (const [extra, field] of [
      [{ steps: 0 }, 'steps'],
      [{ steps: 101 }, 'steps'],
      [{ steps: '2e1' }, 'steps'],
      [{ steps: 7.5 }, 'steps'],
      [{ cfgScale: 31 }, 'cfgScale'],
      [{ cfgScale: '0x10' }, 'cfgScale'],
      [{ seed: -1 }, 'seed'],
      [{ seed: 2 ** 31 }, 'seed'],
      [{ count: 0 }, 'count'],
      [{ count: 5 }, 'count'],
      [{ sampler: 'plms' }, 'sampler'],
      [{ negativePrompt: 'x'.repeat(2001) }, 'negativePrompt'],
    ] as const) {
      const res = await t.request('/api/generate-image', { method: 'POST', token, json: { ...base, ...extra } });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect((await res.json()).error.field, JSON.stringify(extra)).toBe(field);
    }
    // Multipart fields are text: the same rules, and strength belongs to editing.
    for (const [value, field] of [
      [{ strength: '1.5' }, 'strength'],
      [{ strength: '-0.1' }, 'strength'],
      [{ strength: '.5' }, 'strength'],
      [{ count: '4x' }, 'count'],
      [{ cfgScale: '7,5' }, 'cfgScale'],
    ] as const) {
      const form = new FormData();
      form.append('prompt', 'make it vintage');
      for (const [k, v] of Object.entries(value)) form.append(k, v);
      form.append('images', await pngFile());
      const res = await t.request('/api/generate-image/edit', { method: 'POST', token, body: form });
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect((await res.json()).error.field, JSON.stringify(value)).toBe(field);
    }
    // Regenerating one creation is one image.
    const first = await (await t.request('/api/generate-image', { method: 'POST', token, json: base })).json();
    await t.drainJobs();
    const again = await t.request('/api/generate-image', {
      method: 'POST',
      token,
      json: { ...base, updateRecordId: first.recordId, count: 2 },
    });
    expect(again.status).toBe(400);
    expect((await again.json()).error.field).toBe('count');
  }, 90_000);

  it('stores the spec defaults and the chosen options on the job and the record, and names what the engine ignores', async () => {
    t = await createTestApp();
    const { token } = await t.signIn('defaults@example.com');
    const plain = await (
      await t.request('/api/generate-image', { method: 'POST', token, json: { prompt: 'a fox', width: 256, height: 256 } })
    ).json();
    expect(plain.options).toEqual({ negativePrompt: null, steps: 20, cfgScale: 7, strength: null, sampler: null });
    expect(plain).toMatchObject({ ignoredOptions: [], batch: null });

    const tuned = await (
      await t.request('/api/generate-image', {
        method: 'POST',
        token,
        json: {
          prompt: 'a cat and a dog',
          negativePrompt: 'dog',
          steps: 30,
          cfgScale: '9.5',
          sampler: 'euler',
          seed: 7,
          width: 256,
          height: 256,
        },
      })
    ).json();
    expect(tuned.options).toEqual({ negativePrompt: 'dog', steps: 30, cfgScale: 9.5, strength: null, sampler: 'euler' });
    // The offline engine draws: it keeps named subjects out and follows the seed, but has no steps, guidance or sampler.
    expect(tuned.ignoredOptions).toEqual(['steps', 'cfgScale', 'sampler']);

    const form = new FormData();
    form.append('prompt', 'make it black and white');
    form.append('strength', '0.5');
    form.append('negativePrompt', 'blur');
    form.append('images', await pngFile());
    const edit = await (await t.request('/api/generate-image/edit', { method: 'POST', token, body: form })).json();
    expect(edit.options).toEqual({ negativePrompt: 'blur', steps: 20, cfgScale: 7.5, strength: 0.5, sampler: null });
    expect(edit.ignoredOptions).toEqual(['negativePrompt']);

    await t.drainJobs();
    const records = (await (await t.request('/api/creation-records?size=10', { token })).json()).items;
    const record = records.find((r: { id: string }) => r.id === tuned.recordId);
    expect(record).toMatchObject({
      seed: 7,
      options: { negativePrompt: 'dog', steps: 30, cfgScale: 9.5, strength: null, sampler: 'euler' },
      batchId: null,
    });
    expect(records.find((r: { id: string }) => r.id === edit.recordId).options.strength).toBe(0.5);
  }, 90_000);

  it('honours the options on the offline engine: a negative prompt changes the picture, strength moves an edit less', async () => {
    t = await createTestApp();
    const { token } = await t.signIn('honour@example.com');
    const draw = async (json: Record<string, unknown>) => {
      const started = await (await t.request('/api/generate-image', { method: 'POST', token, json })).json();
      await t.drainJobs();
      const done = await (await t.request(`/api/generate-image/status/${started.id}`, { token })).json();
      return { pixels: await pixelsOf(done.imageUrl, token), ignored: done.ignoredOptions as string[] };
    };
    const scene = { prompt: 'a cat and a dog in a meadow', style: 'cartoon', width: 256, height: 256, seed: 5 };
    const both = await draw(scene);
    const withoutDog = await draw({ ...scene, negativePrompt: 'dog' });
    expect(withoutDog.pixels.equals(both.pixels)).toBe(false);
    expect(withoutDog.ignored).not.toContain('negativePrompt');
    // A negative prompt naming nothing this picture holds, or nothing the engine knows, changes
    // nothing: the same seed gives the same pixels, and the status says the option was ignored.
    for (const negativePrompt of ['submarine', 'low quality, jpeg artifacts']) {
      const unchanged = await draw({ ...scene, negativePrompt });
      expect(unchanged.pixels.equals(both.pixels)).toBe(true);
      expect(unchanged.ignored).toContain('negativePrompt');
    }

    const source = await pngBytes(64, 64, '#3c8cff');
    // The draws above spent the first account's free credits.
    const { token: editor } = await t.signIn('honour-edits@example.com');
    const edit = async (strength?: string) => {
      const form = new FormData();
      form.append('prompt', 'make it black and white');
      form.append('width', '256');
      form.append('height', '256');
      if (strength) form.append('strength', strength);
      form.append('images', new File([Buffer.from(source)], 'blue.png', { type: 'image/png' }));
      const started = await (await t.request('/api/generate-image/edit', { method: 'POST', token: editor, body: form })).json();
      await t.drainJobs();
      const done = await (await t.request(`/api/generate-image/status/${started.id}`, { token: editor })).json();
      expect(done.status).toBe('COMPLETED');
      return pixelsOf(done.imageUrl, editor);
    };
    const original = await sharp(source).resize(256, 256, { fit: 'cover' }).removeAlpha().raw().toBuffer();
    const distance = (a: Buffer, b: Buffer) => {
      let sum = 0;
      for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
      return sum / a.length;
    };
    const full = await edit();
    const half = await edit('0.5');
    const moved = distance(original, full);
    expect(moved).toBeGreaterThan(10);
    expect(distance(original, half)).toBeGreaterThan(moved * 0.35);
    expect(distance(original, half)).toBeLessThan(moved * 0.65);
  }, 90_000);
});

/** Fails (for good) the image whose seed is `failSeed`; draws the others. */
function engineFailingSeed(failSeed: number): ImageEngine {
  return {
    name: 'scripted',
    async textToImage(input) {
      if (input.seed === failSeed) throw new EngineError('Request blocked by safety policy', false);
      return { bytes: await pngBytes(16, 16), contentType: 'image/png' };
    },
    async edit() {
      return { bytes: await pngBytes(16, 16, '#ff00aa'), contentType: 'image/png' };
    },
  };
}

describe('variations', () => {
  it('charges a batch of 4 in one debit and refunds exactly one share for the one image that fails', async () => {
    t = await createTestApp({ images: createImageEngines({ nano: engineFailingSeed(102) }) });
    const { token, user } = await t.signIn('batch@example.com');
    const balance = async () => (await (await t.request('/api/credits/balance', { token })).json()).available as number;
    const before = await balance();
    const res = await t.request('/api/generate-image', {
      method: 'POST',
      token,
      json: { prompt: 'a fox', width: 256, height: 256, seed: 100, count: 4 },
    });
    expect(res.status).toBe(200);
    const started = await res.json();
    const share = started.credits as number;
    expect(share).toBeGreaterThan(0);
    expect(started.batch.jobIds).toHaveLength(4);
    expect(started.batch.jobIds[0]).toBe(started.id);

    // One movement for the batch, saying how many images it paid for.
    const debits = (await ledgerOf(user.id)).filter((r) => r.amount < 0);
    expect(new Set(debits.map((r) => r.movementKey))).toEqual(new Set([`batch:${started.batch.id}:debit`]));
    expect(debits.reduce((sum, r) => sum + r.amount, 0)).toBe(-4 * share);
    expect(debits[0]).toMatchObject({ reason: 'TEXT_TO_IMAGE', reasonParams: { images: 4 } });

    await t.drainJobs();
    const statuses = await Promise.all(
      started.batch.jobIds.map(async (id: string) => (await t.request(`/api/generate-image/status/${id}`, { token })).json()),
    );
    expect(statuses.map((s) => s.seed)).toEqual([100, 101, 102, 103]);
    expect(statuses.map((s) => s.status)).toEqual(['COMPLETED', 'COMPLETED', 'FAILED', 'COMPLETED']);
    expect(statuses.every((s) => s.batch.id === started.batch.id)).toBe(true);

    // Exactly one share back, for the failed image, once.
    const refunds = (await ledgerOf(user.id)).filter((r) => r.type === 'REFUNDED');
    expect(refunds.reduce((sum, r) => sum + r.amount, 0)).toBe(share);
    expect(new Set(refunds.map((r) => r.movementKey))).toEqual(new Set([`refund:batch:${started.batch.id}:debit:2`]));
    expect(refunds[0]).toMatchObject({ reason: 'GENERATION_REFUND', referenceId: statuses[2].recordId });
    expect(before - (await balance())).toBe(3 * share);

    // Four records, one per image, sharing the batch.
    const records = await t.deps.db.select().from(schema.creationRecords).where(eq(schema.creationRecords.batchId, started.batch.id));
    expect(records.map((r) => r.status).sort()).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED', 'FAILED']);
    // The cached balance still equals the ledger (DESIGN.md §5 invariant 2).
    const [account] = await t.deps.db.select().from(schema.creditAccounts).where(eq(schema.creditAccounts.userId, user.id));
    const ledgerTotal = (await ledgerOf(user.id)).reduce((sum, r) => sum + r.amount, 0);
    expect(account!.freeBalance + account!.paidBalance + account!.subscriptionBalance).toBe(ledgerTotal);
  }, 90_000);

  it('admits a whole batch or none of it: a busy engine refuses before any debit (ENGINE_BUSY)', async () => {
    t = await createTestApp({ images: createImageEngines({ nano: engineFailingSeed(-1) }) });
    const { token, user } = await t.signIn('busy@example.com');
    const { user: other } = await t.signIn('earlier@example.com');
    // Recent 256² pictures took a while (run time is measured per output megapixel): four in a row would
    // keep the last waiting past the limit, two would not.
    const slots = t.deps.images.slots;
    const run = ((MAX_QUEUE_WAIT_SECONDS / 2) * slots + 10) * 1000;
    const finished = new Date();
    for (let n = 0; n < 2; n++) {
      await t.deps.db
        .insert(schema.creationRecords)
        .values({ id: `rec_slow${n}`, userId: other.id, type: 'TEXT_TO_IMAGE', status: 'COMPLETED', credits: 0 });
      await t.deps.db.insert(schema.generationJobs).values({
        id: `job_slow${n}`,
        recordId: `rec_slow${n}`,
        userId: other.id,
        kind: 'text-to-image',
        engine: 'nano',
        status: 'COMPLETED',
        input: { width: 256, height: 256 },
        cost: 0,
        deadlineAt: finished,
        startedAt: new Date(finished.getTime() - run),
        finishedAt: finished,
      });
    }
    const json = { prompt: 'a fox', width: 256, height: 256 };
    const refused = await t.request('/api/generate-image', { method: 'POST', token, json: { ...json, count: 4 } });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ error: { code: 'ENGINE_BUSY' } });
    expect(await ledgerOf(user.id)).toHaveLength(1); // the sign-up bonus only
    expect(await t.deps.db.select().from(schema.generationJobs).where(eq(schema.generationJobs.userId, user.id))).toEqual([]);

    const accepted = await t.request('/api/generate-image', { method: 'POST', token, json: { ...json, count: 2 } });
    expect(accepted.status).toBe(200);
    expect((await accepted.json()).batch.jobIds).toHaveLength(2);
  }, 90_000);

  it('gives the same pixels for a seed reused from a batch', async () => {
    t = await createTestApp();
    const { token } = await t.signIn('reuse@example.com');
    const settings = { prompt: 'a red fox in a meadow', style: 'cartoon', width: 256, height: 256 };
    const batch = await (await t.request('/api/generate-image', { method: 'POST', token, json: { ...settings, count: 2 } })).json();
    await t.drainJobs();
    const second = await (await t.request(`/api/generate-image/status/${batch.batch.jobIds[1]}`, { token })).json();
    expect(second.status).toBe('COMPLETED');
    const again = await (
      await t.request('/api/generate-image', { method: 'POST', token, json: { ...settings, seed: second.seed } })
    ).json();
    await t.drainJobs();
    const done = await (await t.request(`/api/generate-image/status/${again.id}`, { token })).json();
    expect(done.seed).toBe(second.seed);
    expect((await pixelsOf(done.imageUrl, token)).equals(await pixelsOf(second.imageUrl, token))).toBe(true);
    // "More like this": the same settings without the seed give new seeds, and new pictures.
    const more = await (await t.request('/api/generate-image', { method: 'POST', token, json: { ...settings, count: 2 } })).json();
    await t.drainJobs();
    const fresh = await (await t.request(`/api/generate-image/status/${more.id}`, { token })).json();
    expect((await pixelsOf(fresh.imageUrl, token)).equals(await pixelsOf(second.imageUrl, token))).toBe(false);
  }, 90_000);
});
