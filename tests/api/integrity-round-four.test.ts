import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngFile } from '../fixtures/images';
import { ORPHAN_UPLOAD_SECONDS, sweepOrphanUploads } from '@worker/services/generation/uploads';
import { eq } from 'drizzle-orm';
import { schema } from '@db/client';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * Breaks found by attacking a running server: each test here failed before its fix
 * (docs/decisions/049-integrity-round-four.md).
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.signIn('round-four@example.com'));
});
afterAll(() => t.close());

describe('date filters outside what PostgreSQL stores', () => {
  const records = async (query: string) => {
    const res = await t.request(`/api/creation-records?${query}`, { token });
    return { status: res.status, error: (await res.json()).error };
  };

  it.each([
    ['createdFrom', '0000-01-01T00:00:00Z'],
    ['createdBefore', '0000-01-01T00:00:00Z'],
    ['createdFrom', '0001-01-01T00:00:00+01:00'],
    ['createdBefore', '9999-12-31T23:59:59-23:59'],
  ])('%s=%s is a 400 naming the field', async (field, value) => {
    const { status, error } = await records(`${field}=${encodeURIComponent(value)}`);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', field });
    expect(error.message).not.toContain(value);
  });

  it('a reversed range is a 400 naming createdFrom; an empty but ordered one is a 200', async () => {
    const { status, error } = await records('createdFrom=2026-05-02T00:00:00Z&createdBefore=2026-05-01T00:00:00Z');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'createdFrom' });
    expect((await records('createdFrom=2026-05-01T00:00:00Z&createdBefore=2026-05-02T00:00:00Z')).status).toBe(200);
  });

  it('the daily usage range keeps its bounds', async () => {
    const res = await t.request('/api/credits/usage/daily?startDate=0000-01-01', { token });
    expect(res.status).toBe(400);
  });
});

describe('error answers never repeat what the caller sent', () => {
  const MARK = '<b>MARK</b>';
  const refused = async (res: Response) => {
    const text = await res.text();
    expect(text).not.toContain('MARK');
    return { status: res.status, error: JSON.parse(text).error };
  };

  it('an unknown credit pack is named by its field, on both purchase paths', async () => {
    const order = await refused(
      await t.request('/api/v2/payment/create-credit-order', { method: 'POST', token, json: { packageId: MARK, gateway: 'STRIPE' } }),
    );
    expect(order).toMatchObject({ status: 404, error: { field: 'packageId' } });
    const path = await refused(
      await t.request(`/api/credits/packages/${encodeURIComponent(MARK)}/purchase`, { method: 'POST', token, json: {} }),
    );
    expect(path).toMatchObject({ status: 404, error: { field: 'id' } });
  });

  it('an unknown face swap option is named as options, not by its key', async () => {
    const res = await t.request('/api/generate-image', {
      method: 'POST',
      token,
      json: { toolId: 'face-swap', model: 'nano', style: 'realistic', prompt: 'x', options: { '<img src=x>MARK': 'a' } },
    });
    expect(await refused(res)).toMatchObject({ status: 400, error: { code: 'VALIDATION_FAILED', field: 'options' } });
  });

  it('a key of a free-form record is not repeated', async () => {
    const record = await t.request('/api/generate-image', {
      method: 'POST',
      token,
      json: { prompt: 'a fox', model: 'nano', style: 'realistic', options: { '<i>MARK': 1 } },
    });
    expect((await refused(record)).status).toBe(400);
  });
});

describe('refused work leaves no upload behind', () => {
  const uploadsOf = async (userId: string) => (await t.deps.blobs.list(`users/${userId}/uploads/`)).length;
  const spendAll = async (token: string) => {
    const { available } = await (await t.request('/api/credits/balance', { token })).json();
    const res = await t.request(`/api/credits/consume?amount=${available}&referenceId=spend-all`, { method: 'POST', token });
    expect(res.status).toBe(200);
  };

  it('an upscale or an edit refused for want of credits stores no file', async () => {
    const { token, user } = await t.signIn('no-credits@example.com');
    await spendAll(token);
    for (let i = 0; i < 3; i++) {
      const form = new FormData();
      form.append('image', await pngFile('cat.png', 64, 48));
      form.append('scaleFactor', '2');
      const res = await t.request('/api/image-upscale/upload', { method: 'POST', token, body: form });
      expect(res.status).toBe(402);
    }
    for (let i = 0; i < 2; i++) {
      const form = new FormData();
      form.append('prompt', 'black and white');
      form.append('model', 'nano');
      form.append('images', await pngFile('me.png', 64, 48));
      const res = await t.request('/api/generate-image/edit', { method: 'POST', token, body: form });
      expect(res.status).toBe(402);
    }
    expect(await uploadsOf(user.id)).toBe(0);
  });
});

describe('uploads no record names', () => {
  it('are swept an hour on; an upload a record names stays', async () => {
    const { token, user } = await t.signIn('sweep@example.com');
    const form = new FormData();
    form.append('image', await pngFile('cat.png', 64, 48));
    expect((await t.request('/api/image-upscale/upload', { method: 'POST', token, body: form })).status).toBe(200);
    // An upload left by a crash between storing it and starting its job.
    const orphan = await t.request('/api/upload/image', { method: 'POST', token, body: form });
    expect(orphan.status).toBe(200);
    const keys = async () => (await t.deps.blobs.list(`users/${user.id}/uploads/`)).map((b) => b.key).sort();
    const before = await keys();
    expect(before).toHaveLength(2);
    expect(await sweepOrphanUploads(t.deps, new Date())).toBe(0);
    const later = new Date(Date.now() + (ORPHAN_UPLOAD_SECONDS + 60) * 1000);
    expect(await sweepOrphanUploads(t.deps, later)).toBe(1);
    const left = await keys();
    expect(left).toHaveLength(1);
    const { url } = await orphan.json();
    expect(left[0]).not.toBe(url.replace('/api/files/', ''));
  });
});

describe('admission in fair order', () => {
  // The real offline engine on two threads, with a measured history saying an 8× upscale of a
  // 128² image takes 100 s here (a slow machine's figure): the kind is slow, the queue knows it.
  it("after two users fill their lines with 8× upscales, a third user's single job is admitted and completes", async () => {
    const app = await createTestApp({ env: { ENGINE_PARALLELISM: '2' } });
    try {
      const { user: past } = await app.signIn('history@example.com');
      const finished = new Date();
      for (let n = 0; n < 3; n++) {
        await app.deps.db
          .insert(schema.creationRecords)
          .values({ id: `rec_slow${n}`, userId: past.id, type: 'UPSCALED_IMAGE', status: 'COMPLETED', credits: 0 });
        await app.deps.db.insert(schema.generationJobs).values({
          id: `job_slow${n}`,
          recordId: `rec_slow${n}`,
          userId: past.id,
          kind: 'upscale',
          engine: 'local',
          status: 'COMPLETED',
          input: { sourceKey: 'x', scaleFactor: 8, faceEnhancement: false, width: 128, height: 128 },
          cost: 0,
          deadlineAt: finished,
          startedAt: new Date(finished.getTime() - 100_000),
          finishedAt: finished,
        });
      }
      const upscale = async (token: string, side: number, factor: number) => {
        const form = new FormData();
        form.append('image', await pngFile('in.png', side, side));
        form.append('scaleFactor', String(factor));
        form.append('faceEnhancement', 'false');
        return app.request('/api/image-upscale/upload', { method: 'POST', token, body: form });
      };
      // Two users spend their free credits on two 8× upscales each.
      for (const name of ['heavy-a', 'heavy-b']) {
        const { token } = await app.signIn(`${name}@example.com`);
        for (let n = 0; n < 2; n++) expect((await upscale(token, 128, 8)).status).toBe(200);
      }
      // A third user with an empty line: fair order serves them after one turn of each heavy user.
      const third = await app.signIn('light@example.com');
      const res = await upscale(third.token, 64, 2);
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(200);
      await app.drainJobs();
      const [job] = await app.deps.db.select().from(schema.generationJobs).where(eq(schema.generationJobs.id, body.id));
      expect(job!.status).toBe('COMPLETED');
    } finally {
      await app.close();
    }
  }, 600_000);
});
