import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { schema } from '@db/client';
import { pngFile, scriptedEngines } from '@tests/fixtures/images';
import { createTestApp, manualClock, TEST_ENV, type TestApp } from '@tests/setup/test-app';
import { signLikeQstash } from '../lib/qstash-signature';
import { sweepExpiredJobs } from '../jobs';

let t: TestApp;
let engine: ReturnType<typeof scriptedEngines>;
let clock: ReturnType<typeof manualClock>;
let token: string;
let userId: string;

beforeEach(async () => {
  engine = scriptedEngines();
  clock = manualClock(new Date());
  t = await createTestApp({ images: engine.images, clock });
  ({
    token,
    user: { id: userId },
  } = await t.signIn('maker@example.com'));
});
afterEach(() => t.close());

const generate = (json: Record<string, unknown>, as = token) => t.request('/api/generate-image', { method: 'POST', token: as, json });
const balance = async () => (await (await t.request('/api/credits/balance', { token })).json()).available as number;
const ledger = () => t.deps.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.userId, userId));
const status = async (id: string) => (await t.request(`/api/generate-image/status/${id}`, { token })).json();

async function deliver(jobId: string, signingKey = TEST_ENV.QSTASH_CURRENT_SIGNING_KEY!, body = JSON.stringify({ jobId })) {
  const url = 'http://localhost:8787/api/jobs/run';
  return t.app.request('/api/jobs/run', {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'upstash-signature': await signLikeQstash({ url, body: JSON.stringify({ jobId }), signingKey }),
    },
  });
}

describe('text-to-image', () => {
  it('debits the cost with the job, then completes with an owner-only image', async () => {
    const res = await generate({ prompt: 'a lighthouse at dawn', style: 'realistic', width: 1024, height: 1024, model: 'nano' });
    expect(res.status).toBe(200);
    const started = await res.json();
    expect(started).toMatchObject({ id: expect.stringMatching(/^job_/), status: 'PROCESSING', imageUrl: null });
    expect(await balance()).toBe(16);

    await t.drainJobs();
    const done = await status(started.id);
    expect(done).toMatchObject({
      status: 'COMPLETED',
      imageUrl: expect.stringMatching(/^\/api\/files\/users\/usr_.+\.png\?exp=\d+&sig=[\w-]+$/),
    });
    const bare = done.imageUrl.split('?')[0];
    expect(await (await t.request(`/api/images/${started.recordId}`, { token })).json()).toMatchObject({ status: 'COMPLETED' });

    const file = await t.request(bare, { token });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect((await t.request(bare)).status).toBe(404);
    const other = await t.signIn('other@example.com');
    expect((await t.request(bare, { token: other.token })).status).toBe(404);
    // The signed URL works without a token (for <img>), and not once tampered or expired.
    expect((await t.request(done.imageUrl)).status).toBe(200);
    expect((await t.request(done.imageUrl.replace(/sig=([\w-]+)/, (_: string, sig: string) => `sig=${sig.slice(1)}x`))).status).toBe(404);
    expect((await t.request(done.imageUrl.replace(/exp=\d+/, 'exp=9999999999'))).status).toBe(404);
    clock.advance(3 * 24 * 3600);
    expect((await t.request(done.imageUrl)).status).toBe(404);
    expect((await t.request(`/api/generate-image/status/${started.id}`, { token: other.token })).status).toBe(404);
  });

  it('fails with a classified error and exactly one refund', async () => {
    const started = await (await generate({ prompt: 'fail-safety please' })).json();
    await t.drainJobs();
    expect(await status(started.id)).toMatchObject({
      status: 'FAILED',
      errorCategory: 'safety_policy',
      message: 'Content violates platform policy, please modify and try again',
    });
    // Stored in English when the job failed; read in the reader's language.
    const zh = await t.request(`/api/generate-image/status/${started.id}`, { token, headers: { 'accept-language': 'zh-Hant' } });
    expect(await zh.json()).toMatchObject({
      status: 'FAILED',
      errorCategory: 'safety_policy',
      message: '內容違反平台政策，請修改後再試',
      error: '內容違反平台政策，請修改後再試',
    });
    expect(await balance()).toBe(20);
    expect((await ledger()).filter((row) => row.type === 'REFUNDED')).toHaveLength(1);
    // A late duplicate delivery changes nothing.
    expect(await (await deliver(started.id)).json()).toMatchObject({ outcome: 'skipped' });
    expect((await ledger()).filter((row) => row.type === 'REFUNDED')).toHaveLength(1);
  });

  it('retries retryable engine failures, then refunds once', async () => {
    const started = await (await generate({ prompt: 'fail-flaky' })).json();
    await t.drainJobs();
    expect(engine.calls.filter((p) => p === 'fail-flaky')).toHaveLength(3);
    expect(await status(started.id)).toMatchObject({ status: 'FAILED', errorCategory: 'rate_limit' });
    expect(await balance()).toBe(20);
  });

  it('never double-charges or overwrites a finished result on duplicate delivery', async () => {
    const started = await (await generate({ prompt: 'a quiet harbour' })).json();
    await t.drainJobs();
    const first = await status(started.id);
    const replays = await Promise.all([deliver(started.id), deliver(started.id), deliver(started.id)]);
    for (const r of replays) expect(await r.json()).toMatchObject({ outcome: 'skipped' });
    expect(await status(started.id)).toEqual(first);
    expect((await ledger()).filter((row) => row.amount < 0)).toHaveLength(1);
  });

  it('refuses unsigned and tampered callbacks', async () => {
    const started = await (await generate({ prompt: 'x marks' })).json();
    const unsigned = await t.app.request('/api/jobs/run', { method: 'POST', body: JSON.stringify({ jobId: started.id }) });
    expect(unsigned.status).toBe(401);
    expect((await deliver(started.id, 'sig_forged_key_0123456789')).status).toBe(401);
    expect((await deliver(started.id, undefined, JSON.stringify({ jobId: 'job_other' }))).status).toBe(401);
  });

  it('sweeps jobs past their deadline: failed, refunded, and a late callback is ignored', async () => {
    const paused = scriptedEngines();
    await t.close();
    t = await createTestApp({ images: paused.images, clock });
    ({
      token,
      user: { id: userId },
    } = await t.signIn('slow@example.com'));
    // No runner here: the job is held by a run elsewhere that never reports back.
    await t.dispatcher?.close();
    const started = await (await generate({ prompt: 'held back' })).json();
    const now = clock.now();
    await t.deps.db
      .update(schema.generationJobs)
      .set({
        startedAt: now,
        leaseUntil: new Date(now.getTime() + 3600_000),
        runId: 'run_elsewhere',
        deadlineAt: new Date(now.getTime() + 300_000),
      })
      .where(eq(schema.generationJobs.id, started.id));
    expect(await balance()).toBe(16);
    clock.advance(5 * 60 + 1);
    expect(await sweepExpiredJobs(t.deps)).toBe(1);
    expect(await status(started.id)).toMatchObject({ status: 'FAILED', errorCategory: 'timeout' });
    expect(await balance()).toBe(20);
    expect(await (await deliver(started.id)).json()).toMatchObject({ outcome: 'skipped' });
    expect(await sweepExpiredJobs(t.deps)).toBe(0);
  });

  it('refuses without enough credits and creates nothing', async () => {
    for (let i = 0; i < 5; i++) await generate({ prompt: `picture ${i}` });
    const res = await generate({ prompt: 'one too many' });
    expect(res.status).toBe(402);
    expect((await res.json()).error.code).toBe('INSUFFICIENT_CREDITS');
    const records = await t.deps.db.select().from(schema.creationRecords).where(eq(schema.creationRecords.userId, userId));
    expect(records).toHaveLength(5);
  });

  it('validates fields and models', async () => {
    for (const [json, field] of [
      [{ prompt: '   ' }, 'prompt'],
      [{ prompt: 'x'.repeat(5001) }, 'prompt'],
      [{ prompt: 'ok', width: 99999 }, 'width'],
      [{ prompt: 'ok', model: 'dall-e' }, 'model'],
      [{ prompt: 'ok', model: 'gemini' }, 'model'],
    ] as const) {
      const res = await generate(json);
      expect(res.status, JSON.stringify(json).slice(0, 40)).toBe(400);
      expect((await res.json()).error.field).toBe(field);
    }
    const models = await (await t.request('/api/generate-image/models')).json();
    expect(models.models.nano.available).toBe(true);
    expect(models.models.gemini.available).toBe(false);
  });

  it('regenerates over the own record only', async () => {
    const first = await (await generate({ prompt: 'first version' })).json();
    await t.drainJobs();
    const again = await (await generate({ prompt: 'second version', updateRecordId: first.recordId })).json();
    expect(again.recordId).toBe(first.recordId);
    await t.drainJobs();
    const [record] = await t.deps.db.select().from(schema.creationRecords).where(eq(schema.creationRecords.id, first.recordId));
    expect(record).toMatchObject({ prompt: 'second version', status: 'COMPLETED' });

    const other = await t.signIn('thief@example.com');
    const res = await generate({ prompt: 'mine now', updateRecordId: first.recordId }, other.token);
    expect(res.status).toBe(404);
  });
});

describe('editing and uploads', () => {
  const edit = async (files: File[], fields: Record<string, string> = { prompt: 'make it vintage', style: 'realistic' }) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    for (const f of files) form.append('images', f);
    return t.request('/api/generate-image/edit', { method: 'POST', token, body: form });
  };

  it('edits uploaded images into a new record', async () => {
    const res = await edit([await pngFile('a.png', 800, 600), await pngFile('b.png')]);
    expect(res.status).toBe(200);
    const started = await res.json();
    await t.drainJobs();
    expect(await status(started.id)).toMatchObject({ status: 'COMPLETED' });
    const [record] = await t.deps.db.select().from(schema.creationRecords).where(eq(schema.creationRecords.id, started.recordId));
    expect(record).toMatchObject({ type: 'IMAGE_TO_IMAGE', width: 800, height: 600 });
    expect(record!.sourceImageUrls).toHaveLength(2);
  });

  it('judges files by content and applies spec limits', async () => {
    const disguised = new File([new TextEncoder().encode('not an image at all')], 'cat.png', { type: 'image/png' });
    expect((await edit([disguised])).status).toBe(415);
    const renamed = new File([await (await pngFile()).arrayBuffer()], 'cat.jpg', { type: 'image/jpeg' });
    expect((await edit([renamed])).status).toBe(415);
    const six = await Promise.all(Array.from({ length: 6 }, () => pngFile()));
    expect((await (await edit(six)).json()).error).toMatchObject({ field: 'images' });
    expect((await (await edit([])).json()).error).toMatchObject({ field: 'images', message: 'Please upload an image first' });
    expect((await (await edit([await pngFile()], { prompt: '' })).json()).error).toMatchObject({
      field: 'prompt',
      message: 'Please describe the effect you want',
    });
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    const tooBig = await edit([big]);
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json()).error.message).toBe('Image size cannot exceed 10MB');
  });

  it('uploads a single image privately', async () => {
    const form = new FormData();
    form.append('image', await pngFile());
    const res = await t.request('/api/upload/image', { method: 'POST', token, body: form });
    const body = await res.json();
    expect(body).toMatchObject({ success: true, url: expect.stringMatching(/^\/api\/files\/users\//), width: 64, height: 48 });
    expect((await t.request(body.url, { token })).status).toBe(200);
  });
});

describe('creation records', () => {
  it("finds records by words of the prompt or the user's text, in both languages, and by when they were made", async () => {
    await generate({ prompt: 'a red fox in snow' });
    clock.advance(3600);
    await generate({ prompt: '熊貓吃竹子，水彩' });
    await generate({ prompt: 'a 50% discount poster' });
    await generate({ prompt: 'a 5000 discount poster' });
    await t.drainJobs();
    const search = async (query: string) => {
      const res = await t.request(`/api/creation-records?page=0&size=20&${query}`, { token });
      return { status: res.status, body: await res.json() };
    };
    const prompts = async (query: string) => {
      const { status, body } = await search(query);
      expect(status, JSON.stringify(body)).toBe(200);
      return (body.items as { prompt: string }[]).map((r) => r.prompt);
    };
    expect(await prompts('q=FOX')).toEqual(['a red fox in snow']);
    expect(await prompts(`q=${encodeURIComponent('熊貓')}`)).toEqual(['熊貓吃竹子，水彩']);
    // % and _ are searched as themselves, not as wildcards.
    expect(await prompts(`q=${encodeURIComponent('50%')}`)).toEqual(['a 50% discount poster']);
    expect(await prompts('q=5_0')).toEqual([]);
    // The page sends the start of a chosen day as an instant; an hour apart stands in for two days here.
    const secondDay = new Date(clock.now().getTime() - 1000).toISOString();
    expect(await prompts(`createdFrom=${encodeURIComponent(secondDay)}&q=poster`)).toHaveLength(2);
    expect(await prompts(`createdBefore=${encodeURIComponent(secondDay)}`)).toEqual(['a red fox in snow']);
    expect((await search('createdFrom=yesterday')).body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'createdFrom' });
    expect((await search(`q=${'x'.repeat(101)}`)).body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'q' });
    // Another user's words are never found.
    const other = await t.signIn('other-searcher@example.com');
    expect((await (await t.request('/api/creation-records?q=fox', { token: other.token })).json()).items).toEqual([]);
  });

  it("keeps the user's own words beside the compiled prompt, for Re-edit", async () => {
    const workbench = await (await generate({ prompt: 'a red fox in snow' })).json();
    const logo = await (await generate({ toolId: 'logo-generation', prompt: 'ignored', extra: 'Greenleaf tea shop' })).json();
    const form = new FormData();
    form.append('toolId', 'pop-art-portrait');
    form.append('extra', 'with a yellow background');
    form.append('images', await pngFile('me.png'));
    const tool = await (await t.request('/api/generate-image/edit', { method: 'POST', token, body: form })).json();
    await t.drainJobs();
    const { items: records } = await (await t.request('/api/creation-records?page=0&size=20', { token })).json();
    const byId = (id: string) => records.find((r: { id: string }) => r.id === id);
    expect(byId(workbench.recordId)).toMatchObject({ prompt: 'a red fox in snow', userWords: 'a red fox in snow' });
    expect(byId(logo.recordId).userWords).toBe('Greenleaf tea shop');
    expect(byId(logo.recordId).prompt).not.toBe('Greenleaf tea shop');
    expect(byId(tool.recordId)).toMatchObject({ type: 'POP_ART_PORTRAIT', userWords: 'with a yellow background' });
    expect(byId(tool.recordId).prompt).toContain('pop art');
  });

  it('lists, filters, counts and deletes the own records', async () => {
    await generate({ prompt: 'one' });
    clock.advance(1);
    await generate({ prompt: 'fail-safety two' });
    await t.drainJobs();
    const all = await (await t.request('/api/creation-records?page=0&size=20', { token })).json();
    expect(all.items).toHaveLength(2);
    expect(all.items[0]).toMatchObject({ status: 'FAILED', type: 'TEXT_TO_IMAGE' });
    const zh = await (await t.request('/api/creation-records?page=0&size=20', { token, headers: { 'accept-language': 'zh-TW' } })).json();
    expect(all.items[0].errorMessage).toBe('Content violates platform policy, please modify and try again');
    expect(zh.items[0].errorMessage).toBe('內容違反平台政策，請修改後再試');
    const completed = await (await t.request('/api/creation-records?status=completed', { token })).json();
    expect(completed.items.map((r: { prompt: string }) => r.prompt)).toEqual(['one']);
    expect(await (await t.request('/api/creation-records/stats', { token })).json()).toEqual({
      success: true,
      total: 2,
      completed: 1,
      processing: 0,
      failed: 1,
    });

    const id = completed.items[0].id;
    const other = await t.signIn('nosy@example.com');
    expect((await t.request(`/api/creation-records/${id}`, { method: 'DELETE', token: other.token })).status).toBe(404);
    expect((await t.request(`/api/creation-records/${id}`, { method: 'DELETE', token })).status).toBe(200);
    expect((await (await t.request('/api/creation-records/stats', { token })).json()).total).toBe(1);
    const [row] = await t.deps.db
      .select()
      .from(schema.creationRecords)
      .where(and(eq(schema.creationRecords.id, id)));
    expect(row!.deletedAt).not.toBeNull();
  });
});
