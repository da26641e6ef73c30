import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@db/client';
import { pngBytes, pngFile } from '@tests/fixtures/images';
import { createTestApp, type TestApp } from '@tests/setup/test-app';
import { writeSystemConfig } from '../services/config/system-config';

// One app for the file: the real offline engine runs in its worker pool (no scripted engine here).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const upload = (token: string | undefined, fields: Record<string, string | File | undefined>) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
  return t.request('/api/image-upscale/upload', { method: 'POST', token, body: form });
};
const status = async (token: string, id: string) => (await t.request(`/api/image-upscale/status/${id}`, { token })).json();
const balanceOf = async (token: string) => (await (await t.request('/api/credits/balance', { token })).json()).available as number;
const refundsOf = async (userId: string) =>
  (
    await t.deps.db
      .select()
      .from(schema.creditLedger)
      .where(and(eq(schema.creditLedger.userId, userId), eq(schema.creditLedger.type, 'REFUNDED')))
  ).length;

describe('POST /api/image-upscale/upload', () => {
  it('upscales 2× by default: charged from the credit config, exactly twice the size, listed in My creations', async () => {
    const { token } = await t.signIn('up2@example.com');
    const res = await upload(token, { image: await pngFile('cat.png', 64, 48), faceEnhancement: 'false' });
    expect(res.status).toBe(200);
    const started = await res.json();
    expect(started).toMatchObject({
      success: true,
      id: expect.stringMatching(/^job_/),
      status: 'PROCESSING',
      scaleFactor: 2,
      error: null,
      code: null,
    });
    expect(await balanceOf(token)).toBe(18);

    await t.drainJobs();
    const done = await status(token, started.id);
    expect(done).toMatchObject({
      id: started.id,
      status: 'COMPLETED',
      scaleFactor: 2,
      width: 128,
      height: 96,
      errorMessage: null,
      imageUrl: expect.stringMatching(/^\/api\/files\/users\/.+\.png\?exp=/),
    });
    const file = await t.request(done.imageUrl);
    expect(file.status).toBe(200);
    expect(await sharp(Buffer.from(await file.arrayBuffer())).metadata()).toMatchObject({ width: 128, height: 96 });

    const records = await (await t.request('/api/creation-records?type=UPSCALED_IMAGE', { token })).json();
    expect(records.items).toHaveLength(1);
    expect(await (await t.request('/api/creation-records/stats?type=UPSCALED_IMAGE', { token })).json()).toMatchObject({
      total: 1,
      completed: 1,
    });
    expect(records.items[0]).toMatchObject({
      type: 'UPSCALED_IMAGE',
      status: 'COMPLETED',
      credits: 2,
      width: 128,
      height: 96,
      originalImageUrl: expect.stringMatching(/^\/api\/files\//),
    });
    // The first operation starts the pool's thread (loading the engine), which is slow on a busy machine.
  }, 90_000);

  it('upscales a small image 8× and charges the 8× price', async () => {
    const { token } = await t.signIn('up8@example.com');
    const started = await (
      await upload(token, { image: await pngFile('small.png', 40, 30), scaleFactor: '8', faceEnhancement: 'true' })
    ).json();
    expect(started).toMatchObject({ scaleFactor: 8 });
    expect(await balanceOf(token)).toBe(12);
    await t.drainJobs();
    expect(await status(token, started.id)).toMatchObject({ status: 'COMPLETED', width: 320, height: 240, faceEnhancement: true });
  });

  it('refuses factors other than 2, 4, 8, a missing image and an oversized output, charging nothing', async () => {
    const { token } = await t.signIn('refused@example.com');
    for (const scaleFactor of ['3', '16', '0', 'big', '']) {
      const res = await upload(token, { image: await pngFile(), scaleFactor });
      expect(res.status, scaleFactor).toBe(400);
      expect((await res.json()).error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'scaleFactor' });
    }
    const missing = await upload(token, { scaleFactor: '2' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toMatchObject({ field: 'image', message: 'Please upload an image first' });
    // 8× of 600×600 would be 23 MP, over the 16 MP budget; 4× of it is fine.
    const tooBig = await upload(token, { image: await pngFile('big.png', 600, 600), scaleFactor: '8' });
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json()).error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      field: 'image',
      message: expect.stringContaining('250,000 pixels'),
    });
    const notImage = await upload(token, { image: new File(['not a picture'], 'x.png', { type: 'image/png' }), scaleFactor: '2' });
    expect(notImage.status).toBe(415);
    expect(await balanceOf(token)).toBe(20);
    expect((await upload(undefined, { image: await pngFile() })).status).toBe(401);
  });

  it('answers INSUFFICIENT_CREDITS when the price is above the balance, and creates nothing', async () => {
    const { token, user } = await t.signIn('poor@example.com');
    // The price comes from the credit config an admin edits.
    await t.deps.db.update(schema.users).set({ role: 'admin' }).where(eq(schema.users.id, user.id));
    const changed = await t.request('/api/admin/credit-system-config', {
      method: 'PUT',
      token,
      json: { imageUpscale: { costByFactor: { '2': 2, '4': 4, '8': 25 } } },
    });
    expect((await changed.json()).data.imageUpscale).toEqual({ costByFactor: { '2': 2, '4': 4, '8': 25 } });
    try {
      const res = await upload(token, { image: await pngFile('a.png', 40, 30), scaleFactor: '8' });
      expect(res.status).toBe(402);
      expect((await res.json()).error).toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
      expect(await t.deps.db.select().from(schema.creationRecords).where(eq(schema.creationRecords.userId, user.id))).toHaveLength(0);
      expect((await (await t.request('/api/image-upscale/options')).json()).costByFactor).toEqual({ '2': 2, '4': 4, '8': 25 });
    } finally {
      await writeSystemConfig(t.deps.db, 'imageUpscale', { costByFactor: { '2': 2, '4': 4, '8': 8 } });
    }
  });

  it('refuses an image that does not decode before charging anything (422)', async () => {
    const { token, user } = await t.signIn('broken@example.com');
    // A valid PNG header (so the header check passes) followed by garbage instead of image data.
    const good = await pngBytes(64, 48);
    const broken = new Uint8Array(good.length);
    broken.set(good.subarray(0, 33));
    broken.fill(7, 33);
    const res = await upload(token, { image: new File([broken], 'broken.png', { type: 'image/png' }), scaleFactor: '4' });
    expect(res.status).toBe(422);
    expect((await res.json()).error).toMatchObject({ code: 'IMAGE_UNDECODABLE', field: 'image' });
    expect(await balanceOf(token)).toBe(20);
    expect(await refundsOf(user.id)).toBe(0);
    expect(await t.deps.db.select().from(schema.generationJobs).where(eq(schema.generationJobs.userId, user.id))).toEqual([]);
  });

  it("finds only the caller's own upscale jobs", async () => {
    const owner = await t.signIn('owner@example.com');
    const other = await t.signIn('other@example.com');
    const started = await (await upload(owner.token, { image: await pngFile() })).json();
    await t.drainJobs();
    expect((await t.request(`/api/image-upscale/status/${started.id}`, { token: other.token })).status).toBe(404);
    // A generation job is not an upscale job.
    const generated = await (
      await t.request('/api/generate-image', {
        method: 'POST',
        token: owner.token,
        json: { prompt: 'a red kite', width: 256, height: 256 },
      })
    ).json();
    await t.drainJobs();
    expect((await t.request(`/api/image-upscale/status/${generated.id}`, { token: owner.token })).status).toBe(404);
  });

  it('fits an image too large for the factor into the budget when asked, saying the sizes before anything runs', async () => {
    const { token, user } = await t.signIn('fit@example.com');
    // 4× allows 2048 px per side: a 2100×8 strip is refused, or fitted to 2048×7 (8192×28 out) when
    // asked. (A fitted 8× photo is a 16 MP job, minutes long: its sizes are checked in contract tests.)
    const refused = await upload(token, { image: await pngFile('strip.png', 2100, 8), scaleFactor: '4' });
    expect(refused.status).toBe(413);
    expect((await refused.json()).error.message).toContain('fitToBudget=true');
    expect(await balanceOf(token)).toBe(20);
    const res = await upload(token, { image: await pngFile('strip.png', 2100, 8), scaleFactor: '4', fitToBudget: 'true' });
    expect(res.status).toBe(200);
    const started = await res.json();
    expect(started).toMatchObject({ scaleFactor: 4, inputWidth: 2048, inputHeight: 7, outputWidth: 8192, outputHeight: 28, fitted: true });
    expect(await balanceOf(token)).toBe(16);
    const [job] = await t.deps.db.select().from(schema.generationJobs).where(eq(schema.generationJobs.userId, user.id));
    expect(job!.input).toMatchObject({ width: 2048, height: 7, fitted: true });

    await t.drainJobs();
    const done = await status(token, started.id);
    expect(done).toMatchObject({ status: 'COMPLETED', width: 8192, height: 28 });
    const file = await t.request(done.imageUrl);
    expect(await sharp(Buffer.from(await file.arrayBuffer())).metadata()).toMatchObject({ width: 8192, height: 28 });

    // An image that already fits is used as it is, with or without the option.
    const fits = await (await upload(token, { image: await pngFile('small.png', 40, 30), scaleFactor: '2', fitToBudget: 'true' })).json();
    expect(fits).toMatchObject({ inputWidth: 40, inputHeight: 30, outputWidth: 80, outputHeight: 60, fitted: false });
    await t.drainJobs();
  }, 180_000);
});
